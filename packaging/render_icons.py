"""`make icons`: render the SVG application icon to the PNG sizes desktops and bundles ask for.

Run by path from the repository root (`python packaging/render_icons.py`); never imported by
the app. The PNGs are committed, so building needs no SVG renderer; rerun this after changing
the SVG. Qt's own SVG renderer is used because the app already depends on it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

APP_ID = "io.github.workbench.Workbench"
HICOLOR = Path(__file__).resolve().parent.parent / "resources" / "icons" / "hicolor"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, size: int, target: Path) -> None:
    """Draw `svg` into a transparent size×size PNG at `target`."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    target.parent.mkdir(parents=True, exist_ok=True)
    if not image.save(str(target)):
        raise SystemExit(f"{target}: could not be written")
    print(target.relative_to(HICOLOR.parent.parent.parent))


def main() -> int:
    """Render every size from the scalable icon."""
    _app = QGuiApplication(sys.argv[:1])  # QImage and QPainter want a GUI application
    svg = HICOLOR / "scalable" / "apps" / f"{APP_ID}.svg"
    for size in SIZES:
        render(svg, size, HICOLOR / f"{size}x{size}" / "apps" / f"{APP_ID}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
