"""A long-lived child process serving one object to the GUI (the continuity guard's checker).

Pure-Python work on a thread of the app stalls the GUI thread on a busy machine however short
the GIL's switch interval: a worker descheduled while it holds the GIL keeps the GUI thread
waiting until it runs again. A child process holds no lock of ours. It is spawned (never
forked: the app has Qt and watchdog threads) at the first request and kept, so what it has
read and parsed (the book) serves every later request; gui/serving_child.py is its loop.

`request(message)` is latest-only: a newer request replaces one not yet sent, and the answer to
a request superseded (or forgotten) is dropped. `tell(message)` is sent in order, unanswered.
A writer thread sends, one request at a time (the next waits for the answer), a reader thread
receives, and outcomes reach the GUI thread by queued signal. A child that dies unasked
(killed, out of memory) is reported by `died` with its exit code; the next request starts
another. `shut_down()` is safe at any time, a spawn in progress included.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections import deque
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from workbench.gui import background
from workbench.gui.serving_child import ANSWER, ERROR, REQUEST, TELL, serve

log = logging.getLogger(__name__)

DIED = "died"  # (DIED, the request it was answering or 0, its exit code): from the reader
GRACE_S = 0.5  # an idle child ends this soon after its pipe closes; a busy one is terminated
STOP_WAIT_S = 5.0


class ServingProcess(QObject):
    """One child process serving `served` ("module:Class", built in the child), latest-only
    requests and ordered tells, answers on the GUI thread."""

    answered = Signal(object)  # the served object's answer to the newest request
    failed = Signal(str)  # the newest request raised in the child (or it could not start)
    died = Signal(int)  # the child ended unasked: its exit code

    def __init__(self, name: str, served: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.latest_id = 0
        self._awaited = 0  # the newest request, until its outcome arrives (0: none)
        self._link = _Link(name, served, weakref.ref(self))
        # Deleted with its parent before shut_down: the threads end and the child is stopped.
        self.destroyed.connect(self._link.abandon)
        background.watch(self._link)

    def request(self, message: Any) -> int:
        """Ask the child (started now if none runs); returns the request's id."""
        self.latest_id += 1
        self._awaited = self.latest_id
        self._link.put((REQUEST, self.latest_id, message))
        return self.latest_id

    def tell(self, message: Any) -> None:
        """Tell the child something, after what was sent before; no answer."""
        self._link.put((TELL, 0, message))

    def forget(self) -> None:
        """Drop the request not yet sent and every answer still to come."""
        self._awaited = 0
        self._link.drop_request()

    def is_busy(self) -> bool:
        """Whether the newest request's outcome is still to reach the GUI thread."""
        return self._awaited != 0

    def is_alive(self) -> bool:
        """Whether the child or one of its threads still runs."""
        return self._link.is_alive()

    def child_pid(self) -> int | None:
        """The running child's process id, if one runs."""
        child = self._link.child
        return child.pid if child is not None else None

    def shut_down(self) -> None:
        """Stop the child and its threads and wait for them; safe at any time, and twice."""
        self._awaited = 0
        self._link.shut_down()

    def _on_arrived(self, kind: str, request_id: int, payload: object) -> None:
        if kind == DIED:
            if self._link.closed:
                return
            if request_id and request_id == self._awaited:
                self._awaited = 0  # its answer is lost with the child
            log.warning("%s: the child process stopped (exit code %s)", self.name, payload)
            self.died.emit(payload)
            return
        if request_id != self._awaited:
            log.debug("%s: dropping the answer to request %d (stale)", self.name, request_id)
            return
        self._awaited = 0
        if kind == ANSWER:
            self.answered.emit(payload)
        else:
            self.failed.emit(str(payload))


class _Relay(QObject):
    """Made, used and deleted on one of the link's threads; its signal reaches the owner's
    slot on the GUI thread, queued. An owner deleted meanwhile only loses the connection."""

    arrived = Signal(str, int, object)  # kind, request id, payload


