"""The app's real start on a copy of the sample, on whatever screen the platform gives
(test_view_menu_and_fit runs it on a 1280×720 offscreen screen): prints, as JSON, whether the
window, the status bar, the dock tabs and the pin list are on the screen."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QTabBar, QWidget

from workbench.gui.app import start_app

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-novel"


def on_screen(widget: QWidget, room: QRect, min_height: int = 1) -> bool:
    """Visible, at least `min_height` tall, and all of it within the screen."""
    rect = QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())
    return widget.isVisible() and widget.height() >= min_height and room.contains(rect)


def main() -> int:
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as scratch:
        novel = Path(scratch) / "sample-novel"
        shutil.copytree(SAMPLE, novel)
        started = start_app(str(novel))
        window = started.window
        window.chapters.open_chapter(12)
        # With a pin the list shows (empty, a one-line hint stands in for it).
        window.context_panel.pin("worldbuilding/world.md#力量体系")
        app.processEvents()
        room = window.screen().availableGeometry()
        tabs = [bar for bar in window.findChildren(QTabBar) if bar.parent() is window]
        seen = {
            "screen": [room.x(), room.y(), room.width(), room.height()],
            "frame_inside_screen": room.contains(window.frameGeometry()),
            "status_bar": on_screen(window.statusBar(), room),
            "dock_tabs": any(on_screen(bar, room) for bar in tabs),
            "pin_list": on_screen(window.context_panel.pin_list, room, min_height=20),
        }
        started.stop()
        window.close()
    print(json.dumps(seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
