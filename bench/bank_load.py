"""Load over a generated bank (issue 13): real `teller serve --workers W` over SQLite or PostgreSQL.

    PYTHONPATH=src .venv/bin/python bench/load.py --db sqlite:////tmp/bank.sqlite3 --procs 1 2 4
    PYTHONPATH=src .venv/bin/python bench/load.py --db postgresql+psycopg://teller@127.0.0.1:5432/bank \\
        --procs 1 4 --levels 8 32 128 --seconds 20 --db-pid $(head -1 $PGDATA/postmaster.pid)

The bank is one `teller db generate` wrote (customers `g0000000`...). `--customers` of them, spread
evenly over the whole bank, get a bearer key each (a keys file in a temp directory, `api.keys_file`:
the server authenticates them as it would real ones). For each `--procs` W a server is started with
`teller serve --workers W` on the database (no model, no voice), warmed up for `--warmup` seconds at
concurrency 8, and then each `--levels` concurrency runs closed-loop for `--seconds`. Each virtual user
walks its own slice of the customers; per customer it sends a read (balance), a proposal (a transfer
to one of the customer's own payees, English or Japanese), "yes" in the session the proposal opened
when it left an action pending (the confirm moves money), and another read (recent transactions).

Measured per level: turns/s (200s), p50/p95/p99 of all 200s and per kind (read, propose, confirm),
the server's mean stage times (`timings_ms` of each answer), and CPU per turn of the server's process
tree, the database server's (`--db-pid`: PostgreSQL's postmaster) and this client. The database is
checked after each level: pending-action rows written = proposals answered with a pending action,
and actions executed = confirms answered as executed. Prints a table, writes bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import platform
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import sqlalchemy as sa

from loadkit import Tally, free_port, pct, read_response, tree_cpu_s

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
KINDS = ("read", "propose", "confirm")


@dataclass
class Customer:
    id: str
    locale: str
    key: str
    payee: str  # how the customer says one of their payees


@dataclass
class Level(Tally):
    db: str
    procs: int
    concurrency: int
    seconds: float
    proposals_pending: int = 0
    confirms_executed: int = 0
    db_pending_rows: int | None = None
    db_executed: int | None = None
    turns_per_s: float = 0.0
    by_kind: dict[str, dict[str, float]] = field(default_factory=dict)
    stage_mean_ms: dict[str, float] = field(default_factory=dict)
    server_cpu_ms_per_turn: float | None = None
    db_cpu_ms_per_turn: float | None = None
    client_cpu_ms_per_turn: float | None = None
    loadavg: list[float] = field(default_factory=list)


def pick_customers(engine: sa.Engine, count: int, secret: str) -> list[Customer]:
    """`count` generated customers spread evenly over the bank, each with a key and a payee's name."""
    with engine.connect() as con:
        rows = con.execute(sa.text("SELECT id, locale FROM customers WHERE id LIKE 'g%' ORDER BY id")).all()
        if not rows:
            raise SystemExit("no generated customers (g...) in the database: run `teller db generate`")
        step = max(1, len(rows) // count)
        picked = {str(r[0]): str(r[1]) for r in rows[::step][:count]}
        payees: dict[str, tuple[str, str]] = {}
        for cid, display, latin in con.execute(
            sa.text(
                "SELECT customer_id, display_name, latin FROM payees"
                " WHERE customer_id IN :ids AND position = 0"
            ).bindparams(sa.bindparam("ids", expanding=True)),
            {"ids": list(picked)},
        ):
            payees[str(cid)] = (str(display), str(latin or display))
    out = []
    for cid, locale in picked.items():
        key = "tk_bench_" + hmac.new(secret.encode(), cid.encode(), hashlib.sha256).hexdigest()[:32]
        display, latin = payees.get(cid, ("Alex Smith", "Alex Smith"))
        out.append(Customer(cid, locale, key, display if locale == "ja-JP" else latin))
    print(f"{len(out)} customers of {len(rows)} in the bank, one in {step}")
    return out


def db_counts(engine: sa.Engine) -> tuple[int, int]:
    with engine.connect() as con:
        pending = con.execute(sa.text("SELECT count(*) FROM pending_actions")).scalar_one()
        executed = con.execute(
            sa.text("SELECT count(*) FROM pending_actions WHERE status = 'executed'")
        ).scalar_one()
    return int(pending), int(executed)


def _texts(c: Customer) -> tuple[str, str, str, str]:
    """(read, proposal, confirm, read) in the customer's language."""
    if c.locale == "ja-JP":
        return "残高を教えて", f"{c.payee}さんに5000円振り込んで", "はい", "show my last 3 transactions"
    return "what's my balance?", f"send $50 to {c.payee}", "yes", "show my last 3 transactions"


class Client:
    """HTTP/1.1 keep-alive over asyncio streams: a few µs of client CPU per request."""

    def __init__(self, url: str) -> None:
        parts = httpx.URL(url)
        self.host, self.port = parts.host, parts.port or 80

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection(self.host, self.port)

    async def turn(
        self, conn: tuple[asyncio.StreamReader, asyncio.StreamWriter], key: str, body: dict[str, Any]
    ) -> tuple[int, bytes]:
        reader, writer = conn
        data = orjson.dumps(body)
        writer.write(
            f"POST /v1/turns HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: Bearer {key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
            + data
        )
        return await read_response(reader)


async def run_level(
    url: str, customers: list[Customer], level: Level, engine: sa.Engine | None, pids: tuple[int | None, ...]
) -> Level:
    client = Client(url)
    latencies: dict[str, list[float]] = {k: [] for k in KINDS}
    stages: dict[str, float] = {}
    before = db_counts(engine) if engine is not None else None
    cpu0 = [tree_cpu_s(p) for p in pids]
    client0 = time.process_time()
    stop = time.perf_counter() + level.seconds

    async def send(conn: Any, kind: str, c: Customer, body: dict[str, Any]) -> dict[str, Any] | None:
        t0 = time.perf_counter()
        status, raw = await client.turn(conn, c.key, body)
        elapsed = (time.perf_counter() - t0) * 1000
        if not level.count(status):
            return None
        latencies[kind].append(elapsed)
        answer: dict[str, Any] = orjson.loads(raw)
        for stage, ms in (answer.get("timings_ms") or {}).items():
            stages[stage] = stages.get(stage, 0.0) + float(ms)
        return answer

    async def user(offset: int) -> None:
        conn = await client.connect()
        i = offset
        while time.perf_counter() < stop:
            c = customers[i % len(customers)]
            i += level.concurrency
            read, propose, confirm, read2 = _texts(c)
            try:
                await send(conn, "read", c, {"text": read})
                answer = await send(conn, "propose", c, {"text": propose})
                if answer and answer.get("pending") and answer.get("session_id"):
                    level.proposals_pending += 1
                    done = await send(
                        conn, "confirm", c, {"text": confirm, "session_id": answer["session_id"]}
                    )
                    level.confirms_executed += bool(done) and b"executed" in orjson.dumps(done)
                await send(conn, "read", c, {"text": read2})
            except (OSError, ValueError, IndexError, asyncio.IncompleteReadError):
                level.transport_errors += 1
                conn[1].close()
                conn = await client.connect()
        conn[1].close()

    started = time.perf_counter()
    await asyncio.gather(*(user(n) for n in range(level.concurrency)))
    wall = time.perf_counter() - started
    cpu1 = [tree_cpu_s(p) for p in pids]
    per_turn = [
        round((b - a) * 1000 / level.ok, 3) if a is not None and b is not None and level.ok else None
        for a, b in zip(cpu0, cpu1, strict=True)
    ]
    level.server_cpu_ms_per_turn, level.db_cpu_ms_per_turn = per_turn
    level.client_cpu_ms_per_turn = round((time.process_time() - client0) * 1000 / max(1, level.ok), 3)
    every = [x for k in KINDS for x in latencies[k]]
    level.turns_per_s = round(level.ok / wall, 1)
    level.set_latencies(every)
    level.by_kind = {
        k: {"n": len(v), "p50_ms": pct(v, 0.5), "p95_ms": pct(v, 0.95), "p99_ms": pct(v, 0.99)}
        for k, v in latencies.items()
    }
    level.stage_mean_ms = {s: round(v / max(1, level.ok), 3) for s, v in sorted(stages.items())}
    level.loadavg = [round(x, 2) for x in os.getloadavg()]
    if engine is not None and before is not None:
        after = db_counts(engine)
        level.db_pending_rows, level.db_executed = after[0] - before[0], after[1] - before[1]
    return level


def start_server(db_url: str, keys_file: Path, procs: int, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "TELLER_STORE__URL": db_url,
        "TELLER_STORE__SEED_DEMO": "false",
        "TELLER_LLM__ENABLED": "false",
        "TELLER_API__VOICE": "false",
        "TELLER_API__KEYS_FILE": str(keys_file),
        "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    command = [sys.executable, "-c", "from teller.cli.main import app; app()", "serve", "--port", str(port)]
    command += ["--workers", str(procs)]
    with log.open("ab") as out:
        proc = subprocess.Popen(command, env=env, cwd=ROOT, stdout=out, stderr=out, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}; see {log}")
        time.sleep(0.5)
    stop_server(proc)
    raise SystemExit(f"server did not become ready; see {log}")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    with_group = os.getpgid(proc.pid)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(with_group, signal.SIGKILL)
        proc.wait(10)
    with contextlib.suppress(ProcessLookupError):  # workers the supervisor left behind
        os.killpg(with_group, signal.SIGKILL)


def table(levels: list[Level]) -> str:
    head = (
        f"{'db':>10} {'procs':>5} {'conc':>4} {'200':>6} {'429':>5} {'5xx':>4} {'err':>4} {'turns/s':>7} "
        f"{'p50':>7} {'p95':>7} {'p99':>7} {'read p95':>8} {'prop p95':>8} {'conf p95':>8} "
        f"{'srv ms':>6} {'db ms':>6} {'load':>5} {'db ok':>5}"
    )
    lines = [head, "-" * len(head)]
    for lv in levels:
        ok = "n/a"
        if lv.db_pending_rows is not None:
            good = lv.db_pending_rows == lv.proposals_pending and lv.db_executed == lv.confirms_executed
            ok = "yes" if good else "NO"
        kinds = [lv.by_kind.get(k, {}).get("p95_ms", 0.0) for k in KINDS]
        lines.append(
            f"{lv.db:>10} {lv.procs:>5} {lv.concurrency:>4} {lv.ok:>6} {lv.rejected_429:>5} "
            f"{lv.server_5xx:>4} {lv.transport_errors:>4} {lv.turns_per_s:>7} "
            f"{lv.p50_ms:>7} {lv.p95_ms:>7} {lv.p99_ms:>7} "
            f"{kinds[0]:>8} {kinds[1]:>8} {kinds[2]:>8} {lv.server_cpu_ms_per_turn or '-':>6} "
            f"{lv.db_cpu_ms_per_turn or '-':>6} {lv.loadavg[0] if lv.loadavg else '-':>5} {ok:>5}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", required=True, help="the generated bank's SQLAlchemy URL")
    ap.add_argument("--procs", type=int, nargs="+", default=[1, 2, 4], help="`teller serve --workers` values")
    ap.add_argument("--levels", type=int, nargs="+", default=[8, 32, 128])
    ap.add_argument("--seconds", type=float, default=20.0, help="duration of each level")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds at concurrency 8 after each start")
    ap.add_argument("--customers", type=int, default=2000, help="customers with keys, spread over the bank")
    ap.add_argument("--db-pid", type=int, help="the database server's pid (PostgreSQL postmaster), for CPU")
    ap.add_argument("--no-check", action="store_true", help="skip counting pending-action rows per level")
    ap.add_argument("--out", type=Path, help="JSON report (default bench/results/load_bank_<db>.json)")
    args = ap.parse_args(argv)

    kind = sa.make_url(args.db).get_backend_name()
    engine = sa.create_engine(args.db, poolclass=sa.pool.NullPool)
    tmp = Path(tempfile.mkdtemp(prefix="teller-load-bank-"))
    customers = pick_customers(engine, args.customers, secrets.token_hex(16))
    keys_file = tmp / "keys.json"
    keys_file.write_text(json.dumps({hashlib.sha256(c.key.encode()).hexdigest(): c.id for c in customers}))
    levels: list[Level] = []
    for procs in args.procs:
        started = time.perf_counter()
        proc, url = start_server(args.db, keys_file, procs, tmp / "server.log")
        print(f"{kind}: {procs} worker(s) ready in {time.perf_counter() - started:.1f} s", flush=True)
        try:
            warm = Level(kind, procs, 8, args.warmup)
            asyncio.run(run_level(url, customers, warm, None, (None, None)))
            for concurrency in args.levels:
                level = Level(kind, procs, concurrency, args.seconds)
                check = None if args.no_check else engine
                levels.append(asyncio.run(run_level(url, customers, level, check, (proc.pid, args.db_pid))))
                print(table(levels[-1:]).splitlines()[-1], flush=True)
        finally:
            stop_server(proc)
    print(table(levels))
    report = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "db": kind,
        "customers_with_keys": len(customers),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "loadavg_end": os.getloadavg(),
        },
        "seconds_per_level": args.seconds,
        "warmup_s": args.warmup,
        "levels": [asdict(lv) for lv in levels],
    }
    out = args.out or RESULTS / f"load_bank_{kind}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out}; server log {tmp / 'server.log'}")


if __name__ == "__main__":
    main()
