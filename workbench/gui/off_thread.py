"""Engine work the GUI thread should not wait for (reading every chapter for the tree, parsing
the trackers, building the tracker ledger), run on a thread and handed back to the GUI thread.

One `Latest` per kind of work: a job asked for while one runs waits; of those waiting only the
newest runs; only the newest job's result is delivered (an older one describes a state the
author has already moved past). The work is plain Python over the engine (no Qt); `deliver`
runs on the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

Work = Callable[[], Any]
Deliver = Callable[[Any], None]


class Latest(QObject):
    """Runs one job at a time on a thread; delivers the newest job's result (or its error,
    logged, to `failed` when given) on the GUI thread."""

    settled = Signal()  # nothing runs or waits any more (after the last delivery)
    _finished = Signal(int, object, object)  # job id, result, exception

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.latest_id = 0
        self._lock = threading.Lock()
        self._running: threading.Thread | None = None
        self._waiting: tuple[int, Work] | None = None
        self._handlers: dict[int, tuple[Deliver, Callable[[Exception], None] | None]] = {}
        self._finished.connect(self._on_finished)  # queued: emitted on the job's thread
        self._stopped = False

    def submit(
        self, work: Work, deliver: Deliver, failed: Callable[[Exception], None] | None = None
    ) -> int:
        """Run `work()` off the GUI thread, then `deliver(result)` on it, unless a newer job
        was submitted meanwhile. Returns the job's id."""
        if self._stopped:
            return self.latest_id
        self.latest_id += 1
        job_id = self.latest_id
        self._handlers = {job_id: (deliver, failed)}  # an older job's result is not wanted
        if self._running is None:
            self._start(job_id, work)
        else:
            self._waiting = (job_id, work)
        return job_id

    def is_busy(self) -> bool:
        """Whether a job runs or waits (its result not delivered yet)."""
        return self._running is not None or self._waiting is not None

    def forget(self) -> None:
        """Deliver nothing more of what was asked so far (the project closed)."""
        self.latest_id += 1
        self._waiting = None
        self._handlers = {}

    def shut_down(self) -> None:
        """Deliver nothing more; wait for a running job to end."""
        self._stopped = True
        self.forget()
        running = self._running
        if running is not None:
            running.join()

    def _start(self, job_id: int, work: Work) -> None:
        thread = threading.Thread(
            target=self._run, args=(job_id, work), name=f"{self.name}-{job_id}", daemon=True
        )
        self._running = thread
        thread.start()

    def _run(self, job_id: int, work: Work) -> None:
        try:
            result, error = work(), None
        except Exception as raised:  # reported on the GUI thread; the thread ends either way
            result, error = None, raised
        if not self._stopped:
            self._finished.emit(job_id, result, error)

    def _on_finished(self, job_id: int, result: object, error: object) -> None:
        self._running = None
        if self._waiting is not None and not self._stopped:
            waiting, self._waiting = self._waiting, None
            self._start(*waiting)
        handlers = self._handlers.pop(job_id, None) if job_id == self.latest_id else None
        if handlers is not None:
            deliver, failed = handlers
            if error is None:
                deliver(result)
            elif failed is not None:
                log.warning("%s: %s", self.name, error)
                failed(error)
            else:
                log.error("%s failed", self.name, exc_info=error)
        if not self.is_busy():
            self.settled.emit()
