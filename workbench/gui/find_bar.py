"""Find and replace inside one editor."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QTextEdit, QWidget


class FindBar(QWidget):
    """A bar under the editor: find next/previous, replace, replace all."""

    def __init__(self, editor: QTextEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._editor = editor
        self.find_edit = QLineEdit(self)
        self.replace_edit = QLineEdit(self)
        self.next_button = QPushButton(self)
        self.previous_button = QPushButton(self)
        self.replace_button = QPushButton(self)
        self.replace_all_button = QPushButton(self)
        self.close_button = QPushButton(self)
        self.result_label = QLabel(self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)
        for widget in (
            self.find_edit,
            self.next_button,
            self.previous_button,
            self.replace_edit,
            self.replace_button,
            self.replace_all_button,
            self.result_label,
            self.close_button,
        ):
            layout.addWidget(widget)
        self.find_edit.returnPressed.connect(self.find_next)
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)
        self.replace_button.clicked.connect(self.replace_one)
        self.replace_all_button.clicked.connect(self.replace_all)
        self.close_button.clicked.connect(self.close_bar)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close_bar)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        """Set every visible string in the current language."""
        self.find_edit.setPlaceholderText(self.tr("Find"))
        self.replace_edit.setPlaceholderText(self.tr("Replace with"))
        self.next_button.setText(self.tr("Next"))
        self.previous_button.setText(self.tr("Previous"))
        self.replace_button.setText(self.tr("Replace"))
        self.replace_all_button.setText(self.tr("Replace all"))
        self.close_button.setText(self.tr("Close"))

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def open_bar(self) -> None:
        """Show the bar, seeded with the editor's selection."""
        selected = self._editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.find_edit.setText(selected)
        self.show()
        self.find_edit.setFocus()
        self.find_edit.selectAll()

    def close_bar(self) -> None:
        """Hide the bar and give the focus back to the text."""
        self.hide()
        self._editor.setFocus()

    def find_next(self) -> bool:
        """Select the next match, wrapping at the end."""
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        """Select the previous match, wrapping at the start."""
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _find(self, flags: QTextDocument.FindFlag) -> bool:
        needle = self.find_edit.text()
        if not needle:
            return False
        if self._editor.find(needle, flags):
            self.result_label.clear()
            return True
        cursor = self._editor.textCursor()
        backward = bool(flags & QTextDocument.FindFlag.FindBackward)
        cursor.movePosition(
            QTextCursor.MoveOperation.End if backward else QTextCursor.MoveOperation.Start
        )
        self._editor.setTextCursor(cursor)
        found = self._editor.find(needle, flags)
        self.result_label.setText("" if found else self.tr("Not found"))
        return found

    def replace_one(self) -> None:
        """Replace the selected match, then move to the next one."""
        cursor = self._editor.textCursor()
        if cursor.hasSelection() and cursor.selectedText() == self.find_edit.text():
            cursor.insertText(self.replace_edit.text())
        self.find_next()

    def replace_all(self) -> int:
        """Replace every match as one undoable edit; returns how many were replaced."""
        needle, replacement = self.find_edit.text(), self.replace_edit.text()
        if not needle:
            return 0
        document = self._editor.document()
        count = 0
        edit = QTextCursor(document)
        edit.beginEditBlock()
        found = document.find(needle, 0)
        while not found.isNull():
            found.insertText(replacement)
            count += 1
            found = document.find(needle, found.position())
        edit.endEditBlock()
        self.result_label.setText(self.tr("Replaced %n time(s)", "", count))
        return count
