"""The main window: a router. Panels emit requests; `_wire()` connects them; no panel reaches
into another, and every file operation goes through the Project."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QFileDialog, QMainWindow, QSplitter, QStackedWidget, QWidget

from workbench.book.importer import ImportPlan, plan_import, read_manuscript, write_import
from workbench.book.layout import Role
from workbench.book.lock import other_holder, release_lock, take_lock
from workbench.book.plans import with_chapter_type
from workbench.book.project import Project
from workbench.book.templates import create_project
from workbench.bundled import copy_sample_novel
from workbench.errors import WorkbenchError
from workbench.feed.pins import PINS_FILE, pin_ref
from workbench.gui import prompts
from workbench.gui.actions import WindowActions
from workbench.gui.book.dock import BookDock
from workbench.gui.context import ContextDock
from workbench.gui.continuity.view import ContinuityGuard
from workbench.gui.editor import ChapterEditor
from workbench.gui.editor_tabs import EditorTabs
from workbench.gui.fonts import editor_font
from workbench.gui.i18n import Language
from workbench.gui.import_dialog import ImportPreviewDialog
from workbench.gui.prepare.controller import PrepareFeed
from workbench.gui.project_tree import ProjectTree
from workbench.gui.settings_dialog import SettingsDialog
from workbench.gui.status import StatusBar
from workbench.gui.summaries.dialog import SummaryJobsDialog
from workbench.gui.summaries.model import SummaryJobsModel
from workbench.gui.summary_worker import SummaryQueue
from workbench.gui.trackers.dock import TrackerDock
from workbench.gui.usage.view import UsageView
from workbench.gui.view_menu import ViewMenu, fit_to_screen
from workbench.gui.watcher import ProjectWatcher
from workbench.gui.welcome import WelcomePage, sample_destination
from workbench.settings import Settings, config_dir, save_settings
from workbench.summaries.jobs import (
    FixedContextJob,
    SummaryJob,
    SummaryRange,
    estimated_tokens,
    summary_ranges,
)
from workbench.trackers.cache import release_project_cache

log = logging.getLogger(__name__)

MAX_RECENT = 10
MESSAGE_MS = 6000
WINDOW_STATE_FILE = "window.ini"
DOCK_WIDTH = 430


def window_state() -> QSettings:
    """Window geometry and splitter sizes, kept next to the user's settings (tests redirect it)."""
    return QSettings(str(config_dir() / WINDOW_STATE_FILE), QSettings.Format.IniFormat)


