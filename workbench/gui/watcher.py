"""Files changed by other programs (git, another editor, an agent), delivered in batches.

The engine's FolderWatch tells the project on watchdog's thread (its feeds then re-check only
those files) and posts each path through a queued signal; the GUI thread collects them and a
single-shot timer, restarted by each new path, turns a burst (a `git checkout` of hundreds of
files) into one `changed` batch. A cap keeps a never-ending stream from starving the batch.
A save the app announced (`saved_here`) is left out while the file is as that save left it:
the app has done its work for it already, and doing it again on the GUI thread was most of
what a save cost.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal

from workbench.book import gate
from workbench.book.project import Project
from workbench.book.textio import content_hash
from workbench.book.watch import FolderWatch
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

QUIET_MS = 250
MAX_DELAY_MS = 2000


class ProjectWatcher(QObject):
    """Watches one project folder; emits `changed(set[Path])` on the GUI thread, per burst."""

    changed = Signal(object)  # set[Path]
    _posted = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._watch: FolderWatch | None = None
        self._pending: set[Path] = set()
        self._since_first = QElapsedTimer()
        self._quiet = QTimer(self)
        self._quiet.setSingleShot(True)
        self._quiet.setInterval(QUIET_MS)
        self._quiet.timeout.connect(self.flush)
        self._posted.connect(self._collect, Qt.ConnectionType.QueuedConnection)
        self._saved: dict[Path, str] = {}  # path -> hash of the bytes the app saved
        self._root: Path | None = None
        self.batches = 0
        self.own_saves = 0  # events left out because they were the app's own saves

    def start(self, project: Project) -> None:
        """Watch the project's folder recursively (stopping any earlier watch)."""
        self.stop()
        self._root = project.root
        self._watch = FolderWatch(project, self._post)
        self._watch.start()
        log.debug("watching %s", project.root)

    def stop(self) -> None:
        """Stop watchdog's thread and wait for it; pending paths are dropped."""
        if self._watch is not None:
            self._watch.stop()
            self._watch = None
        self._quiet.stop()
        self._pending.clear()
        self._saved.clear()

    def saved_here(self, path: Path, sha256: str) -> None:
        """The app just saved these bytes (their `content_hash`) to `path` and handled it:
        its event is not another program's change while the file still holds them."""
        self._saved[Path(path)] = sha256

    def is_running(self) -> bool:
        """Whether an observer thread is alive."""
        return self._watch is not None and self._watch.is_running()

    def _post(self, path: Path) -> None:
        self._posted.emit(str(path))  # watchdog's thread: to the GUI thread, queued

    def _collect(self, raw: str) -> None:
        if self._watch is None:
            return  # a path posted just before stop()
        if not self._pending:
            self._since_first.start()
        self._pending.add(Path(raw))
        if self._since_first.elapsed() < MAX_DELAY_MS:
            self._quiet.start()  # restart: wait for the burst to end
        else:
            self._quiet.stop()
            self.flush()

    def flush(self) -> None:
        """Emit what was collected as one batch."""
        if not self._pending:
            return
        batch, self._pending = self._pending, set()
        own = {path for path in batch if self._is_own_save(path)}
        self.own_saves += len(own)
        batch -= own
        if not batch:
            return
        self.batches += 1
        log.debug("batch of %d changed paths", len(batch))
        self.changed.emit(batch)

    def _is_own_save(self, path: Path) -> bool:
        saved = self._saved.pop(path, None)
        if saved is None:
            return False
        try:
            return content_hash(gate.read_bytes(path, root=self._root)) == saved
        except (OSError, FileProblem):
            return False  # gone or unreadable since: that is news
