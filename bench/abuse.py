"""Abuse bench: one customer must never slow, starve or expose another (issue 11).

    PYTHONPATH=src .venv/bin/python bench/abuse.py [--label after] [--only key_flood llm_turns]

Starts a real `teller serve` (its own temp database, LLM and voice on) on loopback and replays every
attack of issue 11, each bounded in time and count, while a *bystander* customer (c_002, in its own
process, from 127.0.0.1) asks for its balance every 50 ms. Attackers connect from 127.0.0.2, so a
per-address throttle aimed at them is not also aimed at the bystander. Per attack it prints attempts,
5xx answers, breaches (what counts as one is in each attack's docstring), the bystander's p50/p95
during the attack next to the quiet p50/p95, and attack-specific numbers; it writes JSON to
bench/results/abuse-<label>.json.

Clocks: bystander latency is client-side, from writing the request to reading the whole response
(a failed or timed-out request counts at its elapsed time). Server RSS is sampled from /proc every
20 ms; `rss_growth_mb` is the peak during the attack minus the value just before it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import http.client
import json
import multiprocessing as mp
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
CACHE = RESULTS / ".cache"
ATTACKER = "127.0.0.2"
BYSTANDER = "127.0.0.1"
LLM_TEXT = "sato or saito, not sure yet"  # 27 characters the fast path cannot decide: the LLM's turn
PII = {
    "turn_id": "sato-ken-card-4000123412341234",
    "unknown_name": "Tanakamura",
    "pin": "4932",
    "address": "Shibuya",
    "amount": "73219",
}
PII_TEXT = "send 73219 yen to Hiroshi Tanakamura, my PIN is 4932, I live at 3-14-15 Shibuya"


# ------------------------------------------------------------------------------------------ the server


class Server:
    """`teller serve --port 0` in a subprocess, as in production: no --demo; the customers' keys come
    from a keys file made here (random keys). Its stdout gives the URL (and any demo keys it prints)."""

    def __init__(self, env_extra: dict[str, str]) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="teller-abuse-"))
        self.log_path = self.tmp / "server.log"
        self.keys = {c: "tk_bench_" + secrets.token_hex(16) for c in ("c_001", "c_002", "c_003")}
        keys_file = self.tmp / "keys.json"
        keys_file.write_text(
            json.dumps({hashlib.sha256(k.encode()).hexdigest(): c for c, k in self.keys.items()})
        )
        env = {
            **os.environ,
            "TELLER_STORE__URL": f"sqlite:///{self.tmp / 'abuse.sqlite3'}",
            "TELLER_API__KEYS_FILE": str(keys_file),
            **env_extra,
        }
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        args = [sys.executable, "-c", "from teller.cli.main import app; app()", "serve", "--port", "0"]
        self._log = self.log_path.open("wb")
        self.proc = subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=self._log)
        self.printed: list[str] = []  # everything `teller serve` printed (demo keys, if it prints any)
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 180
        self.port = 0
        while time.monotonic() < deadline and not self.port:
            line = self.proc.stdout.readline().decode()
            if not line:
                raise SystemExit(f"server exited: see {self.log_path}")
            self.printed.append(line)
            if m := re.search(r"http://[^:]+:(\d+)", line):
                self.port = int(m.group(1))
        stdout = self.proc.stdout
        threading.Thread(target=lambda: self.printed.extend(x.decode() for x in stdout), daemon=True).start()
        while time.monotonic() < deadline:
            try:
                if request("GET", self.port, "/readyz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise SystemExit("server not ready")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def log_text(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self._log.close()


def request(
    method: str,
    port: int,
    path: str,
    *,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
    source: str = ATTACKER,
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


def turn(port: int, key: str, text: str, timeout: float = 60, **extra: Any) -> tuple[int, dict[str, Any]]:
    body = json.dumps({"text": text, **extra}).encode()
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    status, _, data = request("POST", port, "/v1/turns", body=body, headers=headers, timeout=timeout)
    try:
        return status, json.loads(data)
    except ValueError:
        return status, {}


# --------------------------------------------------------------------------------------- the bystander


def _bystander(port: int, key: str, out: Any, stop: Any) -> None:
    """c_002 asks for its balance every 50 ms; writes (wall time, ms, status) samples to `out`."""
    samples: list[tuple[float, float, int]] = []
    body = json.dumps({"text": "what's my balance"}).encode()
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    conn: http.client.HTTPConnection | None = None
    while not stop.is_set():
        t0 = time.perf_counter()
        status = 0
        try:
            if conn is None:
                conn = http.client.HTTPConnection(
                    "127.0.0.1", port, timeout=20, source_address=(BYSTANDER, 0)
                )
            conn.request("POST", "/v1/turns", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            status = resp.status
            if resp.getheader("connection", "").lower() == "close":
                conn.close()
                conn = None
        except (OSError, http.client.HTTPException):
            if conn is not None:
                conn.close()
            conn = None
        samples.append((time.time(), (time.perf_counter() - t0) * 1000, status))
        time.sleep(0.05)
    out.send(samples)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


# ------------------------------------------------------------------------------------------- attacks


class Ctx:
    def __init__(self, server: Server, args: argparse.Namespace) -> None:
        self.server = server
        self.port = server.port
        self.args = args
        self.attacker_key = server.keys["c_001"]
        self.bystander_key = server.keys["c_002"]


Result = dict[str, Any]


def _statuses(codes: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for code in codes:
        out[str(code)] = out.get(str(code), 0) + 1
    return out


def _summary(codes: list[int], breaches: int, **extra: Any) -> Result:
    return {
        "attempts": len(codes),
        "5xx": sum(1 for c in codes if c >= 500),
        "breaches": breaches,
        "statuses": _statuses(codes),
        **extra,
    }


async def _raw_conn(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))


async def _raw_exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, data: bytes) -> int:
    writer.write(data)
    status = int((await reader.readline()).split(b" ", 2)[1])
    length, close = 0, False
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
        elif name.lower() == b"connection" and value.strip().lower() == b"close":
            close = True
    await reader.readexactly(length)
    if close:
        raise ConnectionResetError("server closed")
    return status


def _turn_bytes(key: str, text: str) -> bytes:
    body = json.dumps({"text": text}).encode()
    head = (
        f"POST /v1/turns HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {key}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def key_flood(ctx: Ctx) -> Result:
    """One key at concurrency 96, ignoring Retry-After, for the attack window. Breach: none defined."""
    data = _turn_bytes(ctx.attacker_key, "what's my balance")
    codes: list[int] = []
    stop = time.monotonic() + ctx.args.seconds

    async def worker() -> None:
        conn = None
        while time.monotonic() < stop:
            try:
                conn = conn or await _raw_conn(ctx.port)
                codes.append(await _raw_exchange(*conn, data))
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                if conn is not None:
                    conn[1].close()
                conn = None
                await asyncio.sleep(0.01)
        if conn is not None:
            conn[1].close()

    async def run() -> None:
        await asyncio.gather(*(worker() for _ in range(96)))

    asyncio.run(run())
    return _summary(codes, 0)


def llm_turns(ctx: Ctx) -> Result:
    """8 concurrent LLM-bound turns from one key, closed loop. Breach: a 2xx that is not clarify/ask."""
    codes: list[int] = []
    reasons: dict[str, int] = {}
    latencies: list[float] = []
    breaches = 0
    stop = time.monotonic() + ctx.args.seconds
    lock = threading.Lock()

    def worker() -> None:
        nonlocal breaches
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            try:
                status, out = turn(ctx.port, ctx.attacker_key, LLM_TEXT, timeout=60)
            except OSError:
                status, out = 0, {}
            with lock:
                latencies.append((time.perf_counter() - t0) * 1000)
                codes.append(status)
                reason = str(out.get("reason") or out.get("error", {}).get("code") or out.get("action"))
                reasons[reason] = reasons.get(reason, 0) + 1
                if status == 200 and out.get("action") in ("execute", "confirm"):
                    breaches += 1

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return _summary(
        codes, breaches, reasons=reasons, turn_p50_ms=percentile(latencies, 0.5),
        turn_max_ms=round(max(latencies, default=0), 1),
    )  # fmt: skip


def _bomb(hours: float) -> Path:
    """An OGG Vorbis file of `hours` of 16 kHz silence (cached): about 0.25 MB per hour."""
    import numpy as np
    import soundfile

    path = CACHE / f"silence-{hours:g}h.ogg"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        block = np.zeros(16000 * 60, dtype=np.float32)
        with soundfile.SoundFile(tmp, "w", 16000, 1, format="OGG", subtype="VORBIS") as f:
            for _ in range(int(hours * 60)):
                f.write(block)
        tmp.rename(path)
    return path


def _multipart(data: bytes, name: str) -> tuple[bytes, str]:
    boundary = secrets.token_hex(8)
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="audio"; filename="{name}"\r\n'
            "Content-Type: audio/ogg\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


def audio_bombs(ctx: Ctx) -> Result:
    """Four concurrent uploads of an OGG of hours of silence, in rounds. Breach: none defined (RSS)."""
    path = _bomb(ctx.args.bomb_hours)
    body, ctype = _multipart(path.read_bytes(), path.name)
    headers = {"Authorization": f"Bearer {ctx.attacker_key}", "Content-Type": ctype}
    codes: list[int] = []
    messages: set[str] = set()
    base = ctx.server.rss_mb()
    peak = base
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, ctx.server.rss_mb())
            time.sleep(0.02)

    def upload() -> None:
        try:
            status, _, data = request("POST", ctx.port, "/v1/turns", body=body, headers=headers, timeout=120)
        except OSError:
            status, data = 0, b""
        codes.append(status)
        with contextlib.suppress(ValueError, KeyError, TypeError):
            messages.add(json.loads(data)["error"]["message"][:120])

    sampler = threading.Thread(target=sample)
    sampler.start()
    for _ in range(ctx.args.bomb_rounds):
        threads = [threading.Thread(target=upload) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    done.set()
    sampler.join()
    return _summary(
        codes, 0, bomb_bytes=len(body), bomb_hours=ctx.args.bomb_hours, rss_before_mb=round(base),
        rss_peak_mb=round(peak), rss_growth_mb=round(peak - base), rss_after_mb=round(ctx.server.rss_mb()),
        messages=sorted(messages),
    )  # fmt: skip


def _ws(port: int, key: str, query: str = "") -> Any:
    from websockets.sync.client import connect

    sock = socket.create_connection(("127.0.0.1", port), source_address=(ATTACKER, 0))
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return connect(f"ws://127.0.0.1:{port}/v1/turns/stream{query}", sock=sock, additional_headers=headers)


def _ws_outcome(exc: BaseException) -> str:
    status = getattr(getattr(exc, "response", None), "status_code", None)
    if status is not None:
        return f"http_{status}"
    rcvd = getattr(exc, "rcvd", None)
    return f"close_{rcvd.code}" if rcvd is not None else type(exc).__name__


def ws_hog(ctx: Ctx) -> Result:
    """One key opens 24 streams and holds them idle; the bystander then needs one.

    Breach: the bystander cannot open a stream and run a text turn over it while the hog holds on.
    Also counted: how the hog's extra streams were refused (1013 wanted, not HTTP 403), and how many
    held streams the server closed on its own within the window (idle timeout).
    """
    held: list[Any] = []
    outcomes: dict[str, int] = {}
    for _ in range(24):
        try:
            ws = _ws(ctx.port, ctx.attacker_key)
            try:  # an accepted stream may be closed at once (over capacity)
                ws.recv(timeout=0.3)
                outcomes["closed_at_once"] = outcomes.get("closed_at_once", 0) + 1
            except TimeoutError:
                held.append(ws)
                outcomes["held"] = outcomes.get("held", 0) + 1
        except Exception as exc:
            outcome = _ws_outcome(exc)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
    breaches = 0
    try:
        from websockets.sync.client import connect

        with connect(
            f"ws://127.0.0.1:{ctx.port}/v1/turns/stream",
            additional_headers={"Authorization": f"Bearer {ctx.bystander_key}"},
        ) as ws:
            ws.send(json.dumps({"type": "text", "text": "what's my balance"}))
            event = json.loads(ws.recv(timeout=20))
            bystander = event.get("type")
            breaches += event.get("type") != "result"
    except Exception as exc:
        bystander = _ws_outcome(exc)
        breaches += 1
    deadline = time.monotonic() + ctx.args.seconds
    closed_by_server = 0
    for ws in held:
        try:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
        except TimeoutError:
            continue
        except Exception:
            closed_by_server += 1
    for ws in held:
        ws.close()
    codes = [101] * len(held) + [0] * (24 - len(held))
    return _summary(
        codes, breaches, hog_outcomes=outcomes, bystander_stream=bystander,
        held_closed_by_server_in_window=closed_by_server,
    )  # fmt: skip


def slow_clients(ctx: Ctx) -> Result:
    """40 slow-header and 40 short-body connections. Breach: one the server still holds after the window."""
    n = 40
    conns: list[socket.socket] = []
    for i in range(2 * n):
        s = socket.create_connection(("127.0.0.1", ctx.port), source_address=(ATTACKER, 0))
        if i < n:
            s.sendall(b"POST /v1/turns HTTP/1.1\r\nHost: x\r\n")  # headers never finish
        else:
            s.sendall(
                f"POST /v1/turns HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {ctx.attacker_key}\r\n"
                'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text": '.encode()
            )
        conns.append(s)
    deadline = time.monotonic() + ctx.args.slow_window
    statuses: list[int] = []
    open_ = set(range(len(conns)))
    while open_ and time.monotonic() < deadline:
        for i in list(open_):
            s = conns[i]
            s.settimeout(0.05)
            try:
                data = s.recv(4096)
            except TimeoutError:
                if i < n:
                    try:
                        s.sendall(b"X")  # one more header byte: the slowloris trickle
                    except OSError:
                        open_.discard(i)
                continue
            except OSError:
                open_.discard(i)
                statuses.append(0)
                continue
            if not data:
                open_.discard(i)
                statuses.append(0)
            elif data.startswith(b"HTTP/1.1 "):
                statuses.append(int(data.split(b" ", 2)[1]))
        time.sleep(0.2)
    for s in conns:
        s.close()
    return _summary([*statuses, *([0] * len(open_))], len(open_), still_held_at_end=len(open_),
                    window_s=ctx.args.slow_window)  # fmt: skip


def half_open(ctx: Ctx) -> Result:
    """Open many silent TCP connections. Breach: each one the server still holds after the window."""
    conns: list[socket.socket] = []
    refused = 0
    for _ in range(ctx.args.half_open):
        try:
            conns.append(
                socket.create_connection(("127.0.0.1", ctx.port), timeout=2, source_address=(ATTACKER, 0))
            )
        except OSError:
            refused += 1
    time.sleep(ctx.args.slow_window)
    held = sum(_still_open(s) for s in conns)
    for s in conns:
        s.close()
    codes = [0] * len(conns)
    return _summary(codes, held, connected=len(conns), refused=refused, still_held_at_end=held,
                    window_s=ctx.args.slow_window)  # fmt: skip


def _still_open(s: socket.socket) -> bool:
    """Whether the server still holds `s` open (whatever it sent before closing does not count)."""
    s.setblocking(False)
    try:
        while True:
            if not s.recv(65536):
                return False  # closed by the server
    except BlockingIOError:
        return True
    except OSError:
        return False


def bad_keys(ctx: Ctx) -> Result:
    """Up to 1,000 invalid keys in a row from one address (within the attack window). Breach: a 2xx.
    Counted: how many got a 401 answer (each one a key checked)."""
    codes: list[int] = []
    stop = time.monotonic() + ctx.args.seconds

    async def run() -> None:
        conn = None
        for _ in range(1000):
            if time.monotonic() > stop:
                break
            data = _turn_bytes("tk_" + secrets.token_hex(16), "what's my balance")
            try:
                conn = conn or await _raw_conn(ctx.port)
                codes.append(await _raw_exchange(*conn, data))
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                if conn is not None:
                    conn[1].close()
                conn = None
                codes.append(0)
        if conn is not None:
            conn[1].close()

    t0 = time.perf_counter()
    asyncio.run(run())
    return _summary(codes, sum(1 for c in codes if 200 <= c < 300), answered_401=codes.count(401),
                    seconds=round(time.perf_counter() - t0, 2))  # fmt: skip


def cross_customer(ctx: Ctx) -> Result:
    """c_002 goes after c_001's pending action, session, accounts and payees. Breach: any success."""
    p = ctx.port
    victim, thief = ctx.attacker_key, ctx.bystander_key  # roles: here c_001 is the victim
    status, out = turn(p, victim, "send 5000 yen to Sato Ken tomorrow")
    pending = out.get("pending") or {}
    action, token, session = pending.get("action_id", "x"), pending.get("token", "x"), out.get("session_id")
    auth = {"Authorization": f"Bearer {thief}", "Content-Type": "application/json"}
    codes: list[int] = []
    breaches = 0
    details: list[str] = []

    def attempt(
        method: str, path: str, body: Any = None, ok: Callable[[int, bytes], bool] | None = None
    ) -> None:
        nonlocal breaches
        data = json.dumps(body).encode() if body is not None else None
        st, _, raw = request(method, p, path, body=data, headers=auth)
        codes.append(st)
        # An id the attacker typed itself and sees echoed (in the trace) is not a leak.
        leaked = (victim_ids & set(re.findall(rb"[a-z]_\d{3}", raw))) - set(
            re.findall(rb"[a-z]_\d{3}", data or b"")
        )
        if leaked or (ok is not None and not ok(st, raw)):
            breaches += 1
            details.append(f"{method} {path} {body!r} -> {st} {sorted(leaked)}")

    victim_ids = {b"a_001", b"a_002", b"p_001", b"p_002", b"p_003", b"k_001", b"k_002"}
    victim_ids = {i for i in victim_ids if i in json.dumps(out).encode()} | {b"a_001", b"p_001"}
    for op in ("confirm", "cancel"):
        attempt("POST", f"/v1/actions/{action}/{op}", {"token": token}, lambda s, _: s == 404)
    for path in ("/v1/accounts", "/v1/cards", "/v1/payees", "/v1/actions", "/v1/transactions",
                 "/v1/transactions?account_id=a_001", f"/v1/actions/{action}"):  # fmt: skip
        attempt("GET", path, None, lambda s, _: s in (200, 404, 405, 422))
    for text in ("yes", "はい", "make it 6000", "no, to Saito Ken"):
        attempt("POST", "/v1/turns", {"text": text, "session_id": session},
                lambda s, raw: b'"action":"execute"' not in raw.replace(b" ", b""))  # fmt: skip
    for text in ("send 5000 yen to Sato Ken", "pay p_001 5000 yen", "transfer from a_001 100 yen to p_002"):
        attempt("POST", "/v1/turns", {"text": text}, None)
    attempt("POST", "/v1/turns", {"text": "send 5000 yen", "recipient_id": "p_001"}, lambda s, _: s == 422)
    final = turn(p, victim, "what's my balance")[0]
    status_after = request("GET", p, "/v1/actions", headers={"Authorization": f"Bearer {victim}"})[2]
    if action.encode() not in status_after:  # the victim's action must still be pending
        breaches += 1
        details.append("the victim's pending action is gone")
    return _summary(codes, breaches, victim_turn=status, victim_after=final, breach_details=details)


