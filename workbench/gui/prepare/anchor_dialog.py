"""Create the style anchor from a passage of the author's own chapters (issue #27 item 5).

The author picks a chapter, selects the passage the model should sound like (a starting
choice of about 300 字 is selected for them), and presses 创建: meta/style-anchor.md is
written from its template with that passage as 正面样例; its other sections stay for them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.book.style_anchor import (
    MAX_ZI,
    MIN_ZI,
    AnchorProblem,
    create_anchor_from_text,
    suggested_passage,
)
from workbench.errors import WorkbenchError
from workbench.gui import prompts

PARAGRAPH_SEPARATOR = "\u2029"  # how QTextCursor.selectedText() ends a line


class StyleAnchorDialog(QDialog):
    """Pick a chapter, select a passage, create meta/style-anchor.md from it."""

    def __init__(self, project: Project, chapter: int | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("styleAnchorDialog")
        self.setWindowTitle(self.tr("Style anchor from your own text"))
        self.project = project
        self.created: str | None = None
        intro = QLabel(
            self.tr(
                "Select a passage of your own chapters (%1–%2 字) that sounds the way the book"
                " should. It becomes the 正面样例 of meta/style-anchor.md; the other sections"
                " (banned words, a bad example, point of view) stay for you to write."
            )
            .replace("%1", str(MIN_ZI))
            .replace("%2", str(MAX_ZI)),
            self,
        )
        intro.setWordWrap(True)
        self.chapter_box = QComboBox(self)
        self.chapter_box.setObjectName("anchorChapter")
        for ref in project.chapters:
            label = self.tr("Chapter %1").replace("%1", str(ref.number))
            title = project.chapter_title(ref)
            self.chapter_box.addItem(f"{label}  {title}" if title else label, ref.number)
        self.text = QPlainTextEdit(self)
        self.text.setObjectName("anchorText")
        self.text.setReadOnly(True)
        selectable = Qt.TextInteractionFlag.TextSelectableByMouse
        self.text.setTextInteractionFlags(
            selectable | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.count = QLabel(self)
        self.count.setObjectName("anchorCount")
        buttons = QDialogButtonBox(self)
        accept = QDialogButtonBox.ButtonRole.AcceptRole
        self.create_button = buttons.addButton(self.tr("Create style anchor"), accept)
        self.create_button.setObjectName("anchorCreate")
        buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._create)
        buttons.rejected.connect(self.reject)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Chapter"), self))
        top.addWidget(self.chapter_box, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(top)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.count)
        layout.addWidget(buttons)
        self.resize(640, 520)
        self.chapter_box.currentIndexChanged.connect(self._show_chapter)
        self.text.selectionChanged.connect(self._update_count)
        numbers = [ref.number for ref in project.chapters]
        # The latest chapter before the one being fed: the book's voice as it is now.
        earlier = [n for n in numbers if chapter is None or n < chapter]
        start = earlier[-1] if earlier else (numbers[0] if numbers else None)
        if start is not None:
            self.chapter_box.setCurrentIndex(numbers.index(start))
            self._show_chapter()

    def chapter(self) -> int:
        """The chapter shown."""
        return int(self.chapter_box.currentData())

    def _show_chapter(self) -> None:
        number = self.chapter()
        self.text.setPlainText(self.project.chapter_text(number))
        found = suggested_passage(self.project, number)
        if found is not None:
            cursor = self.text.textCursor()
            cursor.setPosition(found[0])
            cursor.setPosition(found[1], QTextCursor.MoveMode.KeepAnchor)
            self.text.setTextCursor(cursor)
        self._update_count()

    def selected(self) -> str:
        """The selected passage, lines as the chapter has them."""
        return self.text.textCursor().selectedText().replace(PARAGRAPH_SEPARATOR, "\n").strip()

    def _update_count(self) -> None:
        zi = count_zi(self.selected())
        fits = MIN_ZI <= zi <= MAX_ZI
        text = self.tr("Selected: %1 字").replace("%1", str(zi))
        if not fits:
            wanted = self.tr("(choose %1–%2 字)").replace("%1", str(MIN_ZI))
            text += "  " + wanted.replace("%2", str(MAX_ZI))
        self.count.setText(text)
        self.create_button.setEnabled(fits)

    def _create(self) -> None:
        try:
            self.created = create_anchor_from_text(self.project, self.chapter(), self.selected())
        except (AnchorProblem, WorkbenchError, OSError) as error:
            prompts.show_problem(self, self.tr("The style anchor was not created"), str(error))
            return
        self.accept()
