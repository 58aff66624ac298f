"""`make screenshots`, the tracker browser part: the ledger at the chapter being planned
(overdue and due rows), and the relationship graph at two chapters with a pair's history."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

# The browser wants room: an author reviewing threads drags the dock wide.
DOCK_WIDTH = 900
TREE_WIDTH = 220
LEDGER_CHAPTER = 13  # the sample's next chapter: it has a plan, F007/F009 are overdue there
GRAPH_CHAPTERS = (5, 12)
SELECTED_PAIR = frozenset({"陆照", "沈青棠"})


def render_trackers(window, out_dir: Path, save: Callable[[QWidget, Path], Path]) -> list[Path]:  # type: ignore[no-untyped-def]
    """Render the ledger and the graph at two chapters; returns their paths."""
    written: list[Path] = []
    dock, browser = window.tracker_dock, window.tracker_browser
    sizes = window.splitter.sizes()
    window.splitter.setSizes([TREE_WIDTH, sum(sizes) - TREE_WIDTH])
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    window.open_path(window.project.plan_file(LEDGER_CHAPTER))
    browser.tabs.setCurrentIndex(0)
    browser.ledger.select("F007")
    written.append(save(window, out_dir / "tracker-ledger.png"))

    browser.tabs.setCurrentIndex(1)
    relations = browser.relations
    relations.slider.setValue(GRAPH_CHAPTERS[0])
    relations.graph.fit()
    written.append(save(window, out_dir / f"tracker-graph-ch{GRAPH_CHAPTERS[0]:02d}.png"))
    relations.slider.setValue(GRAPH_CHAPTERS[1])
    relations.graph.select_pair(SELECTED_PAIR)
    written.append(save(window, out_dir / f"tracker-graph-ch{GRAPH_CHAPTERS[1]:02d}.png"))

    relations.clear_filters()
    browser.tabs.setCurrentIndex(0)
    window.splitter.setSizes(sizes)
    return written
