"""Undo for edits the app writes straight to a file on the author's command (the tracker
browser's 本章回收, 废弃, new entry and reordering; the panel's chapter-type change). Each step
keeps the file's text from before; undoing writes it back, but only while the file is still
exactly what the edit wrote: a file changed since (by hand, by git) is left alone, and the
author is told why."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from workbench.book import gate
from workbench.book.project import Project
from workbench.book.textio import content_hash
from workbench.errors import ChangedOnDisk, WorkbenchError

MAX_STEPS = 50


@dataclass(frozen=True)
class UndoStep:
    """One edit: the file, its text before, the hash of what the edit wrote, what it was."""

    path: Path
    before: str
    written_sha256: str
    what: str


class FileUndo(QObject):
    """The steps, newest last; `changed` when one is added or taken."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.steps: list[UndoStep] = []

    def record(self, path: Path, before: str, written_sha256: str, what: str) -> None:
        """Remember an edit just written (the oldest steps drop off past MAX_STEPS)."""
        self.steps = [*self.steps, UndoStep(Path(path), before, written_sha256, what)]
        self.steps = self.steps[-MAX_STEPS:]
        self.changed.emit()

    def clear(self) -> None:
        """Forget every step (another project is open)."""
        self.steps = []
        self.changed.emit()

    @property
    def last(self) -> UndoStep | None:
        """The step an undo would take back."""
        return self.steps[-1] if self.steps else None

    def undo(self, project: Project) -> str:
        """Take the newest step back; what happened, in words for the author."""
        step = self.last
        if step is None:
            return self.tr("Nothing to undo.")
        self.steps = self.steps[:-1]
        self.changed.emit()
        changed = (
            self.tr("Not undone: %1 changed since “%2”.")
            .replace("%1", project.relative(step.path))
            .replace("%2", step.what)
        )
        try:
            exists = step.path.is_file()
            on_disk = content_hash(gate.read_bytes(step.path, root=project.root)) if exists else ""
            if on_disk != step.written_sha256:
                return changed
            # Checked again under the file's lock, just before the rename.
            project.write(step.path, step.before, expect=step.written_sha256)
        except ChangedOnDisk:
            return changed
        except (OSError, WorkbenchError) as error:
            return self.tr("Not undone: %1").replace("%1", str(error))
        return self.tr("Undone: %1").replace("%1", step.what)
