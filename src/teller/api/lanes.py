"""Bounded executors ("lanes") that keep model work away from the request workers.

Four kinds of work run off the event loop, each on its own lane, so one kind can never starve
another: request work (turn logic, reads, confirmations: `TurnService.pool`), the LLM (`ModelLane`:
one thread, because the model serves one call at a time, plus a short queue), voice (`Lane` for
decoding, VAD and ASR) and QnA answers (retrieval and the answering model). A lane holds at most
`workers + queue` jobs; past that `try_submit` answers None at once and the caller degrades
(`llm_busy`) or refuses (429) instead of waiting.

The LLM's threads run at a lower CPU priority (`nice`): on a machine whose cores a model can fill,
the request workers and the event loop still get the CPU first, so a customer asking for a balance
is not slowed by another customer's LLM turn. llama.cpp computes in its own threads without the GIL
(they inherit the priority of the thread that first runs the model, which is why the model is also
warmed on its lane). The voice and QnA lanes are not niced: their recognizers hold the GIL in long C
calls, and a starved thread holding the GIL would stall the event loop (priority inversion; measured:
streams' recognizers built at nice 10 on a loaded machine held the loop for ~20 s).

The LLM deadline runs from the moment a turn asks for the model, queue wait included: a call whose
deadline passed while it waited is not started at all, a started one is given only the time left
(the backends stop generating at it), and the waiting turn gives up at the same deadline.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from teller.llm.extract import ExtractionInput, ExtractionOutcome

T = TypeVar("T")
log = logging.getLogger("teller.api")

# How long past the model's deadline a waiting turn still waits for the backend to notice it (one
# decode step on a loaded CPU); the backend stops at the deadline, so this only covers its last step.
_GRACE_S = 0.5


class Lane:
    """A thread pool that takes at most `workers + queue` jobs at a time; never an unbounded queue."""

    def __init__(self, name: str, *, workers: int, queue: int, nice: int = 0) -> None:
        self.name = name
        self.capacity = workers + queue
        self._nice = nice
        self._taken = 0
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix=f"teller-{name}", initializer=self._init)

    def _init(self) -> None:
        if self._nice > 0:
            with contextlib.suppress(OSError):  # lowering one's own priority is always allowed on Linux
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), self._nice)

    @property
    def taken(self) -> int:
        return self._taken

    def try_submit(self, fn: Callable[..., T], *args: Any) -> Future[T] | None:
        """`fn(*args)` on the lane, or None at once when the lane is full."""
        with self._lock:
            if self._taken >= self.capacity:
                return None
            self._taken += 1
        try:
            future = self._pool.submit(fn, *args)
        except RuntimeError:  # shut down
            self._release(None)
            return None
        future.add_done_callback(self._release)
        return future

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """`fn(*args)` on the lane even when it is full (for callers bounded elsewhere: streams)."""
        with self._lock:
            self._taken += 1
        future = self._pool.submit(fn, *args)
        future.add_done_callback(self._release)
        return future

    def _release(self, _: object) -> None:
        with self._lock:
            self._taken -= 1

    def shutdown(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class ModelLane:
    """The LLM's lane: `extract` from the event loop (async) or from a voice thread (blocking)."""

    def __init__(
        self,
        extract: Callable[..., ExtractionOutcome],
        *,
        deadline_s: float,
        queue: int,
        nice: int = 0,
    ) -> None:
        self._extract = extract
        self.deadline_s = deadline_s
        self.lane = Lane("llm", workers=1, queue=queue, nice=nice)
        self.busy = 0  # turns degraded because the lane was full (also counted in metrics)

    def _run(self, inp: ExtractionInput, deadline: float) -> ExtractionOutcome:
        left = deadline - time.monotonic()
        if left <= 0:  # the turn has stopped waiting: do not start work nobody will read
            return ExtractionOutcome(ok=False, reason="llm_deadline_exceeded")
        return self._extract(inp, deadline_s=left)

    def _submit(self, inp: ExtractionInput) -> tuple[Future[ExtractionOutcome] | None, float]:
        deadline = time.monotonic() + self.deadline_s
        future = self.lane.try_submit(self._run, inp, deadline)
        if future is None:
            self.busy += 1
        return future, deadline

    async def extract(self, inp: ExtractionInput) -> ExtractionOutcome:
        """The model's outcome; `llm_busy` at once when the lane is full. Never raises."""
        future, deadline = self._submit(inp)
        if future is None:
            return ExtractionOutcome(ok=False, reason="llm_busy")
        try:
            async with asyncio.timeout(deadline - time.monotonic() + _GRACE_S):
                return await asyncio.wrap_future(future)
        except TimeoutError:
            return ExtractionOutcome(ok=False, reason="llm_deadline_exceeded")

    def extract_blocking(self, inp: ExtractionInput) -> ExtractionOutcome:
        """`extract` for a thread that is not a request worker (voice): waits at most to the deadline."""
        future, deadline = self._submit(inp)
        if future is None:
            return ExtractionOutcome(ok=False, reason="llm_busy")
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()) + _GRACE_S)
        except FutureTimeout:
            return ExtractionOutcome(ok=False, reason="llm_deadline_exceeded")

    def warm(self, warm: Callable[[], T]) -> T:
        """Run `warm` (load the model) on the lane's thread, so its threads inherit the lane's priority."""
        future = self.lane.try_submit(warm)
        if future is None:
            raise RuntimeError("the model lane is full before serving")
        return future.result()

    def shutdown(self) -> None:
        self.lane.shutdown()