def log_leak(ctx: Ctx) -> Result:
    """PII in a turn id and text, a key in a WebSocket query. Breach: each secret found in the logs."""
    codes = [turn(ctx.port, ctx.attacker_key, PII_TEXT, id=PII["turn_id"])[0]]
    codes.append(turn(ctx.port, ctx.attacker_key, "hmm")[0])
    try:
        ws = _ws(ctx.port, "", f"?key={ctx.attacker_key}")
        ws.close()
        codes.append(101)
    except Exception:
        codes.append(0)
    time.sleep(1.0)
    log = ctx.server.log_text()
    # Whole tokens only: "4932" inside a timing such as "ms": 0.4932 is not the PIN.
    secrets_ = {**PII, "api_key": ctx.attacker_key}
    found = {
        k: re.search(rf"(?<![\w.]){re.escape(v)}(?![\w.])", log) is not None for k, v in secrets_.items()
    }
    return _summary(codes, sum(found.values()), leaked=[k for k, v in found.items() if v],
                    log_lines=log.count("\n"))  # fmt: skip


def exposure(ctx: Ctx) -> Result:
    """Unauthenticated metrics/docs, CDN scripts, missing security headers, derivable demo keys.

    Breach: each of /metrics, /docs, /redoc, /openapi.json answering 200 without a key; a docs page
    loading scripts from a CDN; an account response without `Cache-Control: no-store` or
    `X-Content-Type-Options: nosniff`; demo keys equal to HMAC of the secret in the source.
    """
    codes: list[int] = []
    found: list[str] = []
    for path in ("/metrics", "/docs", "/redoc", "/openapi.json"):
        status, _, body = request("GET", ctx.port, path)
        codes.append(status)
        if status == 200:
            found.append(f"{path} open")
        if b"cdn." in body:
            found.append(f"{path} loads a CDN")
    status, headers, _ = request("GET", ctx.port, "/v1/accounts",
                                 headers={"Authorization": f"Bearer {ctx.bystander_key}"})  # fmt: skip
    codes.append(status)
    if "no-store" not in headers.get("cache-control", ""):
        found.append("no Cache-Control: no-store")
    if headers.get("x-content-type-options") != "nosniff":
        found.append("no X-Content-Type-Options")
    # The demo keys of the old source constant: printed by the server, or accepted by it.
    derived = "tk_demo_" + hmac.new(b"teller-demo", b"c_001", hashlib.sha256).hexdigest()[:32]
    if any(derived in line for line in ctx.server.printed):
        found.append("demo key printed, derivable from the source")
    status = request("GET", ctx.port, "/v1/accounts", headers={"Authorization": f"Bearer {derived}"})[0]
    codes.append(status)
    if status == 200:
        found.append("demo key derived from the source accepted")
    return _summary(codes, len(found), found=found)


