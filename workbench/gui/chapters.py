"""Chapters as the menus and panels ask for them: open chapter N (or its plan), the one before or
after the one in front, a new one after the last, a file a panel names at its section, and a
chapter's type written into its plan."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from workbench.book.plans import write_chapter_type
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.context.panel import ContextPanel
from workbench.gui.editor import ChapterEditor
from workbench.gui.editor_tabs import EditorTabs
from workbench.gui.session import ProjectSession


class ChapterNavigation(QObject):
    """Opens chapters in the editor tabs and writes a plan's type for the context panel."""

    statusMessage = Signal(str)

    def __init__(
        self,
        session: ProjectSession,
        tabs: EditorTabs,
        panel: ContextPanel,
        refresh: Callable[[], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.tabs = tabs
        self.panel = panel
        self.refresh = refresh  # the project's chapters were re-listed: show them
        self.parent_widget = parent

    @property
    def project(self) -> Project | None:
        """The session's open project."""
        return self.session.project

    def open_source(self, path: Path, heading: str = "", find: str = "") -> ChapterEditor | None:
        """Open a file the context panel or the 待审 tab names, at its section (or at the text
        to find)."""
        if not Path(path).is_file():
            self.statusMessage.emit(self.tr("%1 does not exist").replace("%1", str(path)))
            return None
        editor = self.tabs.open_file(path) if self.project else None
        if editor is not None and (heading or find):
            editor.reveal(heading, find)
        return editor

    def _current_chapter_index(self) -> int | None:
        editor = self.tabs.current_editor()
        if self.project is None or editor is None or editor.chapter is None:
            return None
        return next(
            (i for i, ref in enumerate(self.project.chapters) if ref.path == editor.path),
            None,
        )

    def previous_chapter(self) -> None:
        """Open the chapter before the one in front."""
        index = self._current_chapter_index()
        if self.project and index is not None and index > 0:
            self.tabs.open_file(self.project.chapters[index - 1].path)

    def next_chapter(self) -> None:
        """Open the chapter after the one in front."""
        index = self._current_chapter_index()
        if self.project and index is not None and index + 1 < len(self.project.chapters):
            self.tabs.open_file(self.project.chapters[index + 1].path)

    def new_chapter(self) -> ChapterEditor | None:
        """Create the next chapter (highest number + 1) with its heading, and open it."""
        if self.project is None:
            return None
        number = max((ref.number for ref in self.project.chapters), default=0) + 1
        try:
            written = self.project.save_chapter(number, f"# 第{number}章 \n\n")
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self.parent_widget, self.tr("Cannot create chapter"), str(error))
            return None
        self.refresh()
        editor = self.tabs.open_file(written.path)
        if editor:
            editor.move_cursor_to_end()
        return editor

    def open_chapter(self, number: int) -> ChapterEditor | None:
        """Open chapter N, or its plan when the chapter is not written yet."""
        if self.project is None:
            return None
        ref = self.project.chapter(number)
        path = ref.path if ref else self.project.plan_file(number)
        plan = self.project.plan(number) if path is None else None
        if plan is not None and plan.from_outline:
            # The plan is a section of an outline (a webnovel-writer volume's 详细大纲).
            editor = self.tabs.open_file(plan.source)
            if editor is not None:
                editor.reveal(find=plan.body.split("\n", 1)[0])
            return editor
        if path is None:
            self.statusMessage.emit(
                self.tr("Chapter %1 has neither text nor a plan yet").replace("%1", str(number))
            )
            return None
        return self.tabs.open_file(path)

    def set_chapter_type(self, chapter: int, chapter_type: str) -> bool:
        """Write `type:` into chapter N's plan front matter, nothing else in the file; with
        no plan file the panel shows the type without keeping it."""
        if self.project is None:
            return False
        path = self.project.plan_file(chapter)
        if path is None:
            self.panel.use_chapter_type(chapter, chapter_type)
            self.statusMessage.emit(
                self.tr("Chapter %1 has no plan file; the type is used in the panel only").replace(
                    "%1", str(chapter)
                )
            )
            return False
        editor = self.tabs.editor_for(path)
        if editor is not None and editor.is_modified():
            prompts.show_problem(
                self.parent_widget,
                self.tr("Chapter type not changed"),
                self.tr("The plan %1 has unsaved edits; save or discard them first.").replace(
                    "%1", self.project.relative(path)
                ),
            )
            self.panel.rebuild_now()
            return False
        try:
            change = write_chapter_type(self.project, chapter, chapter_type)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(
                self.parent_widget, self.tr("Chapter type not changed"), str(error)
            )
            self.panel.rebuild_now()
            return False
        if change is not None:  # the plan can be put back (撤销类型, Ctrl+Z in the panel)
            what = self.tr("chapter %1 type → %2").replace("%1", str(chapter))
            self.panel.type_undo.record(
                change.path, change.before, change.written_sha256, what.replace("%2", chapter_type)
            )
        self.tabs.reload_changed({path})
        self.panel.rebuild_now()
        return True
