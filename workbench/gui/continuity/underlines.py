"""Wavy underlines on the text a continuity finding is about, with its reason on hover and
忽略 (ignore) in the editor's right-click menu."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint
from PySide6.QtGui import QColor, QHelpEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QMenu, QTextEdit, QToolTip

from workbench.continuity.findings import Finding

ERROR_COLOUR = QColor("#d32f2f")
QUESTION_COLOUR = QColor("#f9a825")


def document_position(text: str, offset: int) -> int:
    """Where a character offset of the file's text is in the editor's document: line
    endings are one character there, and a character beyond the BMP is two."""
    before = text[:offset].replace("\r\n", "\n")
    return len(before.encode("utf-16-le")) // 2


class Underlines(QObject):
    """The findings of one editor, drawn as extra selections on its text edit."""

    def __init__(
        self, text_edit: QTextEdit, ignore: Callable[[Finding], None], parent: QObject | None = None
    ) -> None:
        super().__init__(parent or text_edit)
        self.text_edit = text_edit
        self.ignore = ignore
        self.findings: list[tuple[Finding, QTextCursor]] = []
        text_edit.viewport().installEventFilter(self)

    def show(self, text: str, findings: list[Finding]) -> None:
        """Underline these findings, found in `text` (the editor's text when checked)."""
        document = self.text_edit.document()
        self.findings = []
        for finding in findings:
            if finding.end <= finding.start:
                continue  # recorded in a tracker or a plan: nothing in this text to mark
            cursor = QTextCursor(document)
            cursor.setPosition(document_position(text, finding.start))
            cursor.setPosition(
                document_position(text, finding.end), QTextCursor.MoveMode.KeepAnchor
            )
            self.findings.append((finding, cursor))
        self._draw()

    def clear(self) -> None:
        """No underlines."""
        self.findings = []
        self._draw()

    def _draw(self) -> None:
        selections = []
        for finding, cursor in self.findings:
            selection = QTextEdit.ExtraSelection()
            char_format = QTextCharFormat()
            char_format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            colour = QUESTION_COLOUR if finding.is_question else ERROR_COLOUR
            char_format.setUnderlineColor(colour)
            char_format.setToolTip(finding.reason)
            selection.format = char_format
            selection.cursor = cursor
            selections.append(selection)
        self.text_edit.setExtraSelections(selections)

    def finding_at(self, point: QPoint) -> Finding | None:
        """The finding whose text is under a point of the viewport."""
        position = self.text_edit.cursorForPosition(point).position()
        for finding, cursor in self.findings:
            if cursor.selectionStart() <= position <= cursor.selectionEnd():
                return finding
        return None

    def extend_menu(self, menu: QMenu, point: QPoint) -> None:
        """忽略 for the finding under the pointer (the editor's right-click menu)."""
        finding = self.finding_at(point)
        if finding is None:
            return
        menu.addSeparator()
        action = menu.addAction(self.tr("Ignore: %1").replace("%1", finding.text))
        action.setObjectName("ignoreContinuity")
        action.setToolTip(finding.reason)
        action.triggered.connect(lambda _checked=False, f=finding: self.ignore(f))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The reason of the finding under the pointer as its tooltip."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            finding = self.finding_at(event.pos())
            if finding is not None:
                QToolTip.showText(event.globalPos(), finding.reason, self.text_edit.viewport())
                return True
        return super().eventFilter(watched, event)
