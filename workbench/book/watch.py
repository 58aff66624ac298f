"""Watching a project folder for files other programs change (git, another editor, an agent).

watchdog's thread tells the project at once which files may have changed, so its chapter
stats re-take only those (book.chapter_stats: while a watch runs, a feed no longer stats
every chapter), then passes each path on (the app batches them for its reloads).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

from workbench.book.project import STATE_DIR, Project

# What another program's change to the book can look like. Not "opened" and "closed without
# writing": every read (ours too: a feed reads hundreds of files) woke watchdog's threads for
# events the forwarder drops, and their Python competed with the GUI thread for the GIL.
CHANGE_EVENTS = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileClosedEvent,
    FileMovedEvent,
    FileDeletedEvent,
    DirCreatedEvent,
    DirMovedEvent,
    DirDeletedEvent,
]


class _Forwarder(FileSystemEventHandler):
    """Runs on watchdog's thread: filters the paths, tells the project, passes them on."""

    def __init__(self, project: Project, on_path: Callable[[Path], None] | None) -> None:
        self._project = project
        self._root = project.root
        self._on_path = on_path

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
            self._project.files_changed((path,))
            if self._on_path is not None:
                self._on_path(path)


class FolderWatch:
    """Watches one open project's folder recursively until stopped."""

    def __init__(self, project: Project, on_path: Callable[[Path], None] | None = None) -> None:
        self.project = project
        self._on_path = on_path
        self._observer: Observer | None = None

    def start(self) -> None:
        """Start watchdog's thread; from now on the project trusts what it reports."""
        if self._observer is not None:
            return
        observer = Observer()
        handler = _Forwarder(self.project, self._on_path)
        observer.schedule(
            handler, str(self.project.root), recursive=True, event_filter=CHANGE_EVENTS
        )
        observer.daemon = True
        observer.start()  # the watches are in place when this returns
        self._observer = observer
        self.project.stat_keeper.watch_started()

    def stop(self) -> None:
        """Stop watchdog's thread and wait for it; the project stats every chapter again."""
        if self._observer is None:
            return
        self.project.stat_keeper.watch_stopped()
        self._observer.stop()
        self._observer.join()
        self._observer = None

    def is_running(self) -> bool:
        """Whether the observer thread is alive."""
        return self._observer is not None and self._observer.is_alive()