class MainWindow(QMainWindow):
    """Project tree | editor tabs | context and tracker docks, with a status bar."""

    def __init__(
        self, settings: Settings, language: Language, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.language = language
        self.project: Project | None = None
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
        self.context_dock = ContextDock(self)
        self.context_panel = self.context_dock.panel
        self.tracker_dock = TrackerDock(self)
        self.tracker_browser = self.tracker_dock.browser
        self.book_dock = BookDock(self)
        self.book_panel = self.book_dock.panel
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.context_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.tracker_dock)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.book_dock)
        self.tabifyDockWidget(self.context_dock, self.tracker_dock)
        self.tabifyDockWidget(self.tracker_dock, self.book_dock)
        self.context_dock.raise_()
        self.status = StatusBar(self)
        self.setStatusBar(self.status)
        self.actions_ = WindowActions(self)
        self.view_menu = ViewMenu(self, DOCK_WIDTH)
        self.watcher = ProjectWatcher(self)
        self.summaries = SummaryQueue(settings, self)
        self.summaries.set_write_guard(self.has_unsaved_edits)
        self.summary_jobs_model = SummaryJobsModel(self.summaries, self)
        self.summary_jobs = SummaryJobsDialog(self.summary_jobs_model, self)
        self.prepare = PrepareFeed(self, self)
        self.usage_view = UsageView(self)
        self.prepare.set_request_source(self.context_panel.request)
        self.context_panel.set_buffer_source(self.tabs.unsaved_buffers)
        # The contract name (#11) for both: the toolbar's button and the panel's are one action.
        self.context_panel.add_header_action(self.actions_.prepare_feed, "prepareFeedButton")
        self.continuity = ContinuityGuard(self.context_panel, self.tabs, self.open_path, self)
        self.continuity.statusMessage.connect(self.show_message)
        self._wire()
        self._fill_recent_menu()
        self._update_title()
        self.resize(1280, 820)
        self._restore_window_state()

    def _wire(self) -> None:
        """The one place where panels, actions and background services are connected."""
        self.tree.openRequested.connect(self.open_path)
        self.tree.pinRequested.connect(self.pin_path)
        self.tabs.currentEditorChanged.connect(self._current_editor_changed)
        self.tabs.bufferChanged.connect(self.context_panel.schedule_rebuild)
        self.tabs.pinRequested.connect(self.pin_path)
        self.tabs.summaryRegenerateRequested.connect(self.regenerate_summary)
        self.context_panel.openSourceRequested.connect(self.open_source)
        self.context_panel.chapterTypeRequested.connect(self.set_chapter_type)
        self.context_panel.statusMessage.connect(self.show_message)
        self.context_panel.summaryRegenerateRequested.connect(self.regenerate_summary)
        self.context_panel.agentChosen.connect(self.prepare.set_default_agent)
        self.context_panel.agentChosen.connect(self.actions_.set_default_agent)
        self.tabs.ziChanged.connect(self.status.set_chapter_zi)
        self.tabs.modifiedChanged.connect(self.status.set_modified)
        self.tabs.documentSaved.connect(self._document_saved)
        self.tabs.documentClean.connect(self._document_clean)
        self.tabs.statusMessage.connect(self.show_message)
        self.watcher.changed.connect(self._files_changed_on_disk)
        self.summaries.changed.connect(self._summary_status)
        self.summaries.failed.connect(self._summary_failed)
        self.summaries.done.connect(self._summary_done)
        self.summary_jobs.cancelRequested.connect(self.summaries.cancel)
        self.summary_jobs.regenerateRequested.connect(self.regenerate_summary)
        self.actions_.summary_jobs.triggered.connect(self.open_summary_jobs)
        self.actions_.usage.triggered.connect(self.open_usage)
        self.prepare.usageRecorded.connect(self.usage_view.reload)
        self.actions_.open_folder.triggered.connect(self.choose_project_folder)
        self.actions_.new_project.triggered.connect(self.choose_new_project_folder)
        self.actions_.import_manuscript.triggered.connect(self.choose_manuscript)
        self.actions_.save.triggered.connect(self.tabs.save_current)
        self.actions_.close_tab.triggered.connect(self.close_current_tab)
        self.actions_.settings.triggered.connect(self.edit_settings)
        self.actions_.quit.triggered.connect(self.close)
        self.welcome.openSampleRequested.connect(self.open_sample_copy)
        self.welcome.newProjectRequested.connect(self.choose_new_project_folder)
        self.welcome.openFolderRequested.connect(self.choose_project_folder)
        self.welcome.importRequested.connect(self.choose_manuscript)
        self.welcome.recentRequested.connect(self.open_project)
        self.actions_.find.triggered.connect(self.open_find_bar)
        self.actions_.previous_chapter.triggered.connect(self.previous_chapter)
        self.actions_.next_chapter.triggered.connect(self.next_chapter)
        self.actions_.new_chapter.triggered.connect(self.new_chapter)
        self.actions_.recent_menu.triggered.connect(self._recent_chosen)
        self.actions_.prepare_feed.triggered.connect(self.prepare.open_default)
        self.actions_.feed_menu.triggered.connect(self._prepare_agent_chosen)
        self.summaries.progress.connect(self.prepare.fix_progress)
        self.summaries.done.connect(self.prepare.fix_ended)
        self.summaries.cancelled.connect(self.prepare.fix_ended)
        self.summaries.failed.connect(self.prepare.fix_failed)
        self.prepare.statusMessage.connect(self.show_message)
        self.prepare.chapterWritten.connect(self._document_saved)
        self.tracker_browser.chapterRequested.connect(self.open_chapter)
        self.tracker_browser.fileRequested.connect(self.open_path)
        self.tracker_browser.pinRequested.connect(self.pin)
        self.tracker_browser.statusMessage.connect(self.show_message)
        self.tracker_browser.set_write_guard(self.has_unsaved_edits)
        self.book_panel.mentionRequested.connect(self._open_mention)
        self.book_panel.entrySelected.connect(self._select_ledger_entry)
        self.book_panel.filtersRequested.connect(self._show_ledger)
        self.tracker_browser.ledger.filtersChanged.connect(self._ledger_filters_changed)
        self.tabs.foreshadowingRequested.connect(self._foreshadowing_requested)

    # --- project -----------------------------------------------------------------------

    def open_project(self, folder: Path | str) -> bool:
        """Open a novel folder (closing the current one, asking about unsaved edits)."""
        try:
            project = Project.open(folder)
        except WorkbenchError as error:
            prompts.show_problem(self, self.tr("Cannot open project"), str(error))
            return False
        holder = other_holder(project)
        if holder and not prompts.ask_open_locked(self, holder.host, holder.pid, holder.since):
            return False
        if not self.tabs.close_all():
            return False
        self.watcher.stop()
        self._release_lock()
        if self.project is not None:
            release_project_cache(self.project)
        self.project = project
        self.central.setCurrentWidget(self.splitter)
        self._take_lock()
        self.tabs.set_project(None)
        self.tabs.set_project(project)
        self.tree.set_project(project)
        self.tracker_browser.set_project(project)
        self.book_panel.set_project(project)
        self.summaries.set_project(project)
        self.context_panel.set_project(project)
        self.watcher.start(project)
        self._remember_recent(project.root)
        self._update_title()
        self._update_total()
        restored = self.tabs.offer_recovery()
        if not restored and project.chapters:
            self.tabs.open_file(project.chapters[-1].path)
        return True

    def _take_lock(self) -> None:
        try:
            take_lock(self.project)
        except OSError as error:  # a read-only project can still be read
            log.warning("cannot write the lock file: %s", error)

    def _release_lock(self) -> None:
        if self.project is not None:
            with contextlib.suppress(OSError):
                release_lock(self.project)

    def open_sample_copy(self) -> bool:
        """Copy the bundled sample into a new folder of the author's (asking first) and open it."""
        target = sample_destination()
        if not prompts.ask_copy_sample(self, str(target)):
            return False
        try:
            copy_sample_novel(target)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self, self.tr("Cannot copy the sample novel"), str(error))
            return False
        return self.open_project(target)

    def choose_project_folder(self) -> None:
        """Ask for a folder and open it."""
        folder = QFileDialog.getExistingDirectory(self, self.tr("Open project folder"))
        if folder:
            self.open_project(folder)

    def choose_new_project_folder(self) -> None:
        """Ask for an empty folder, lay down a new project there and open it."""
        folder = QFileDialog.getExistingDirectory(self, self.tr("Folder for the new project"))
        if not folder:
            return
        try:
            create_project(folder)
        except WorkbenchError as error:
            prompts.show_problem(self, self.tr("Cannot create project"), str(error))
            return
        self.open_project(folder)

    def choose_manuscript(self) -> None:
        """Ask for a TXT/MD manuscript and a target folder, preview the split, then write it."""
        source, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Import manuscript"),
            "",
            self.tr("Manuscripts (*.txt *.md *.docx);;All files (*)"),
        )
        if not source:
            return
        start = str(self.project.root) if self.project else str(Path(source).parent)
        target = QFileDialog.getExistingDirectory(
            self, self.tr("Project folder to import into"), start
        )
        if target:
            self.import_manuscript(Path(source), Path(target))

    def import_manuscript(self, source: Path, target: Path) -> bool:
        """Split `source`, show the preview, and write the chapters into `target` if accepted."""

        def split_for(strip_boilerplate: bool) -> ImportPlan:
            split = read_manuscript(source, strip_boilerplate=strip_boilerplate)
            return plan_import(split, target)

        try:
            plan = split_for(False)
        except WorkbenchError as error:
            prompts.show_problem(self, self.tr("Cannot import"), str(error))
            return False
        dialog = ImportPreviewDialog(plan, self, replan=split_for)
        if dialog.exec() != ImportPreviewDialog.DialogCode.Accepted:
            return False
        plan = dialog.plan  # as the author last saw it (platform lines dropped or kept)
        try:
            write_import(plan)
        except WorkbenchError as error:
            prompts.show_problem(self, self.tr("Import failed"), str(error))
            return False
        if self.project and self.project.root == plan.project.root:
            self._refresh_project()
            return True
        return self.open_project(plan.project.root)

    def _refresh_project(self) -> None:
        if self.project:
            self.project.rescan()
            self.tree.refresh()
            self._update_total()

    def _remember_recent(self, root: Path) -> None:
        recent = [str(root), *(p for p in self.settings.recent_projects if p != str(root))]
        self.settings = self.settings.model_copy(update={"recent_projects": recent[:MAX_RECENT]})
        try:
            save_settings(self.settings)
        except (OSError, WorkbenchError) as error:
            log.warning("cannot save the recent projects list: %s", error)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        for folder in self.settings.recent_projects:
            action = menu.addAction(folder)
            action.setData(folder)
        menu.setEnabled(bool(self.settings.recent_projects))
        self.welcome.set_recent(self.settings.recent_projects)

    def _recent_chosen(self, action) -> None:
        self.open_project(action.data())

    def _prepare_agent_chosen(self, action) -> None:
        if action.data():
            self.prepare.open_for(action.data())

    # --- chapters and documents --------------------------------------------------------

    def open_path(self, path: Path) -> ChapterEditor | None:
        """Open a file of the project in a tab."""
        return self.tabs.open_file(path) if self.project else None

    def _current_chapter_index(self) -> int | None:
        editor = self.tabs.current_editor()
        if self.project is None or editor is None or editor.chapter is None:
            return None
        return next(
            (i for i, ref in enumerate(self.project.chapters) if ref.path == editor.path), None
        )

    def previous_chapter(self) -> None:
        """Open the chapter before the one in front."""
        index = self._current_chapter_index()
        if self.project and index is not None and index > 0:
            self.open_path(self.project.chapters[index - 1].path)

    def next_chapter(self) -> None:
        """Open the chapter after the one in front."""
        index = self._current_chapter_index()
        if self.project and index is not None and index + 1 < len(self.project.chapters):
            self.open_path(self.project.chapters[index + 1].path)

    def new_chapter(self) -> ChapterEditor | None:
        """Create the next chapter (highest number + 1) with its heading, and open it."""
        if self.project is None:
            return None
        number = max((ref.number for ref in self.project.chapters), default=0) + 1
        try:
            written = self.project.save_chapter(number, f"# 第{number}章 \n\n")
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self, self.tr("Cannot create chapter"), str(error))
            return None
        self._refresh_project()
        editor = self.open_path(written.path)
        if editor:
            editor.move_cursor_to_end()
        return editor

    def close_current_tab(self) -> None:
        """Close the tab in front (asking about unsaved edits)."""
        if self.tabs.currentIndex() >= 0:
            self.tabs.close_tab(self.tabs.currentIndex())

    def open_find_bar(self) -> None:
        """Show find and replace in the editor in front."""
        editor = self.tabs.current_editor()
        if editor:
            editor.open_find_bar()

    def _current_editor_changed(self, editor: ChapterEditor | None) -> None:
        if editor is None:
            self.status.set_chapter_zi(None)
            self.status.set_modified(None)
            return
        self.tree.select_path(editor.path)
        if self.project is not None:
            # A chapter or its plan moves the tracker browser; other files leave it be.
            self.tracker_browser.follow_editor_chapter(self.project.chapter_for_path(editor.path))
            self.book_panel.follow_editor_chapter(self.project.chapter_for_path(editor.path))
        if self.project is not None:
            # A plan shows its chapter; a tracker or any other file, the last chapter.
            chapter = self.project.chapter_for_path(editor.path)
            if chapter is None and self.project.chapters:
                chapter = self.project.chapters[-1].number
            if chapter is not None:
                self.context_panel.follow_chapter(chapter)

    def open_source(self, path: Path, heading: str = "", find: str = "") -> ChapterEditor | None:
        """Open a file the context panel names, at its section (or at the text to find)."""
        if not Path(path).is_file():
            self.show_message(self.tr("%1 does not exist").replace("%1", str(path)))
            return None
        editor = self.open_path(path)
        if editor is not None and (heading or find):
            editor.reveal(heading, find)
        return editor

    # --- pins and chapter types --------------------------------------------------------

    def pin(self, ref: str) -> bool:
        """Pin a reference (as in meta/pins.json) into the feeds; the context panel says
        why when it cannot be pinned. The tracker browser pins its entries here."""
        return self.context_panel.pin(ref)

    def pin_path(self, path: Path, section: str = "") -> bool:
        """Pin a file of the project, or one section of it."""
        if self.project is None:
            return False
        return self.pin(pin_ref(self.project, path, section))

    def set_chapter_type(self, chapter: int, chapter_type: str) -> bool:
        """Write `type:` into chapter N's plan front matter, nothing else in the file; with
        no plan file the panel shows the type without keeping it."""
        if self.project is None:
            return False
        path = self.project.plan_file(chapter)
        if path is None:
            self.context_panel.use_chapter_type(chapter, chapter_type)
            self.show_message(
                self.tr("Chapter %1 has no plan file; the type is used in the panel only").replace(
                    "%1", str(chapter)
                )
            )
            return False
        editor = self.tabs.editor_for(path)
        if editor is not None and editor.is_modified():
            prompts.show_problem(
                self,
                self.tr("Chapter type not changed"),
                self.tr("The plan %1 has unsaved edits; save or discard them first.").replace(
                    "%1", self.project.relative(path)
                ),
            )
            self.context_panel.rebuild_now()
            return False
        try:
            self.project.plan(chapter)  # a plan that does not parse is never rewritten
            # Read and rewritten under the plan's lock (the summary process may be writing).
            retyped = lambda now: with_chapter_type(now.text if now else "", chapter_type, path)  # noqa: E731
            self.project.update(path, retyped)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self, self.tr("Chapter type not changed"), str(error))
            self.context_panel.rebuild_now()
            return False
        self.tabs.reload_changed({path})
        self.context_panel.rebuild_now()
        return True

    def _document_saved(self, path: Path) -> None:
        if self.project is None:
            return
        saved = self.tabs.editor_for(path)
        if saved is not None:  # handled here, so not again when the watcher sees it
            self.watcher.saved_here(path, saved.loaded.sha256)
        ref = next((r for r in self.project.chapters if r.path == path), None)
        self.tree.refresh_paths({path})
        if path == self.project.root / PINS_FILE:
            self.context_panel.pin_model.reload()
        self.tracker_browser.files_changed({path})
        self.book_panel.files_changed({path})
        self._update_total()
        if ref is not None:
            jobs = self.summaries.jobs_for_saved_chapter(ref.number)
            self.queue_summaries(jobs, self.tr("Saving chapter %1").replace("%1", str(ref.number)))
        self._document_clean(path)

    def _document_clean(self, path: Path) -> None:
        self.context_panel.schedule_rebuild()
        generated = (Role.ROLLING_SUMMARY, Role.FIXED_CONTEXT)
        if self.project and path in {self.project.role_path(role) for role in generated}:
            self.summaries.write_held()

    def open_chapter(self, number: int) -> ChapterEditor | None:
        """Open chapter N, or its plan when the chapter is not written yet."""
        if self.project is None:
            return None
        ref = self.project.chapter(number)
        path = ref.path if ref else self.project.plan_file(number)
        if path is None:
            self.show_message(
                self.tr("Chapter %1 has neither text nor a plan yet").replace("%1", str(number))
            )
            return None
        return self.open_path(path)

    def _open_mention(self, number: int, name: str) -> None:
        editor = self.open_chapter(number)
        offset = self.book_panel.first_mention(editor.shown_text(), name) if editor else None
        if offset is not None:
            editor.reveal_at(offset)

    def _show_ledger(self) -> None:
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        self.tracker_browser.tabs.setCurrentWidget(self.tracker_browser.ledger)

    def _select_ledger_entry(self, entry_id: str) -> None:
        self._show_ledger()
        self.tracker_browser.ledger.select(entry_id)

    def _ledger_filters_changed(self) -> None:
        self.book_panel.set_ledger_criteria(*self.tracker_browser.ledger.criteria())

    def _foreshadowing_requested(self, text: str, chapter: int | None) -> None:
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        self.tracker_browser.new_entry_from_selection(text, chapter)

    def has_unsaved_edits(self, path: Path) -> bool:
        """Whether `path` is open with unsaved edits (the write guard of summaries and trackers)."""
        editor = self.tabs.editor_for(path)
        return editor is not None and editor.is_modified()

    # --- files changed by other programs -----------------------------------------------

    def _files_changed_on_disk(self, paths: set[Path]) -> None:
        if self.project is None:
            return
        self.external_batches += 1
        self.project.relist(paths)
        touched = self.tabs.reload_changed(paths)
        self.tree.refresh_paths(paths)
        self.tracker_browser.files_changed(paths)
        self.book_panel.files_changed(paths)
        self._update_total()
        if self.project.root / PINS_FILE in paths:
            self.context_panel.pin_model.reload()
        self.context_panel.schedule_rebuild()
        if len(paths) > 1:
            self.show_message(
                self.tr("%1 files changed on disk; %2 open documents affected")
                .replace("%1", str(len(paths)))
                .replace("%2", str(touched))
            )

    # --- summaries ---------------------------------------------------------------------

    def queue_summaries(self, jobs: list[SummaryJob], why: str) -> list[int]:
        """Queue summary jobs, asking first for more than one or for any paid (model
        endpoint) job; returns the ids queued ([] when the author said no)."""
        if not jobs or self.project is None:
            return []
        remote = self.summaries.uses_remote_backend()
        if len(jobs) > 1 or remote:
            tokens = estimated_tokens(self.project, jobs) if remote else None
            labels = [job.label for job in jobs]
            if not prompts.ask_queue_summaries(self, why, labels, tokens):
                self.show_message(
                    self.tr(
                        "%1 rolling summaries not queued; Feed ▸ Summary jobs queues them"
                    ).replace("%1", str(len(jobs)))
                )
                return []
        return [self.summaries.submit(job) for job in jobs]

    def regenerate_summary(self, start: int, end: int) -> list[int]:
        """重新生成 one range of the rolling summary (asking first for a section written by
        hand, which it replaces, or for a paid job)."""
        if self.project is None:
            return []
        job = SummaryJob(start, end)
        try:
            ranges = summary_ranges(self.project)
        except (OSError, WorkbenchError) as error:  # nothing is written to a file it cannot read
            prompts.show_problem(
                self, self.tr("Cannot regenerate %1").replace("%1", job.label), str(error)
            )
            return []
        hand_written = next(
            (r.hand_written for r in ranges if (r.start, r.end) == (start, end)), False
        )
        if hand_written and not prompts.ask_replace_hand_written(self, job.label):
            return []
        return self.queue_summaries([job], self.tr("Regenerating %1").replace("%1", job.label))

    def summary_ranges(self) -> list[SummaryRange]:
        """The rolling-summary file's sections: which were written by hand, which are stale
        (none, with the reason in the status bar, when the file cannot be read)."""
        if self.project is None:
            return []
        try:
            return summary_ranges(self.project)
        except (OSError, WorkbenchError) as error:
            self.show_message(
                self.tr("Cannot read the rolling summaries: %1").replace("%1", str(error))
            )
            return []

    def open_summary_jobs(self) -> SummaryJobsDialog:
        """Show Feed ▸ Summary jobs (the queue, cancel, regenerate a range)."""
        self.summary_jobs.set_sections(self.summary_ranges())
        self.summary_jobs.show()
        self.summary_jobs.raise_()
        return self.summary_jobs

    def open_usage(self) -> UsageView:
        """Show Feed ▸ Usage (the book's calls by chapter, agent, day and model)."""
        self.usage_view.set_project(self.project)
        self.usage_view.show()
        self.usage_view.raise_()
        return self.usage_view

    def _summary_status(self) -> None:
        self.status.set_jobs(self.summaries.describe())

    def _summary_failed(self, _job_id: int, label: str, reason: str) -> None:
        self.show_message(
            self.tr("Summary %1 failed: %2").replace("%1", label).replace("%2", reason)
        )

    def _summary_done(self, _job_id: int, label: str) -> None:
        if label == FixedContextJob().label:
            self.show_message(self.tr("Fixed context written to references/fixed-context.md"))
            return
        self.show_message(self.tr("Summary %1 written to rolling-summary.md").replace("%1", label))

    # --- settings and language ---------------------------------------------------------

    def edit_settings(self) -> None:
        """Show the settings dialog; on OK save the settings to the user folder and apply them."""
        dialog = SettingsDialog(self.settings, self)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.apply_settings(dialog.edited_settings())

    def apply_settings(self, settings: Settings) -> None:
        """Save `settings` (user config folder only) and apply font, language and backend."""
        try:
            save_settings(settings)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(self, self.tr("Cannot save settings"), str(error))
            return
        self.settings = settings
        self.tabs.set_editor_font(
            editor_font(settings.editor_font_family, settings.editor_font_size)
        )
        self.summaries.set_settings(settings)
        self.prepare.set_settings(settings)
        self.context_panel.rebuild_now()  # the model profile, its window and tokenizer may differ
        if settings.ui_language != self.language.current:
            self.language.apply(settings.ui_language)

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate the menus and title when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.actions_.retranslate()
            self.view_menu.retranslate()
            self.summary_jobs.retranslate()
            self._update_title()
            self._summary_status()
        super().changeEvent(event)

    # --- status and title --------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """A transient message on the left of the status bar."""
        self.status.showMessage(text, MESSAGE_MS)

    def _update_total(self) -> None:
        try:
            self.status.set_total_zi(self.project.total_zi() if self.project else None)
        except (OSError, WorkbenchError) as error:
            log.warning("cannot count the book: %s", error)

    def _update_title(self) -> None:
        name = self.project.root.name if self.project else self.tr("no project open")
        self.setWindowTitle(f"{name} — Workbench")

    # --- window state and closing ------------------------------------------------------

    def _restore_window_state(self) -> None:
        state = window_state()
        geometry = state.value("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        layout = state.value("windowState")
        if layout is not None:
            self.restoreState(layout)
        else:
            self.resizeDocks([self.context_dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        splitter = state.value("splitter")
        if splitter is not None:
            self.splitter.restoreState(splitter)
        self.view_menu.restore(state)
        fit_to_screen(self)

    def save_window_state(self) -> None:
        """Remember geometry, dock layout and splitter sizes for the next start."""
        state = window_state()
        state.setValue("geometry", self.saveGeometry())
        state.setValue("windowState", self.saveState())
        state.setValue("splitter", self.splitter.saveState())
        self.view_menu.save(state)
        state.sync()

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
        self._release_lock()
        self.save_window_state()
        self.tabs.autosave_timer.stop()
        self.watcher.stop()
        self.prepare.shut_down()
        self.usage_view.close()
        self.summaries.shutdown()
        self.context_panel.shutdown()
        self.continuity.shutdown()
        self.book_panel.shut_down()
        if self.project is not None:
            release_project_cache(self.project)
