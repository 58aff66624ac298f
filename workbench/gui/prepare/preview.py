"""The feed preview: its Markdown rendered (raw HTML disabled, so feed text can never inject
markup), or the raw text exactly as it is copied and sent."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QCheckBox,
    QPlainTextEdit,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

MARKDOWN_FEATURES = (
    QTextDocument.MarkdownFeature.MarkdownDialectGitHub
    | QTextDocument.MarkdownFeature.MarkdownNoHTML
)


class FeedPreview(QWidget):
    """A rendered view and a raw view of one feed, with a toggle between them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.raw_toggle = QCheckBox(self)
        self.raw_toggle.setObjectName("rawToggle")
        self.rendered = QTextBrowser(self)
        self.rendered.setObjectName("feedPreview")
        self.rendered.setOpenLinks(False)
        self.raw = QPlainTextEdit(self)
        self.raw.setObjectName("feedRaw")
        self.raw.setReadOnly(True)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.rendered)
        self.stack.addWidget(self.raw)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.raw_toggle)
        layout.addWidget(self.stack, 1)
        self.raw_toggle.toggled.connect(self._toggled)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.raw_toggle.setText(self.tr("Show the raw text (exactly what is copied and sent)"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_markdown(self, markdown: str) -> None:
        """Show a feed (nothing is redone when it is the one already shown)."""
        if self.raw.toPlainText() == markdown:
            return
        self.raw.setPlainText(markdown)
        self.rendered.document().setMarkdown(markdown, MARKDOWN_FEATURES)
        # The header and the checklist first (the cursor would keep the view at the end).
        self.rendered.moveCursor(QTextCursor.MoveOperation.Start)

    def show_problem(self, text: str) -> None:
        """Say why there is no feed to show."""
        self.raw.setPlainText("")
        self.rendered.setPlainText(text)

    def _toggled(self, raw: bool) -> None:
        self.stack.setCurrentIndex(1 if raw else 0)