ATTACKS: dict[str, Callable[[Ctx], Result]] = {
    "key_flood": key_flood,
    "llm_turns": llm_turns,
    "audio_bombs": audio_bombs,
    "ws_hog": ws_hog,
    "slow_clients": slow_clients,
    "half_open": half_open,
    "bad_keys": bad_keys,
    "cross_customer": cross_customer,
    "log_leak": log_leak,
    "exposure": exposure,
}


# ------------------------------------------------------------------------------------------------ main


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--label", default="run")
    ap.add_argument("--only", nargs="+", choices=list(ATTACKS))
    ap.add_argument("--seconds", type=float, default=10.0, help="window of the timed attacks")
    ap.add_argument("--quiet-seconds", type=float, default=6.0)
    ap.add_argument("--slow-window", type=float, default=20.0, help="how long slow/half-open clients wait")
    ap.add_argument("--half-open", type=int, default=2000, help="silent connections to open")
    ap.add_argument("--bomb-hours", type=float, default=2.0)
    ap.add_argument("--bomb-rounds", type=int, default=2)
    args = ap.parse_args()
    names = args.only or list(ATTACKS)
    if "audio_bombs" in names:
        _bomb(args.bomb_hours)  # encode before the server starts, outside any window
    # Short idle timeout and read deadlines so the bench stays bounded (ignored by servers without them).
    env = {"TELLER_API__WS_IDLE_TIMEOUT_S": "5"}
    server = Server(env)
    ctx = Ctx(server, args)
    recv, send = mp.Pipe(duplex=False)
    stop = mp.Event()
    by = mp.Process(target=_bystander, args=(server.port, ctx.bystander_key, send, stop), daemon=True)
    windows: dict[str, tuple[float, float]] = {}
    results: dict[str, Result] = {}
    try:
        turn(server.port, ctx.attacker_key, LLM_TEXT)  # the first LLM turn loads the model
        by.start()
        time.sleep(1.0)
        t0 = time.time()
        time.sleep(args.quiet_seconds)
        windows["quiet"] = (t0, time.time())
        for name in names:
            t0 = time.time()
            print(f"… {name}", file=sys.stderr, flush=True)
            results[name] = ATTACKS[name](ctx)
            windows[name] = (t0, time.time())
            time.sleep(2.0)  # let queues drain and buckets refill before the next attack
        stop.set()
        samples = recv.recv()
        by.join(10)
    finally:
        server.stop()

    def window(name: str) -> dict[str, Any]:
        a, b = windows[name]
        inside = [(ms, st) for t, ms, st in samples if a <= t <= b]
        ms = [m for m, _ in inside]
        return {"n": len(ms), "p50_ms": percentile(ms, 0.5), "p95_ms": percentile(ms, 0.95),
                "failed": sum(1 for _, st in inside if st != 200)}  # fmt: skip

    quiet = window("quiet")
    for name in names:
        results[name]["bystander"] = window(name)
    head = (
        f"{'attack':<15}{'attempts':>9}{'5xx':>6}{'breaches':>9}{'by p50':>8}{'by p95':>8}"
        f"{'quiet p50':>10}{'quiet p95':>10}{'by fail':>8}  notes"
    )
    print(head)
    print("-" * len(head))
    for name in names:
        r = results[name]
        b = r["bystander"]
        notes = {k: v for k, v in r.items() if k not in ("attempts", "5xx", "breaches", "bystander")}
        print(
            f"{name:<15}{r['attempts']:>9}{r['5xx']:>6}{r['breaches']:>9}{b['p50_ms']:>8}{b['p95_ms']:>8}"
            f"{quiet['p50_ms']:>10}{quiet['p95_ms']:>10}{b['failed']:>8}  "
            + json.dumps(notes, ensure_ascii=False)
        )
    RESULTS.mkdir(parents=True, exist_ok=True)
    out = RESULTS / f"abuse-{args.label}.json"
    report = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "label": args.label,
        "loadavg": os.getloadavg(),
        "quiet": quiet,
        "attacks": results,
        "args": vars(args),
    }
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
