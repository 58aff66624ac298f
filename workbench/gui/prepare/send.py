"""Sending a feed to the model: the chat request runs on a worker thread, the reply streams
back into a draft on the GUI thread, and the draft file grows on disk as it arrives.

The request runs as a job of its own `Background` worker that only puts events into a queue;
a GUI-thread timer drains it. So no Qt object is ever touched off the GUI thread, pieces that
arrive faster than the screen needs are shown together, and a request stuck in a read (a
silent server, until the read timeout) can be cancelled at once: the draft is kept and marked
cancelled straight away, and the worker, told to stop, ends at its next chunk or timeout;
closing waits for it a moment (`close`), and a read that outlasts that cannot keep the app
from quitting.

A reasoning model's thinking streams into its own text (`reasoning`), never into the draft;
each wait before a retry (429 / 5xx) is announced with its length so the draft tab can count
it down, and Cancel ends the wait. The call is recorded in `.workbench/usage.jsonl`; its
record comes back as `usageRecorded`.

Only a reply worth keeping is kept: a draft file appears once text has arrived, and a reply
that is refused — not a chat completion, invalid UTF-8, echoing the key, longer than any draft
(MAX_REPLY_CHARS) — leaves no draft behind and nothing of it on screen. A reply cut short by
a timeout or a dropped connection keeps what came, as a failed draft.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from workbench.backend_choice import endpoint_config
from workbench.book import gate
from workbench.book.drafts import (
    MAX_DRAFT_CHARS,
    finish_draft,
    keep_reasoning,
    new_draft_path,
    write_draft,
)
from workbench.book.project import Project
from workbench.calls.usage import UsageRecord, recorded_call
from workbench.errors import FileProblem, WorkbenchError
from workbench.gui.background import Background, Job
from workbench.llm import ChatClient, LlmCancelled, LlmKeyEchoed, LlmMalformedResponse
from workbench.llm.client import RetryWait
from workbench.models.profiles import ModelProfile
from workbench.settings import Settings

log = logging.getLogger(__name__)

DRAIN_MS = 50
DRAFT_WRITE_S = 1.0  # how often the growing draft is written to disk
CLOSE_WAIT_S = 2.0  # how long closing the window waits for a cancelled request to end
# A reply past any draft (MAX_DRAFT_CHARS) is a broken endpoint, and would only stall the screen.
MAX_REPLY_CHARS = MAX_DRAFT_CHARS
REFUSED = (LlmMalformedResponse, LlmKeyEchoed)  # the reply itself is bad: nothing of it is kept


class SendJob(QObject):
    """One chat request for one draft. Signals arrive on the GUI thread."""

    textChanged = Signal(str)  # the whole reply so far (the client masks any echoed key)
    reasoningChanged = Signal(str)  # the whole reasoning so far
    waiting = Signal(object)  # RetryWait: a retry is coming after this wait
    usageRecorded = Signal(object)  # UsageRecord of the call, once it is written
    finished = Signal(str)  # state: done / cancelled / failed
    failed = Signal(str)  # the reason, for the author

    def __init__(
        self,
        project: Project,
        settings: Settings,
        chapter: int,
        agent: str,
        messages: list[dict],
        parent: QObject | None = None,
        *,
        profile: ModelProfile,
    ) -> None:
        super().__init__(parent)
        self.config = endpoint_config(settings)
        self.project = project
        self.chapter = chapter
        self.agent = agent
        self.profile = profile
        self.messages = messages
        self.draft_path: Path = new_draft_path(project, chapter, agent)
        self.text = ""
        self.reasoning = ""
        self.record: UsageRecord | None = None
        self.retry: RetryWait | None = None  # the wait in progress, if any
        self.retry_until = 0.0  # monotonic time the wait ends
        self.state = "streaming"
        self.error = ""
        self.refused = False  # the reply was refused: nothing of it is kept
        self.not_kept = ""  # why the draft file could not be written ("" when it was)
        self.started_at = 0.0
        self.ended_at: float | None = None
        self.pieces = 0
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._cancel = threading.Event()
        self._received = 0  # characters received (worker thread)
        self._too_long = threading.Event()  # the worker stopped a reply past MAX_REPLY_CHARS
        self._last_write = 0.0
        self._worker = Background("feed-send", parent=self)
        self._drain = QTimer(self)
        self._drain.setInterval(DRAIN_MS)
        self._drain.timeout.connect(self._drain_events)

    # --- control (GUI thread) ----------------------------------------------------------

    def start(self) -> None:
        """Start the request (the draft file appears once text arrives)."""
        self.started_at = time.monotonic()
        self._worker.submit(self._run)
        self._drain.start()

    def cancel(self) -> None:
        """Stop the request now; the partial draft is kept and marked cancelled."""
        if self.state != "streaming":
            return
        self._cancel.set()
        self._drain_events()  # keep what has already arrived
        if self.state == "streaming":
            self._end("cancelled")

    def is_running(self) -> bool:
        """Whether the reply is still arriving."""
        return self.state == "streaming"

    def elapsed(self) -> float:
        """Seconds since the request started (until it ended)."""
        if not self.started_at:
            return 0.0
        return (self.ended_at or time.monotonic()) - self.started_at

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the request's worker to end (tests and shutdown); True if it has."""
        return self._worker.shut_down(timeout)

    def close(self, timeout: float = CLOSE_WAIT_S) -> bool:
        """Cancel the request and wait a moment for its worker (the window closes)."""
        self.cancel()
        return self.wait(timeout)

    # --- the request (worker thread: touches no Qt object) -----------------------------

    def _run(self, _job: Job) -> None:
        client = ChatClient(self.config)
        try:
            recorded_call(
                client,
                self.project,
                self.messages,
                kind="send",
                agent=self.agent,
                chapter=self.chapter,
                profile=self.profile,
                on_record=self._recorded,
                stream=True,
                cancel=self._cancel,
                on_delta=self._delta,
                on_reasoning=self._reasoning,
                on_wait=self._wait,
            )
        except LlmCancelled:
            if self._too_long.is_set():
                self._events.put(("too_long", ""))
            else:
                self._events.put(("cancelled", ""))
        except REFUSED as error:
            self._events.put(("refused", str(error)))
        except WorkbenchError as error:
            self._events.put(("failed", str(error)))
        except Exception as error:  # a bug must reach the author, not kill the thread silently
            log.exception("sending the feed crashed")
            self._events.put(("failed", f"{type(error).__name__}: {error}"))
        else:
            self._events.put(("done", ""))

    def _reasoning(self, piece: str) -> None:
        self._events.put(("reasoning", piece))

    def _wait(self, wait: RetryWait) -> None:
        self._events.put(("wait", (wait, time.monotonic() + wait.seconds)))

    def _recorded(self, record: UsageRecord) -> None:
        self._events.put(("usage", record))

    def _delta(self, piece: str) -> None:
        if self._too_long.is_set():
            return
        self._received += len(piece)
        if self._received > MAX_REPLY_CHARS:
            self._too_long.set()
            self._cancel.set()  # the client stops at its next chunk
            return
        self._events.put(("delta", piece))

    # --- results (GUI thread) ----------------------------------------------------------

    def _drain_events(self) -> None:
        grew, thought, outcome = False, False, None
        while True:
            try:
                kind, payload = self._events.get_nowait()
            except queue.Empty:
                break
            if kind == "usage":  # recorded even after a cancel: the call was billed
                self.record = payload
                self.usageRecorded.emit(payload)
                continue
            if self.state != "streaming":
                continue  # cancelled already: late pieces are not part of the draft
            if kind == "delta":
                self.text += payload
                self.pieces += 1
                grew = True
                self.retry = None
            elif kind == "reasoning":
                self.reasoning += payload
                thought = True
                self.retry = None
            elif kind == "wait":
                self.retry, self.retry_until = payload
                self.waiting.emit(self.retry)
            else:
                outcome = (kind, payload)
        if thought:
            self.reasoningChanged.emit(self.reasoning)
        if grew:
            self.textChanged.emit(self.text)
            if time.monotonic() - self._last_write >= DRAFT_WRITE_S:
                self._write()
        if outcome is not None:
            self._conclude(*outcome)
        if self.state != "streaming" and not self._worker.is_busy() and self._events.empty():
            self._drain.stop()  # the thread's last word (its usage record) is in

    def _conclude(self, kind: str, reason: str) -> None:
        """End the job as the worker's last event says."""
        if kind == "too_long":
            reason = self.tr(
                "the reply is longer than %1 characters, more than any draft; refused"
            ).replace("%1", f"{MAX_REPLY_CHARS:,}")
        if kind in ("refused", "too_long"):
            kind, self.refused, self.text = "failed", True, ""
        if kind == "failed":
            self.error = reason
            self.failed.emit(reason)
        self._end(kind)

    def _write(self) -> None:
        self._last_write = time.monotonic()
        try:
            write_draft(self.project, self.draft_path, self.text)
        except (OSError, FileProblem) as error:  # a full disk; drafts/ leading out
            self._not_kept(error)

    def _not_kept(self, error: OSError | FileProblem) -> None:
        log.error("cannot keep the draft %s: %s", self.draft_path, error)
        reason = error.problem if isinstance(error, FileProblem) else error.strerror or error
        self.not_kept = str(reason)

    def retry_left(self) -> float:
        """Seconds left of the wait before the next retry (0 when not waiting)."""
        if self.retry is None or self.state != "streaming":
            return 0.0
        return max(self.retry_until - time.monotonic(), 0.0)

    def keep_reasoning(self) -> Path | None:
        """Write the reasoning beside the draft (only when the author asks); its path."""
        if not self.reasoning or self.state == "streaming" or self.refused:
            return None
        return keep_reasoning(self.project, self.draft_path, self.reasoning)

    def _end(self, state: str) -> None:
        self.state = state
        self.retry = None
        self.ended_at = time.monotonic()
        try:
            if self.text:
                self.draft_path = finish_draft(self.project, self.draft_path, self.text, state)
            else:  # nothing arrived, or what did was refused: no draft to keep
                with contextlib.suppress(FileNotFoundError):
                    gate.remove(self.draft_path, root=self.project.root)
        except (OSError, FileProblem) as error:
            self._not_kept(error)
        # A thread still in its read ends at its next chunk or timeout; the drain keeps
        # listening until then, for the usage record of what was billed.
        if not self._worker.is_busy():
            self._drain.stop()
        self.finished.emit(state)
