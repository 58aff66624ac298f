"""In English the context panel's rows that do not fit end at a whole word and "…"
("payoff planned…"), never mid-word ("payoff planned fo…")."""

from __future__ import annotations

from pathlib import Path

from panel_wait import settled
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem, QTreeView

from workbench.gui.word_elide import BREAK, ELLIPSIS
from workbench.settings import Settings


def shown_rows(view: QTreeView) -> list[tuple[str, str]]:
    """(whole text, text as the view's delegate lays it out) of each first-column cell."""
    model, rows, parents = view.model(), [], [QModelIndex()]
    while parents:
        parent = parents.pop()
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            option = QStyleOptionViewItem()
            option.initFrom(view)
            option.rect = view.visualRect(index)
            view.itemDelegateForIndex(index).initStyleOption(option, index)
            rows.append((index.data(), option.text))
            parents.append(index)
    return rows


def test_a_row_too_long_for_its_column_ends_at_a_word(make_window, novel: Path, qtbot) -> None:
    window = make_window(Settings(ui_language="en"))
    window.resize(1440, 900)
    assert window.open_project(novel)
    window.open_path(window.project.plan_file(13))
    window.resizeDocks([window.context_dock], [430], Qt.Orientation.Horizontal)
    panel = window.context_panel
    settled(qtbot, panel)
    QApplication.processEvents()
    view = panel.findChild(QTreeView, "contextView_on_demand")
    view.expandAll()
    QApplication.processEvents()
    cut = [(whole, shown) for whole, shown in shown_rows(view) if shown != whole]
    assert cut, "at 430 px some on-demand rows are longer than their column"
    for whole, shown in cut:
        assert shown.endswith(ELLIPSIS), shown
        kept = shown.removesuffix(ELLIPSIS)
        assert whole.startswith(kept), (whole, shown)
        rest = whole[len(kept) :]
        assert rest[:1] in " ·,;:" or BREAK.match(whole, len(kept)), (whole, shown)
