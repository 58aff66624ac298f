"""One draft tab: the reply streaming in, tokens received and time elapsed, Cancel, and what
to do with the draft afterwards (save as the chapter, append to it, discard). A draft is
accepted once: afterwards its buttons say where it went, and appending it again is a separate,
confirmed choice. Above the draft,
a collapsible 思考 pane shows a reasoning model's thinking with its own token count (never part
of the draft; kept beside it only by 保留思考); while a 429 / 5xx is waited out, its countdown;
when the call ends, its usage line: tokens, the cache-hit share and the cost."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.feed.tokens import TokenCounter
from workbench.gui.prepare.send import SendJob
from workbench.gui.prepare.usage_line import GrowingCount, usage_text

STATS_MS = 250


class DraftView(QWidget):
    """Shows one SendJob's reply; never writes a chapter itself (it asks by signal)."""

    saveRequested = Signal(object, bool)  # DraftView, append
    discardRequested = Signal(object)  # DraftView

    def __init__(
        self, job: SendJob, chapter: int, counter: TokenCounter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("draftView")
        self.job = job
        self.chapter = chapter
        self.counter = counter
        self.text_edit = QPlainTextEdit(self)
        self.text_edit.setObjectName("draftText")
        self.text_edit.setReadOnly(True)
        self.reasoning_toggle = QToolButton(self)
        self.reasoning_toggle.setObjectName("reasoningToggle")
        self.reasoning_toggle.setCheckable(True)
        self.reasoning_toggle.setChecked(True)
        self.reasoning_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.reasoning_text = QPlainTextEdit(self)
        self.reasoning_text.setObjectName("reasoningText")
        self.reasoning_text.setReadOnly(True)
        self.keep_reasoning_button = QPushButton(self)
        self.keep_reasoning_button.setObjectName("keepReasoningButton")
        self.retry_label = QLabel(self)
        self.retry_label.setObjectName("retryCountdown")
        self.retry_label.setStyleSheet("color: #8a5300;")
        self.usage = QLabel(self)
        self.usage.setObjectName("draftUsage")
        self.usage.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stats = QLabel(self)
        self.stats.setObjectName("draftStats")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelButton")
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("saveDraftButton")
        self.append_button = QPushButton(self)
        self.append_button.setObjectName("appendDraftButton")
        self.again_button = QPushButton(self)
        self.again_button.setObjectName("appendAgainButton")
        self.again_button.hide()
        self.discard_button = QPushButton(self)
        self.discard_button.setObjectName("discardDraftButton")
        buttons = QHBoxLayout()
        buttons.addWidget(self.stats, 1)
        for button in (
            self.cancel_button,
            self.save_button,
            self.append_button,
            self.again_button,
            self.discard_button,
        ):
            buttons.addWidget(button)
        thinking = QHBoxLayout()
        thinking.addWidget(self.reasoning_toggle)
        thinking.addStretch(1)
        thinking.addWidget(self.keep_reasoning_button)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(self.reasoning_text)
        self.splitter.addWidget(self.text_edit)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(thinking)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.retry_label)
        layout.addWidget(self.usage)
        layout.addLayout(buttons)
        self._tokens = 0
        self._answer_count = GrowingCount(counter)
        self._reasoning_count = GrowingCount(counter)
        self._reasoning_tokens = 0
        self._kept_reasoning = ""  # where the reasoning was kept, once the author asked
        self._shown = ""
        self.accepted = ""  # "replaced" or "appended" once the draft went into its chapter
        self._backup = ""  # where the chapter's text from before the accept was kept
        self._stats_timer = QTimer(self)
        self._stats_timer.setInterval(STATS_MS)
        self._stats_timer.timeout.connect(self._update_stats)
        self.cancel_button.clicked.connect(job.cancel)
        self.reasoning_toggle.toggled.connect(self._toggle_reasoning)
        self.keep_reasoning_button.clicked.connect(self._keep_reasoning)
        job.reasoningChanged.connect(self._reasoning_changed)
        job.waiting.connect(self._waiting)
        job.usageRecorded.connect(self._usage_recorded)
        self.save_button.clicked.connect(self._save_clicked)
        self.append_button.clicked.connect(self._append_clicked)
        self.again_button.clicked.connect(self._again_clicked)
        self.discard_button.clicked.connect(self._discard_clicked)
        job.textChanged.connect(self._text_changed)
        job.finished.connect(self._finished)
        self._stats_timer.start()
        self._show_thinking(job.profile.thinks)
        self.retry_label.hide()
        self.usage.hide()
        self.retranslate()
        self._update_buttons()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.cancel_button.setText(self.tr("Cancel"))
        chapter = str(self.chapter)
        self.save_button.setText(self.tr("Save as chapter %1").replace("%1", chapter))
        self.append_button.setText(self.tr("Append to chapter %1").replace("%1", chapter))
        if self.accepted == "replaced":
            self.save_button.setText(self.tr("Saved as chapter %1 ✓").replace("%1", chapter))
        elif self.accepted == "appended":
            self.append_button.setText(self.tr("Appended to chapter %1 ✓").replace("%1", chapter))
        self.again_button.setText(self.tr("Append again…"))
        kept = self.tr("The chapter's text from before is kept in %1").replace("%1", self._backup)
        for button in (self.save_button, self.append_button):
            button.setToolTip(kept if self.accepted and self._backup else "")
        self.discard_button.setText(self.tr("Discard"))
        self.keep_reasoning_button.setText(self.tr("Keep reasoning"))
        self.keep_reasoning_button.setToolTip(
            self.tr(
                "Write the reasoning beside the draft in .workbench/drafts/, never in a chapter"
            )
        )
        self._update_stats()
        if self.job.record is not None:
            self._usage_recorded(self.job.record)

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def text(self) -> str:
        """The draft as it stands (the author may edit it once the reply is in)."""
        return self.text_edit.toPlainText()

    def _text_changed(self, text: str) -> None:
        scrollbar = self.text_edit.verticalScrollBar()
        at_end = scrollbar.value() >= scrollbar.maximum() - 4
        if text.startswith(self._shown):
            # Only the new piece is inserted: the reply grows, it is never re-laid out whole.
            cursor = QTextCursor(self.text_edit.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text[len(self._shown) :])
        else:
            self.text_edit.setPlainText(text)
        self._shown = text
        if at_end:
            scrollbar.setValue(scrollbar.maximum())

    # --- reasoning, retries, usage -----------------------------------------------------

    def _show_thinking(self, shown: bool) -> None:
        self.reasoning_toggle.setVisible(shown)
        self.keep_reasoning_button.setVisible(shown)
        self.reasoning_text.setVisible(shown and self.reasoning_toggle.isChecked())

    def _toggle_reasoning(self, open_: bool) -> None:
        self.reasoning_text.setVisible(open_)
        self._update_reasoning_title()

    def _reasoning_changed(self, text: str) -> None:
        self._show_thinking(True)
        scrollbar = self.reasoning_text.verticalScrollBar()
        at_end = scrollbar.value() >= scrollbar.maximum() - 4
        shown = self.reasoning_text.document().characterCount() - 1
        if shown <= len(text):
            cursor = QTextCursor(self.reasoning_text.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(text[shown:])
        if at_end:
            scrollbar.setValue(scrollbar.maximum())

    def _update_reasoning_title(self) -> None:
        arrow = "▾" if self.reasoning_toggle.isChecked() else "▸"
        self.reasoning_toggle.setText(
            self.tr("%1 Thinking · %2 tokens")
            .replace("%1", arrow)
            .replace("%2", f"{self._reasoning_tokens:,}")
        )

    def _keep_reasoning(self) -> None:
        path = self.job.keep_reasoning()
        if path is not None:
            self._kept_reasoning = self.job.project.relative(path)
            self.keep_reasoning_button.setToolTip(
                self.tr("Kept in %1").replace("%1", self._kept_reasoning)
            )
        self._update_buttons()

    def _waiting(self, _wait: object) -> None:
        self._update_retry()

    def _update_retry(self) -> None:
        wait = self.job.retry
        if wait is None:
            self.retry_label.hide()
            return
        left = self.job.retry_left()
        status = f"HTTP {wait.status}" if wait.status else self.tr("no connection")
        self.retry_label.setText(
            self.tr("%1 — retrying in %2 s (retry %3 of %4); Cancel stops waiting")
            .replace("%1", status)
            .replace("%2", f"{left:.0f}")
            .replace("%3", str(wait.retry))
            .replace("%4", str(wait.retries))
        )
        self.retry_label.setToolTip(wait.reason)
        self.retry_label.show()

    def _usage_recorded(self, record: object) -> None:
        self.usage.setText(usage_text(record))
        self.usage.show()

    def _finished(self, _state: str) -> None:
        self._stats_timer.stop()
        self.retry_label.hide()
        if not self.job.reasoning:  # a thinking profile's pane waited for thoughts; none came
            self._show_thinking(False)
        if self.job.text != self._shown:
            self._text_changed(self.job.text)
        self.text_edit.setReadOnly(False)
        self._update_stats()
        self._update_buttons()

    def state_text(self) -> str:
        """The draft's state in words, and why no draft file was written when none was."""
        text = self._state_words()
        if self.job.not_kept:
            folder = self.job.project.relative(self.job.draft_path.parent)
            text += self.tr(" — no draft file kept in %1").replace("%1", folder)
        return text

    def _state_words(self) -> str:
        state = self.job.state
        if state == "streaming":
            return self.tr("receiving…")
        if state == "done":
            return self.tr("complete")
        if state == "cancelled" and self.job.text:
            return self.tr("cancelled — the partial draft is kept")
        if state == "cancelled":
            return self.tr("cancelled before any text arrived")
        if self.job.refused:
            failure = self.tr("failed — the reply was refused and nothing of it kept: %1")
        elif self.job.text:
            failure = self.tr("failed — the partial draft is kept: %1")
        else:
            failure = self.tr("failed — no text arrived: %1")
        return failure.replace("%1", self.job.error)

    def _update_stats(self) -> None:
        self._tokens = self._answer_count.tokens(self.job.text)
        if self.job.reasoning or self._reasoning_tokens:
            self._reasoning_tokens = self._reasoning_count.tokens(self.job.reasoning)
        self._update_reasoning_title()
        self._update_retry()
        self.stats.setText(
            self.tr("%1 tokens received · %2 s of at most %4 s · %3")
            .replace("%1", str(self._tokens))
            .replace("%2", f"{self.job.elapsed():.1f}")
            .replace("%3", self.state_text())
            .replace("%4", f"{self.job.config.call_timeout:g}")
        )
        self.stats.setToolTip(self.job.not_kept)  # the whole reason: too long for the line
        if self.job.state == "failed":
            self.stats.setStyleSheet("color: #b3261e;")

    def _update_buttons(self) -> None:
        running = self.job.is_running()
        self.cancel_button.setEnabled(running)
        has_text = bool(self.job.text.strip())
        self.save_button.setEnabled(not running and has_text and not self.accepted)
        self.append_button.setEnabled(not running and has_text and not self.accepted)
        self.again_button.setVisible(bool(self.accepted))
        self.discard_button.setEnabled(not running)
        has_reasoning = bool(self.job.reasoning) and not self.job.refused
        self.keep_reasoning_button.setEnabled(
            not running and has_reasoning and not self._kept_reasoning
        )

    def _save_clicked(self) -> None:
        self.saveRequested.emit(self, False)

    def _append_clicked(self) -> None:
        self.saveRequested.emit(self, True)

    def mark_accepted(self, append: bool, backup: str) -> None:
        """The draft went into its chapter (`backup`: where the text from before is kept,
        empty when the chapter had none): the buttons say so and accept it no more."""
        self.accepted = "appended" if append else "replaced"
        self._backup = backup
        self.retranslate()
        self._update_buttons()

    def _again_clicked(self) -> None:
        answer = QMessageBox.question(
            self,
            self.tr("Append the draft again?"),
            self.tr(
                "This draft is already in chapter %1. Append it to the end of chapter %1 a "
                "second time? The chapter's text from before is backed up first."
            ).replace("%1", str(self.chapter)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.saveRequested.emit(self, True)

    def _discard_clicked(self) -> None:
        self.discardRequested.emit(self)
