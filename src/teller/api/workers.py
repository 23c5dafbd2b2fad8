"""`teller serve --workers N`: N processes serving one socket, each with its own app, over one database.

uvicorn's supervisor spawns the workers and starts a new one when one dies; each is handed this
module's `WorkerConfig` (pickled), which builds Teller's app and its guarded HTTP protocol inside
the worker, since neither can cross a process boundary. Nothing is shared in memory: sessions are
rows in the database (`teller.store.sessions`), confirmations go through the store's one-time
tokens, and every worker's scheduler claims each due payment with a conditional update, so any
worker can take any request. Use PostgreSQL for N > 1 (SQLite serializes all writers on one lock).
"""

from __future__ import annotations

import socket
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess


class WorkerConfig(uvicorn.Config):
    """A uvicorn config whose app is created in the worker process that loads it."""

    def __init__(self, workers: int, options: dict[str, Any]) -> None:
        super().__init__("teller.api.app:create_app", factory=True, workers=workers, **options)

    def load(self) -> None:
        from teller.api.app import create_app
        from teller.cli.serve import server_config

        app = create_app()  # settings from this worker's environment, the same as the parent's
        self.app, self.factory, self.http = app, False, server_config(app).http
        super().load()


def run(sock: socket.socket, workers: int, options: dict[str, Any]) -> None:
    """Serve `sock` with `workers` processes until interrupted."""
    config = WorkerConfig(workers, options)
    Multiprocess(config, sockets=[sock]).run()
