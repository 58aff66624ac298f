"""Every string a person can read in a window: labels, buttons, titles, tabs, menus (all of
them, opened or not), combo items, placeholders, spin box affixes, table headers, tooltips of
buttons and actions. The book's own text is left out: editors' contents and the cells of item
views (chapter titles, tracker rows, feed blocks) are the author's words, not the UI's."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QSpinBox,
    QTabBar,
    QWidget,
)

TAGS = re.compile(r"<[^>]+>")


def menu_strings(menu: QMenu, where: str) -> list[tuple[str, str]]:
    """The menu's title, entries and tooltips, submenus included."""
    found = [(where, menu.title())] if menu.title() else []
    for action in menu.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        found.append((f"{where} ▸ menu entry", action.text()))
        if action.toolTip() and action.toolTip() != action.text().replace("&", ""):
            found.append((f"{where} ▸ tooltip", action.toolTip()))
        if action.menu() is not None:
            found += menu_strings(action.menu(), f"{where} ▸ {action.text()}")
    return found


def visible_strings(root: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every readable string of `root` and its visible children."""
    found: list[tuple[str, str]] = [("window title", root.windowTitle())]
    if isinstance(root, QMainWindow):
        for action in root.menuBar().actions():
            if action.menu() is not None:
                found += menu_strings(action.menu(), "menu bar")
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        name = f"{type(widget).__name__} {widget.objectName()}".strip()
        if isinstance(widget, QLabel):
            found.append((name, TAGS.sub("", widget.text())))
        elif isinstance(widget, QAbstractButton):
            found.append((name, widget.text()))
            found.append((f"{name} tooltip", TAGS.sub("", widget.toolTip())))
        elif isinstance(widget, QGroupBox):
            found.append((name, widget.title()))
        elif isinstance(widget, QDockWidget):
            found.append((name, widget.windowTitle()))
        elif isinstance(widget, QTabBar):
            found += [(name, widget.tabText(i)) for i in range(widget.count())]
        elif isinstance(widget, QComboBox):
            found += [(name, widget.itemText(i)) for i in range(widget.count())]
            if widget.isEditable() and widget.lineEdit() is not None:
                found.append((name, widget.lineEdit().placeholderText()))
        elif isinstance(widget, QLineEdit):
            found.append((name, widget.placeholderText()))
        elif isinstance(widget, QAbstractSpinBox):
            found.append((name, widget.specialValueText()))
            if isinstance(widget, QSpinBox):
                found += [(name, widget.prefix()), (name, widget.suffix())]
        elif isinstance(widget, QHeaderView) and widget.model() is not None:
            model, orientation = widget.model(), widget.orientation()
            count = model.columnCount() if orientation == Qt.Orientation.Horizontal else 0
            found += [(name, str(model.headerData(i, orientation) or "")) for i in range(count)]
    return [(where, text) for where, text in found if text and text.strip()]
