"""One open file: a plain-text editor with Markdown highlighting, 字 count, find and conflicts.

It is a QTextEdit in plain-text mode rather than a QPlainTextEdit because the plain-text
layout ignores QTextBlockFormat line height, and CJK prose needs the extra leading; the
QTextEdit is a ProseEdit, which keeps lines to a reading measure.
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut, QTextBlockFormat, QTextCursor
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from workbench.book import gate
from workbench.book.counting import count_zi
from workbench.book.naming import title_from_heading
from workbench.book.rolling_summary import section_at as summary_section_at
from workbench.book.sections import locate, section_at
from workbench.book.textio import TextFile
from workbench.gui.conflict_bar import ConflictBar
from workbench.gui.diff_dialog import DiffDialog
from workbench.gui.find_bar import FindBar
from workbench.gui.fonts import EDITOR_LINE_HEIGHT
from workbench.gui.highlighter import MarkdownHighlighter
from workbench.gui.prose_edit import ProseEdit

log = logging.getLogger(__name__)

ZI_DEBOUNCE_MS = 250


def as_newlines(text: str) -> str:
    """QTextDocument separates blocks with U+2029 and soft breaks with U+2028; files use
    newlines. Two replace() calls, not str.translate: translate walks a 30,000-字 chapter one
    character at a time through a dict (≈ 3.5 ms on every save and count; replace ≈ 0.01 ms)."""
    return text.replace("\u2029", "\n").replace("\u2028", "\n")


class ChapterEditor(QWidget):
    """Edits one file; knows what is on disk (`loaded`) but never writes it itself."""

    ziChanged = Signal(int)
    modifiedChanged = Signal(bool)
    pinRequested = Signal(object, str)  # Path, section heading ("" for the whole file)
    foreshadowingRequested = Signal(str)  # 记为伏笔: the selected text
    summaryRegenerateRequested = Signal(int, int)  # 重新生成: first and last chapter

    def __init__(
        self,
        loaded: TextFile,
        chapter: int | None,
        font: QFont,
        parent: QWidget | None = None,
        *,
        root: Path,
    ) -> None:
        super().__init__(parent)
        self.root = root  # the project folder: the file is read again through the gate, in it
        self.path: Path = loaded.path
        self.chapter = chapter
        self.is_rolling_summary = False  # set by the tabs: the project's rolling-summary file
        self.loaded = loaded
        self.zi = 0
        self.heading_title = ""
        self._disk_version: TextFile | None = None
        self._newline = "\n"
        # Callables (menu, point) that add to the right-click menu (the continuity guard's 忽略).
        self.menu_extensions: list = []
        self.text_edit = ProseEdit(self)
        self.text_edit.setAcceptRichText(False)
        self.text_edit.setFont(font)
        self.text_edit.document().setDocumentMargin(24)
        self.text_edit.setTabStopDistance(4 * self.text_edit.fontMetrics().horizontalAdvance(" "))
        self.highlighter = MarkdownHighlighter(self.text_edit.document())
        self.conflict_bar = ConflictBar(self)
        self.find_bar = FindBar(self.text_edit, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.conflict_bar)
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.find_bar)
        self._zi_timer = QTimer(self)
        self._zi_timer.setSingleShot(True)
        self._zi_timer.setInterval(ZI_DEBOUNCE_MS)
        self._zi_timer.timeout.connect(self._count_zi)
        self.text_edit.textChanged.connect(self._zi_timer.start)  # no Python per keystroke
        self.text_edit.document().modificationChanged.connect(self.modifiedChanged)
        self.conflict_bar.keepMineRequested.connect(self.keep_mine)
        self.conflict_bar.loadFromDiskRequested.connect(self.load_from_disk)
        self.conflict_bar.compareRequested.connect(self.compare)
        self.text_edit.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.text_edit.customContextMenuRequested.connect(self._context_menu)
        QShortcut(QKeySequence.StandardKey.Find, self, self.find_bar.open_bar)
        QShortcut(QKeySequence.StandardKey.Replace, self, self.find_bar.open_bar)
        self.load(loaded)

    # --- text ---------------------------------------------------------------------------

    def text(self) -> str:
        """The text as it would be written: the file's own line endings restored."""
        raw = as_newlines(self.text_edit.document().toRawText())
        return raw.replace("\n", self._newline) if self._newline != "\n" else raw

    def load(self, loaded: TextFile, *, keep_undo: bool = False) -> None:
        """Show `loaded` as the clean state of this editor."""
        self.loaded = loaded
        self._disk_version = None
        self.conflict_bar.hide()
        self._newline = "\r\n" if "\r\n" in loaded.text else "\n"
        shown = loaded.text.replace("\r\n", "\n")
        if keep_undo:
            # An external reload stays undoable: replace everything as one edit.
            self._replace_all(shown)
        else:
            self.text_edit.setPlainText(shown)
            self._apply_line_height(QTextCursor(self.text_edit.document()))
            self.text_edit.document().clearUndoRedoStacks()
        self.text_edit.document().setModified(False)
        self._count_zi()

    def set_unsaved_text(self, text: str) -> None:
        """Replace the shown text with unsaved text (a recovered autosave); stays modified."""
        self._replace_all(text.replace("\r\n", "\n"))
        self.text_edit.document().setModified(True)
        self._count_zi()

    def _replace_all(self, text: str) -> None:
        cursor = QTextCursor(self.text_edit.document())
        cursor.beginEditBlock()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text)
        self._apply_line_height(cursor)
        cursor.endEditBlock()

    @staticmethod
    def _apply_line_height(cursor: QTextCursor) -> None:
        block_format = QTextBlockFormat()
        block_format.setLineHeight(
            EDITOR_LINE_HEIGHT, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value
        )
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.mergeBlockFormat(block_format)

    def shown_text(self) -> str:
        """The text as the document holds it (newlines only), for offsets into it."""
        return as_newlines(self.text_edit.document().toRawText())

    def reveal(self, heading: str = "", find: str = "") -> bool:
        """Put the caret on the heading titled `heading` (else on the first `find`) and
        scroll there; False when neither is in the text."""
        offset = locate(self.shown_text(), heading, find)
        if offset is None:
            return False
        self.reveal_at(offset)
        return True

    def reveal_at(self, offset: int) -> None:
        """Put the caret at a character offset of the shown text and scroll there."""
        cursor = self.text_edit.textCursor()
        cursor.setPosition(offset)
        self.text_edit.setTextCursor(cursor)
        self.text_edit.ensureCursorVisible()
        self.text_edit.setFocus()

    def reveal_line(self, line: int, word: str = "") -> None:
        """Put the caret on line `line` (1-based) of the text, selecting `word` where it stands
        on that line, and scroll there (a search's hit)."""
        text = self.shown_text()
        start = 0
        for _ in range(max(0, line - 1)):
            found = text.find("\n", start)
            if found < 0:
                break
            start = found + 1
        end = text.find("\n", start)
        at = text.find(word, start, len(text) if end < 0 else end) if word else -1
        self.reveal_at(start if at < 0 else at)
        if at >= 0:
            cursor = self.text_edit.textCursor()
            cursor.setPosition(at + len(word), QTextCursor.MoveMode.KeepAnchor)
            self.text_edit.setTextCursor(cursor)

    def move_cursor_to_end(self) -> None:
        """Put the caret after the last character (a new chapter starts there)."""
        cursor = self.text_edit.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self.text_edit.setTextCursor(cursor)

    def context_menu(self, position: QPoint) -> QMenu:
        """The text's own menu, plus 记为伏笔 for the selection, and pinning this file or the
        section under the pointer (chapter text cannot be pinned: it enters feeds only
        through the recipe)."""
        menu = self.text_edit.createStandardContextMenu(position)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addSeparator()
        action = menu.addAction(self.tr("Record as foreshadowing"))
        action.setObjectName("recordForeshadowing")
        action.setEnabled(self.text_edit.textCursor().hasSelection())
        action.triggered.connect(self._record_foreshadowing)
        if self.chapter is None:
            offset = self.text_edit.cursorForPosition(position).position()
            section = section_at(self.shown_text(), offset)
            if section is not None:
                title = section.title.strip()
                action = menu.addAction(
                    self.tr("Pin section “%1” to the feed").replace("%1", title)
                )
                action.triggered.connect(partial(self.pinRequested.emit, self.path, title))
            action = menu.addAction(self.tr("Pin this whole file to the feed"))
            action.triggered.connect(partial(self.pinRequested.emit, self.path, ""))
        else:
            # Said rather than left out: an author looks for it here.
            action = menu.addAction(
                self.tr("Chapter text cannot be pinned: it is fed by the recipe")
            )
            action.setObjectName("chapterPinExplained")
            action.setEnabled(False)
            action.setToolTip(
                self.tr(
                    "The last chapters go to MainWriter in full; earlier ones reach the feed "
                    "through the rolling summaries. Pin a plan, a setting or a tracker entry."
                )
            )
        span = self._summary_range_at(position) if self.is_rolling_summary else None
        if span is not None:
            action = menu.addAction(self.tr("Regenerate this summary"))
            action.setObjectName("regenerateSummary")
            action.triggered.connect(partial(self.summaryRegenerateRequested.emit, *span))
        for extend in self.menu_extensions:
            extend(menu, position)
        return menu

    def _summary_range_at(self, position: QPoint) -> tuple[int, int] | None:
        """The chapters of the `## 滚动摘要 ChX-ChY` section under the pointer (its
        subsections included), if any."""
        offset = self.text_edit.cursorForPosition(position).position()
        found = summary_section_at(self.shown_text(), offset)
        return (found.first, found.last) if found else None

    def _context_menu(self, position: QPoint) -> None:
        self.context_menu(position).popup(self.text_edit.viewport().mapToGlobal(position))

    def _record_foreshadowing(self) -> None:
        selected = as_newlines(self.text_edit.textCursor().selectedText())
        if selected.strip():
            self.foreshadowingRequested.emit(selected.strip())

    def open_find_bar(self) -> None:
        """Show find and replace under the text."""
        self.find_bar.open_bar()

    def set_editor_font(self, font: QFont) -> None:
        """Use a new font (from the settings dialog)."""
        self.text_edit.setFont(font)

    def is_modified(self) -> bool:
        """Whether the editor holds edits not yet saved."""
        return self.text_edit.document().isModified()

    def mark_saved(self, written: TextFile) -> None:
        """Record a successful save: `written` is now what is on disk."""
        self.loaded = written
        self._disk_version = None
        self.conflict_bar.hide()
        self.text_edit.document().setModified(False)

    def current_zi(self) -> int:
        """The 字 count of `text()` as it is now: the debounced count when no edit came
        since (every edit starts the debounce, and only a count ends it), else counted now
        (and not again when the debounce would have fired). A save hands it to the project,
        so the GUI thread does not count the saved text again."""
        if self._zi_timer.isActive():
            self._count_zi()
        return self.zi

    def _count_zi(self) -> None:
        text = self.text()
        self._zi_timer.stop()  # load() counts at once: the debounce its setPlainText started
        self.zi = count_zi(text)
        # The tab follows a renamed chapter heading; this runs debounced, not per keystroke.
        self.heading_title = title_from_heading(text)
        self.ziChanged.emit(self.zi)

    # --- changes on disk ---------------------------------------------------------------

    def has_conflict(self) -> bool:
        """Whether the conflict bar is waiting for the author's choice."""
        return self.conflict_bar.isVisibleTo(self)

    def deleted_on_disk(self) -> bool:
        """Whether the conflict bar is up because the file was deleted, and it is still gone."""
        return self.has_conflict() and self.conflict_bar.deleted and not self.path.exists()

    def show_conflict(self, on_disk: TextFile | None) -> None:
        """Ask the author: the file changed (or vanished) on disk while edits are unsaved."""
        self._disk_version = on_disk
        self.conflict_bar.show_conflict(deleted=on_disk is None)

    def keep_mine(self) -> None:
        """Keep the editor's text; the next save replaces the disk version knowingly."""
        if self._disk_version is not None:
            self.loaded = self._disk_version
        self._disk_version = None
        self.conflict_bar.hide()

    def load_from_disk(self) -> None:
        """Drop the unsaved edits and show the file as it is on disk now (undoable)."""
        if not self.path.is_file():
            return
        self.load(gate.read_text(self.path, root=self.root), keep_undo=True)

    def compare(self) -> DiffDialog:
        """Show the differences between the editor and the disk; changes nothing."""
        on_disk = gate.read_text(self.path, root=self.root).text if self.path.is_file() else ""
        dialog = DiffDialog(self.path.name, self.text(), on_disk, self)
        dialog.show()
        return dialog
