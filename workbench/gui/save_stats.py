"""Each save's line in the writing statistics (`.workbench/stats.jsonl`), written on a thread
in the order the saves were made (issue #28): the append (through the gate, flushed to disk)
was ≈ 6 ms of every save's GUI-thread time, and a book with no history yet gets its one-time
estimate first (every chapter's 字 count on its file's date, workbench/stats.py
`reconstruct`), which reads every chapter. The 全书 panel reads the history when its refresh
timer fires, hundreds of milliseconds after the save."""

from __future__ import annotations

import logging
import threading
from datetime import datetime

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.stats import record_save

log = logging.getLogger(__name__)

Pending = tuple[Project, int, int, int, datetime]


class SaveStats:
    """Records saves in order, off the GUI thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queue: list[Pending] = []
        self._thread: threading.Thread | None = None

    def record(self, project: Project, chapter: int, before: int, after: int) -> None:
        """Chapter N was saved with `before` and `after` 字 (counted by the caller). The thread
        reads the book as it is now: a view with the chapter list copied (the GUI thread
        re-lists the live one as files come and go), sharing the file and 字 caches, which
        are safe from any thread."""
        book = project.with_buffers({})
        with self._lock:
            self._queue.append((book, chapter, before, after, datetime.now()))
            if self._thread is None:
                self._thread = threading.Thread(target=self._drain, name="save-stats", daemon=True)
                self._thread.start()

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                pending = self._queue.pop(0)
            _record(*pending)

    def is_busy(self) -> bool:
        """Whether a save is still to be written into the history."""
        return self._thread is not None

    def shut_down(self) -> None:
        """Wait until every save so far is in the history."""
        thread = self._thread
        if thread is not None:
            thread.join()


def _record(project: Project, chapter: int, before: int, after: int, now: datetime) -> None:
    """A history that cannot be written costs the statistics a line, never the save."""
    try:
        record_save(project, chapter, before, after, now.astimezone())
    except (OSError, WorkbenchError) as error:
        log.warning("writing statistics not recorded: %s", error)
