"""The relationship graph: characters as nodes, each pair's edge labelled with its state at
the slider's chapter. Positions come from graph_layout and never move with the chapter."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QMarginsF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QWidget,
)

from workbench.gui.trackers.graph_layout import GraphLayout, Pair, hub_of, layout_graph
from workbench.trackers.model import RelationshipChange, Trackers

NODE_PADDING = (18.0, 10.0)
LABEL_PADDING = (10.0, 5.0)
SCENE_MARGIN = 40.0
NODE_FONT_SCALE, LABEL_FONT_SCALE = 1.25, 1.1
MAX_FIT_SCALE = 1.6
MIN_SCALE, MAX_SCALE, ZOOM_STEP = 0.2, 4.0, 1.15
FADED_OPACITY = 0.3
NODE_FILL, NODE_BORDER = QColor("#f6f1e7"), QColor("#8c6d46")
HUB_FILL = QColor("#efe0c4")
EDGE_PEN = QColor("#a4abb4")
CHANGED = QColor("#b83227")
LABEL_FILL = QColor("#ffffff")
TEXT = QColor("#222222")


def state_text(row: RelationshipChange) -> str:
    """A pair's state as the edge shows it: its 关系, else where its 变化 led."""
    if row.relation:
        return row.relation
    return row.change.split("→")[-1].strip() or "?"


class _Boxed(QGraphicsRectItem):
    """A rounded box holding one line of text (a character, or an edge's label)."""

    def __init__(self, text: str, font: QFont, padding: tuple[float, float]) -> None:
        super().__init__()
        self.text_item = QGraphicsSimpleTextItem(self)
        self.text_item.setFont(font)
        self.text_item.setBrush(QBrush(TEXT))
        self._padding = padding
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.set_text(text)

    def set_text(self, text: str) -> None:
        """Show `text`, centred in a box sized to it."""
        self.text_item.setText(text)
        bounds = self.text_item.boundingRect()
        width, height = bounds.width() + self._padding[0], bounds.height() + self._padding[1]
        self.setRect(QRectF(-width / 2, -height / 2, width, height))
        self.text_item.setPos(-bounds.width() / 2, -bounds.height() / 2)

    def text(self) -> str:
        """The text shown."""
        return self.text_item.text()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """A rounded rectangle; selection is shown by a thicker border, not Qt's dashes."""
        pen = QPen(self.pen())
        if self.isSelected():
            pen.setWidthF(pen.widthF() + 1.5)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        painter.setBrush(self.brush())
        painter.drawRoundedRect(self.rect(), 6, 6)


class CharacterNode(_Boxed):
    """One character."""

    def __init__(self, name: str, font: QFont, hub: bool) -> None:
        super().__init__(name, font, NODE_PADDING)
        self.name = name
        self.setBrush(QBrush(HUB_FILL if hub else NODE_FILL))
        self.setPen(QPen(NODE_BORDER, 1.4))
        self.setZValue(2)


class EdgeLabel(_Boxed):
    """The state of one pair at the chapter shown."""

    def __init__(self, pair: Pair, font: QFont) -> None:
        super().__init__("", font, LABEL_PADDING)
        self.pair = pair
        self.setBrush(QBrush(LABEL_FILL))
        self.setZValue(3)


