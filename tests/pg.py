"""A throwaway PostgreSQL server for the tests and benchmarks: its own cluster in a temp directory.

`PgCluster.create()` runs Debian's `initdb` and `pg_ctl` (package `postgresql`, installed by
scripts/setup.sh) on a free loopback port; `database()` makes an empty database and returns its
SQLAlchemy URL; `stop()`/`start()` take the server away and bring it back (the lost-connection
tests); `destroy()` stops it and deletes the directory.

PostgreSQL refuses to run as root. Run as root (CI containers, this machine), the server runs as
the `postgres` system user that Debian's package creates (or `nobody` where there is none), through
`runuser`, and owns only its temp directory. Without initdb the fixture raises: the tests fail, they
never skip. The cluster trades durability for speed (`fsync=off`, `synchronous_commit=off`,
`full_page_writes=off`): it lives for one test session and its crash safety is not under test;
a clean `pg_ctl stop` still writes everything out.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

USER = "teller"  # the cluster's superuser (trust authentication on loopback only)
_SERVER_USERS = ("postgres", "nobody")  # the OS user the server runs as when we are root


def _bindir() -> Path:
    """The directory of initdb/pg_ctl: $TELLER_PG_BINDIR, the PATH, or Debian's newest version."""
    configured = os.environ.get("TELLER_PG_BINDIR")
    if configured:
        return Path(configured)
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]), reverse=True
    )
    if not versions:
        raise RuntimeError(
            "PostgreSQL's initdb was not found: install Debian's `postgresql` package "
            "(scripts/setup.sh does) or set TELLER_PG_BINDIR"
        )
    return Path(versions[0]).parent


def _server_user() -> str:
    for name in _SERVER_USERS:
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name).pw_name
    raise RuntimeError("PostgreSQL cannot run as root and there is no `postgres` or `nobody` user")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PgCluster:
    """One PostgreSQL server on 127.0.0.1:`port` with its data in `root`."""

    def __init__(self, root: Path, port: int, bindir: Path, run_as: str | None) -> None:
        self.root = root
        self.port = port
        self.bindir = bindir
        self.run_as = run_as
        self.data = root / "data"
        self.log = root / "server.log"
        self._lock = threading.Lock()
        self._count = 0

    @classmethod
    def create(cls, *, max_connections: int = 400) -> PgCluster:
        """initdb a new cluster in a fresh temp directory and start it."""
        bindir = _bindir()
        run_as = _server_user() if os.geteuid() == 0 else None
        root = Path(tempfile.mkdtemp(prefix="teller-pg-"))
        if run_as is not None:
            user = pwd.getpwnam(run_as)
            os.chown(root, user.pw_uid, user.pw_gid)
        cluster = cls(root, _free_port(), bindir, run_as)
        cluster._run(
            "initdb", "-D", str(cluster.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C",
            "--no-sync", "--no-instructions",
        )  # fmt: skip
        settings = {
            "listen_addresses": "'127.0.0.1'",
            "port": str(cluster.port),
            "unix_socket_directories": f"'{root}'",
            "max_connections": str(max_connections),
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "shared_buffers": "64MB",
        }
        conf = "".join(f"{key} = {value}\n" for key, value in settings.items())
        with (cluster.data / "postgresql.conf").open("a", encoding="utf-8") as fh:
            fh.write(conf)
        cluster.start()
        return cluster

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "120", "start")

    def stop(self) -> None:
        """Stop the server at once (`-m fast`: open connections are cut, as in an outage)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "120", "stop")

    def database(self, prefix: str = "t") -> str:
        """A new, empty database; its URL."""
        with self._lock:
            self._count += 1
            name = f"{prefix}_{os.getpid()}_{self._count}"
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop(self, url: str) -> None:
        """Drop the database behind `url`, cutting any connection still open to it."""
        name = url.rsplit("/", 1)[1]
        self.sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def sql(self, statement: str) -> None:
        """Run one statement outside a transaction in the `postgres` database."""
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user=USER, dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(statement.encode())

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError, FileNotFoundError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bindir / tool), *args]
        if self.run_as is not None:
            command = ["runuser", "-u", self.run_as, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise subprocess.CalledProcessError(
                done.returncode, command, output=done.stdout, stderr=f"{done.stderr}\n{log}"
            )
