"""The Prepare feed dialog: the checklist with its fixes, the preview, Copy / Save / Send, a
draft tab per reply, and the chapter's feed history.

It never builds a feed from files it reads itself: the `builder` it is given (the main
window's, which includes unsaved editor text) makes each feed, so what is previewed, copied,
saved and sent is one and the same Markdown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.calls.request import missing_key, send_settings
from workbench.errors import WorkbenchError
from workbench.feed import Feed, token_counter
from workbench.feed.fixes import Fix, FixKind, checklist_fixes
from workbench.feed.history import save_feed
from workbench.feed.prompt import chat_messages
from workbench.feed.render import feed_markdown
from workbench.gui.checklist_labels import checklist_label
from workbench.gui.file_problems import problem_text
from workbench.gui.prepare.checklist_view import ChecklistView
from workbench.gui.prepare.draft_view import DraftView
from workbench.gui.prepare.history_view import HistoryView
from workbench.gui.prepare.preview import FeedPreview
from workbench.gui.prepare.send import SendJob
from workbench.settings import Settings

log = logging.getLogger(__name__)

REASON_STYLE = "color: #b3261e;"
COPIED_MS = 2000  # how long the Copy button says it copied


class PrepareFeedDialog(QDialog):
    """Everything between pressing Prepare and working on what the agent sent back."""

    fixRequested = Signal(object)  # Fix
    draftSaveRequested = Signal(object, bool)  # DraftView, append
    editPromptsRequested = Signal()
    statusMessage = Signal(str)
    usageRecorded = Signal(object)  # UsageRecord of a send

    def __init__(
        self,
        project: Project,
        settings: Settings,
        agent: str,
        chapter: int,
        builder: Callable[[], Feed],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("prepareFeedDialog")
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint, True)
        self.project = project
        self.settings = settings
        self.agent = agent
        self.chapter = chapter
        self.builder = builder
        self.feed: Feed | None = None
        self.markdown = ""
        self.fixes: list[Fix] = []
        self.jobs: list[SendJob] = []
        self.build_error = ""
        self.last_error = ""  # the latest failure (a send, a fix), shown until the next try

        self.heading = QLabel(self)
        self.heading.setStyleSheet("font-size: 15px; font-weight: bold;")
        self.refresh_button = QPushButton(self)
        self.refresh_button.setObjectName("refreshButton")
        self.prompts_button = QPushButton(self)
        self.prompts_button.setObjectName("editPromptsButton")
        self.checklist_title = QLabel(self)
        self.checklist_title.setStyleSheet("font-weight: bold;")
        self.checklist = ChecklistView(self)
        self.totals = QLabel(self)
        self.totals.setObjectName("feedTotals")
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("prepareTabs")
        self.tabs.setTabsClosable(False)
        self.preview = FeedPreview(self)
        self.history = HistoryView(project, chapter, agent, self.current_markdown, self)
        self.tabs.addTab(self.preview, "")
        self.tabs.addTab(self.history, "")
        self.reason = QLabel(self)
        self.reason.setObjectName("notReadyReason")
        self.reason.setWordWrap(True)
        self.reason.setStyleSheet(REASON_STYLE)
        self.copy_button = QPushButton(self)
        self.copy_button.setObjectName("copyButton")
        self.copy_anyway_button = QPushButton(self)
        self.copy_anyway_button.setObjectName("copyAnywayButton")
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("saveButton")
        self.send_button = QPushButton(self)
        self.send_button.setObjectName("sendButton")
        self.send_button.setDefault(True)
        self.close_button = QPushButton(self)
        self.close_button.setObjectName("closeButton")

        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.prompts_button)
        top.addWidget(self.refresh_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.reason, 1)
        for button in (
            self.copy_anyway_button,
            self.copy_button,
            self.save_button,
            self.send_button,
            self.close_button,
        ):
            bottom.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.checklist_title)
        layout.addWidget(self.checklist)
        layout.addWidget(self.totals)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(bottom)

        self.refresh_button.clicked.connect(self.refresh)
        self.prompts_button.clicked.connect(self.editPromptsRequested)
        self.copy_button.clicked.connect(self.copy)
        self.copy_anyway_button.clicked.connect(self.copy_anyway)
        self.save_button.clicked.connect(self.save)
        self.send_button.clicked.connect(self.send)
        self.close_button.clicked.connect(self.close)
        self.checklist.fixRequested.connect(self.fixRequested)
        self.resize(1120, 680)
        self.retranslate()
        self.refresh()

    # --- texts -------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Set every text in the current language."""
        self.setWindowTitle(self.tr("Prepare %1 feed").replace("%1", self.agent))
        self.refresh_button.setText(self.tr("Rebuild"))
        self.prompts_button.setText(self.tr("Edit system message…"))
        self.checklist_title.setText(self.tr("Context actually fed this time (checklist)"))
        self.tabs.setTabText(0, self.tr("Preview"))
        self.tabs.setTabText(1, self.tr("History"))
        self._copy_labels()
        self.save_button.setText(self.tr("Save"))
        self.send_button.setText(self.tr("Send to model"))
        self.close_button.setText(self.tr("Close"))
        self._show_feed()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- the feed ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Build the feed again (after a fix, an edit, a change on disk) and show it."""
        try:
            self.feed = self.builder()
        except (OSError, WorkbenchError) as error:
            self.feed, self.markdown, self.fixes = None, "", []
            self.build_error = problem_text(error)
        else:
            self.build_error = ""
            self.markdown = feed_markdown(self.feed)
            self.fixes = checklist_fixes(self.project, self.feed)
        self._show_feed()
        self.history.reload()

    def current_markdown(self) -> str:
        """The feed's Markdown exactly as Copy, Save and Send hand it on."""
        return self.markdown

    def _show_feed(self) -> None:
        feed = self.feed
        if feed is None:
            self.heading.setText(
                self.tr("%1 · chapter %2")
                .replace("%1", self.agent)
                .replace("%2", str(self.chapter))
            )
            self.totals.setText("")
            self.preview.show_problem(self.build_error)
        else:
            self.heading.setText(
                self.tr("%1 · chapter %2 · type %3 · stage %4")
                .replace("%1", feed.agent)
                .replace("%2", str(feed.chapter))
                .replace("%3", self._type_name(feed.template))
                .replace("%4", self._stage_name(feed.stage))
            )
            self.checklist.show_checklist(feed.checklist, self.fixes)
            self.totals.setText(self._totals_text(feed))
            self.preview.show_markdown(self.markdown)
        self._update_buttons()

    def _type_name(self, template: str) -> str:
        names = {
            "plot": self.tr("plot"),
            "battle": self.tr("battle"),
            "emotion": self.tr("emotion"),
            "transition": self.tr("transition"),
        }
        return names.get(template, template)

    def _stage_name(self, stage: str) -> str:
        names = {"early": self.tr("early"), "mid": self.tr("middle"), "late": self.tr("late")}
        return names.get(stage, stage)

    def _totals_text(self, feed: Feed) -> str:
        totals = feed.totals()["all"]
        profile = feed.profile
        room = profile.input_budget
        share = totals["tokens"] / room * 100 if room else 0.0
        return (
            self.tr(
                "Total %1 zi of a %2 zi budget · %3 tokens of %4 (%5: window %6 minus a %7 "
                "reply reserve) · %8%"
            )
            .replace("%1", f"{totals['chars']:,}")
            .replace("%2", f"{feed.budget:,}")
            .replace("%3", f"{totals['tokens']:,}")
            .replace("%4", f"{room:,}")
            .replace("%5", profile.label)
            .replace("%6", f"{profile.context_window:,}")
            .replace("%7", f"{profile.reply_reserve:,}")
            .replace("%8", f"{share:.1f}")
        )

    def set_settings(self, settings: Settings) -> None:
        """Use new settings (the endpoint and the model window) from now on."""
        self.settings = settings
        self._show_feed()

    # --- readiness ---------------------------------------------------------------------

    def not_ready_reason(self) -> str:
        """Why the feed may not be handed on ('' when it may)."""
        if self.feed is None:
            return self.tr("The feed could not be built: %1").replace("%1", self.build_error)
        if self.feed.ready:
            return ""
        missing = [
            checklist_label(item)
            for item in self.feed.checklist.items
            if item.applicable and not item.ok
        ]
        return self.tr(
            "Not ready — missing: %1. Use the buttons above to fix it (or Copy anyway)."
        ).replace("%1", self.tr(", ", "between the names of missing checklist lines").join(missing))

    def send_settings(self) -> Settings:
        """The settings a send uses: the author's endpoint, else the model profile's defaults
        (its base URL and model name; a key only ever comes from the settings)."""
        return send_settings(self.settings, self.feed.profile if self.feed else None)

    def send_blocked_reason(self) -> str:
        """Why Send is disabled ('' when it is not)."""
        reason = self.not_ready_reason()
        if reason:
            return reason
        settings = self.send_settings()
        llm = settings.llm
        if not llm.base_url or not llm.model:
            return self.tr(
                "No model endpoint configured: set the base URL and model in Settings "
                "(or WORKBENCH_LLM_BASE_URL and WORKBENCH_LLM_MODEL)."
            )
        profile = self.feed.profile if self.feed else None
        if profile and missing_key(self.settings, profile):
            return (
                self.tr("%1 (%2) needs an API key: set it in Settings.")
                .replace("%1", profile.label)
                .replace("%2", llm.base_url)
            )
        if any(job.is_running() for job in self.jobs):
            return self.tr("A reply is still arriving; cancel it or wait.")
        return ""

    def _update_buttons(self) -> None:
        not_ready = self.not_ready_reason()
        send_blocked = self.send_blocked_reason()
        self.copy_button.setEnabled(not not_ready)
        self.save_button.setEnabled(not not_ready)
        self.copy_anyway_button.setVisible(bool(not_ready) and self.feed is not None)
        self.send_button.setEnabled(not send_blocked)
        for button in (self.copy_button, self.save_button):
            button.setToolTip(not_ready)
        self.send_button.setToolTip(send_blocked)
        self.reason.setText("\n".join(t for t in (self.last_error, not_ready or send_blocked) if t))

    # --- copy, save, send --------------------------------------------------------------

    def copy(self) -> bool:
        """Put exactly the feed's Markdown on the clipboard (only when ready)."""
        if self.not_ready_reason():
            return False
        return self.copy_anyway()

    def copy_anyway(self) -> bool:
        """Copy the feed even when not ready; its checklist still shows every ✗."""
        if self.feed is None:
            return False
        QGuiApplication.clipboard().setText(self.markdown)
        self._show_copied()
        self.statusMessage.emit(
            self.tr("Copied the %1 feed (%2 字)")
            .replace("%1", self.agent)
            .replace("%2", str(self.feed.totals()["all"]["chars"]))
        )
        return True

    def _show_copied(self) -> None:
        """The dialog covers the window's status bar, so the button itself says it copied
        (已复制 ✓) for a moment."""
        for button in (self.copy_button, self.copy_anyway_button):
            if button.isVisible():
                button.setText(self.tr("Copied ✓"))
        QTimer.singleShot(COPIED_MS, self, self._copy_labels)

    def _copy_labels(self) -> None:
        self.copy_button.setText(self.tr("Copy"))
        self.copy_anyway_button.setText(self.tr("Copy anyway"))

    def save(self) -> bool:
        """Keep the feed under .workbench/feeds/ (only when ready)."""
        if self.not_ready_reason() or self.feed is None:
            return False
        return self._save(sent=False) is not None

    def _save(self, *, sent: bool):  # type: ignore[no-untyped-def]
        assert self.feed is not None
        try:
            path = save_feed(self.project, self.feed, self.markdown, "md", sent=sent)
        except OSError as error:
            self.show_error(self.tr("Cannot save the feed: %1").replace("%1", str(error)))
            return None
        self.history.reload()
        self.statusMessage.emit(self.tr("Saved %1").replace("%1", self.project.relative(path)))
        return path

    def send(self) -> SendJob | None:
        """Send the feed as a chat completion; the reply streams into a new draft tab."""
        if self.send_blocked_reason() or self.feed is None:
            return None
        messages = chat_messages(self.project, self.markdown)
        try:
            job = SendJob(
                self.project,
                self.send_settings(),
                self.chapter,
                self.agent,
                messages,
                self,
                profile=self.feed.profile,
            )
        except WorkbenchError as error:
            self.show_error(str(error))
            return None
        self.last_error = ""
        self._save(sent=True)
        counter = token_counter(self.project)
        view = DraftView(job, self.chapter, counter, self)
        view.saveRequested.connect(self.draftSaveRequested)
        view.discardRequested.connect(self.discard_draft)
        job.finished.connect(self._job_finished)
        job.failed.connect(self._job_failed)
        job.usageRecorded.connect(self.usageRecorded)
        self.jobs.append(job)
        index = self.tabs.addTab(view, self.tr("Draft %1").replace("%1", str(len(self.jobs))))
        self.tabs.setCurrentIndex(index)
        job.start()
        self._update_buttons()
        return job

    def _job_finished(self, _state: str) -> None:
        self._update_buttons()

    def _job_failed(self, reason: str) -> None:
        self.show_error(
            self.tr("The model call failed (the chapter is unchanged): %1").replace("%1", reason)
        )

    def show_error(self, message: str) -> None:
        """Say what failed, under the buttons, until the next attempt."""
        self.last_error = message
        self._update_buttons()

    def draft_views(self) -> list[DraftView]:
        """Every draft tab, oldest first."""
        return [
            w for i in range(self.tabs.count()) if isinstance(w := self.tabs.widget(i), DraftView)
        ]

    def discard_draft(self, view: DraftView) -> None:
        """Close a draft tab (its file stays in .workbench/drafts/)."""
        self.tabs.removeTab(self.tabs.indexOf(view))
        view.deleteLater()

    # --- background fixes --------------------------------------------------------------

    def fix_running(self, kind: FixKind, text: str = "") -> None:
        """Show a background fix as running (with progress text)."""
        self.checklist.set_running(kind, text)

    def fix_ended(self, kind: FixKind) -> None:
        """A background fix finished (written, failed or cancelled): rebuild the feed."""
        self.checklist.set_idle(kind)
        self.refresh()

    # --- closing -----------------------------------------------------------------------

    def shut_down(self) -> None:
        """Cancel replies still arriving (their drafts are kept) and stop the timers."""
        for job in self.jobs:
            job.cancel()

    def closeEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        """Closing the dialog cancels a reply still arriving; its partial draft is kept."""
        self.shut_down()
        super().closeEvent(event)
