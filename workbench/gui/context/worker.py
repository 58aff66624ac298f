"""Feeds for the context panel, built on a worker thread over copies of the editor's text.

The GUI thread hands over a request (agent, chapter, chapter type, the unsaved buffers as
plain strings) and goes on; the worker builds the feed through a read-only view of the
project (`Project.with_buffers`) and sends back a `PanelFeed`. Every request carries a job
id: only the newest request's result is delivered, an older one is dropped. While a build
runs, newer requests wait and only the latest of them runs next — typing never queues a
backlog.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed import Feed, build_feed, token_counter
from workbench.feed.pins import PinCheck, check_pins

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class FeedRequest:
    """What the panel shows: which agent, which chapter, and which chapter type (None: as
    the plan says)."""

    agent: str
    chapter: int
    chapter_type: str | None = None


@dataclass
class PanelFeed:
    """A built feed with what the panel shows beside it."""

    job_id: int
    request: FeedRequest
    feed: Feed | None = None
    pins: list[PinCheck] = field(default_factory=list)
    item_tokens: dict[tuple[str, str], int] = field(default_factory=dict)  # (block, item)
    buffered: tuple[str, ...] = ()  # project-relative files read from unsaved text
    error: str = ""


@dataclass(frozen=True)
class _Job:
    job_id: int
    project: Project
    request: FeedRequest
    buffers: dict[Path, str]


def build_panel_feed(job: _Job) -> PanelFeed:
    """The feed and its pins over the job's buffers; an error becomes the result's message."""
    result = PanelFeed(job.job_id, job.request)
    view = job.project.with_buffers(job.buffers)
    result.buffered = tuple(sorted(view.relative(path) for path in job.buffers))
    try:
        request = job.request
        feed = build_feed(
            view,
            request.agent,
            request.chapter,
            chapter_type=request.chapter_type,
            debug_scores=True,
        )
        result.pins = check_pins(view)
    except WorkbenchError as error:
        result.error = str(error)
        return result
    counter = token_counter(view, feed.profile)
    for block in feed.blocks:
        for item in block.items:
            result.item_tokens[(block.id, item.key)] = counter.count(item.text)
    result.feed = feed
    return result


class _Builder(QObject):
    """Lives on the worker thread; builds one feed at a time."""

    started = Signal(int)
    built = Signal(object)  # PanelFeed

    @Slot(object)
    def build(self, job: _Job) -> None:
        """Build and report; a bug is reported as the result's error, never kills the thread."""
        self.started.emit(job.job_id)
        try:
            result = build_panel_feed(job)
        except Exception as error:  # a bug: shown in the panel, logged with its trace
            log.exception("context panel feed %s crashed", job.request)
            result = PanelFeed(job.job_id, job.request, error=f"{type(error).__name__}: {error}")
        self.built.emit(result)


class FeedRefresher(QObject):
    """The GUI side: numbers requests, runs the newest, delivers only the newest result."""

    started = Signal(int)  # job id: the worker began building it
    delivered = Signal(object)  # PanelFeed of the newest request
    dropped = Signal(int)  # job id of a result that arrived after a newer request
    _dispatch = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.latest_id = 0
        self._running: int | None = None
        self._waiting: _Job | None = None
        self.worker_thread = QThread(self)
        self.worker_thread.setObjectName("context-feed-worker")
        self._builder = _Builder()
        self._builder.moveToThread(self.worker_thread)
        self.worker_thread.finished.connect(self._builder.deleteLater)
        self._dispatch.connect(self._builder.build)
        self._builder.started.connect(self.started)
        self._builder.built.connect(self._on_built)
        self.worker_thread.start()

    def request(self, project: Project, request: FeedRequest, buffers: dict[Path, str]) -> int:
        """Ask for a feed; returns its job id. `buffers` must be copies (plain strings)."""
        self.latest_id += 1
        job = _Job(self.latest_id, project, request, dict(buffers))
        if self._running is None:
            self._start(job)
        else:
            self._waiting = job  # an older waiting request is superseded unseen
        return job.job_id

    def is_busy(self) -> bool:
        """Whether a build is running or waiting."""
        return self._running is not None or self._waiting is not None

    def _start(self, job: _Job) -> None:
        self._running = job.job_id
        self._dispatch.emit(job)

    def _on_built(self, result: PanelFeed) -> None:
        self._running = None
        if self._waiting is not None:
            job, self._waiting = self._waiting, None
            self._start(job)
        if result.job_id == self.latest_id:
            self.delivered.emit(result)
        else:
            log.debug("dropping feed job %d (newest is %d)", result.job_id, self.latest_id)
            self.dropped.emit(result.job_id)

    def forget(self) -> None:
        """Drop every result still to come (the project closed)."""
        self.latest_id += 1
        self._waiting = None

    def shutdown(self) -> None:
        """Stop the worker thread and wait for it (the running build finishes first)."""
        self.forget()
        self.worker_thread.quit()
        self.worker_thread.wait()
