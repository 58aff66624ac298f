"""`make screenshots`, the 全书 part: each of its three views at 1440×900 and 1280×720."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

SIZES = ((1440, 900), (1280, 720))
VIEWS = ("presence", "timeline", "stats")


def render_book(window, out_dir: Path, save, settle, name: str = "book") -> list[Path]:
    """The window with the 全书 dock in front on each view, at each size."""
    dock, panel = window.book_dock, window.book_panel
    dock.show()
    dock.raise_()
    written = []
    for width, height in SIZES:
        window.resize(width, height)
        window.resizeDocks([dock], [round(width * 0.52)], Qt.Orientation.Horizontal)
        panel.refresh()
        for _ in range(200):
            settle(50)
            if not panel.is_busy():
                break
        for index, view in enumerate(VIEWS):
            panel.tabs.setCurrentIndex(index)
            written.append(save(window, out_dir / f"{name}-{view}-{width}x{height}.png"))
    return written
