"""Files changed by other programs (git, another editor, an agent), delivered in batches.

watchdog's thread only posts paths through a queued signal; the GUI thread collects them and a
single-shot timer, restarted by each new path, turns a burst (a `git checkout` of hundreds of
files) into one `changed` batch. A cap keeps a never-ending stream from starving the batch.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer, Signal
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from workbench.book.project import STATE_DIR

log = logging.getLogger(__name__)

QUIET_MS = 250
MAX_DELAY_MS = 2000


class _Forwarder(FileSystemEventHandler):
    """Runs on watchdog's thread: filters and forwards paths, touches nothing else."""

    def __init__(self, root: Path, post: Signal) -> None:
        self._root = root
        self._post = post

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):
            return
        for raw in (event.src_path, getattr(event, "dest_path", "")):
            if not raw:
                continue
            path = Path(raw.decode() if isinstance(raw, bytes) else raw)
            parts = path.relative_to(self._root).parts if path.is_relative_to(self._root) else ()
            # Our own state folder, git internals and atomic-write temp files are not the book.
            if not parts or parts[0] in (STATE_DIR, ".git") or path.name.startswith("."):
                continue
            self._post.emit(str(path))


class ProjectWatcher(QObject):
    """Watches one project folder; emits `changed(set[Path])` on the GUI thread, per burst."""

    changed = Signal(object)  # set[Path]
    _posted = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._observer: Observer | None = None
        self._pending: set[Path] = set()
        self._since_first = QElapsedTimer()
        self._quiet = QTimer(self)
        self._quiet.setSingleShot(True)
        self._quiet.setInterval(QUIET_MS)
        self._quiet.timeout.connect(self.flush)
        self._posted.connect(self._collect, Qt.ConnectionType.QueuedConnection)
        self.batches = 0

    def start(self, root: Path) -> None:
        """Watch `root` recursively (stopping any earlier watch)."""
        self.stop()
        observer = Observer()
        observer.schedule(_Forwarder(root.resolve(), self._posted), str(root), recursive=True)
        observer.daemon = True
        observer.start()
        self._observer = observer
        log.debug("watching %s", root)

    def stop(self) -> None:
        """Stop watchdog's thread and wait for it; pending paths are dropped."""
        if self._observer is not None:
            self._observer.stop()
            self._observer.join()
            self._observer = None
        self._quiet.stop()
        self._pending.clear()

    def is_running(self) -> bool:
        """Whether an observer thread is alive."""
        return self._observer is not None and self._observer.is_alive()

    def _collect(self, raw: str) -> None:
        if self._observer is None:
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
        self.batches += 1
        log.debug("batch of %d changed paths", len(batch))
        self.changed.emit(batch)
