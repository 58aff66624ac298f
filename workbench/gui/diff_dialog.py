"""A read-only line diff between the editor's text and what is on disk."""

from __future__ import annotations

import difflib

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget


def unified_diff(mine: str, on_disk: str, mine_label: str, disk_label: str) -> list[str]:
    """Unified diff lines from the disk version to the editor's version."""
    return list(
        difflib.unified_diff(
            on_disk.splitlines(), mine.splitlines(), disk_label, mine_label, lineterm=""
        )
    )


class DiffDialog(QDialog):
    """Shows what differs, coloured; it changes nothing."""

    def __init__(self, name: str, mine: str, on_disk: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare: %1").replace("%1", name))
        self.resize(820, 600)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        lines = unified_diff(mine, on_disk, self.tr("in the editor"), self.tr("on disk"))
        self._fill(lines or [self.tr("The texts are identical.")])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addWidget(buttons)

    def _fill(self, lines: list[str]) -> None:
        cursor = QTextCursor(self.view.document())
        added, removed, plain = QTextCharFormat(), QTextCharFormat(), QTextCharFormat()
        added.setBackground(QColor("#e6ffed"))
        removed.setBackground(QColor("#ffeef0"))
        for line in lines:
            is_header = line.startswith(("+++", "---"))
            if line.startswith("+") and not is_header:
                fmt = added
            elif line.startswith("-") and not is_header:
                fmt = removed
            else:
                fmt = plain
            cursor.insertText(line + "\n", fmt)
