"""The 伏笔 tab: filters, the sortable ledger table, its actions and the selected entry."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QFontMetrics, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from workbench.gui.column_fit import ColumnFit
from workbench.gui.entry_states import entry_state_label
from workbench.gui.trackers.empty_hint import EmptyHint
from workbench.gui.trackers.filters import ChapterRange, CharacterBox, control_bar
from workbench.gui.trackers.ledger_model import ID_ROLE, ForeshadowingModel, LedgerProxy
from workbench.gui.trackers.ledger_table import LedgerTable
from workbench.trackers.ledger import EntryState, LedgerFilter

ACTIVE = frozenset({EntryState.OVERDUE, EntryState.DUE, EntryState.OPEN})
DORMANT = "dormant"
CONTENT_LEAST_CHARACTERS = 8  # the 内容 column never narrower than this many 字
NOTES_WIDTH = 220
TEXT_FILTER_WIDTH = 180
ARROW_WIDTH = 36


class LedgerPanel(QWidget):
    """Shows the ledger; emits requests for every action, writes nothing itself."""

    addRequested = Signal()
    resolveRequested = Signal(str)
    abandonRequested = Signal(str)
    moveRequested = Signal(str, int)  # entry ID, -1 up / +1 down in the file
    pinRequested = Signal(str)
    chapterRequested = Signal(int)
    filtersChanged = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ForeshadowingModel(self)
        self.proxy = LedgerProxy(self)
        self.proxy.setSourceModel(self.model)
        self.canonical = str
        self._sized_for: tuple = ()  # the columns and row count the widths were measured for
        self._shown_for: tuple = ()  # what show_ledger was last given
        self._natural: tuple[int, int] = (0, 0)  # 内容's one-line width, the state column's
        self._content_fitted = -1  # the 内容 width last fitted (another: the author's drag)

        self.state_filter = QComboBox(self)
        self.state_filter.setObjectName("ledgerStateFilter")
        self.tier_filter = QComboBox(self)
        self.tier_filter.setObjectName("ledgerTierFilter")
        self.character_filter = CharacterBox(self)
        self.character_filter.setObjectName("ledgerCharacterFilter")
        self.range_filter = ChapterRange(self)
        self.range_filter.setObjectName("ledgerChapterRange")
        self.text_filter = QLineEdit(self)
        self.text_filter.setObjectName("ledgerTextFilter")
        self.text_filter.setClearButtonEnabled(True)
        self.clear_button = QPushButton(self)
        self.count_label = QLabel(self)

        self.table = LedgerTable(self)
        self.table.setObjectName("foreshadowingTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # file order until asked
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setHighlightSections(False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.column_fit = ColumnFit(self.table, self._size_columns)
        # Wrapped 内容 makes rows of different heights: measured, like the columns, only in
        # sight (a header resizing to contents measured every row of a covered ledger on
        # each chapter the editor went to).
        self.row_fit = ColumnFit(self.table, self.table.fit_rows)
        self.empty_hint = EmptyHint(self.table, "ledgerEmptyHint")

        self.add_button = self._button("ledgerAdd", self.addRequested.emit)
        self.resolve_button = self._button("ledgerResolve", self._resolve)
        self.abandon_button = self._button("ledgerAbandon", self._abandon)
        self.up_button = self._button("ledgerUp", self._move_up)
        self.down_button = self._button("ledgerDown", self._move_down)
        self.pin_button = self._button("ledgerPin", self._pin)
        for arrow in (self.up_button, self.down_button):
            arrow.setMaximumWidth(ARROW_WIDTH)
        self.detail = QLabel(self)
        self.detail.setObjectName("ledgerDetail")
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.detail.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        self.detail.setMinimumHeight(64)

        self.text_filter.setMinimumWidth(TEXT_FILTER_WIDTH)
        # The filters are refilled after the first show (a project's tiers, the language):
        # each keeps the width of its longest item, so no choice is cut mid-word.
        for combo in (self.state_filter, self.tier_filter):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.filter_bar = control_bar(
            self,
            [
                self.state_filter,
                self.tier_filter,
                self.character_filter,
                self.range_filter,
                self.text_filter,
                self.clear_button,
            ],
        )
        self.action_bar = control_bar(
            self,
            [
                self.add_button,
                self.resolve_button,
                self.abandon_button,
                self.up_button,
                self.down_button,
                self.pin_button,
            ],
        )
        footer = QHBoxLayout()
        footer.addWidget(self.detail, 1)
        footer.addWidget(self.count_label, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.filter_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.action_bar)
        layout.addLayout(footer)

        self.state_filter.currentIndexChanged.connect(self.apply_filters)
        self.tier_filter.currentIndexChanged.connect(self.apply_filters)
        self.character_filter.changed.connect(self.apply_filters)
        self.range_filter.changed.connect(self.apply_filters)
        self.text_filter.textChanged.connect(self.apply_filters)
        self.clear_button.clicked.connect(self.clear_filters)
        self.table.chapterRequested.connect(self.chapterRequested)
        self.table.widthChanged.connect(self._follow_width)
        self.table.horizontalHeader().sectionResized.connect(self._column_resized)
        self.detail.linkActivated.connect(self._link_activated)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.proxy.modelReset.connect(self._selection_changed)
        self.proxy.layoutChanged.connect(self._update_count)
        self.proxy.rowsInserted.connect(self._update_count)
        self.proxy.rowsInserted.connect(self.row_fit.request)  # a cleared filter's rows
        self.proxy.layoutChanged.connect(self.row_fit.request)
        self.proxy.rowsRemoved.connect(self._update_count)
        self.retranslate()

    def _button(self, name: str, slot) -> QPushButton:
        button = QPushButton(self)
        button.setObjectName(name)
        button.clicked.connect(slot)
        return button

    # --- language ------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.add_button.setText(self.tr("New entry"))
        self.add_button.setToolTip(self.tr("Add an entry planted in the browser's chapter"))
        self.resolve_button.setText(self.tr("Resolve here"))
        self.resolve_button.setToolTip(self.tr("Mark the entry 已回收@N for the browser's chapter"))
        self.abandon_button.setText(self.tr("Abandon"))
        self.up_button.setText("↑")
        self.up_button.setToolTip(self.tr("Move the entry up in the file"))
        self.down_button.setText("↓")
        self.down_button.setToolTip(self.tr("Move the entry down in the file"))
        self.pin_button.setText(self.tr("Pin to feed"))
        self.pin_button.setToolTip(self.tr("Always feed this entry (the context panel's pins)"))
        self.clear_button.setText(self.tr("Clear"))
        self.text_filter.setPlaceholderText(self.tr("Search ID, content, keywords…"))
        self.range_filter.set_tooltips(
            self.tr("From chapter: entries still open or due after it"),
            self.tr("To chapter: entries planted by then"),
        )
        self._fill_state_filter()
        self._fill_tier_filter(self._tiers())
        self.character_filter.lineEdit().setPlaceholderText(self.tr("Character"))
        if self.model.columnCount():
            self.model.headerDataChanged.emit(
                Qt.Orientation.Horizontal, 0, self.model.columnCount() - 1
            )
        self._update_count()
        self._selection_changed()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _fill_state_filter(self) -> None:
        options = [
            (self.tr("All states"), ""),
            (self.tr("Active (open, due, overdue)"), "active"),
            *((entry_state_label(state), str(state)) for state in EntryState),
            (self.tr("dormant"), DORMANT),
        ]
        self._refill(self.state_filter, options)

    def _fill_tier_filter(self, tiers: list[str]) -> None:
        self._refill(self.tier_filter, [(self.tr("All importance"), ""), *((t, t) for t in tiers)])

    @staticmethod
    def _refill(combo: QComboBox, options: list[tuple[str, str]]) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for text, data in options:
            combo.addItem(text, data)
        combo.setCurrentIndex(max(0, combo.findData(current)))
        combo.blockSignals(False)

    def _tiers(self) -> list[str]:
        seen = [row.entry.tier for row in self.model.ledger.rows if row.entry.tier]
        return list(dict.fromkeys(["核心", "支线", "装饰", *seen]))

    # --- contents ------------------------------------------------------------------------

    def show_ledger(self, ledger, columns, editable: bool, names: list[str], canonical) -> None:
        """Show a ledger; the selection and the filters stay as they were. The same ledger
        again (most saves change no entry's state, sighting or relevance) changes nothing:
        resetting the model, refitting the columns and re-filtering it and the 全书 timeline
        after each save was ≈ 2.5 ms of the GUI thread at 5M 字 (#28)."""
        shown_for = (ledger, tuple(columns), editable, tuple(names), canonical)
        if shown_for == self._shown_for:
            return
        self._shown_for = shown_for
        selected = self.selected_id()
        self.canonical = canonical
        self.model.set_ledger(ledger, columns, editable)
        content = self.model.column_of("content")
        self.table.wrapping.wrapped_column = -1 if content is None else content
        self._fill_tier_filter(self._tiers())
        self.character_filter.set_names(names, self.tr("Character"))
        self.apply_filters()
        shape = (tuple(columns), len(ledger.rows))
        if shape != self._sized_for:
            # Measuring cells is the slow part of showing a ledger; a refresh with the same
            # columns and entries keeps the widths (and any the author set by dragging).
            self._sized_for = shape
            self.column_fit.request()
        self._fit_key_columns()
        self.row_fit.request()
        for button in (self.add_button, self.resolve_button, self.abandon_button):
            button.setEnabled(editable)
        self.up_button.setEnabled(editable)
        self.down_button.setEnabled(editable)
        if selected:
            self.select(selected)

    def _size_columns(self) -> None:
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.resizeColumnsToContents()
        notes = self.model.notes_column
        self.table.setColumnWidth(notes, min(NOTES_WIDTH, self.table.columnWidth(notes)))
        self._fit_key_columns()
        content = self.model.column_of("content")
        one_line = self.table.columnWidth(content) if content is not None else 0
        self._natural = (one_line, self.table.columnWidth(notes))
        self._fit_content_column()

    def _column_resized(self, column: int, _old: int, _new: int) -> None:
        if column == self.model.column_of("content"):
            self.row_fit.request()

    def _follow_width(self) -> None:
        """The dock was resized: 内容 takes the new room, unless the author set its width."""
        content = self.model.column_of("content")
        fitted = content is not None and self.table.columnWidth(content) == self._content_fitted
        if fitted and not self.column_fit.waiting():
            self._fit_content_column()

    def _key_widths(self) -> tuple[int, int]:
        """The widths the IDs and the state words need, bold rows included."""
        ids, states = [], []
        for row in self.model.ledger.rows:
            ids.append((row.entry.id, bool(row.reasons)))
            # Room for the ellipsis after the state word when reasons follow and elide.
            more = " · …" if row.reasons or row.dormant else ""
            states.append((entry_state_label(row.state) + more, bool(row.reasons)))
        regular = self.table.fontMetrics()
        bold_font = self.table.font()
        bold_font.setBold(True)
        bold = QFontMetrics(bold_font)
        padding = 2 * self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 12

        def widest(texts: list[tuple[str, bool]]) -> int:
            measured = ((bold if strong else regular).horizontalAdvance(t) for t, strong in texts)
            return max(measured, default=0) + padding

        return widest(ids), widest(states)

    def _fit_key_columns(self) -> None:
        """The IDs and the state words always show in full, the bold rows of overdue and
        due entries included: the columns grow (never shrink) to the widest at this chapter;
        the reasons after the state may elide (the row's tooltip has them). Font metrics
        cost little, unlike asking every cell for its size; the columns were sized once,
        before the chapter's bold rows were known (a narrow dock showed 'F0…')."""
        id_needed, state_needed = self._key_widths()
        notes = self.model.notes_column
        id_column = self.model.column_of("id") or 0
        for column, needed in ((id_column, id_needed), (notes, state_needed)):
            if self.table.columnWidth(column) < needed:
                self.table.setColumnWidth(column, needed)

    def _fit_content_column(self) -> None:
        """内容 takes the width the table has left after the columns before it, the state
        column giving up its reasons first (they elide; the tooltip and the detail below have
        them): the entry then reads whole, wrapped, without scrolling sideways. It never
        grows past its one-line width, nor shrinks below a few words."""
        content = self.model.column_of("content")
        if content is None:
            return
        header = self.table.horizontalHeader()
        notes = self.model.notes_column
        _id_needed, state_needed = self._key_widths()
        before = [
            c for c in range(header.count()) if header.visualIndex(c) < header.visualIndex(content)
        ]
        fixed = sum(self.table.columnWidth(c) for c in before if c != notes)
        notes_least = state_needed if notes in before else 0
        scrollbar = self.table.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        room = self.table.maximumViewportSize().width() - scrollbar - fixed
        least = CONTENT_LEAST_CHARACTERS * self.table.fontMetrics().horizontalAdvance("内")
        one_line, notes_width = self._natural
        width = max(least, min(one_line, room - notes_least))
        self.table.setColumnWidth(content, width)
        self._content_fitted = width
        if notes in before:
            self.table.setColumnWidth(notes, max(state_needed, min(notes_width, room - width)))

    def criteria(self) -> tuple[LedgerFilter, bool]:
        """The filters as set in the widgets: (criteria, 沉寂 only)."""
        state = self.state_filter.currentData() or ""
        states: frozenset[EntryState] = frozenset()
        if state == "active":
            states = ACTIVE
        elif state and state != DORMANT:
            states = frozenset({EntryState(state)})
        tier = self.tier_filter.currentData() or ""
        first, last = self.range_filter.bounds()
        criteria = LedgerFilter(
            states=states,
            tiers=frozenset({tier}) if tier else frozenset(),
            character=self.character_filter.currentText().strip(),
            first=first,
            last=last,
            text=self.text_filter.text(),
            canonical=self.canonical,
        )
        return criteria, state == DORMANT

    def apply_filters(self) -> None:
        """Narrow the rows to what the filters say."""
        self.proxy.set_criteria(*self.criteria())
        self._update_count()
        self.filtersChanged.emit()

    def clear_filters(self) -> None:
        """Every row again."""
        for widget in (self.state_filter, self.tier_filter, self.text_filter):
            widget.blockSignals(True)
        self.state_filter.setCurrentIndex(0)
        self.tier_filter.setCurrentIndex(0)
        self.text_filter.clear()
        self.character_filter.setCurrentText("")
        self.range_filter.clear()
        for widget in (self.state_filter, self.tier_filter, self.text_filter):
            widget.blockSignals(False)
        self.apply_filters()

    def _update_count(self) -> None:
        self.count_label.setText(
            self.tr("%1 of %2 entries")
            .replace("%1", str(self.proxy.rowCount()))
            .replace("%2", str(self.model.rowCount()))
        )
        if self.proxy.rowCount():
            hint = ""
        elif self.model.rowCount():
            hint = self.tr("No entry matches the filters. Clear shows them all.")
        else:
            hint = self.tr(
                "No foreshadowing yet. Select a sentence in a chapter and right-click ▸ "
                "Record as foreshadowing, or press New entry: each entry becomes a row of "
                "the plot tracker, and the feed reminds you when it is due."
            )
        self.empty_hint.show_text(hint)

    # --- selection -----------------------------------------------------------------------

    def selected_id(self) -> str | None:
        """The ID of the selected entry."""
        rows = self.table.selectionModel().selectedRows()
        return rows[0].data(ID_ROLE) if rows else None

    def select(self, entry_id: str) -> bool:
        """Select an entry (if the filters show it)."""
        row = self.model.row_of(entry_id)
        if row is None:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.table.selectRow(index.row())
        self.table.scrollTo(index)
        return True

    def _selection_changed(self, *_args) -> None:
        entry_id = self.selected_id()
        row = self.model.row_of(entry_id) if entry_id else None
        self.pin_button.setEnabled(row is not None)
        editable = row is not None and self.model.row_editable(self.model.index(row, 0))
        for button in (self.resolve_button, self.abandon_button, self.up_button, self.down_button):
            button.setEnabled(editable)
        if row is None:
            hint = html.escape(self.tr("Select an entry."))
            self.detail.setText(f"<span style='color:#777'>{hint}</span>")
            return
        self.detail.setText(self._describe(self.model.row_at(row)))

    def _describe(self, row) -> str:
        entry = row.entry
        tier = f"【{html.escape(entry.tier)}】" if entry.tier else " "
        lines = [f"<b>{html.escape(entry.id)}</b>{tier}{html.escape(entry.content)}"]
        lines.append(html.escape(self.model.notes(row)))
        if not row.editable:
            where = f"{entry.source}:{entry.line}" if entry.line else entry.source
            lines.append(
                html.escape(
                    self.tr(
                        "Read only: from webnovel-writer's memory (%1); change it there, or"
                        " edit it here after `workbench migrate`."
                    ).replace("%1", where)
                )
            )
        links = self._chapter_links(row.entry)
        if links:
            lines.append(links)
        if row.sighting is not None:
            lines.append(
                html.escape(
                    self.tr("Last named in chapter %1, %2 chapters ago.")
                    .replace("%1", str(row.sighting.last_seen))
                    .replace("%2", str(row.sighting.silent_for))
                )
            )
        return "<br>".join(lines)

    def _chapter_labels(self) -> dict[str, str]:
        return {"planted": self.tr("Planted"), "payoff": self.tr("Payoff")}

    def _chapter_links(self, entry) -> str:
        """The entry's chapters as links: a click opens the chapter (a double-click on the
        cell edits it instead)."""
        labels = self._chapter_labels()
        parts = []
        for field, chapter in (("planted", entry.planted), ("payoff", entry.payoff)):
            if chapter is not None:
                text = html.escape(self.tr("Chapter %1").replace("%1", str(chapter)))
                link = f"<a href='chapter:{chapter}'>{text}</a>"
                label = self.tr("%1: %2").replace("%1", html.escape(labels[field]))
                parts.append(label.replace("%2", link))
        if not parts:
            return ""
        hint = html.escape(self.tr("(or Ctrl+Enter in the table)"))
        return " · ".join(parts) + f" <span style='color:#777'>{hint}</span>"

    def _link_activated(self, link: str) -> None:
        if link.startswith("chapter:"):
            self.table.go_to(int(link.removeprefix("chapter:")))

    # --- actions -------------------------------------------------------------------------

    def _with_selected(self, signal) -> None:
        entry_id = self.selected_id()
        if entry_id:
            signal.emit(entry_id)

    def _resolve(self) -> None:
        self._with_selected(self.resolveRequested)

    def _abandon(self) -> None:
        self._with_selected(self.abandonRequested)

    def _pin(self) -> None:
        self._with_selected(self.pinRequested)

    def _move_up(self) -> None:
        self._move(-1)

    def _move_down(self) -> None:
        self._move(1)

    def _move(self, delta: int) -> None:
        entry_id = self.selected_id()
        if entry_id:
            # Moving acts on the file's order, so show that order while moving.
            self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
            self.moveRequested.emit(entry_id, delta)

    def _context_menu(self, position: QPoint) -> None:
        index: QModelIndex = self.table.indexAt(position)
        if not index.isValid():
            return
        self.table.selectRow(index.row())
        menu = QMenu(self)
        labels = self._chapter_labels()
        for field, chapter in self.table.chapters_of_row(index.row()):
            text = (
                self.tr("Open chapter %1 (%2)")
                .replace("%1", str(chapter))
                .replace("%2", labels[field])
            )
            jump = QAction(text, menu)
            jump.setObjectName(f"ledgerOpen_{field}")
            if chapter == self.table.chapter_at(index):
                jump.setShortcut(QKeySequence("Ctrl+Return"))
            jump.triggered.connect(lambda _checked=False, c=chapter: self.table.go_to(c))
            menu.addAction(jump)
        if menu.actions():
            menu.addSeparator()
        for button in (
            self.resolve_button,
            self.abandon_button,
            self.pin_button,
            self.up_button,
            self.down_button,
        ):
            action = QAction(button.text() if len(button.text()) > 1 else button.toolTip(), menu)
            action.setEnabled(button.isEnabled())
            action.triggered.connect(button.click)
            menu.addAction(action)
        menu.popup(self.table.viewport().mapToGlobal(position))
