"""编辑 ▸ 在全书中搜索 (Ctrl+Shift+F): find any earlier scene by a name or a phrase. One row per
passage that holds every word typed, in the book's order, with its chapter, line and the words
marked; a double-click (or Enter on a row) opens the chapter at that line. The search runs on
the recall index (workbench/recall/search.py), off the GUI thread."""

from __future__ import annotations

import html

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAbstractTextDocumentLayout, QKeyEvent, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.gui.background import Background, Job
from workbench.recall.search import MAX_HITS, SearchHit, search
from workbench.recall.tokens import phrase

SNIPPET_BEFORE = 24  # characters of context before the first match in a row
SNIPPET_ZI = 90  # characters a row shows
MARK_STYLE = "background-color: #ffe08a; color: #000;"
CHAPTER, LINE, TEXT = range(3)
HIT_ROLE = Qt.ItemDataRole.UserRole + 1


def too_short(text: str) -> list[str]:
    """The words of a search the index cannot look up: a single Chinese character (nearly
    every passage holds it as half of a pair), or no letter at all."""
    return [word for word in text.split() if phrase(word) is None]


def spans(hit: SearchHit) -> list[tuple[int, int]]:
    """(start, end) of every occurrence of the words searched for in the passage."""
    text, found = hit.passage.text, []
    for word in hit.words:
        start = text.find(word)
        while start >= 0:
            found.append((start, start + len(word)))
            start = text.find(word, start + len(word))
    return sorted(found)


def snippet_html(hit: SearchHit) -> str:
    """The part of the passage around its first match, the words searched for marked."""
    text = hit.passage.text
    spans_ = spans(hit)
    start = max(0, spans_[0][0] - SNIPPET_BEFORE) if spans_ else 0
    end = min(len(text), start + SNIPPET_ZI)
    parts, at = [], start
    for first, last in spans_:
        if first < at or first >= end:
            continue
        parts += [html.escape(text[at:first]), f'<span style="{MARK_STYLE}">']
        parts += [html.escape(text[first:last]), "</span>"]
        at = last
    parts.append(html.escape(text[at:end]))
    shown = "".join(parts).replace("\n", " ⏎ ")
    return ("…" if start else "") + shown + ("…" if end < len(text) else "")


