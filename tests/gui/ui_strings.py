"""Every string a person can read in a window: labels, buttons, titles, tabs, menus (all of
them, opened or not), combo items, placeholders, spin box affixes, table headers, tooltips of
buttons and actions. The book's own text is left out: editors' contents and the cells of item
views (chapter titles, tracker rows) are the author's words, not the UI's; `item_strings` reads
the views whose cells the UI writes (the context panel's rows and pins, jobs, usage)."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
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
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QWidget,
)

TAGS = re.compile(r"<[^>]+>")


def shown(rich: str) -> str:
    """What a person reads of a rich-text string: no tags, entities as their characters."""
    return html.unescape(TAGS.sub("", rich))


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
            found.append((name, shown(widget.text())))
        elif isinstance(widget, QAbstractButton):
            found.append((name, widget.text()))
            found.append((f"{name} tooltip", shown(widget.toolTip())))
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


def item_strings(root: QWidget) -> list[tuple[str, str]]:
    """The display text of every cell of `root`'s visible item views, tree rows included."""
    found: list[tuple[str, str]] = []
    for view in root.findChildren(QAbstractItemView):
        model = view.model()
        if not view.isVisible() or model is None or isinstance(view, QHeaderView):
            continue
        where = f"{type(view).__name__} {view.objectName()} cell".strip()
        parents = [QModelIndex()]
        while parents:
            parent = parents.pop()
            for row in range(model.rowCount(parent)):
                # A list model's columnCount is private in Qt: it has one column.
                columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)
                for column in range(columns):
                    text = model.data(model.index(row, column, parent))
                    if isinstance(text, str) and text.strip():
                        found.append((where, text))
                parents.append(model.index(row, 0, parent))
    return found


def cut_short(root: QWidget) -> list[str]:
    """The visible combo boxes of `root` whose chosen item is wider than the box shows."""
    cut = []
    for combo in root.findChildren(QComboBox):
        if not combo.isVisible() or combo.isEditable() or not combo.currentText():
            continue
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
        )
        if combo.fontMetrics().horizontalAdvance(combo.currentText()) > field.width():
            cut.append(f"{combo.objectName() or type(combo).__name__}: {combo.currentText()!r}")
    return cut
