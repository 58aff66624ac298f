"""The open project as one object the window's panels listen to (STYLE.md, "Say what changed,
let each panel decide").

A ProjectSession owns the open project, its lock and the folder watch, and says what happened:
a project opened or closed, files changed (saved here, or by another program on disk), the
chapter in front changed. Each panel is subscribed once and decides for itself what concerns
it; a new panel is one `subscribe` call, not an edit to every handler of the window.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from workbench.book.lock import release_lock, take_lock
from workbench.book.project import Project
from workbench.gui.watcher import ProjectWatcher
from workbench.trackers.cache import release_project_cache

log = logging.getLogger(__name__)


class Panel(Protocol):
    """What a panel offers the session: `set_project`, and whichever of `files_changed`
    (paths saved here or changed on disk), `follow_chapter` (the chapter of the file in
    front, None for a file of no chapter) and `shut_down` (stop background work and wait for
    it) concern it."""

    def set_project(self, project: Project | None) -> None:
        """Show this project (None: none is open)."""


class ProjectSession(QObject):
    """The open project, its lock and its folder watch; signals for whoever listens."""

    projectOpened = Signal(object)  # Project
    projectClosed = Signal(object)  # the Project that was open
    filesChanged = Signal(object, bool)  # set[Path]; True when another program changed them
    chapterFocused = Signal(object)  # int | None: the chapter of the file in front

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.watcher = ProjectWatcher(self)
        self.watcher.changed.connect(self._changed_on_disk)
        self.panels: list[Panel] = []
        self.chapter: int | None = None

    def subscribe(self, panel: Panel) -> None:
        """Connect a panel to every signal it answers; it is shut down with the session."""
        self.projectOpened.connect(panel.set_project)
        self.projectClosed.connect(lambda _project, p=panel: p.set_project(None))
        files_changed = getattr(panel, "files_changed", None)
        if files_changed is not None:
            self.filesChanged.connect(lambda paths, _disk, f=files_changed: f(paths))
        follow_chapter = getattr(panel, "follow_chapter", None)
        if follow_chapter is not None:
            self.chapterFocused.connect(follow_chapter)
        self.panels.append(panel)

    def join(self, panel: Panel) -> None:
        """Subscribe a panel built after the open (a dock first shown): it is told the open
        project and the chapter in front, as the ones subscribed then were."""
        self.subscribe(panel)
        if self.project is not None:
            panel.set_project(self.project)
            follow_chapter = getattr(panel, "follow_chapter", None)
            if follow_chapter is not None and self.chapter is not None:
                follow_chapter(self.chapter)

    def open(self, project: Project) -> None:
        """Make `project` the open one: the old one's watch, lock and caches go first (the
        panels are told of the new one, not of the old one closing)."""
        self._release()
        self.project = project
        try:
            take_lock(project)
        except OSError as error:  # a read-only project can still be read
            log.warning("cannot write the lock file: %s", error)
        self.chapter = None
        self.projectOpened.emit(project)
        self.watcher.start(project)

    def close(self) -> None:
        """Close the open project, if any (no questions: the window asked already)."""
        project = self.project
        if project is None:
            return
        self._release()
        self.project = None
        self.projectClosed.emit(project)

    def _release(self) -> None:
        """Stop watching the open project, give up its lock, forget its caches."""
        self.watcher.stop()
        if self.project is not None:
            with contextlib.suppress(OSError):
                release_lock(self.project)
            release_project_cache(self.project)

    def saved(self, path: Path, sha256: str | None = None) -> None:
        """A file was written by the app (its bytes' hash, when known, so the watch does not
        report it again)."""
        if sha256 is not None:
            self.watcher.saved_here(path, sha256)
        self.filesChanged.emit({path}, False)

    def focus_chapter(self, chapter: int | None) -> None:
        """The file in front belongs to chapter N (None: to none)."""
        self.chapter = chapter
        self.chapterFocused.emit(chapter)

    def _changed_on_disk(self, paths: set[Path]) -> None:
        if self.project is None:
            return
        self.project.forget_reads(paths)  # rewritten within one mtime tick, at one size
        self.project.relist(paths)
        self.filesChanged.emit(paths, True)

    def shut_down(self) -> None:
        """The window closes: every panel stops its work, then the watch and lock go."""
        for panel in self.panels:
            shut_down = getattr(panel, "shut_down", None)
            if shut_down is not None:
                shut_down()
        self._release()
