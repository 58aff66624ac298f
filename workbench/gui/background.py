"""Work off the GUI thread: the one helper every panel uses (Anki's QueryOp, in small).

A `Background` owns one worker thread and runs the functions given to it one at a time,
each as a numbered job. What a job reports and returns comes back on the GUI thread by
queued signal, so a panel's slots never run on the worker and no widget is touched there.
A job goes stale when its owner says so — `cancel(id)`, `forget()`, or, for a latest-only
helper, any newer request — and a stale job's outcome is dropped by its id, never
delivered. While a job runs, newer ones wait on the GUI side; a latest-only helper keeps
only the newest waiting one, so typing never queues a backlog. `shut_down()` drops what
waits, sets the running job's cancel flag and joins the thread.

Helpers given a `turn` (a place in gui/turns.py's queue: those whose jobs read and scan the
book) run their jobs one at a time between them, not side by side.

Every helper is listed (weakly) so a test teardown can check that none is left running;
other owners of threads or processes (gui/child_process.py) list themselves with `watch`.
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from workbench.errors import WorkbenchError
from workbench.gui import turns

log = logging.getLogger(__name__)

# The GUI thread takes the GIL back every time a Python slot, event handler or timer runs;
# while a worker holds it with pure-Python work, each of those waits up to the switch
# interval (5 ms by default), and a keystroke runs dozens of them. At 1 ms the GUI thread's
# gaps while the 5M-字 book is checked beside it fell from 149-329 ms to 55-159 ms; the rest
# was one full garbage collection a run (76-129 ms, holding the GIL, collecting nothing),
# walking every object the imports and the window made. Those live as long as the app, so
# the first worker freezes them out of the collector's walks (gc.freeze): 14-20 ms.
SWITCH_INTERVAL_S = 0.001


class Helper(Protocol):
    """What `running_helpers` asks of whatever it lists."""

    name: str

    def is_alive(self) -> bool:
        """Whether its thread (or process) still runs."""


_helpers: weakref.WeakSet[Helper] = weakref.WeakSet()


@dataclass
class Job:
    """What a running function is handed: its id, its cancel flag (set when the job goes
    stale or the helper shuts down) and `report`, which delivers progress on the GUI thread."""

    id: int
    report: Callable[[object], None]
    cancel: threading.Event = field(default_factory=threading.Event)


@dataclass
class _Task:
    job: Job
    work: Callable[..., Any]
    args: tuple


class _Relay(QObject):
    """Made, used and deleted on the worker thread; its signals reach the helper's slots on
    the GUI thread, queued. A helper deleted while its thread still runs (its dialog closed
    mid-request) only loses those connections: the worker never emits on a deleted object."""

    began = Signal(int)
    reported = Signal(int, object)
    ended = Signal(int, object, object)  # job id, value, error ("" when it returned)


class Background(QObject):
    """One worker thread, jobs one at a time, outcomes on the GUI thread, stale ones dropped."""

    started = Signal(int)  # job id: the worker began it
    progress = Signal(int, object)  # job id, what the job reported
    delivered = Signal(object)  # what the newest (latest-only) or a live job returned
    failed = Signal(int, object)  # job id, why (a WorkbenchError's message, or the bug)
    dropped = Signal(int)  # job id of an outcome that arrived after the job went stale

    def __init__(
        self,
        name: str,
        *,
        latest_only: bool = False,
        turn: int | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.name = name
        self.latest_only = latest_only
        # Only for jobs that compute: one that waits on the network or a model would hold
        # every other book-reading helper up (a counting child's start gives the turn up).
        self.turn = turn
        self.latest_id = 0
        self._live: set[int] = set()
        self._waiting: deque[_Task] = deque()
        self._running: _Task | None = None
        self._inbox: deque[_Task | None] = deque()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._relay: _Relay | None = None  # the worker thread's, while it runs
        self.closed = False  # shut down: what is submitted now is dropped unrun
        self.held = False  # hold(): jobs wait, none starts, until release()
        # Deleted with its parent before shut_down (a dialog closed mid-request): the thread
        # ends after the job in hand. A plain function, since `self` is being destroyed.
        self.destroyed.connect(partial(_stop_serving, self._wake, self._inbox))
        _helpers.add(self)

    # --- the GUI side ------------------------------------------------------------------

    def submit(self, work: Callable[..., Any], *args: Any) -> int:
        """Run `work(job, *args)` on the worker; returns the job's id. Give it copies (plain
        strings, frozen records), never a widget."""
        self.latest_id += 1
        job = Job(self.latest_id, partial(self._report, self.latest_id))
        if self.closed:  # a late timer after the window closed: nothing runs any more
            log.debug("%s: job %d submitted after shut_down, dropped", self.name, job.id)
            return job.id
        if self.latest_only:
            self._stale_all()
        self._live.add(job.id)
        self._waiting.append(_Task(job, work, args))
        self._start_next()
        return job.id

    def cancel(self, job_id: int) -> bool:
        """Make one job stale: dropped if it waits, told to stop if it runs; its outcome is
        never delivered. False when it is neither waiting nor running."""
        self._live.discard(job_id)
        for task in self._waiting:
            if task.job.id == job_id:
                self._waiting.remove(task)
                return True
        if self._running is not None and self._running.job.id == job_id:
            self._running.job.cancel.set()
            return True
        return False

    def forget(self) -> None:
        """Make every job stale (the project closed): nothing still to come is delivered."""
        self._stale_all()

    def hold(self) -> None:
        """Start no job until `release()`; what is submitted meanwhile waits as ever (the
        window's first paint goes before the open's work, gui/first_paint.py)."""
        self.held = True

    def release(self) -> None:
        """Start what waited while held."""
        self.held = False
        self._start_next()

    def is_busy(self) -> bool:
        """Whether a job is running or waiting (until its outcome reaches the GUI thread)."""
        return self._running is not None or bool(self._waiting)

    def is_alive(self) -> bool:
        """Whether the worker thread is running (started and not yet joined)."""
        return self._thread is not None and self._thread.is_alive()

    def shut_down(self, timeout: float | None = None) -> bool:
        """Drop what waits, tell the running job to stop, and join the thread (at most
        `timeout` seconds when given); True once the thread has ended."""
        self._stale_all()
        self.closed = True
        if self._thread is None:
            return True
        _stop_serving(self._wake, self._inbox)
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _stale_all(self) -> None:
        self._live.clear()
        self._waiting.clear()
        if self._running is not None:
            self._running.job.cancel.set()

    def _start_next(self) -> None:
        if self._running is not None or not self._waiting or self.held:
            return
        self._running = self._waiting.popleft()
        if self._thread is None:
            _share_the_interpreter()
            # A daemon, so that a job stuck in a network read (until its read timeout) can
            # never keep the process alive after the window closed and shut_down gave up.
            self._thread = threading.Thread(target=self._serve, name=self.name, daemon=True)
            self._thread.start()
        with self._wake:
            self._inbox.append(self._running)
            self._wake.notify()

    def _on_began(self, job_id: int) -> None:
        if job_id in self._live:
            self.started.emit(job_id)

    def _on_reported(self, job_id: int, value: object) -> None:
        if job_id in self._live:
            self.progress.emit(job_id, value)

    def _on_ended(self, job_id: int, value: object, error: object) -> None:
        self._running = None
        self._start_next()
        if job_id not in self._live:
            log.debug("%s: dropping job %d (stale)", self.name, job_id)
            self.dropped.emit(job_id)
            return
        self._live.discard(job_id)
        if error:
            self.failed.emit(job_id, error)
        else:
            self.delivered.emit(value)

    # --- the worker thread: runs the function, touches no widget -----------------------

    def _serve(self) -> None:
        relay = _Relay()
        relay.began.connect(self._on_began)
        relay.reported.connect(self._on_reported)
        relay.ended.connect(self._on_ended)
        self._relay = relay
        try:
            while (task := self._next_task()) is not None:
                relay.began.emit(task.job.id)
                turn = self.turn
                if turn is not None and not turns.wait_for_turn(task.job.cancel, turn):
                    relay.ended.emit(task.job.id, None, "")  # stale: dropped by its id
                    continue
                try:
                    value, error = self._run(task)
                finally:
                    if turn is not None:
                        turns.end_turn()
                relay.ended.emit(task.job.id, value, error)
        finally:
            self._relay = None  # the last reference: the relay is deleted here, on its thread

    def _run(self, task: _Task) -> tuple[Any, object]:
        """The job's value, or its error's message."""
        try:
            return task.work(task.job, *task.args), ""
        except WorkbenchError as problem:
            return None, problem.message  # a Reason keeps its code to the GUI thread
        except Exception as bug:  # a bug: reported to the owner, never kills the thread
            log.exception("%s: job %d crashed", self.name, task.job.id)
            return None, f"{type(bug).__name__}: {bug}"

    def _next_task(self) -> _Task | None:
        with self._wake:
            while not self._inbox:
                self._wake.wait()
            return self._inbox.popleft()

    def _report(self, job_id: int, value: object) -> None:
        relay = self._relay  # called by a job, on the worker thread
        if relay is not None:
            relay.reported.emit(job_id, value)


_shared = False


def _share_the_interpreter() -> None:
    """Once per process, before the first worker starts: a short GIL switch interval, and
    the long-lived heap (modules, the window) frozen out of full collections."""
    global _shared
    if _shared:
        return
    _shared = True
    if sys.getswitchinterval() > SWITCH_INTERVAL_S:
        sys.setswitchinterval(SWITCH_INTERVAL_S)
    gc.freeze()


def _stop_serving(wake: threading.Condition, inbox: deque, *_destroyed: object) -> None:
    """Tell a worker thread to end once the job in hand is done."""
    with wake:
        inbox.append(None)
        wake.notify()


def watch(helper: Helper) -> None:
    """List a helper that is not a `Background` (weakly), so `running_helpers` names it."""
    _helpers.add(helper)


def running_helpers() -> list[str]:
    """The names of helpers whose worker thread (or process) is still running (tests check
    for none)."""
    return [helper.name for helper in list(_helpers) if helper.is_alive()]
