"""The 关系 tab: the graph at the slider's chapter above, the change history below."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSlider,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.gui.column_fit import ColumnFit
from workbench.gui.trackers.empty_hint import EmptyHint
from workbench.gui.trackers.filters import ChapterRange, CharacterBox, control_bar
from workbench.gui.trackers.graph import RelationshipGraph
from workbench.gui.trackers.relations_model import RelationshipModel, RelationshipProxy
from workbench.trackers.model import RelationshipChange

SPLIT = [700, 300]


class RelationsPanel(QWidget):
    """Relationships through time: slide the chapter, click a pair to read its history."""

    pinRequested = Signal(str)  # the pair as the tracker writes it, e.g. 林风—苏瑶

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: tuple[RelationshipChange, ...] = ()
        self._sized_for: tuple[RelationshipChange, ...] = ()  # the rows the widths fit
        self.canonical: Callable[[str], str] = str
        self.browser_chapter = 1
        self.pair: frozenset[str] | None = None  # the pair whose history is shown, if any
        self.graph = RelationshipGraph(self)
        self.empty_hint = EmptyHint(self.graph, "graphEmptyHint")
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setObjectName("relationshipChapterSlider")
        self.slider.setRange(1, 1)
        self.slider.setPageStep(5)
        self.slider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.slider_label = QLabel(self)
        self.slider_label.setMinimumWidth(64)
        self.fit_button = QPushButton(self)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self.legend.setStyleSheet("color: #777;")
        self.model = RelationshipModel(self)
        self.proxy = RelationshipProxy(self)
        self.proxy.setSourceModel(self.model)
        self.character_filter = CharacterBox(self)
        self.character_filter.setObjectName("relationshipCharacterFilter")
        self.range_filter = ChapterRange(self)
        self.range_filter.setObjectName("relationshipChapterRange")
        self.pair_label = QLabel(self)
        self.clear_button = QPushButton(self)
        self.pin_button = QPushButton(self)
        self.pin_button.setObjectName("relationshipPin")
        self.pin_button.setEnabled(False)
        self.table = QTableView(self)
        self.table.setObjectName("relationshipTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.column_fit = ColumnFit(self.table, self._fit_columns)

        slider_row = QHBoxLayout()
        slider_row.addWidget(self.slider_label)
        slider_row.addWidget(self.slider, 1)
        slider_row.addWidget(self.fit_button)
        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(slider_row)
        top_layout.addWidget(self.graph, 1)
        top_layout.addWidget(self.legend)
        filters = control_bar(
            self,
            [
                self.character_filter,
                self.range_filter,
                self.clear_button,
                self.pair_label,
                self.pin_button,
            ],
        )
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(filters)
        bottom_layout.addWidget(self.table, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes(SPLIT)  # scaled to the height there is: the graph gets most
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.splitter)

        self.slider.valueChanged.connect(self._slider_moved)
        self.fit_button.clicked.connect(self.graph.fit)
        self.graph.pairSelected.connect(self.show_pair)
        self.graph.characterSelected.connect(self.show_character)
        self.character_filter.changed.connect(self._filters_changed)
        self.range_filter.changed.connect(self._filters_changed)
        self.clear_button.clicked.connect(self.clear_filters)
        self.pin_button.clicked.connect(self._pin_pair)
        self.retranslate()

    # --- language ------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.fit_button.setText(self.tr("Fit"))
        self.fit_button.setToolTip(self.tr("Show the whole graph (Ctrl + wheel zooms)"))
        self.clear_button.setText(self.tr("Clear"))
        self.pin_button.setText(self.tr("Pin pair to feed"))
        self.character_filter.lineEdit().setPlaceholderText(self.tr("Character"))
        self.range_filter.set_tooltips(self.tr("From chapter"), self.tr("To chapter"))
        self.slider.setToolTip(self.tr("The chapter the graph shows"))
        self.legend.setText(
            self.tr(
                "Red: changed in this chapter. Faded: no relationship yet. Click a label for "
                "the pair's history, a name for everyone tied to them."
            )
        )
        self._update_slider_label()
        self._update_pair_label()
        self._update_empty_hint()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- contents ------------------------------------------------------------------------

    def show_rows(
        self,
        rows: tuple[RelationshipChange, ...],
        canonical: Callable[[str], str],
        names: list[str],
        last_chapter: int,
    ) -> None:
        """New rows (a load or a reload): lay the graph out again and refill the history."""
        self.rows, self.canonical = rows, canonical
        top = max([last_chapter, self.browser_chapter, *(row.chapter for row in rows), 1])
        self.slider.blockSignals(True)
        self.slider.setRange(1, top)
        self.slider.setTickInterval(max(1, top // 20))
        self.slider.blockSignals(False)
        self.graph.chapter = self.slider.value()
        self.graph.set_rows(rows, canonical)
        self.graph.fit()
        self._update_empty_hint()
        self.character_filter.set_names(names, self.tr("Character"))
        self._refresh_history()
        self._update_slider_label()

    def _update_empty_hint(self) -> None:
        hint = ""
        if not self.rows:
            hint = self.tr(
                "No relationships yet. Each row of the relationship tracker (chapter, "
                "character A, character B, relationship, change, note) becomes a line "
                "between two names here; Open tracker file above opens it."
            )
        self.empty_hint.show_text(hint)

    def set_browser_chapter(self, chapter: int) -> None:
        """The browser's chapter moved: the slider follows it."""
        self.browser_chapter = chapter
        if chapter > self.slider.maximum():
            self.slider.setMaximum(chapter)
        if self.slider.value() == chapter:
            self._slider_moved(chapter)
        else:
            self.slider.setValue(chapter)

    def _slider_moved(self, chapter: int) -> None:
        self.graph.show_chapter(chapter)
        self._refresh_history()
        self._update_slider_label()

    def _refresh_history(self) -> None:
        chapter = self.slider.value()
        current = {row.line for row in self.graph.states_at(chapter).values()}
        self.model.set_rows(self.rows, chapter, current, self.canonical)
        if self._sized_for != self.rows:
            # Measuring cells is the slow part of a refresh; moving the slider changes which
            # rows are current, not how wide they are, and keeps any width the author dragged.
            self._sized_for = self.rows
            self.column_fit.request()

    def _fit_columns(self) -> None:
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)

    def _update_slider_label(self) -> None:
        self.slider_label.setText(self.tr("Chapter %1").replace("%1", str(self.slider.value())))

    # --- filters -------------------------------------------------------------------------

    def show_pair(self, pair: frozenset[str]) -> None:
        """Show one pair's whole history."""
        self.pair = pair
        self._filters_changed()

    def show_character(self, name: str) -> None:
        """Show the history of everyone tied to one character."""
        self.pair = None
        self.character_filter.setCurrentText(name)
        self._filters_changed()

    def clear_filters(self) -> None:
        """The whole history again."""
        self.pair = None
        self.graph.scene().clearSelection()
        self.character_filter.setCurrentText("")
        self.range_filter.clear()
        self._filters_changed()

    def _filters_changed(self, *_args) -> None:
        first, last = self.range_filter.bounds()
        self.proxy.set_criteria(self.character_filter.currentText(), self.pair, first, last)
        self._update_pair_label()

    def _pin_pair(self) -> None:
        row = next((r for r in reversed(self.rows) if r.pair(self.canonical) == self.pair), None)
        if row is not None:
            self.pinRequested.emit(row.key)

    def _update_pair_label(self) -> None:
        pair = self.pair
        self.pin_button.setEnabled(pair is not None)
        self.pair_label.setText(
            self.tr("History of %1").replace("%1", "—".join(sorted(pair))) if pair else ""
        )
