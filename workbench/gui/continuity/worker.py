"""The continuity check, served in the guard's child process (gui/child_process.py): no Qt.

`ChapterChecker` keeps the book open across requests, so a check after a keystroke reads only
what changed: `Project.read` re-reads a file whose stat changed, and a `FilesChanged` tell
(a save, another program's edit) drops those files' reads and re-lists the chapters. What the
trackers cache would save into `.workbench/` stays in this process's memory: the child writes
nothing into the project.
"""

from __future__ import annotations

from pathlib import Path

from workbench.book.project import Project
from workbench.continuity.guard import BookGuard
from workbench.errors import WorkbenchError
from workbench.gui.continuity.messages import CheckRequest, ContinuityResult, FilesChanged
from workbench.trackers.cache import keep_in_memory


class ChapterChecker:
    """The open book, and the checks of its chapters over the editor's unsaved texts."""

    def __init__(self) -> None:
        self.project: Project | None = None

    def answer(self, request: CheckRequest) -> ContinuityResult:
        """The chapter's findings over the buffers; an error becomes the result's message."""
        result = ContinuityResult(0, request.chapter)
        try:
            view = self._project(request.root).with_buffers(request.buffers)
            ref = view.chapter(request.chapter)
            if ref is None:
                return result
            result.path = ref.path
            result.text = view.read(ref.path).text
            result.findings = BookGuard.of(view).check(request.chapter)
        except (WorkbenchError, OSError) as error:
            result.error = str(error)
        return result

    def hear(self, message: FilesChanged) -> None:
        """Files changed: read them afresh, and list the chapters again if one came or went."""
        if self.project is not None:
            self.project.forget_reads(message.paths)
            self.project.relist(message.paths)

    def _project(self, root: Path) -> Project:
        if self.project is None or self.project.root != Path(root).resolve():
            self.project = Project.open(root)
            keep_in_memory(self.project)
        return self.project