class BookSearchModel(QAbstractTableModel):
    """The hits of the last search, one row each."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bookSearchModel")
        self.hits: list[SearchHit] = []

    def show(self, hits: list[SearchHit]) -> None:
        self.beginResetModel()
        self.hits = hits
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per hit."""
        return 0 if parent.isValid() else len(self.hits)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Chapter, line, text."""
        return 0 if parent.isValid() else 3

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> object:
        """第N章, the line, the passage's text around the match (HTML, words marked)."""
        if not index.isValid():
            return None
        hit = self.hits[index.row()]
        if role == HIT_ROLE:
            return hit
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == CHAPTER:
                return self.tr("Chapter %1").replace("%1", str(hit.passage.chapter))
            if index.column() == LINE:
                return str(hit.line)
            return snippet_html(hit)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == TEXT:
            return hit.passage.text
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        """Column titles."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (self.tr("Chapter"), self.tr("Line"), self.tr("Passage"))[section]


class MarkedTextDelegate(QStyledItemDelegate):
    """Draws a cell's HTML (the snippet with its words marked) on one line."""

    def paint(self, painter, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # type: ignore[no-untyped-def]
        self.initStyleOption(option, index)
        document = QTextDocument()
        document.setDefaultFont(option.font)
        document.setHtml(option.text)
        option.text = ""
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        context = QAbstractTextDocumentLayout.PaintContext()
        if option.state & QStyle.StateFlag.State_Selected:
            colour = option.palette.color(QPalette.ColorRole.HighlightedText)
            context.palette.setColor(QPalette.ColorRole.Text, colour)
        painter.save()
        top = option.rect.top() + (option.rect.height() - document.size().height()) / 2
        painter.translate(option.rect.left(), top)
        painter.setClipRect(0, 0, option.rect.width(), option.rect.height())
        document.documentLayout().draw(painter, context)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(hint.width(), max(hint.height(), option.fontMetrics.height() + 8))


def _search(_job: Job, project: Project, text: str) -> tuple[tuple[str, ...], list[SearchHit]]:
    return tuple(dict.fromkeys(text.split())), search(project, text)


class BookSearch(QDialog):
    """The search window; `openRequested(chapter, line, word)` when a hit is chosen."""

    openRequested = Signal(int, int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bookSearch")
        self.project: Project | None = None
        self.worker = Background("book-search", latest_only=True, parent=self)
        self.worker.delivered.connect(self._show)
        self.worker.failed.connect(self._failed)
        self.query = QLineEdit(self)
        self.query.setObjectName("bookSearchInput")
        self.query.setClearButtonEnabled(True)
        self.query.returnPressed.connect(self.search)
        self.summary = QLabel(self)
        self.summary.setObjectName("bookSearchSummary")
        self.model = BookSearchModel(self)
        self.results = QTableView(self)
        self.results.setObjectName("bookSearchResults")
        self.results.setModel(self.model)
        self.results.setItemDelegateForColumn(TEXT, MarkedTextDelegate(self.results))
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.results.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.verticalHeader().hide()
        header = self.results.horizontalHeader()
        header.setSectionResizeMode(CHAPTER, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(LINE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(TEXT, QHeaderView.ResizeMode.Stretch)
        self.results.doubleClicked.connect(self._open)
        self.results.installEventFilter(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.query)
        layout.addWidget(self.summary)
        layout.addWidget(self.results, 1)
        self.retranslate()
        self.resize(820, 520)

    def retranslate(self) -> None:
        """Texts in the current UI language."""
        self.setWindowTitle(self.tr("Search the book"))
        self.query.setPlaceholderText(
            self.tr("A name or a phrase (two characters or more); spaces between words")
        )

    # --- the session -------------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Another book (or none): its results are not this one's."""
        self.project = project
        self.worker.forget()
        self.model.show([])
        self.summary.clear()

    def files_changed(self, _paths: set, _external: bool) -> None:  # type: ignore[type-arg]
        """A chapter changed: the results shown are searched again, if any are."""
        if self.isVisible() and self.model.hits:
            self.search()

    def shut_down(self) -> None:
        """Stop a search in flight and close (the main window closes)."""
        self.worker.shut_down()
        self.close()

    # --- searching ---------------------------------------------------------------------

    def open(self) -> None:  # type: ignore[override]
        """Show the window with the query selected, ready to type over."""
        self.show()
        self.raise_()
        self.activateWindow()
        self.query.setFocus()
        self.query.selectAll()

    def search(self) -> None:
        """Search for what the query says, off the GUI thread."""
        text = self.query.text().strip()
        if self.project is None or not text:
            return
        short = too_short(text)
        if short:
            self.model.show([])
            self.summary.setText(
                self.tr("Search for two characters or more: “%1” is too short to look up").replace(
                    "%1", "、".join(short)
                )
            )
            return
        self.summary.setText(self.tr("Searching…"))
        self.worker.submit(_search, self.project.with_buffers({}), text)

    def _show(self, result: tuple[tuple[str, ...], list[SearchHit]]) -> None:
        asked, hits = result
        self.model.show(hits)
        words = "、".join(asked)
        if not hits:
            self.summary.setText(self.tr("No passage holds %1").replace("%1", words))
        else:
            said = self.tr("%1 passages hold %2").replace("%1", str(len(hits)))
            said = said.replace("%2", words)
            if len(hits) >= MAX_HITS:
                said += self.tr(" (the first %1 shown)").replace("%1", str(len(hits)))
            self.summary.setText(said)
            self.results.selectRow(0)

    def _failed(self, _job_id: int, reason: object) -> None:
        self.model.show([])
        self.summary.setText(str(reason))

    def _open(self, index: QModelIndex) -> None:
        hit: SearchHit = index.siblingAtColumn(CHAPTER).data(HIT_ROLE)
        if hit is not None:
            self.openRequested.emit(hit.passage.chapter, hit.line, hit.words[0])

    def eventFilter(self, watched: QObject, event) -> bool:  # type: ignore[no-untyped-def]
        """Enter on a row opens it, as a double-click does."""
        if (
            watched is self.results
            and isinstance(event, QKeyEvent)
            and event.type() == QKeyEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.results.currentIndex().isValid()
        ):
            self._open(self.results.currentIndex())
            return True
        return super().eventFilter(watched, event)
