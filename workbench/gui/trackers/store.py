"""The tracker files the browser shows, and every write it makes to them.

Writes go through TrackerDocument's lossless edits only, and are refused — with a message,
never merged — when the file has parse errors, changed on disk since it was read (it is
reloaded instead), or is open in an editor with unsaved edits.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.file_undo import FileUndo
from workbench.trackers.browse import TrackerFile, load_tracker_file, memory_trackers
from workbench.trackers.document import TrackerDocument
from workbench.trackers.errors import TrackerEditError
from workbench.trackers.kinds import TrackerFileSpec, TrackerKind, builtin_files, tracker_files
from workbench.trackers.model import Trackers

log = logging.getLogger(__name__)

Edit = Callable[[TrackerDocument], object]
# What reading the tracker files found: the files by key, why a key's file cannot be read, the
# kinds the project declares, a webnovel-writer project's memory.
TrackersRead = tuple[dict[str, TrackerFile], dict[str, str], list[TrackerKind], Trackers]


def _specs(project: Project | None) -> tuple[list[TrackerFileSpec], str]:
    """The project's tracker files, and "" — or the built-in ones alone and why, while
    workbench.toml's [trackers.kinds] does not hold."""
    if project is None:
        return [], ""
    try:
        return tracker_files(project), ""
    except WorkbenchError as error:
        return builtin_files(project), str(error)


def read_trackers(project: Project | None, known: dict[str, TrackerFile]) -> TrackersRead:
    """Every tracker file of `project` (no Qt: the browser reads them on a thread at the
    open). A file unchanged since `known` keeps its document, so nothing is parsed again."""
    if project is None:
        return {}, {}, [], Trackers()
    files: dict[str, TrackerFile] = {}
    specs, problem = _specs(project)
    unreadable: dict[str, str] = {"kinds": problem} if problem else {}
    declared = [spec.kinds[0] for spec in specs if spec.kinds[0].custom]
    for key in (spec.key for spec in specs):
        try:
            loaded = load_tracker_file(project, key, known=known.get(key))
        except (OSError, WorkbenchError) as error:
            unreadable[key] = str(error)
            continue
        if loaded is not None:
            files[key] = loaded
    try:
        memory = memory_trackers(project)
    except (OSError, WorkbenchError) as error:
        memory, unreadable["memory"] = Trackers(), str(error)
    return files, unreadable, declared, memory


class TrackerStore(QObject):
    """Every tracker file of the open project (the two built-in ones and each declared kind's);
    `changed` after each (re)load that differs."""

    changed = Signal()
    message = Signal(str)  # what happened to a write, for the author

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.files: dict[str, TrackerFile] = {}
        self.declared: list[TrackerKind] = []  # the kinds the project declares, in order
        self.unreadable: dict[str, str] = {}  # tracker key → why the file cannot be read
        self.memory = Trackers()  # a webnovel-writer project's memory: shown, never written
        self.write_guard: Callable[[Path], bool] | None = None
        self.undo = FileUndo(self)  # 撤销 of the browser's edits
        self.loaded = True  # False while the open's read of the files is still coming

    @property
    def plot(self) -> TrackerFile | None:
        """The foreshadowing tracker, if the project has one."""
        return self.files.get("plot")

    @property
    def problems(self) -> list[str]:
        """Why each tracker file that could not be read at all cannot be."""
        return list(self.unreadable.values())

    @property
    def relationships(self) -> TrackerFile | None:
        """The relationship tracker, if the project has one."""
        return self.files.get("relationship")

    def paths(self) -> set[Path]:
        """Where the tracker files are (or would be)."""
        return {spec.path for spec in self._specs()[0]}

    def spec_path(self, key: str) -> Path | None:
        """Where the tracker file of `key` is (or would be)."""
        return next((spec.path for spec in self._specs()[0] if spec.key == key), None)

    def _specs(self) -> tuple[list[TrackerFileSpec], str]:
        return _specs(self.project)

    def set_project(self, project: Project | None) -> None:
        """Read the trackers of `project` (or forget them)."""
        self.project = project
        self.files = {}
        self.undo.clear()
        self.reload(force=True)

    def forget_files(self, project: Project | None) -> None:
        """Show `project` with nothing read yet (its files are read off the GUI thread and
        handed to `apply`)."""
        self.project = project
        self.files, self.unreadable, self.declared = {}, {}, []
        self.memory = Trackers()
        self.undo.clear()
        self.loaded = project is None

    def reload(self, force: bool = False) -> bool:
        """Re-read every file; emits `changed` and returns True when anything differs."""
        return self.apply(read_trackers(self.project, self.files), force)

    def apply(self, read: TrackersRead, force: bool = False) -> bool:
        """Take what `read_trackers` found; emits `changed` and returns True when it differs."""
        files, unreadable, declared, memory = read
        self.loaded = True
        changed = force or files != self.files or unreadable != self.unreadable
        changed = changed or declared != self.declared or memory != self.memory
        self.files, self.unreadable, self.declared = files, unreadable, declared
        self.memory = memory
        if changed:
            self.changed.emit()
        return changed

    def undo_last(self) -> bool:
        """Take the newest edit back (the file as it was before it), with a message."""
        if self.project is None or self.undo.last is None:
            return False
        said = self.undo.undo(self.project)
        self.reload()
        self.message.emit(said)
        return True

    def edit_plot(self, edit: Edit, done: str) -> bool:
        """Apply one edit to the plot tracker and save it; False (with a message) if refused."""
        return self.edit("plot", edit, done)

    def edit(self, key: str, edit: Edit, done: str) -> bool:
        """Apply one edit to the tracker file of `key` (plot, relationship or a declared
        kind's) and save it; False (with a message) if refused."""
        tracker = self.files.get(key)
        if not self.loaded:
            self.message.emit(self.tr("The trackers are still being read; try again in a moment."))
            return False
        if self.project is not None and key in self.unreadable:
            self.message.emit(self.tr("Not written: %1").replace("%1", self.unreadable[key]))
            return False
        if self.project is None or tracker is None:
            if key == "plot":
                self.message.emit(self.tr("This project has no foreshadowing tracker file."))
            else:
                self.message.emit(
                    self.tr("This project has no %1 tracker file.").replace("%1", key)
                )
            return False
        document = tracker.document
        if document is None:
            self.message.emit(
                self.tr("%1 has errors and is read-only here; fix them in the file first.").replace(
                    "%1", tracker.source
                )
            )
            return False
        if self.write_guard is not None and self.write_guard(tracker.path):
            self.message.emit(
                self.tr(
                    "%1 is open in an editor with unsaved edits; save or discard them first."
                ).replace("%1", tracker.source)
            )
            return False
        if document.changed_on_disk(self.project.root):
            self.reload()
            self.message.emit(
                self.tr("%1 changed on disk and has been reloaded; nothing was written.").replace(
                    "%1", tracker.source
                )
            )
            return False
        before = document.saved_text
        try:
            edit(document)
            document.save(self.project)
        except TrackerEditError as error:
            document.discard()
            self.message.emit(self.tr("Not written: %1").replace("%1", str(error)))
            return False
        except (OSError, WorkbenchError) as error:
            document.discard()
            self.reload()
            self.message.emit(self.tr("Not written: %1").replace("%1", str(error)))
            return False
        log.info("tracker edit saved: %s", done)
        self.undo.record(tracker.path, before, document.sha256, done)
        self.reload()
        self.message.emit(done)
        return True
