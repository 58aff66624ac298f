"""The context panel (`contextPanel`): what the next agent call will receive, live.

At the top the agent, chapter-type and chapter pickers (a `header` row where more controls
can be added), then the totals and the checklist, then the blocks grouped by layer, then the
pins. Every rebuild runs on a latest-only `Background` worker over copies of the unsaved text; the
panel never writes a file itself except `meta/pins.json` through the pins API, and asks the
main window (by signal) for everything else.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListView,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from workbench.book.plans import CHAPTER_TYPES
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed import AGENTS, Feed, Layer, Status
from workbench.feed.pins import PINS_FILE, PinProblem, add_pin, pin_ref, remove_pin
from workbench.gui import turns
from workbench.gui.background import Background
from workbench.gui.context.model import (
    COVERS_ROLE,
    PIN_ROLE,
    PINNED_ROLE,
    SOURCE_ROLE,
    ContextModel,
)
from workbench.gui.context.pins_model import PinModel
from workbench.gui.context.sections import ColumnFit, LayerSection, column_widths
from workbench.gui.context.summary import FeedSummary
from workbench.gui.context.worker import FeedRequest, PanelFeed, build_panel_feed
from workbench.gui.engine_words import engine_text, engine_texts
from workbench.gui.file_problems import problem_text
from workbench.gui.file_undo import FileUndo
from workbench.reasons import listing

log = logging.getLogger(__name__)

DEBOUNCE_MS = 300
MAX_CHAPTER = 99_999


class ContextPanel(QWidget):
    """The three layers with a bar per block, the totals and checklist, and the pins."""

    openSourceRequested = Signal(object, str, str)  # Path, section heading, text to find
    chapterTypeRequested = Signal(int, str)  # chapter, plot|battle|emotion|transition
    feedChanged = Signal(object)  # PanelFeed: a newer feed is shown
    agentChosen = Signal(str)  # the agent picker changed
    statusMessage = Signal(str)
    summaryRegenerateRequested = Signal(int, int)  # first and last chapter of a summary range

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contextPanel")
        self.project: Project | None = None
        self.current: PanelFeed | None = None
        self._buffers: Callable[[], dict[Path, str]] = dict
        self._passage: Callable[[int], tuple[int, int] | None] = lambda _chapter: None
        self._type_override: tuple[int, str] | None = None
        self._folded: set[str] = set()
        self.model = ContextModel(self)
        self.pin_model = PinModel(self)
        self.refresher = Background(
            "context-feed-worker", latest_only=True, turn=turns.FEED, parent=self
        )
        self._requested: FeedRequest | None = None  # the newest request sent to the worker
        self._held: PanelFeed | None = None  # built while the author typed on (see _delivered)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self._build_pickers()
        self.summary = FeedSummary(self)
        self._build_blocks()
        self._build_pins()
        self.status = QLabel(self)
        self.status.setObjectName("contextStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #616161;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)
        layout.addLayout(self.header)
        layout.addLayout(self.pickers)
        layout.addWidget(self.summary)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.pins_title)
        layout.addWidget(self.pin_list)
        layout.addWidget(self.pin_hint)
        layout.addWidget(self.status)
        self.debounce.timeout.connect(self.rebuild_now)
        self.refresher.delivered.connect(self._delivered)
        self.refresher.failed.connect(self._crashed)
        self.pin_model.pinsChanged.connect(self.rebuild_now)
        self.pin_model.problem.connect(self.statusMessage)
        self.retranslate()

    # --- building the widgets ----------------------------------------------------------

    def _build_pickers(self) -> None:
        # `header` is the row above the pickers where a panel-wide action can be added.
        self.header = QHBoxLayout()
        self.header.setContentsMargins(0, 0, 0, 0)
        self.agent_picker = QComboBox(self)
        self.agent_picker.setObjectName("contextAgentPicker")
        for agent in AGENTS:
            self.agent_picker.addItem(agent, agent)
        self.type_picker = QComboBox(self)
        self.type_picker.setObjectName("contextTypePicker")
        for chapter_type in CHAPTER_TYPES:
            self.type_picker.addItem(chapter_type, chapter_type)
        self.chapter_picker = QSpinBox(self)
        self.chapter_picker.setObjectName("contextChapterPicker")
        self.chapter_picker.setRange(1, MAX_CHAPTER)
        self.chapter_title = QLabel(self)
        self.chapter_title.setObjectName("contextChapterTitle")
        self.chapter_title.setTextFormat(Qt.TextFormat.PlainText)
        # 撤销 of a chapter-type change (it rewrote the plan's front matter).
        self.type_undo = FileUndo(self)
        self.type_undo_button = QPushButton(self)
        self.type_undo_button.setObjectName("contextTypeUndo")
        self.type_undo_button.hide()
        self.type_undo_button.clicked.connect(self.undo_chapter_type)
        self.type_undo.changed.connect(self._update_type_undo)
        undo_key = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo_key.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo_key.activated.connect(self.undo_chapter_type)
        chapter_row = QHBoxLayout()
        chapter_row.addWidget(self.chapter_picker)
        chapter_row.addWidget(self.chapter_title, 1)
        chapter_row.addWidget(self.type_undo_button)
        self.pickers = QFormLayout()
        self.pickers.setContentsMargins(0, 0, 0, 0)
        self.pickers.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.agent_label, self.type_label, self.chapter_label = QLabel(), QLabel(), QLabel()
        agent_row = QHBoxLayout()
        agent_row.addWidget(self.agent_picker, 1)
        agent_row.addWidget(self.type_label)
        agent_row.addWidget(self.type_picker, 1)
        self.pickers.addRow(self.agent_label, agent_row)
        self.pickers.addRow(self.chapter_label, chapter_row)
        self.agent_picker.currentIndexChanged.connect(self._agent_chosen)
        self.type_picker.activated.connect(self._type_chosen)
        self.chapter_picker.valueChanged.connect(self._chapter_chosen)

    def _build_blocks(self) -> None:
        self.column_header = QHeaderView(Qt.Orientation.Horizontal, self)
        self.column_header.setObjectName("contextHeader")
        self.column_header.setModel(self.model)
        self.column_header.setFixedHeight(self.column_header.sizeHint().height())
        self.sections = {layer: LayerSection(layer, self.model, self) for layer in Layer}
        body = QWidget(self)
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.column_header)
        for section in self.sections.values():
            column.addWidget(section)
            section.activated.connect(self._open_row)
            section.menuRequested.connect(self._block_menu)
        self.columns = ColumnFit(self.column_header, list(self.sections.values()))
        column.addStretch(1)
        self.scroll = QScrollArea(self)
        self.scroll.setObjectName("contextBlocks")
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.StyledPanel)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setWidget(body)

    def _build_pins(self) -> None:
        self.pins_title = QLabel(self)
        font = self.pins_title.font()
        font.setBold(True)
        self.pins_title.setFont(font)
        self.pin_list = QListView(self)
        self.pin_list.setObjectName("contextPinList")
        self.pin_list.setModel(self.pin_model)
        self.pin_list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.pin_list.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.pin_list.setDragEnabled(True)
        self.pin_list.setAcceptDrops(True)
        self.pin_list.setDropIndicatorShown(True)
        self.pin_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.pin_list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.pin_hint = QLabel(self)
        self.pin_hint.setObjectName("contextPinHint")
        self.pin_hint.setWordWrap(True)
        self.pin_hint.setStyleSheet("color: #757575;")
        self.pin_model.modelReset.connect(self._fit_pins)
        self.pin_list.customContextMenuRequested.connect(self._pin_menu)
        self.pin_list.doubleClicked.connect(self._open_pin)
        self.unpin_action = QAction(self)
        self.unpin_action.setShortcut(QKeySequence.StandardKey.Delete)
        self.unpin_action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.unpin_action.triggered.connect(self.unpin_selected)
        self.pin_list.addAction(self.unpin_action)

    def _fit_pins(self) -> None:
        """The list as tall as its pins (at most five rows); a hint while there are none."""
        rows = self.pin_model.rowCount()
        row_height = self.pin_list.sizeHintForRow(0) if rows else 0
        self.pin_list.setFixedHeight(min(rows, 5) * max(row_height, 1) + 6)
        self.pin_list.setVisible(rows > 0)
        self.pin_hint.setVisible(rows == 0)

    def retranslate(self) -> None:
        """Every label in the current language."""
        self.agent_label.setText(self.tr("Agent"))
        self.type_label.setText(self.tr("Chapter type"))
        self.chapter_label.setText(self.tr("Chapter"))
        names = self.type_names()
        for row in range(self.type_picker.count()):
            self.type_picker.setItemText(row, names[self.type_picker.itemData(row)])
        self.chapter_picker.setPrefix(self.tr("Chapter ", "spin box prefix"))
        self.chapter_picker.setSuffix(self.tr(" ", "spin box suffix"))
        self.pins_title.setText(self.tr("Pinned (drag to reorder)"))
        self.pin_hint.setText(
            self.tr("Nothing pinned. Right-click a block here, a file in the tree or a section")
            + self.tr(" in the editor to keep it in every feed.")
        )
        self.unpin_action.setText(self.tr("Unpin"))
        metrics = self.fontMetrics()
        words = [self.model.status_word(status) for status in Status]
        self.columns.set_widths(column_widths(metrics, words))
        self.model.forget_texts()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, 4)
        self._show_titles()
        self.summary.refresh()
        self._update_chapter_title()

    def type_names(self) -> dict[str, str]:
        """The chapter types in the UI language."""
        return {
            "plot": self.tr("Plot"),
            "battle": self.tr("Battle"),
            "emotion": self.tr("Emotion"),
            "transition": self.tr("Transition"),
        }

    def layer_names(self) -> dict[Layer, str]:
        """The groups as the seeds name them (固定层 …)."""
        return {
            Layer.FIXED: self.tr("Fixed layer"),
            Layer.ROLLING: self.tr("Rolling layer"),
            Layer.ON_DEMAND: self.tr("On-demand layer"),
            Layer.TASK: self.tr("Task"),
        }

    # --- wiring from the main window ---------------------------------------------------

    def set_buffer_source(self, buffers: Callable[[], dict[Path, str]]) -> None:
        """`buffers()` is asked on the GUI thread for the unsaved text of open files."""
        self._buffers = buffers

    def set_passage_source(self, passage: Callable[[int], tuple[int, int] | None]) -> None:
        """`passage(chapter)` is the selection in chapter N's editor in front, as offsets
        into its text (None when there is none)."""
        self._passage = passage

    def add_header_action(self, action: QAction, object_name: str) -> QToolButton:
        """A button for a window action in the row above the pickers (Prepare feed)."""
        button = QToolButton(self)
        button.setObjectName(object_name)
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.header.addWidget(button)
        return button

    def set_project(self, project: Project | None) -> None:
        """Show feeds of `project` (None: nothing); starts at its last chapter."""
        self.refresher.forget()
        self.debounce.stop()
        self._held = None
        self.project = project
        self.current = None
        self._type_override = None
        self.type_undo.clear()
        self.model.set_feed(None)
        self.summary.set_feed(None)
        self.pin_model.set_project(project)
        if project is not None:
            last = project.chapters[-1].number if project.chapters else 1
            self.follow_chapter(last)
        self._show_titles()

    def undo_chapter_type(self) -> None:
        """Put the plan's type back as it was before the last change made here."""
        if self.project is None or self.type_undo.last is None:
            return
        self.statusMessage.emit(self.type_undo.undo(self.project))
        self.rebuild_now()

    def _update_type_undo(self) -> None:
        step = self.type_undo.last
        self.type_undo_button.setVisible(step is not None)
        if step is not None:
            self.type_undo_button.setText(self.tr("Undo type"))
            self.type_undo_button.setToolTip(self.tr("Undo “%1”").replace("%1", step.what))

    def follow_chapter(self, chapter: int | None) -> None:
        """Show `chapter` (the editor's current chapter changed); a file of no chapter (a
        tracker, the outline) shows the book's last chapter."""
        if chapter is None:
            if self.project is None or not self.project.chapters:
                return
            chapter = self.project.chapters[-1].number
        if chapter == self.chapter_picker.value() and self.current is not None:
            return
        self.chapter_picker.blockSignals(True)
        self.chapter_picker.setValue(max(1, min(chapter, MAX_CHAPTER)))
        self.chapter_picker.blockSignals(False)
        self._update_chapter_title()
        self.rebuild_now()

    def use_chapter_type(self, chapter: int, chapter_type: str) -> None:
        """Show `chapter` as this type without writing it (the chapter has no plan file)."""
        self._type_override = (chapter, chapter_type)
        self.rebuild_now()

    def files_changed(self, paths: set[Path]) -> None:
        """Files were saved or changed on disk: the pins may have, and the feed again soon."""
        if self.project is not None and self.project.root / PINS_FILE in paths:
            self.pin_model.reload()
        self.schedule_rebuild()

    def schedule_rebuild(self, *_args) -> None:
        """Rebuild once the author pauses (text typed, a file changed on disk)."""
        if self.project is not None:
            self.debounce.start()

    def rebuild_now(self) -> int | None:
        """Ask the worker for the feed the pickers describe, over the unsaved text now (a
        feed held back while the author typed is shown first, if it is of the same request)."""
        self.debounce.stop()
        held, self._held = self._held, None
        if held is not None and held.request == self.request():
            self._show(held)
        if self.project is None:
            return None
        self._requested = self.request()
        job = self.refresher.submit(
            build_panel_feed, self.project, self._requested, dict(self._buffers())
        )
        self.status.setText(self.tr("Updating…"))
        return job

    def request(self) -> FeedRequest:
        """What the pickers describe: agent, chapter, a chapter type when overridden, and
        the selected passage for an agent built around one (the selection Prepare uses)."""
        chapter = self.chapter_picker.value()
        override = self._type_override
        chapter_type = override[1] if override and override[0] == chapter else None
        agent = self.agent_picker.currentData()
        passage = self._passage(chapter) if AGENTS[agent].passage else None
        return FeedRequest(agent, chapter, chapter_type, passage)

    def selection_changed(self) -> None:
        """The editor's selection moved: a feed built around a passage follows it."""
        if AGENTS[self.agent_picker.currentData()].passage:
            self.schedule_rebuild()

    @property
    def feed(self) -> Feed | None:
        """The feed shown now (None before the first build or after an error)."""
        return self.current.feed if self.current else None

    def shut_down(self) -> None:
        """Stop the worker thread and wait for it."""
        self.debounce.stop()
        self._held = None
        self.refresher.shut_down()

    # --- pins --------------------------------------------------------------------------

    def pin_path(self, path: Path, section: str = "") -> bool:
        """Pin a file of the project, or one section of it (from the tree or the editor)."""
        if self.project is None:
            return False
        return self.pin(pin_ref(self.project, path, section))

    def pin(self, ref: str) -> bool:
        """Pin `ref` at the end of the list; a refusal is reported with its reason."""
        if self.project is None:
            return False
        try:
            add_pin(self.project, ref)
        except (PinProblem, WorkbenchError) as error:
            self.statusMessage.emit(self.tr("Cannot pin: %1").replace("%1", problem_text(error)))
            return False
        self.pin_model.reload()
        self.statusMessage.emit(self.tr("Pinned %1").replace("%1", ref))
        self.rebuild_now()
        return True

    def unpin(self, ref: str) -> None:
        """Remove one pin."""
        if self.project is None:
            return
        try:
            remove_pin(self.project, ref)
        except WorkbenchError as error:
            self.statusMessage.emit(problem_text(error))
        self.pin_model.reload()
        self.rebuild_now()

    def unpin_selected(self) -> None:
        """Unpin the pins selected in the list (Delete)."""
        rows = self.pin_list.selectionModel().selectedRows()
        self.pin_model.unpin([index.data(Qt.ItemDataRole.UserRole) for index in rows])

    # --- results -----------------------------------------------------------------------

    def _crashed(self, job_id: int, reason: str) -> None:
        """A bug in the build: shown in the panel like any error (the trace is logged)."""
        if self._requested is not None:
            self._show(PanelFeed(job_id, self._requested, error=reason))

    def _delivered(self, result: PanelFeed) -> None:
        """A feed built while the author typed on (the debounce is running again) is held
        until they pause: it is older than the text already, a newer one is asked for when
        the debounce fires, and showing it mid-burst put its models', labels' and repaint's
        work (≈ 8-13 ms of GUI-thread time at 5M 字) into a keystroke (issue #28)."""
        if self.debounce.isActive():
            self._held = result
            return
        self._show(result)

    def _show(self, result: PanelFeed) -> None:
        for section in self.sections.values():
            self._folded |= section.folded_blocks()
        self.current = result
        if self.model.set_feed(result):
            for section in self.sections.values():
                section.expand_all_items(self._folded)
        self.columns.refit()  # a longer name or status (⚠ 过旧 …) may have come
        feed = result.feed
        self.summary.set_feed(feed)
        if feed is not None:
            if result.pins != self.pin_model.checks():
                self.pin_model.set_checks(result.pins)
            self.type_picker.setCurrentIndex(self.type_picker.findData(feed.template))
            self.type_picker.setToolTip(self._type_source(feed))
        self._show_titles()
        self._show_status(result)
        self.feedChanged.emit(result)

    def _show_status(self, result: PanelFeed) -> None:
        if result.error:
            self.status.setText(self.tr("Cannot build the feed: %1").replace("%1", result.error))
            self.status.setStyleSheet("color: #c62828;")
            return
        self.status.setStyleSheet("color: #616161;")
        text = self.tr("%1 for chapter %2").replace("%1", result.request.agent)
        text = text.replace("%2", str(result.request.chapter))
        if result.buffered:
            unsaved = engine_text(listing(result.buffered))
            text += self.tr(" · unsaved text of %1").replace("%1", unsaved)
        notes = result.feed.notes if result.feed else []
        self.status.setText(text)
        self.status.setToolTip("\n".join(engine_texts(notes)))

    def _show_titles(self) -> None:
        feed = self.feed
        totals = feed.totals() if feed else {}
        names = self.layer_names()
        for layer, section in self.sections.items():
            numbers = totals.get(layer.value, {"chars": 0, "tokens": 0})
            text = (
                self.tr("%1 zi · %2 tokens")
                .replace("%1", f"{numbers['chars']:,}")
                .replace("%2", f"{numbers['tokens']:,}")
            )
            section.set_title(names[layer], text)
            section.setVisible(section.block_count() > 0)

    def _type_source(self, feed: Feed) -> str:
        return {
            "plan": self.tr("From the chapter plan's front matter"),
            "option": self.tr("Chosen here; the chapter has no plan file to keep it in"),
            "default": self.tr("Default: the plan does not name a type"),
        }.get(feed.template_source, "")

    def _update_chapter_title(self) -> None:
        if self.project is None:
            self.chapter_title.clear()
            return
        number = self.chapter_picker.value()
        ref = self.project.chapter(number)
        try:
            title = self.project.chapter_title(ref) if ref else ""
        except (OSError, WorkbenchError):
            title = ""
        if ref is None:
            title = self.tr("(not written yet)")
        self.chapter_title.setText(title)
        self.chapter_title.setToolTip(self.project.relative(ref.path) if ref else "")

    # --- pickers -----------------------------------------------------------------------

    def _agent_chosen(self, _index: int) -> None:
        self.agentChosen.emit(self.agent_picker.currentData())
        self.rebuild_now()

    def _chapter_chosen(self, _value: int) -> None:
        self._update_chapter_title()
        self.schedule_rebuild()

    def _type_chosen(self, index: int) -> None:
        chapter_type = self.type_picker.itemData(index)
        if self.feed is not None and chapter_type == self.feed.template:
            return
        self.chapterTypeRequested.emit(self.chapter_picker.value(), chapter_type)

    # --- rows --------------------------------------------------------------------------

    def _open_row(self, index: QModelIndex) -> None:
        source = index.siblingAtColumn(0).data(SOURCE_ROLE)
        if self.project is None or not source or not source[0]:
            return
        path, section, find = source
        self.openSourceRequested.emit(self.project.root / path, section, find)

    def _block_menu(self, index: QModelIndex, position) -> None:
        self.block_menu(index).popup(position)

    def block_menu(self, index: QModelIndex) -> QMenu:
        """The context menu of a block or item row: pin or unpin, open, regenerate a summary."""
        first = index.siblingAtColumn(0)
        ref = first.data(PIN_ROLE)
        pinned = bool(first.data(PINNED_ROLE))
        is_item = first.parent().isValid()
        menu = QMenu(self)
        if pinned:
            text = self.tr("Unpin this entry") if is_item else self.tr("Unpin this block")
            action = menu.addAction(text)
            action.triggered.connect(lambda _checked=False, r=ref: self.unpin(r))
        else:
            text = self.tr("Pin this entry") if is_item else self.tr("Pin this block")
            action = menu.addAction(text)
            action.triggered.connect(lambda _checked=False, r=ref: self.pin(r))
        source = first.data(SOURCE_ROLE)
        if source and source[0]:
            menu.addAction(self.tr("Open the source")).triggered.connect(
                lambda _checked=False, i=first: self._open_row(i)
            )
        covers = None if is_item else first.data(COVERS_ROLE)
        if covers:
            start, end = covers
            menu.addAction(self.tr("Regenerate this summary")).triggered.connect(
                lambda _checked=False, a=start, b=end: self.summaryRegenerateRequested.emit(a, b)
            )
        return menu

    def _pin_menu(self, position) -> None:
        index = self.pin_list.indexAt(position)
        if not index.isValid():
            return
        menu = QMenu(self)
        menu.addAction(self.unpin_action)
        menu.popup(self.pin_list.viewport().mapToGlobal(position))

    def _open_pin(self, index: QModelIndex) -> None:
        ref = index.data(Qt.ItemDataRole.UserRole)
        if self.project is None or not ref or ref.startswith("block:"):
            return
        path, _, section = ref.partition("#")
        if "/" in path or path.endswith((".md", ".txt")):
            self.openSourceRequested.emit(self.project.root / path, section, "")

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