class RelationshipGraph(QGraphicsView):
    """The characters and their pairs' states at one chapter; click a pair or a character."""

    pairSelected = Signal(object)  # frozenset[str]
    characterSelected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationshipGraph")
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setBackgroundBrush(QBrush(QColor("#fbfaf7")))
        self.chapter = 0
        self.layout_: GraphLayout | None = None
        self.rows: tuple[RelationshipChange, ...] = ()
        self.canonical: Callable[[str], str] = str
        self.nodes: dict[str, CharacterNode] = {}
        self.edges: dict[Pair, QGraphicsLineItem] = {}
        self.labels: dict[Pair, EdgeLabel] = {}
        self._user_zoomed = False
        self.scene().selectionChanged.connect(self._selection_changed)

    # --- contents ------------------------------------------------------------------------

    def set_rows(
        self, rows: tuple[RelationshipChange, ...], canonical: Callable[[str], str]
    ) -> None:
        """Lay out every character and pair the rows ever name, then redraw the chapter."""
        self.rows, self.canonical = rows, canonical
        self.scene().clear()
        self.nodes, self.edges, self.labels = {}, {}, {}
        names: list[str] = []
        texts: dict[Pair, set[str]] = {}
        for row in rows:
            a, b = canonical(row.a), canonical(row.b)
            names += [name for name in (a, b) if name not in names]
            if a != b:
                texts.setdefault(frozenset((a, b)), set()).add(state_text(row))
        node_font, label_font = self._fonts()

        def node_size(name: str) -> tuple[float, float]:
            return _boxed_size(name, node_font, NODE_PADDING)

        label_size = {
            pair: max(_boxed_size(text, label_font, LABEL_PADDING) for text in sorted(options))
            for pair, options in texts.items()
        }
        self.layout_ = layout_graph(names, list(texts), node_size, label_size)
        hub = hub_of(names, list(texts))
        for name, (x, y) in self.layout_.nodes.items():
            node = CharacterNode(name, node_font, name == hub)
            node.setPos(x, y)
            self.scene().addItem(node)
            self.nodes[name] = node
        for pair in texts:
            a, b = sorted(pair)
            (ax, ay), (bx, by) = self.layout_.nodes[a], self.layout_.nodes[b]
            edge = QGraphicsLineItem(ax, ay, bx, by)
            edge.setZValue(1)
            self.scene().addItem(edge)
            self.edges[pair] = edge
            label = EdgeLabel(pair, label_font)
            label.setPos(*self.layout_.labels[pair])
            self.scene().addItem(label)
            self.labels[pair] = label
        margins = QMarginsF(SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN)
        self.scene().setSceneRect(self.scene().itemsBoundingRect().marginsAdded(margins))
        self.show_chapter(self.chapter)

    def _fonts(self) -> tuple[QFont, QFont]:
        node_font = QFont(self.font())
        node_font.setPointSizeF(self.font().pointSizeF() * NODE_FONT_SCALE)
        node_font.setBold(True)
        label_font = QFont(self.font())
        label_font.setPointSizeF(self.font().pointSizeF() * LABEL_FONT_SCALE)
        return node_font, label_font

    def show_chapter(self, chapter: int) -> None:
        """Draw every pair as it stood at `chapter`: its latest row at or before it."""
        self.chapter = chapter
        states = self.states_at(chapter)
        for pair, label in self.labels.items():
            row = states.get(pair)
            edge = self.edges[pair]
            edge.setVisible(row is not None)
            label.setVisible(row is not None)
            if row is None:
                continue
            changed = row.chapter == chapter
            label.set_text(state_text(row))
            label.setToolTip(self._tooltip(row))
            label.text_item.setBrush(QBrush(CHANGED if changed else TEXT))
            label.setPen(QPen(CHANGED if changed else EDGE_PEN, 1.6 if changed else 1.0))
            edge.setPen(QPen(CHANGED if changed else EDGE_PEN, 2.4 if changed else 1.4))
        present = {name for pair in states for name in pair}
        for name, node in self.nodes.items():
            node.setOpacity(1.0 if name in present else FADED_OPACITY)

    def _tooltip(self, row: RelationshipChange) -> str:
        heading = (
            self.tr("Chapter %1: %2 is %3")
            .replace("%1", str(row.chapter))
            .replace("%2", row.key)
            .replace("%3", state_text(row))
        )
        return "\n".join([heading, *(value for value in (row.change, row.note) if value)])

    def states_at(self, chapter: int) -> dict[Pair, RelationshipChange]:
        """Each pair's latest row at or before `chapter`, as the tracker defines state."""
        latest = Trackers(relationships=list(self.rows)).latest_rows(chapter, self.canonical)
        return {row.pair(self.canonical): row for row in latest}

    def edge_labels(self) -> dict[Pair, str]:
        """The labels drawn now, read from the scene: what the author sees on each edge."""
        return {
            item.pair: item.text()
            for item in self.scene().items()
            if isinstance(item, EdgeLabel) and item.isVisible()
        }

    # --- view ----------------------------------------------------------------------------

    def fit(self) -> None:
        """Show the whole graph, enlarged up to MAX_FIT_SCALE when there is room."""
        self._user_zoomed = False
        self.resetTransform()
        rect = self.sceneRect()
        if rect.isEmpty():
            return
        view = self.viewport().rect()
        scale = min(view.width() / rect.width(), view.height() / rect.height(), MAX_FIT_SCALE)
        self.scale(scale, scale)
        self.centerOn(rect.center())

    def resizeEvent(self, event) -> None:
        """Keep the graph fitted until the author zooms by hand."""
        super().resizeEvent(event)
        if not self._user_zoomed:
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        """Ctrl + wheel zooms; the wheel alone scrolls."""
        if not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            super().wheelEvent(event)
            return
        factor = ZOOM_STEP if event.angleDelta().y() > 0 else 1 / ZOOM_STEP
        current = self.transform().m11()
        if MIN_SCALE <= current * factor <= MAX_SCALE:
            self._user_zoomed = True
            self.scale(factor, factor)

    def _selection_changed(self) -> None:
        selected = self.scene().selectedItems()
        if not selected:
            return
        item = selected[0]
        if isinstance(item, EdgeLabel):
            self.pairSelected.emit(item.pair)
        elif isinstance(item, CharacterNode):
            self.characterSelected.emit(item.name)

    def select_pair(self, pair: Pair) -> None:
        """Select a pair's label, as a click would."""
        label = self.labels.get(pair)
        if label is not None:
            self.scene().clearSelection()
            label.setSelected(True)


def _boxed_size(text: str, font: QFont, padding: tuple[float, float]) -> tuple[float, float]:
    """The size a _Boxed item will have for `text`, measured by the same kind of text item,
    so a fallback CJK font (taller than the primary font's metrics say) is counted."""
    item = QGraphicsSimpleTextItem(text)
    item.setFont(font)
    bounds = item.boundingRect()
    return bounds.width() + padding[0], bounds.height() + padding[1]
