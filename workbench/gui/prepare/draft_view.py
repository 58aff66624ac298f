"""One draft tab: the reply streaming in, tokens received and time elapsed, Cancel, and what
to do with the draft afterwards (save as the chapter, append to it, discard)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from workbench.feed.tokens import TokenCounter
from workbench.gui.prepare.send import SendJob

STATS_MS = 250
# Tokens are counted as the reply grows, piece by piece up to its last line break; the open
# line is counted afresh each time, folded in once it is this long (a reply with no breaks).
OPEN_LINE_CHARS = 2000


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
        self.stats = QLabel(self)
        self.stats.setObjectName("draftStats")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelButton")
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("saveDraftButton")
        self.append_button = QPushButton(self)
        self.append_button.setObjectName("appendDraftButton")
        self.discard_button = QPushButton(self)
        self.discard_button.setObjectName("discardDraftButton")
        buttons = QHBoxLayout()
        buttons.addWidget(self.stats, 1)
        for button in (
            self.cancel_button,
            self.save_button,
            self.append_button,
            self.discard_button,
        ):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text_edit, 1)
        layout.addLayout(buttons)
        self._tokens = 0
        self._counted = 0  # characters of the reply whose tokens are in _counted_tokens
        self._counted_tokens = 0
        self._shown = ""
        self._stats_timer = QTimer(self)
        self._stats_timer.setInterval(STATS_MS)
        self._stats_timer.timeout.connect(self._update_stats)
        self.cancel_button.clicked.connect(job.cancel)
        self.save_button.clicked.connect(self._save_clicked)
        self.append_button.clicked.connect(self._append_clicked)
        self.discard_button.clicked.connect(self._discard_clicked)
        job.textChanged.connect(self._text_changed)
        job.finished.connect(self._finished)
        self._stats_timer.start()
        self.retranslate()
        self._update_buttons()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.cancel_button.setText(self.tr("Cancel"))
        self.save_button.setText(self.tr("Save as chapter %1").replace("%1", str(self.chapter)))
        self.append_button.setText(self.tr("Append to chapter %1").replace("%1", str(self.chapter)))
        self.discard_button.setText(self.tr("Discard"))
        self._update_stats()

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

    def _finished(self, _state: str) -> None:
        self._stats_timer.stop()
        if self.job.text != self._shown:
            self._text_changed(self.job.text)
        self.text_edit.setReadOnly(False)
        self._update_stats()
        self._update_buttons()

    def state_text(self) -> str:
        """The draft's state in words."""
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
        self._tokens = self._received_tokens()
        self.stats.setText(
            self.tr("%1 tokens received · %2 s · %3")
            .replace("%1", str(self._tokens))
            .replace("%2", f"{self.job.elapsed():.1f}")
            .replace("%3", self.state_text())
        )
        if self.job.state == "failed":
            self.stats.setStyleSheet("color: #b3261e;")

    def _received_tokens(self) -> int:
        """Tokens in the reply so far, counting only what is new since the last time (the
        whole reply a few times a second would stall the screen on a long one). Uncached:
        the shared token cache stays free of every intermediate text."""
        text = self.job.text
        if len(text) < self._counted:  # the reply was refused and dropped
            self._counted = self._counted_tokens = 0
        cut = text.rfind("\n", self._counted) + 1
        if len(text) - max(cut, self._counted) > OPEN_LINE_CHARS:
            cut = len(text)
        if cut > self._counted:
            self._counted_tokens += self.counter.count_uncached(text[self._counted : cut])
            self._counted = cut
        rest = text[self._counted :]
        return self._counted_tokens + (self.counter.count_uncached(rest) if rest else 0)

    def _update_buttons(self) -> None:
        running = self.job.is_running()
        self.cancel_button.setEnabled(running)
        has_text = bool(self.job.text.strip())
        self.save_button.setEnabled(not running and has_text)
        self.append_button.setEnabled(not running and has_text)
        self.discard_button.setEnabled(not running)

    def _save_clicked(self) -> None:
        self.saveRequested.emit(self, False)

    def _append_clicked(self) -> None:
        self.saveRequested.emit(self, True)

    def _discard_clicked(self) -> None:
        self.discardRequested.emit(self)
