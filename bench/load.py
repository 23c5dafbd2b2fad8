"""Load generator for the Teller API: closed-loop text turns at fixed concurrencies against a real server.

    .venv/bin/python bench/load.py                      # starts its own server on a temp database
    .venv/bin/python bench/load.py --url http://127.0.0.1:8400 --seconds 20 --levels 1 8 32 128
    .venv/bin/python bench/load.py --db URL --procs 1 2 4   # a generated bank: bench/bank_load.py

Each level runs `concurrency` workers for `--seconds`; a worker sends one turn, waits for the answer,
and sends the next (after 429 it waits `--backoff-ms`). Latency is measured per request from just
before the request is written to when its body has been read (client side, so it includes the
client's own overhead). Throughput counts 200s only. After each level the database is checked:
every 200 that carried a pending action must have exactly one pending-action row behind it
(no lost or half-written turns). Prints a table and writes bench/results/load.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import httpx

from loadkit import Tally, free_port, read_response, tree_cpu_s

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results" / "load.json"

# A mix of what customers say: reads, transfers (which write a pending action), Japanese, and noise.
TURNS: list[tuple[str, str]] = [
    ("c_001", "send 5000 yen to Sato Ken tomorrow"),
    ("c_001", "what's my balance?"),
    ("c_001", "佐藤健さんに5000円振り込んで"),
    ("c_001", "show my last 3 transactions"),
    ("c_001", "残高を教えて"),
    ("c_001", "pay 3000 yen to Suzuki Ichiro"),
    ("c_002", "send 20 dollars to Maria Garcia"),
    ("c_002", "how much money do I have in checking"),
    ("c_002", "what's the weather like"),
    ("c_003", "what's my balance"),
]


@dataclass
class Level(Tally):
    concurrency: int
    seconds: float
    pending_created: int = 0
    pending_rows: int | None = None
    throughput_per_s: float = 0.0
    server_cpu_ms_per_request: float | None = None  # the started server's user+system CPU / requests


# The started server's demo-key secret (a bench-only value; `teller serve --demo` draws a random one).
DEMO_SECRET = "bench-load-demo-secret"


def _demo_key(customer: str) -> str:
    sys.path.insert(0, str(ROOT / "src"))
    from teller.api.auth import demo_key

    return demo_key(customer, DEMO_SECRET)


def _pending_rows(db_path: Path | None) -> int | None:
    if db_path is None:
        return None
    with sqlite3.connect(db_path) as con:
        return int(con.execute("SELECT count(*) FROM pending_actions").fetchone()[0])


class HttpxClient:
    """httpx.AsyncClient: the reference client, but its own CPU cost is large next to a 1 ms turn."""

    def __init__(self, url: str, concurrency: int) -> None:
        limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        self._client = httpx.AsyncClient(base_url=url, limits=limits, timeout=30.0)
        self._keys = {c: {"Authorization": f"Bearer {_demo_key(c)}"} for c, _ in TURNS}

    async def connect(self) -> Any:
        return None

    async def turn(self, conn: Any, i: int) -> tuple[int, bytes]:
        customer, text = TURNS[i]
        r = await self._client.post("/v1/turns", json={"text": text}, headers=self._keys[customer])
        return r.status_code, r.content

    async def close(self) -> None:
        await self._client.aclose()


Conn = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class RawClient:
    """HTTP/1.1 keep-alive over asyncio streams with prebuilt requests: a few µs of client CPU each."""

    def __init__(self, url: str, concurrency: int) -> None:
        parts = httpx.URL(url)
        self._host, self._port = parts.host, parts.port or 80
        keys = {c: _demo_key(c) for c, _ in TURNS}
        self._requests = []
        for customer, text in TURNS:
            body = json.dumps({"text": text}, ensure_ascii=False).encode()
            head = (
                f"POST /v1/turns HTTP/1.1\r\nHost: {self._host}\r\nAuthorization: Bearer {keys[customer]}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
            )
            self._requests.append(head.encode() + body)

    async def connect(self) -> Conn:
        return await asyncio.open_connection(self._host, self._port)

    async def turn(
        self, conn: tuple[asyncio.StreamReader, asyncio.StreamWriter], i: int
    ) -> tuple[int, bytes]:
        reader, writer = conn
        writer.write(self._requests[i])
        return await read_response(reader)

    async def close(self) -> None:
        return None


async def run_level(
    url: str,
    concurrency: int,
    seconds: float,
    backoff_s: float,
    db: Path | None,
    client_kind: str = "raw",
    server_pid: int | None = None,
) -> Level:
    level = Level(concurrency, seconds)
    latencies: list[float] = []
    rows_before = _pending_rows(db)
    cpu_before = tree_cpu_s(server_pid)
    client = RawClient(url, concurrency) if client_kind == "raw" else HttpxClient(url, concurrency)
    stop = time.perf_counter() + seconds

    async def worker(offset: int) -> None:
        i = offset
        conn = await client.connect()
        while time.perf_counter() < stop:
            t0 = time.perf_counter()
            try:
                status, body = await client.turn(conn, i % len(TURNS))
            except (httpx.HTTPError, OSError, ValueError, asyncio.IncompleteReadError):
                level.transport_errors += 1
                conn = await client.connect()
                continue
            i += 1
            elapsed = (time.perf_counter() - t0) * 1000
            if level.count(status):
                latencies.append(elapsed)
                level.pending_created += b'"pending":{' in body
            elif status == 429 and backoff_s:
                await asyncio.sleep(backoff_s)
        if isinstance(conn, tuple):
            conn[1].close()

    started = time.perf_counter()
    await asyncio.gather(*(worker(n) for n in range(concurrency)))
    wall = time.perf_counter() - started
    cpu_after = tree_cpu_s(server_pid)
    if cpu_before is not None and cpu_after is not None and level.sent:
        level.server_cpu_ms_per_request = round((cpu_after - cpu_before) * 1000 / level.sent, 3)
    await client.close()
    level.throughput_per_s = round(level.ok / wall, 1)
    level.set_latencies(latencies)
    rows_after = _pending_rows(db)
    if rows_before is not None and rows_after is not None:
        level.pending_rows = rows_after - rows_before
    return level


def start_server(db: Path, api_args: dict[str, Any], switch_s: float) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "TELLER_STORE__URL": f"sqlite:///{db}", "TELLER_LLM__ENABLED": "false"}
    env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    api = ", ".join(f"{k}={v!r}" for k, v in api_args.items() if v is not None)
    # The same uvicorn settings as `teller serve` (teller.cli.serve.server_config).
    code = (
        f"import sys; sys.setswitchinterval({switch_s}); "
        "import uvicorn; from teller.api.app import create_app; from teller.api.settings import ApiSettings; "
        "from teller.cli.serve import server_config; "
        f"uvicorn.Server(server_config(create_app(api=ApiSettings({api})), host='127.0.0.1', port={port}, "
        "log_level='warning')).run()"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}")
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not become ready")


def _table(levels: list[Level]) -> str:
    head = f"{'conc':>5} {'sent':>7} {'200':>7} {'429':>6} {'4xx':>5} {'5xx':>5} {'err':>4} {'turns/s':>8} "
    head += f"{'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'pending ok':>10} {'cpu ms/req':>10}"
    lines = [head, "-" * len(head)]
    for lv in levels:
        pend = (
            "n/a" if lv.pending_rows is None else ("yes" if lv.pending_rows == lv.pending_created else "NO")
        )
        lines.append(
            f"{lv.concurrency:>5} {lv.sent:>7} {lv.ok:>7} {lv.rejected_429:>6} {lv.client_4xx:>5} "
            f"{lv.server_5xx:>5} {lv.transport_errors:>4} {lv.throughput_per_s:>8} {lv.p50_ms:>7} "
            f"{lv.p95_ms:>7} {lv.p99_ms:>7} {pend:>10} {lv.server_cpu_ms_per_request or '-':>10}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if any(a == "--db" or a.startswith("--db=") for a in argv):
        # `teller serve --workers W` over a generated bank, keys spread over its customers.
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bank_load import main as bank_main

        bank_main(argv)
        return
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--url", help="an already running server (default: start one on a temp database)")
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 8, 32, 128])
    ap.add_argument("--seconds", type=float, default=10.0, help="duration of each level")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds at concurrency 8 before measuring")
    ap.add_argument("--backoff-ms", type=float, default=0.0, help="a worker's pause after a 429")
    ap.add_argument("--max-in-flight", type=int, help="the started server's admission limit")
    ap.add_argument("--workers", type=int, help="the started server's turn worker threads")
    ap.add_argument("--switch-interval-ms", type=float, default=5.0, help="the server's GIL switch interval")
    ap.add_argument("--no-turn-logs", action="store_true", help="the started server skips per-turn log lines")
    ap.add_argument("--client", choices=["raw", "httpx"], default="raw", help="raw: minimal HTTP/1.1 client")
    ap.add_argument("--out", type=Path, default=RESULTS)
    args = ap.parse_args(argv)

    proc = None
    db: Path | None = None
    url = args.url
    if url is None:
        db = Path(tempfile.mkdtemp(prefix="teller-load-")) / "load.sqlite3"
        api_args = {
            "demo_keys": True,
            "demo_key_secret": DEMO_SECRET,
            # This bench measures capacity, not fairness: three customers send everything, so the
            # per-key limits (which would answer most of it 429) are lifted.
            "rate_per_key_s": 1e9,
            "burst_per_key": 1e9,
            "max_in_flight_per_key": 10_000,
            "max_in_flight": args.max_in_flight,
            "workers": args.workers,
            "log_turns": not args.no_turn_logs,
            "voice": False,  # text turns only: no need to load speech models
        }
        proc, url = start_server(db, api_args, args.switch_interval_ms / 1000)
    server_pid = proc.pid if proc is not None else None
    load_before = os.getloadavg()
    try:
        asyncio.run(run_level(url, 8, args.warmup, 0.0, None, args.client))
        levels = [
            asyncio.run(run_level(url, c, args.seconds, args.backoff_ms / 1000, db, args.client, server_pid))
            for c in args.levels
        ]
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    print(_table(levels))
    report: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "url": url if args.url else "started by bench/load.py (uvicorn, uvloop, httptools, 1 process)",
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_before": load_before,
            "loadavg_after": os.getloadavg(),
        },
        "seconds_per_level": args.seconds,
        "backoff_ms": args.backoff_ms,
        "client": args.client,
        "turn_mix": [t for _, t in TURNS],
        "levels": [asdict(lv) for lv in levels],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
