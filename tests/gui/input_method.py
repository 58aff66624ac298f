"""Typing into an editor the way Chinese arrives: committed by an input method (shared by the
`type_at_end` fixture and the child processes that drive the app)."""

from __future__ import annotations

from PySide6.QtGui import QInputMethodEvent, QTextCursor
from PySide6.QtWidgets import QApplication


def type_at_end(editor, text: str) -> None:  # type: ignore[no-untyped-def]
    """Commit `text` at the end of a ChapterEditor, as an input method does."""
    cursor = editor.text_edit.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    editor.text_edit.setTextCursor(cursor)
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(editor.text_edit, event)
