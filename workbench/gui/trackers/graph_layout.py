"""Where the relationship graph puts characters and edge labels (pure geometry, no Qt).

The layout is made once from every pair the tracker ever names, so a character stays where
it is while the chapter slider moves. The most connected character, when they know most of
the others (a serial's protagonist), sits in the middle; everyone else is on a ring (an
ellipse, as the pane is wide), placed next to the characters they are tied to. Each pair
gets one label slot on its edge, sized for the longest label it ever shows; slots are slid
along the edge until no two labels and no label and character overlap, and the ring grows
until that works.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

Pair = frozenset[str]
Size = tuple[float, float]

MIN_RADIUS = 140.0
NODE_GAP = 28.0
LABEL_MARGIN = 4.0
GROWTH = 1.18
MAX_GROWTH_STEPS = 24
# Where along an edge a label may sit (0 = first character, 1 = second), best first.
SLOTS = (0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73)
HUB_SHARE = 0.5
# The ring is an ellipse this much wider than tall: the graph sits in a wide, short pane.
ASPECT = 1.6


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle by its centre and size."""

    x: float
    y: float
    width: float
    height: float

    def overlaps(self, other: Box, margin: float = LABEL_MARGIN) -> bool:
        """Whether the two rectangles, each grown by `margin`, intersect."""
        return (
            abs(self.x - other.x) * 2 < self.width + other.width + 2 * margin
            and abs(self.y - other.y) * 2 < self.height + other.height + 2 * margin
        )


@dataclass(frozen=True)
class GraphLayout:
    """Character centres and label centres, in scene coordinates."""

    nodes: dict[str, tuple[float, float]]
    labels: dict[Pair, tuple[float, float]]
    node_boxes: dict[str, Box]
    label_boxes: dict[Pair, Box]
    complete: bool  # False only if no ring size up to the limit avoided every overlap


def ring_order(names: list[str], pairs: Iterable[Pair]) -> list[str]:
    """Names in an order where tied characters tend to be neighbours on the ring."""
    ties: dict[str, set[str]] = {name: set() for name in names}
    for pair in pairs:
        a, b = sorted(pair)
        if a in ties and b in ties:
            ties[a].add(b)
            ties[b].add(a)
    left = list(names)
    order: list[str] = []
    while left:
        if not order:
            current = max(left, key=lambda n: (len(ties[n]), -names.index(n)))
        else:
            last = order[-1]
            current = max(
                left, key=lambda n: (n in ties[last], len(ties[n] & set(order)), -names.index(n))
            )
        order.append(current)
        left.remove(current)
    return order


def hub_of(names: list[str], pairs: Iterable[Pair]) -> str | None:
    """The character tied to at least half the others (and to three or more), if any."""
    degree = {name: 0 for name in names}
    for pair in pairs:
        for name in pair:
            if name in degree:
                degree[name] += 1
    if len(names) < 4:
        return None
    best = max(names, key=lambda n: (degree[n], -names.index(n)))
    return best if degree[best] >= max(3, HUB_SHARE * (len(names) - 1)) else None


def layout_graph(
    names: list[str],
    pairs: list[Pair],
    node_size: Callable[[str], Size],
    label_size: dict[Pair, Size],
) -> GraphLayout:
    """Place every character and every pair's label; see the module docstring."""
    hub = hub_of(names, pairs)
    ring = ring_order([n for n in names if n != hub], pairs)
    sizes = {name: node_size(name) for name in names}
    # The ring's circumference must hold every node's width plus a gap.
    needed = sum(max(sizes[n]) + NODE_GAP for n in ring) / (2 * math.pi)
    radius = max(MIN_RADIUS, needed)
    if hub is not None:
        radius = max(radius, max(sizes[hub]) + max((max(sizes[n]) for n in ring), default=0))
    best: GraphLayout | None = None
    for _ in range(MAX_GROWTH_STEPS):
        attempt = _place(hub, ring, pairs, sizes, label_size, radius)
        if attempt.complete:
            return attempt
        best = best or attempt
        radius *= GROWTH
    assert best is not None
    return best


def _place(
    hub: str | None,
    ring: list[str],
    pairs: list[Pair],
    sizes: dict[str, Size],
    label_size: dict[Pair, Size],
    radius: float,
) -> GraphLayout:
    nodes: dict[str, tuple[float, float]] = {}
    if hub is not None:
        nodes[hub] = (0.0, 0.0)
    for index, name in enumerate(ring):
        # Start at the top and go clockwise, so the first (most tied) character is on top.
        angle = -math.pi / 2 + 2 * math.pi * index / max(1, len(ring))
        nodes[name] = (ASPECT * radius * math.cos(angle), radius * math.sin(angle))
    node_boxes = {name: Box(*nodes[name], *sizes[name]) for name in nodes}
    labels: dict[Pair, tuple[float, float]] = {}
    label_boxes: dict[Pair, Box] = {}
    complete = True
    # Short edges first: they have the least room, so they choose before the long ones.
    for pair in sorted(pairs, key=lambda p: (_length(nodes, p), sorted(p))):
        a, b = sorted(pair)
        (ax, ay), (bx, by) = nodes[a], nodes[b]
        width, height = label_size.get(pair, (0.0, 0.0))
        chosen: Box | None = None
        for t in SLOTS:
            box = Box(ax + (bx - ax) * t, ay + (by - ay) * t, width, height)
            if not _collides(box, node_boxes.values(), label_boxes.values()):
                chosen = box
                break
        if chosen is None:
            complete = False
            chosen = Box((ax + bx) / 2, (ay + by) / 2, width, height)
        labels[pair] = (chosen.x, chosen.y)
        label_boxes[pair] = chosen
    return GraphLayout(nodes, labels, node_boxes, label_boxes, complete)


def _length(nodes: dict[str, tuple[float, float]], pair: Pair) -> float:
    a, b = sorted(pair)
    return math.dist(nodes[a], nodes[b])


def _collides(box: Box, nodes: Iterable[Box], labels: Iterable[Box]) -> bool:
    return any(box.overlaps(other) for other in nodes) or any(
        box.overlaps(other) for other in labels
    )


def overlaps(layout: GraphLayout) -> list[tuple[str, str]]:
    """Every pair of boxes (characters and labels) that overlap: [] for a readable layout."""
    boxes = [(name, box) for name, box in layout.node_boxes.items()]
    boxes += [("—".join(sorted(pair)), box) for pair, box in layout.label_boxes.items()]
    found = []
    for i, (first, one) in enumerate(boxes):
        for second, other in boxes[i + 1 :]:
            if one.overlaps(other, margin=0):
                found.append((first, second))
    return found
