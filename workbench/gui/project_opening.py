"""Where a project comes from — a folder the author picks, a new project laid down from the
templates, a manuscript imported (with its preview), a copy of the bundled sample, or one of
the recent projects — and opening it: the folder read, a lock held by another Workbench asked
about, unsaved edits of the last book asked about, the session told, the last chapter shown."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from workbench.book.lock import other_holder
from workbench.book.project import Project
from workbench.book.templates import create_project
from workbench.bundled import copy_sample_novel
from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.editor_tabs import EditorTabs
from workbench.gui.open_tabs import restore_open_tabs
from workbench.gui.session import ProjectSession
from workbench.gui.welcome import WelcomePage, sample_destination
from workbench.settings import Settings, save_settings

if TYPE_CHECKING:
    from workbench.book.importer import ImportPlan

log = logging.getLogger(__name__)

MAX_RECENT = 10


class ProjectOpening(QObject):
    """The ways to open a project, and `open_project(folder)`, which opens it into the
    session and the editor tabs; `refresh()` re-lists the open one (an import into it)."""

    opened = Signal(object)  # the Project just opened (before its chapter is shown)

    def __init__(
        self,
        session: ProjectSession,
        tabs: EditorTabs,
        refresh: Callable[[], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.session = session
        self.tabs = tabs
        self.refresh = refresh

    def current(self) -> Project | None:
        """The open project."""
        return self.session.project

    def open_project(self, folder: Path | str) -> bool:
        """Open a novel folder (closing the current one, asking about unsaved edits); the tabs
        open last time come back, else the last chapter."""
        window = self.parent_widget
        try:
            project = Project.open(folder)
        except WorkbenchError as error:
            prompts.show_problem(window, self.tr("Cannot open project"), str(error))
            return False
        holder = other_holder(project)
        if holder and not prompts.ask_open_locked(window, holder.host, holder.pid, holder.since):
            return False
        if not self.tabs.close_all():
            return False
        self.session.open(project)  # the panels are told, then the folder watch starts
        self.opened.emit(project)
        restored = self.tabs.reopen()
        if not restored and project.chapters:
            self.tabs.open_file(project.chapters[-1].path)
        return True

    def open_sample_copy(self) -> bool:
        """Copy the bundled sample into a new folder of the author's (asking first) and open it."""
        target = sample_destination()
        if not prompts.ask_copy_sample(self.parent_widget, str(target)):
            return False
        try:
            copy_sample_novel(target)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(
                self.parent_widget, self.tr("Cannot copy the sample novel"), str(error)
            )
            return False
        return self.open_project(target)

    def choose_project_folder(self) -> None:
        """Ask for a folder and open it."""
        folder = QFileDialog.getExistingDirectory(
            self.parent_widget, self.tr("Open project folder")
        )
        if folder:
            self.open_project(folder)

    def choose_new_project_folder(self) -> None:
        """Ask for an empty folder, lay down a new project there and open it."""
        folder = QFileDialog.getExistingDirectory(
            self.parent_widget, self.tr("Folder for the new project")
        )
        if not folder:
            return
        try:
            create_project(folder)
        except WorkbenchError as error:
            prompts.show_problem(self.parent_widget, self.tr("Cannot create project"), str(error))
            return
        self.open_project(folder)

    def choose_manuscript(self) -> None:
        """Ask for a TXT/MD manuscript and a target folder, preview the split, then write it."""
        source, _ = QFileDialog.getOpenFileName(
            self.parent_widget,
            self.tr("Import manuscript"),
            "",
            self.tr("Manuscripts (*.txt *.md *.docx);;All files (*)"),
        )
        if not source:
            return
        from workbench.gui.import_target import ImportTargetDialog

        project = self.current()
        dialog = ImportTargetDialog(
            Path(source), project.root if project else None, self.parent_widget
        )
        accepted = dialog.exec() == ImportTargetDialog.DialogCode.Accepted
        target = dialog.target()
        dialog.deleteLater()
        if accepted and target is not None:
            self.import_manuscript(Path(source), target)

    def import_manuscript(self, source: Path, target: Path) -> bool:
        """Split `source`, show the preview, and write the chapters into `target` if accepted."""
        # The importer and its dialog load when a manuscript is imported, not for the first
        # paint (issue #28).
        from workbench.book.importer import plan_import, read_manuscript, write_import
        from workbench.gui.import_dialog import ImportPreviewDialog

        def split_for(strip_boilerplate: bool) -> ImportPlan:
            split = read_manuscript(source, strip_boilerplate=strip_boilerplate)
            return plan_import(split, target)

        try:
            plan = split_for(False)
        except WorkbenchError as error:
            prompts.show_problem(self.parent_widget, self.tr("Cannot import"), str(error))
            return False
        dialog = ImportPreviewDialog(plan, self.parent_widget, replan=split_for)
        if dialog.exec() != ImportPreviewDialog.DialogCode.Accepted:
            return False
        plan = dialog.plan  # as the author last saw it (platform lines dropped or kept)
        project = self.current()
        into_open = project is not None and project.root == plan.project.root
        # Unsaved edits of the open book are asked about before anything is written: a
        # cancel there leaves no import behind and every tab open.
        if not into_open and not self.tabs.close_all():
            return False
        try:
            write_import(plan)
        except WorkbenchError as error:
            prompts.show_problem(self.parent_widget, self.tr("Import failed"), str(error))
            if not into_open and project is not None:
                restore_open_tabs(project, self.tabs)
            return False
        if into_open:
            self.refresh()
            return True
        return self.open_project(plan.project.root)


class RecentProjects(QObject):
    """The recent projects, newest first, in the user's settings, the File menu and the welcome
    page; choosing one opens it."""

    def __init__(
        self,
        menu: QMenu,
        welcome: WelcomePage,
        open_project: Callable[[Path | str], bool],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.menu = menu
        self.welcome = welcome
        menu.triggered.connect(lambda action: open_project(QAction.data(action)))
        welcome.recentRequested.connect(open_project)

    def remember(self, settings: Settings, root: Path) -> Settings:
        """`settings` with `root` first among the recent projects, saved to the user folder
        (not written again when it is first already: reopening the last book)."""
        recent = [str(root), *(p for p in settings.recent_projects if p != str(root))]
        if recent[:MAX_RECENT] == list(settings.recent_projects):
            return settings
        settings = settings.model_copy(update={"recent_projects": recent[:MAX_RECENT]})
        try:
            save_settings(settings)
        except (OSError, WorkbenchError) as error:
            log.warning("cannot save the recent projects list: %s", error)
        self.show(settings)
        return settings

    def show(self, settings: Settings) -> None:
        """List the settings' recent projects in the menu and on the welcome page."""
        self.menu.clear()
        for folder in settings.recent_projects:
            action = self.menu.addAction(folder)
            action.setData(folder)
        self.menu.setEnabled(bool(settings.recent_projects))
        self.welcome.set_recent(settings.recent_projects)
