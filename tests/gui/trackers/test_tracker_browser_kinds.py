"""A tracker kind the project declared has its own tab in the tracker browser: its rows by its
own columns, why each is relevant to the chapter in the editor, and a cell edited in place
that changes exactly one line of the file."""

from __future__ import annotations

import difflib

import real_input
from conftest import settle
from items_tracker import ITEMS, declare_items
from PySide6.QtCore import Qt

from workbench.gui.trackers.kind_view import KindPanel


def changed_lines(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def items_tab(window, qtbot) -> KindPanel:
    """Show the tracker dock and click the 法宝 tab, as a person would."""
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    browser = window.tracker_browser
    tabs = browser.tabs
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert titles[2:] == ["法宝", "待审"], titles  # the review tab (issue 24) stays last
    bar = tabs.tabBar()
    qtbot.waitUntil(lambda: bar.isVisible() and bar.tabRect(2).width() > 0)
    real_input.click(bar, bar.tabRect(2).center())
    panel = tabs.currentWidget()
    assert isinstance(panel, KindPanel) and panel.kind.key == "items"
    return panel


def test_the_declared_kind_has_its_own_tab_with_reasons(make_window, novel, qtbot, tmp_path):
    declare_items(novel)
    window = make_window()
    assert window.open_project(novel)
    window.chapters.open_chapter(13)
    settle(window, qtbot)  # the trackers are read, and the ledger built, off the GUI thread
    panel = items_tab(window, qtbot)
    model = panel.model
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names == ["血色灯牌", "无名灯", "止水剑", "寒渊钥", "青冥丹"]
    reasons = 1  # beside the name, where a narrow dock still shows it
    assert model.headerData(reasons, Qt.Orientation.Horizontal) == "当前相关原因"
    qtbot.waitUntil(lambda: model.index(0, reasons).data() != "")
    assert model.index(0, reasons).data() == "点名：血色灯牌；点名：灯纹；近期变化：第12章"
    assert model.index(3, reasons).data() == ""  # 寒渊钥 enters in chapter 30
    shot = tmp_path / "items-tab.png"
    assert window.tracker_browser.grab().save(str(shot))


def test_editing_a_cell_in_the_tab_changes_one_line(make_window, novel, qtbot):
    path = declare_items(novel)
    before = path.read_text("utf-8")
    window = make_window()
    assert window.open_project(novel)
    settle(window, qtbot)
    panel = items_tab(window, qtbot)
    table = panel.table
    holder = panel.model.column_of("持有者")
    cell = table.visualRect(panel.model.index(1, holder)).center()  # 无名灯
    real_input.double_click(table.viewport(), cell)
    real_input.key(None, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    real_input.type_chinese(None, "沈青棠", "shenqingtang")
    real_input.key(None, Qt.Key.Key_Return)
    # The delegate commits on the next turn of the event loop, as it does for a person.
    qtbot.waitUntil(lambda: path.read_text("utf-8") != before)
    after = path.read_text("utf-8")
    assert changed_lines(before, after) == [
        "-| 无名灯 | 法宝 | 陆照 | 灯火 | 1 | 10 | 烧去记忆换力量 |",
        "+| 无名灯 | 法宝 | 沈青棠 | 灯火 | 1 | 10 | 烧去记忆换力量 |",
    ]
    qtbot.waitUntil(lambda: panel.model.index(1, holder).data() == "沈青棠")
    assert window.tracker_browser.message.text().startswith(f"{ITEMS}")
