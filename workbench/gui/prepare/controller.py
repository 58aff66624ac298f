"""The prepare flow's side of the router: which feed the button asks for, running the
checklist's fixes through the window's services, and writing a draft into its chapter.

The main window owns one of these, handing it the project session, the editor tabs and the
summary policy; the dialog only emits requests, so it never reaches into them itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from workbench.book.counting import count_zi
from workbench.book.drafts import save_draft_to_chapter
from workbench.errors import WorkbenchError
from workbench.feed.fixes import Fix, FixKind, ensure_fix_file
from workbench.feed.prompt import ensure_prompts_file
from workbench.feed.recipes import AGENTS
from workbench.gui import prompts
from workbench.gui.engine_words import engine_text, job_message
from workbench.gui.prepare.anchor_dialog import StyleAnchorDialog
from workbench.summaries.jobs import FixedContextJob, pending_jobs

if TYPE_CHECKING:
    from workbench.gui.context.worker import FeedRequest
    from workbench.gui.editor_tabs import EditorTabs
    from workbench.gui.prepare.dialog import PrepareFeedDialog
    from workbench.gui.prepare.draft_view import DraftView
    from workbench.gui.session import ProjectSession
    from workbench.gui.summaries.policy import SummaryPolicy
    from workbench.settings import Settings

log = logging.getLogger(__name__)

DEFAULT_AGENT = "MainWriter"


class PrepareFeed(QObject):
    """Opens the dialog for the current chapter and carries out what it asks for."""

    statusMessage = Signal(str)
    chapterWritten = Signal(object)  # Path of a chapter a draft was saved into
    openRequested = Signal(object)  # Path of a file the author should see (a fix made it)
    fileCreated = Signal(object)  # Path (or None) of what a fix laid down: the tree re-lists
    usageRecorded = Signal(object)  # UsageRecord of a send

    def __init__(
        self,
        session: ProjectSession,
        tabs: EditorTabs,
        summaries: SummaryPolicy,
        settings: Settings,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.tabs = tabs
        self.summaries = summaries
        self.settings = settings
        summaries.queue.progress.connect(self.fix_progress)
        summaries.queue.done.connect(self.fix_ended)
        summaries.queue.cancelled.connect(self.fix_ended)
        summaries.queue.failed.connect(self.fix_failed)
        session.projectOpened.connect(lambda _project: self.close_idle_dialog())
        self.parent_widget = parent  # the dialogs' and message boxes' parent
        self.default_agent = DEFAULT_AGENT
        self.dialog: PrepareFeedDialog | None = None
        self._fix_jobs: dict[int, FixKind] = {}
        self._request_source: Callable[[], FeedRequest] | None = None

    # --- which feed --------------------------------------------------------------------

    def set_default_agent(self, agent: str) -> None:
        """The agent the Prepare button builds for (the context panel's picker sets it)."""
        if agent in AGENTS:
            self.default_agent = agent

    def set_settings(self, settings) -> None:  # type: ignore[no-untyped-def]
        """New settings (an endpoint configured or changed): the open dialog uses them."""
        self.settings = settings
        if self.dialog is not None:
            self.dialog.set_settings(settings)

    def set_request_source(self, source: Callable[[], FeedRequest]) -> None:
        """Where the chapter and chapter type come from: the context panel's pickers, which
        follow the editor (a plan open in front shows the chapter it belongs to)."""
        self._request_source = source

    def current_request(self) -> tuple[int, str | None] | None:
        """(chapter, chapter type or None for the plan's) of the feed to prepare now."""
        project = self.session.project
        if project is None:
            return None
        if self._request_source is not None:
            request = self._request_source()
            return request.chapter, request.chapter_type
        return (project.chapters[-1].number if project.chapters else 1), None

    def selected_passage(self, chapter: int) -> tuple[int, int] | None:
        """The selection in chapter N's editor when it is in front, as offsets into the
        chapter's text. The context panel asks the same, so its feed and Prepare's agree."""
        editor = self.tabs.current_editor()
        if editor is None or editor.chapter != chapter:
            return None
        cursor = editor.text_edit.textCursor()
        if not cursor.hasSelection():
            return None
        shown = editor.text_edit.document().toRawText()
        # The file may use CRLF; the editor shows LF. Offsets index the file's text.
        extra = 1 if "\r\n" in editor.loaded.text else 0

        def offset(position: int) -> int:
            return position + extra * shown.count("\u2029", 0, position)

        return offset(cursor.selectionStart()), offset(cursor.selectionEnd())

    def unsaved_view(self):  # type: ignore[no-untyped-def]
        """The project as it reads with every unsaved editor buffer in place of its file."""
        project = self.session.project
        assert project is not None
        buffers = self.tabs.unsaved_buffers()
        return project.with_buffers(buffers) if buffers else project

    def open_default(self) -> PrepareFeedDialog | None:
        """The Prepare button: the default agent's feed for the current chapter."""
        return self.open_for(self.default_agent)

    def open_for(self, agent: str, chapter: int | None = None) -> PrepareFeedDialog | None:
        """Build `agent`'s feed for `chapter` (default: the current one); show the dialog."""
        project, current = self.session.project, self.current_request()
        if project is None or current is None:
            self.statusMessage.emit(self.tr("Open a project first."))
            return None
        chapter_type = current[1] if chapter in (None, current[0]) else None
        chapter = current[0] if chapter is None else chapter
        passage = None
        if AGENTS[agent].passage:
            passage = self.selected_passage(chapter)
            if passage is None:
                QMessageBox.information(
                    self.parent_widget,
                    self.tr("BattleAgent needs a passage"),
                    self.tr(
                        "Select the battle passage in chapter %1's editor first, then press "
                        "Prepare again: BattleAgent's feed is built around the selection."
                    ).replace("%1", str(chapter)),
                )
                return None

        def builder():  # type: ignore[no-untyped-def]
            # Built over the editors' unsaved text, read afresh at every rebuild; the builder
            # loads with the first Prepare (or the warm-up), not for the first paint.
            from workbench.feed.build import build_feed

            return build_feed(
                self.unsaved_view(), agent, chapter, chapter_type=chapter_type, passage=passage
            )

        key = (str(project.root), agent, chapter, chapter_type, passage)
        old = self.dialog
        if old is not None and old.property("requestKey") == key:
            # The same feed again: keep its draft tabs, rebuild over the text as it is now.
            old.refresh()
            old.show()
            old.raise_()
            return old
        if old is not None and any(job.is_running() for job in old.jobs):
            answer = QMessageBox.question(
                self.parent_widget,
                self.tr("A reply is still arriving"),
                self.tr(
                    "The %1 reply for chapter %2 is still arriving. Stop it (the partial draft "
                    "is kept in .workbench/drafts/) and prepare the new feed?"
                )
                .replace("%1", old.agent)
                .replace("%2", str(old.chapter)),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            if answer != QMessageBox.StandardButton.Yes:
                old.show()
                old.raise_()
                return old
        if old is not None:
            old.close()
            old.deleteLater()
        # The dialog brings the model client and httpx: loaded at the first Prepare (or by the
        # warm-up after the window is shown, gui/warmup.py), never for the first paint.
        from workbench.gui.prepare.dialog import PrepareFeedDialog

        dialog = PrepareFeedDialog(
            project, self.settings, agent, chapter, builder, self.parent_widget
        )
        dialog.setProperty("requestKey", key)
        dialog.fixRequested.connect(self.run_fix)
        dialog.draftSaveRequested.connect(self.save_draft)
        dialog.editPromptsRequested.connect(self.edit_prompts)
        dialog.statusMessage.connect(self.statusMessage)
        dialog.usageRecorded.connect(self.usageRecorded)
        self.dialog = dialog
        dialog.show()
        dialog.raise_()
        return dialog

    def close_idle_dialog(self) -> None:
        """Close the dialog unless a reply is still arriving in it (another project
        opened: its checklist and messages are about the old book)."""
        dialog = self.dialog
        if dialog is None or any(job.is_running() for job in dialog.jobs):
            return
        dialog.close()
        dialog.deleteLater()
        self.dialog = None

    # --- fixes -------------------------------------------------------------------------

    def run_fix(self, fix: Fix) -> None:
        """Do what a checklist fix button says."""
        project, dialog = self.session.project, self.dialog
        if project is None or dialog is None:
            return
        if fix.kind is FixKind.FIXED_CONTEXT:
            job_id = self.summaries.queue.submit(FixedContextJob())
            self._fix_jobs[job_id] = fix.kind
            dialog.fix_running(fix.kind, self.tr("Generating…"))
            return
        if fix.kind is FixKind.ROLLING_SUMMARY:
            jobs = [job for job in pending_jobs(project) if job.end < dialog.chapter]
            if not jobs:
                self.statusMessage.emit(
                    self.tr("No missing summary range closes before this chapter yet.")
                )
                return
            why = self.tr("The feed for chapter %1").replace("%1", str(dialog.chapter))
            queued = self.summaries.submit(jobs, why)  # asks first when it is a lot
            if not queued:
                return
            for job_id in queued:
                self._fix_jobs[job_id] = fix.kind
            dialog.fix_running(fix.kind, self.tr("Generating…"))
            return
        if fix.kind is FixKind.PASSAGE:
            self.statusMessage.emit(self.tr("Select the passage in the chapter editor first."))
            return
        if fix.kind is FixKind.STYLE_ANCHOR_PASSAGE:
            self.choose_style_anchor(dialog)
            return
        try:
            path = ensure_fix_file(project, fix)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(dialog, self.tr("Cannot create the file"), str(error))
            return
        project.rescan()
        self.fileCreated.emit(path)  # the tree lists what the fix laid down
        if path is not None:
            self.openRequested.emit(path)
        dialog.refresh()

    def choose_style_anchor(self, prepare: PrepareFeedDialog) -> None:
        """The style anchor from a passage the author selects in their own chapters; once
        written it opens, and the feed is built again."""
        project = self.session.project
        if project is None:
            return
        dialog = StyleAnchorDialog(project, prepare.chapter, prepare)

        def created() -> None:
            if self.session.project is not project or dialog.created is None:
                return
            project.rescan()
            path = project.root / dialog.created
            self.fileCreated.emit(path)  # the tree lists the new anchor
            self.openRequested.emit(path)
            self.statusMessage.emit(
                self.tr(
                    "%1 written: its 正面样例 is your passage; the other sections are yours"
                ).replace("%1", dialog.created)
            )
            if self.dialog is not None:
                self.dialog.refresh()

        dialog.accepted.connect(created)
        dialog.open()

    def fix_progress(self, job_id: int, text: str) -> None:
        """A background fix reported progress."""
        kind = self._fix_jobs.get(job_id)
        if kind is not None and self.dialog is not None:
            self.dialog.fix_running(kind, engine_text(job_message(text))[:40])

    def fix_ended(self, job_id: int, *_details: str) -> None:
        """A background fix is written, failed or was cancelled: show the feed afresh."""
        kind = self._fix_jobs.pop(job_id, None)
        if kind is None or self.dialog is None:
            return
        if kind not in self._fix_jobs.values():
            self.dialog.fix_ended(kind)

    def fix_failed(self, job_id: int, label: str, reason: object) -> None:
        """A background fix failed: say why in the dialog."""
        if job_id in self._fix_jobs and self.dialog is not None:
            said = engine_text(reason)
            self.dialog.show_error(
                self.tr("%1 was not generated: %2").replace("%1", label).replace("%2", said)
            )
        self.fix_ended(job_id)

    def edit_prompts(self) -> None:
        """Open the project's system-message template (created from the shipped one)."""
        project = self.session.project
        if project is None:
            return
        try:
            path = ensure_prompts_file(project)
        except OSError as error:
            prompts.show_problem(self.dialog, self.tr("Cannot create the file"), str(error))
            return
        self.openRequested.emit(path)

    # --- drafts ------------------------------------------------------------------------

    def save_draft(self, view: DraftView, append: bool) -> bool:
        """Write a draft into its chapter: replacing the text (asked first) or appended, the
        old text backed up in .workbench/backups/ either way. Never over unsaved edits in the
        editor."""
        project = self.session.project
        if project is None:
            return False
        number, draft = view.chapter, view.text()
        ref = project.chapter(number)
        editor = self.tabs.editor_for(ref.path) if ref else None
        if editor is not None and editor.is_modified():
            prompts.show_problem(
                view,
                self.tr("Chapter has unsaved edits"),
                self.tr(
                    "Chapter %1 has unsaved edits in the editor. Save or discard them first; "
                    "the draft stays here."
                ).replace("%1", str(number)),
            )
            return False
        current = project.read(ref.path).text if ref else ""
        if not append and current.strip():
            answer = QMessageBox.question(
                view,
                self.tr("Replace the chapter?"),
                self.tr(
                    "Replace chapter %1 (%2 字) with the draft? The current text is kept as "
                    "a backup in .workbench/backups/."
                )
                .replace("%1", str(number))
                .replace("%2", str(count_zi(current))),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return False
        try:
            written, backup = save_draft_to_chapter(project, number, draft, append=append)
        except (OSError, WorkbenchError) as error:
            prompts.show_problem(view, self.tr("Cannot save the draft"), str(error))
            return False
        self._after_write(written.path, editor)
        kept = project.relative(backup) if backup is not None else ""
        view.mark_accepted(append, kept)
        message = self.tr("Draft written to %1").replace("%1", project.relative(written.path))
        if kept:
            message += self.tr(" (old text kept in %1)").replace("%1", kept)
        self.statusMessage.emit(message)
        if self.dialog is not None:
            self.dialog.refresh()
        return True

    def _after_write(self, path: Path, editor) -> None:  # type: ignore[no-untyped-def]
        project = self.session.project
        assert project is not None
        if editor is not None:
            editor.load(project.read(path), keep_undo=True)
        self.chapterWritten.emit(path)

    # --- closing -----------------------------------------------------------------------

    def shut_down(self) -> None:
        """Cancel replies still arriving, wait a moment for their workers, close the dialog."""
        if self.dialog is not None:
            for job in self.dialog.jobs:
                job.close()
            self.dialog.close()