class _Link:
    """The threads' side: the outbox, the child and its pipes. Plain Python, holding its owner
    weakly; each thread reports through a relay of its own, as gui/background.py's workers do
    (emitting the owner's own signal from these threads segfaulted the GUI thread in one run of
    four of tests/gui/test_background.py and test_child_process.py together)."""

    def __init__(self, name: str, served: str, owner: weakref.ref[ServingProcess]):
        self.name = name
        self.served = served
        self.owner = owner
        self.wake = threading.Condition()
        self.outbox: deque[tuple[str, int, Any]] = deque()
        self.in_flight = 0  # the request the child is answering (0: none)
        self.closed = False
        self.child: Any = None  # the multiprocessing.Process serving now
        self.writer: threading.Thread | None = None
        self.reader: threading.Thread | None = None

    def put(self, item: tuple[str, int, Any]) -> None:
        with self.wake:
            if self.closed:
                return
            if item[0] == REQUEST:
                self._drop_request()
            self.outbox.append(item)
            self.wake.notify_all()
            if self.writer is None:
                self.writer = threading.Thread(
                    target=self._send_all, name=f"{self.name}-writer", daemon=True
                )
                self.writer.start()

    def drop_request(self) -> None:
        with self.wake:
            self._drop_request()

    def _drop_request(self) -> None:
        self.outbox = deque(item for item in self.outbox if item[0] != REQUEST)

    def is_alive(self) -> bool:
        threads = [t for t in (self.writer, self.reader) if t is not None]
        child = self.child
        return any(t.is_alive() for t in threads) or (child is not None and child.is_alive())

    def shut_down(self) -> None:
        with self.wake:
            self.closed = True
            self.outbox.clear()
            self.wake.notify_all()
            writer = self.writer
        if writer is not None:
            writer.join(GRACE_S)  # an idle writer ends now; one mid-spawn once it has spawned
            if writer.is_alive():  # blocked sending to a child busy with a long request
                self._terminate()
                writer.join(STOP_WAIT_S)
        reader = self.reader  # set by the writer, which has ended
        if reader is not None:
            reader.join(GRACE_S)  # the child saw its pipe close and ended
            if reader.is_alive():
                self._terminate()
                reader.join(STOP_WAIT_S)
            if reader.is_alive():
                log.warning("%s: the child did not stop; killing it", self.name)
                self._terminate(kill=True)
                reader.join()

    def abandon(self, *_destroyed: object) -> None:
        """The owner was deleted without shut_down: stop, waiting for nothing."""
        with self.wake:
            self.closed = True
            self.outbox.clear()
            self.wake.notify_all()
        self._terminate()

    def _terminate(self, kill: bool = False) -> None:
        child = self.child
        if child is not None and child.is_alive():
            child.kill() if kill else child.terminate()

    # --- the writer thread ---------------------------------------------------------------

    def _sendable(self) -> bool:
        return bool(self.outbox) and (self.outbox[0][0] == TELL or not self.in_flight)

    def _relay(self) -> _Relay | None:
        """A relay for the calling thread, connected to the owner (None: it is gone)."""
        owner = self.owner()
        if owner is None:
            return None
        relay = _Relay()
        relay.arrived.connect(owner._on_arrived, Qt.ConnectionType.QueuedConnection)
        return relay

    def _send_all(self) -> None:
        relay = self._relay()
        serving, sending = None, None  # the child this thread sends to, and its pipe
        while True:
            with self.wake:
                while not self.closed and not self._sendable():
                    self.wake.wait()
                if self.closed:
                    break
                item = self.outbox.popleft()
                if item[0] == REQUEST:
                    self.in_flight = item[1]
                if serving is not None and self.child is not serving:  # it died
                    sending.close()
                    serving, sending = None, None
            if serving is None:
                try:
                    serving, sending = self._spawn()
                except OSError as error:  # no processes or descriptors left
                    self._spawn_failed(relay, item, error)
                    continue
            try:
                sending.send(item)
            except OSError:  # the child died; its reader reports it
                log.debug("%s: the child died before %s %d", self.name, item[0], item[1])
        if sending is not None:
            sending.close()  # the child's inbox ends: an idle child exits

    def _spawn(self) -> tuple[Any, Any]:
        import multiprocessing  # here, not at the app's start (tests/gui/test_start_imports.py)

        context = multiprocessing.get_context("spawn")
        inbox, sending = context.Pipe(duplex=False)
        receiving, outbox = context.Pipe(duplex=False)
        child = context.Process(
            target=serve, args=(self.served, inbox, outbox), name=self.name, daemon=True
        )
        child.start()
        inbox.close()  # the child holds the only other ends: EOF means it is gone
        outbox.close()
        with self.wake:
            self.child = child
        self.reader = threading.Thread(
            target=self._receive_all,
            args=(child, receiving),
            name=f"{self.name}-reader",
            daemon=True,
        )
        self.reader.start()
        return child, sending

    def _spawn_failed(
        self, relay: _Relay | None, item: tuple[str, int, Any], error: OSError
    ) -> None:
        log.warning("%s: cannot start the child process: %s", self.name, error)
        with self.wake:
            self.in_flight = 0
        if item[0] == REQUEST and relay is not None:
            relay.arrived.emit(ERROR, item[1], f"cannot start the process: {error}")

    # --- the reader thread ---------------------------------------------------------------

    def _receive_all(self, child: Any, receiving: Any) -> None:
        relay = self._relay()
        while True:
            try:
                kind, request_id, payload = receiving.recv()
            except (EOFError, OSError):  # the child ended
                break
            with self.wake:
                if request_id == self.in_flight:
                    self.in_flight = 0
                    self.wake.notify_all()
            if relay is not None:
                relay.arrived.emit(kind, request_id, payload)
        receiving.close()
        child.join(STOP_WAIT_S)
        with self.wake:
            lost, self.in_flight = self.in_flight, 0
            if self.child is child:
                self.child = None
            # What was meant for the dead child: the next one reads the book afresh.
            self.outbox = deque(item for item in self.outbox if item[0] != TELL)
            closed = self.closed
            self.wake.notify_all()
        if not closed and relay is not None:
            relay.arrived.emit(DIED, lost, child.exitcode)
