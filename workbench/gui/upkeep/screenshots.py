"""`make screenshots`, the 待审 tab: offline upkeep of the sample's chapters 6-12 waiting for
review, one proposal selected with its evidence."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.run import run_upkeep

DOCK_WIDTH = 900
TREE_WIDTH = 220
RANGE = (6, 12)


def render_review(window, out_dir: Path, save: Callable[[QWidget, Path], Path]) -> list[Path]:  # type: ignore[no-untyped-def]
    """Propose for the sample's chapters 6-12 and render the review tab."""
    run_upkeep(window.project, *RANGE, OfflineUpkeep())
    dock, browser = window.tracker_dock, window.tracker_browser
    sizes = window.splitter.sizes()
    window.splitter.setSizes([TREE_WIDTH, sum(sizes) - TREE_WIDTH])
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
    review = browser.review
    review.reload()
    browser.tabs.setCurrentWidget(review)
    row = next((r for r, p in enumerate(review.model.proposals) if p.kind == "relationship"), 0)
    review.table.selectRow(row)
    written = [save(window, out_dir / "tracker-review.png")]
    browser.tabs.setCurrentIndex(0)
    window.splitter.setSizes(sizes)
    return written
