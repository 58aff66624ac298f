"""The main window: a router. Panels emit requests; `_wire()` connects them; no panel reaches
into another, and every file operation goes through the Project."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QSplitter, QStackedWidget, QWidget

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.gui import counting_process, settings_apply, window_state
from workbench.gui.action_wiring import wire_actions
from workbench.gui.actions import WindowActions
from workbench.gui.book.wiring import BookRoutes
from workbench.gui.chapters import ChapterNavigation
from workbench.gui.continuity.view import ContinuityGuard
from workbench.gui.docks import WindowDocks
from workbench.gui.editor import ChapterEditor
from workbench.gui.editor_tabs import EditorTabs
from workbench.gui.first_paint import FirstPaint
from workbench.gui.fonts import editor_font
from workbench.gui.i18n import Language
from workbench.gui.prepare.controller import PrepareFeed
from workbench.gui.project_opening import ProjectOpening, RecentProjects
from workbench.gui.project_tree import ProjectTree
from workbench.gui.session import ProjectSession
from workbench.gui.status import StatusBar
from workbench.gui.summaries.policy import SummaryPolicy
from workbench.gui.summary_worker import SummaryQueue
from workbench.gui.upkeep.wiring import wire_upkeep
from workbench.gui.view_menu import ViewMenu
from workbench.gui.warmup import Warmup
from workbench.gui.welcome import WelcomePage
from workbench.settings import Settings

log = logging.getLogger(__name__)

MESSAGE_MS = 6000
DOCK_WIDTH = 430


class MainWindow(QMainWindow):
    """Project tree | editor tabs | context and tracker docks, with a status bar."""

    def __init__(
        self, settings: Settings, language: Language, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.language = language
        self.session = ProjectSession(self)
        self.external_batches = 0
        self._closed = False

        self.tree = ProjectTree(self)
        self.tabs = EditorTabs(
            editor_font(settings.editor_font_family, settings.editor_font_size), self
        )
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.addWidget(self.tree)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([280, 820])
        self.welcome = WelcomePage(self)
        self.central = QStackedWidget(self)
        self.central.addWidget(self.welcome)
        self.central.addWidget(self.splitter)
        self.setCentralWidget(self.central)
        self.docks = WindowDocks(self)  # 追踪表 and 全书 are built when first shown
        self.context_dock, self.tracker_dock = self.docks.context, self.docks.trackers
        self.book_dock = self.docks.book
        self.context_panel = self.context_dock.panel
        self.status = StatusBar(self)
        self.setStatusBar(self.status)
        self.actions_ = WindowActions(self)
        self.view_menu = ViewMenu(self, DOCK_WIDTH)
        self.summaries = SummaryQueue(settings, self)
        self.summaries.set_write_guard(self.has_unsaved_edits)
        self.summary_policy = SummaryPolicy(self.summaries, self)
        self.prepare = PrepareFeed(self.session, self.tabs, self.summary_policy, settings, self)
        self.chapters = ChapterNavigation(
            self.session, self.tabs, self.context_panel, self._refresh_project, self
        )
        self.opening = ProjectOpening(self.session, self.tabs, self._refresh_project, self)
        self.recent = RecentProjects(
            self.actions_.recent_menu, self.welcome, self.open_project, self
        )
        self.usage_view = None  # built when first opened
        self.book_search = None  # built when first opened
        self.prepare.set_request_source(self.context_panel.request)
        self.context_panel.set_buffer_source(self.tabs.unsaved_buffers)
        self.context_panel.set_passage_source(self.prepare.selected_passage)
        # The contract name (#11) for both: the toolbar's button and the panel's are one action.
        self.context_panel.add_header_action(self.actions_.prepare_feed, "prepareFeedButton")
        self.continuity = ContinuityGuard(self.context_panel, self.tabs, self.open_path, self)
        self.continuity.statusMessage.connect(self.show_message)
        # What the first paint left out, built, loaded and started after it.
        self.first_paint = FirstPaint(self)
        self.warmup = Warmup(self, self.docks.warm_up_steps(), lambda: self.session.project)
        counting_process.count_in_child_processes()
        self._wire()
        self.recent.show(settings)
        self._update_title()
        self.resize(1280, 820)
        window_state.restore(self, self.splitter, self.view_menu, self.context_dock, DOCK_WIDTH)

    @property
    def project(self) -> Project | None:
        """The open project (the session's)."""
        return self.session.project

    @property
    def tracker_browser(self):  # type: ignore[no-untyped-def]
        """The tracker browser (built now if its dock was never shown)."""
        return self.tracker_dock.panel()

    @property
    def book_panel(self):  # type: ignore[no-untyped-def]
        """The 全书 panel (built now if its dock was never shown)."""
        return self.book_dock.panel()

    def _wire(self) -> None:
        """The one place where panels, actions and background services are connected."""
        # What the window itself does first when a project opens or files change, then each
        # panel, subscribed once, decides what concerns it.
        self.session.projectOpened.connect(self._project_opened)
        self.opening.opened.connect(self._remember_project)
        self.session.filesChanged.connect(self._files_changed)
        self.session.filesChanged.connect(self.continuity.files_changed)
        self.session.subscribe(self.status)  # first: nothing about the last book stays
        for panel in (self.tree, self.summary_policy, self.summaries, self.context_panel):
            self.session.subscribe(panel)  # the docks built later join when they are
        self.tree.openRequested.connect(self.open_path)
        self.tree.pinRequested.connect(self.context_panel.pin_path)
        self.tabs.currentEditorChanged.connect(self._current_editor_changed)
        self.tabs.bufferChanged.connect(self.context_panel.schedule_rebuild)
        self.tabs.selectionChanged.connect(self.context_panel.selection_changed)
        self.tabs.pinRequested.connect(self.context_panel.pin_path)
        self.tabs.summaryRegenerateRequested.connect(self.summary_policy.regenerate)
        self.context_panel.openSourceRequested.connect(self.chapters.open_source)
        self.context_panel.chapterTypeRequested.connect(self.chapters.set_chapter_type)
        self.context_panel.statusMessage.connect(self.show_message)
        self.context_panel.summaryRegenerateRequested.connect(self.summary_policy.regenerate)
        self.context_panel.agentChosen.connect(self.prepare.set_default_agent)
        self.context_panel.agentChosen.connect(self.actions_.set_default_agent)
        self.tabs.ziChanged.connect(self.status.set_chapter_zi)
        self.tree.totalChanged.connect(self.status.set_total_zi)  # the rows' sum, not a rescan
        self.tabs.modifiedChanged.connect(self.status.set_modified)
        self.tabs.documentSaved.connect(self._document_saved)
        self.tabs.documentClean.connect(self._document_clean)
        self.tabs.statusMessage.connect(self.show_message)
        self.summary_policy.statusChanged.connect(self.status.set_jobs)
        self.summary_policy.unreadFailures.connect(self.actions_.set_unread_failures)
        self.summary_policy.statusMessage.connect(self.show_message)
        wire_actions(self)  # the menus, the toolbar and the welcome page
        self.prepare.statusMessage.connect(self.show_message)
        self.prepare.chapterWritten.connect(self._document_saved)
        self.prepare.openRequested.connect(self.open_path)
        self.prepare.fileCreated.connect(lambda _path: self.tree.refresh())
        self.chapters.statusMessage.connect(self.show_message)
        self.book_routes = BookRoutes(self)
        self.upkeep = wire_upkeep(self)

    # --- project -----------------------------------------------------------------------

    def open_project(self, folder: Path | str) -> bool:
        """Open a novel folder (closing the current one, asking about unsaved edits)."""
        return self.opening.open_project(folder)

    def _remember_project(self, project: Project) -> None:
        """Opened: first among the recent projects, named in the title."""
        self.settings = self.recent.remember(self.settings, project.root)
        self._update_title()

    def background_pending(self) -> bool:
        """Whether what the open or a save left to threads (the tree's titles and counts, the
        tracker files and ledger, the save's line in the writing statistics) is still to come."""
        pending = self.tree.counts_pending() or self.docks.loading_pending()
        return pending or self.tabs.save_stats.is_busy()

    def _refresh_project(self) -> None:
        if self.project:
            self.project.rescan()
            self.tree.refresh()

    def _project_opened(self, project: Project) -> None:
        """Before the panels: the editor area replaces the welcome page, the tabs start over."""
        self.central.setCurrentWidget(self.splitter)
        self.tabs.set_project(None)
        self.tabs.set_project(project)

    # --- chapters and documents --------------------------------------------------------

    def open_path(self, path: Path) -> ChapterEditor | None:
        """Open a file of the project in a tab."""
        return self.tabs.open_file(path) if self.project else None

    def _current_editor_changed(self, editor: ChapterEditor | None) -> None:
        if editor is None:
            self.status.set_chapter_zi(None)
            self.status.set_modified(None)
            return
        self.tree.select_path(editor.path)
        if self.project is not None:  # a plan is its chapter's; other files belong to none
            self.session.focus_chapter(self.project.chapter_for_path(editor.path))

    def _document_saved(self, path: Path) -> None:
        if self.project is None:
            return
        saved = self.tabs.editor_for(path)
        # Told as saved here, so the folder watch does not report it again.
        self.session.saved(path, saved.loaded.sha256 if saved is not None else None)
        ref = self.project.chapter_at(path)
        if ref is not None:
            self.summary_policy.chapter_saved(ref.number)
        self._document_clean(path)

    def _document_clean(self, path: Path) -> None:
        self.context_panel.schedule_rebuild()
        generated = (Role.ROLLING_SUMMARY, Role.FIXED_CONTEXT)
        if self.project and path in {self.project.role_path(role) for role in generated}:
            self.summaries.write_held()

    def has_unsaved_edits(self, path: Path) -> bool:
        """Whether `path` is open with unsaved edits (the write guard of summaries and trackers)."""
        editor = self.tabs.editor_for(path)
        return editor is not None and editor.is_modified()

    # --- files changed by other programs -----------------------------------------------

    def _files_changed(self, paths: set[Path], on_disk: bool) -> None:
        """Before the panels: open documents another program changed are reloaded."""
        if not on_disk:
            return
        self.external_batches += 1
        touched = self.tabs.reload_changed(paths)
        if len(paths) > 1:
            self.show_message(
                self.tr("%1 files changed on disk; %2 open documents affected")
                .replace("%1", str(len(paths)))
                .replace("%2", str(touched))
            )

    def open_book_search(self):  # type: ignore[no-untyped-def]
        """Show 编辑 ▸ 在全书中搜索 (built when first asked for, then kept with its results)."""
        if self.book_search is None:
            from workbench.gui.book_search import BookSearch  # not for the first paint

            self.book_search = BookSearch(self)
            self.book_search.openRequested.connect(self._open_search_hit)
            self.session.join(self.book_search)
        self.book_search.open()
        return self.book_search

    def _open_search_hit(self, chapter: int, line: int, word: str) -> None:
        editor = self.chapters.open_chapter(chapter)
        if editor is not None:
            editor.reveal_line(line, word)
            self.activateWindow()

    def open_usage(self):  # type: ignore[no-untyped-def]
        """Show Feed ▸ Usage (the book's calls by chapter, agent, day and model)."""
        if self.usage_view is None:
            from workbench.gui.usage.view import UsageView  # not for the first paint

            self.usage_view = UsageView(self)
            self.prepare.usageRecorded.connect(self.usage_view.reload)
        return self.usage_view.open_for(self.project)

    # --- settings and language ---------------------------------------------------------

    def edit_settings(self) -> None:
        """Show the settings dialog; on OK save the settings to the user folder and apply them."""
        settings_apply.edit_settings(self)

    def apply_settings(self, settings: Settings) -> None:
        """Save `settings` (user config folder only) and apply font, language and backend."""
        settings_apply.apply_settings(self, settings)

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate the menus and title when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.actions_.retranslate()
            self.view_menu.retranslate()
            self.summary_policy.retranslate()
            self._update_title()
        super().changeEvent(event)

    # --- status and title --------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """A transient message on the left of the status bar."""
        self.status.showMessage(text, MESSAGE_MS)

    def _update_title(self) -> None:
        name = self.project.root.name if self.project else self.tr("no project open")
        self.setWindowTitle(f"{name} — Workbench")

    # --- window state and closing ------------------------------------------------------

    def save_window_state(self) -> None:
        """Remember geometry, dock layout and splitter sizes for the next start."""
        window_state.save(self, self.splitter, self.view_menu)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved edits, then stop the watcher and the summary worker."""
        if not self._closed and not self.tabs.close_all():
            event.ignore()
            return
        self.shut_down()
        event.accept()

    def shut_down(self) -> None:
        """Stop background work and remember the window; safe to call more than once."""
        if self._closed:
            return
        self._closed = True
        self.save_window_state()
        self.tabs.autosave_timer.stop()
        self.tabs.save_stats.shut_down()
        self.prepare.shut_down()
        self.warmup.shut_down()
        counting_process.count_here_again()
        if self.usage_view is not None:
            self.usage_view.close()
        self.continuity.shut_down()
        self.session.shut_down()  # every panel's work stops, then the watch and the lock
