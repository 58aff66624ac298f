"""Fits the screen: the window never opens larger than the available screen; 视图 hides the
project tree and each dock and 重置布局 puts them back; a narrow dock shows the ledger's IDs
and state words in full, bold rows included; a long chapter title shows in full on hover.
A child process renders the first start on a 1280×720 screen (offscreen screens are set by
the platform's config file) and checks the status bar, the dock tabs and the pin list."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import real_input
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QMenu

from workbench.gui.view_menu import fit_to_screen

CHILD = Path(__file__).with_name("first_start_child.py")


def choose_from_menu_bar(window, menu: QMenu, entry: str) -> None:
    """Click the menu's title in the menu bar, then walk to `entry` with the keyboard."""
    bar = window.menuBar()
    real_input.click(bar, bar.actionGeometry(menu.menuAction()).center())
    popup = QApplication.activePopupWidget()
    assert popup is menu, f"clicking {menu.title()!r} opened {popup!r}"
    real_input.choose(menu, entry)


def test_view_menu_hides_the_tree_and_docks_and_reset_layout_brings_them_back(window) -> None:
    view = window.actions_.view_menu
    choose_from_menu_bar(window, view, "项目树")
    assert not window.tree.isVisible()
    choose_from_menu_bar(window, view, "上下文")
    assert not window.context_dock.isVisible()
    window.tracker_dock.setFloating(True)
    choose_from_menu_bar(window, view, "重置布局")
    assert window.tree.isVisible() and window.context_dock.isVisible()
    assert not window.tracker_dock.isFloating()
    assert set(window.tabifiedDockWidgets(window.context_dock)) == {
        window.tracker_dock,
        window.book_dock,
    }


def test_a_hidden_tree_stays_hidden_at_the_next_start(make_window, novel: Path) -> None:
    first = make_window()
    first.view_menu.tree_action.trigger()
    first.save_window_state()
    second = make_window()
    assert second.open_project(novel)
    assert not second.tree.isVisible()


def test_a_window_larger_than_the_screen_is_brought_within_it(window) -> None:
    room = window.screen().availableGeometry()
    window.resize(room.width() + 900, room.height() + 700)
    window.move(room.left() + 300, room.top() + 200)
    fit_to_screen(window)
    frame = window.frameGeometry()
    assert room.contains(frame), (frame, room)


def test_a_narrow_dock_shows_ledger_ids_and_states_in_full(window) -> None:
    window.resize(1280, 720)
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    window.resizeDocks([window.tracker_dock], [380], Qt.Orientation.Horizontal)
    window.open_path(window.project.plan_file(13))  # F007/F009 overdue: bold rows
    table = window.tracker_browser.ledger.table
    model = table.model()
    notes = window.tracker_browser.ledger.model.notes_column
    bold_rows = 0
    for row in range(model.rowCount()):
        for column in (0, notes):
            index = model.index(row, column)
            font = index.data(Qt.ItemDataRole.FontRole) or table.font()
            bold_rows += column == 0 and font.bold()
            shown = str(index.data()).split(" · ")[0]
            needed = QFontMetrics(font).horizontalAdvance(shown)
            assert table.columnWidth(column) > needed, (shown, table.columnWidth(column))
    assert bold_rows >= 2


def test_a_long_chapter_title_shows_in_full_on_hover(window, novel: Path, qtbot) -> None:
    chapter = novel / "chapters" / "ch003.md"
    long_title = "药庐里那一瓶不收钱的药和她没有说出口的那半句话"
    text = chapter.read_text("utf-8").split("\n", 1)[1]
    chapter.write_text(f"# 第3章 {long_title}\n{text}", "utf-8")
    window.tree.refresh()
    chapters = window.tree.topLevelItem(0)
    # Titles are read off the GUI thread: the row shows the new one when it has arrived.
    qtbot.waitUntil(lambda: long_title in chapters.child(2).text(0))
    row = window.tree._rows[str(chapter)]
    assert long_title in row.toolTip(0) and "chapters/ch003.md" in row.toolTip(0)


def test_the_first_start_fits_a_1280_by_720_screen(tmp_path: Path) -> None:
    screens = tmp_path / "screens.json"
    screen = {"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 720}
    screens.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={screens}",
        "WORKBENCH_CONFIG_DIR": str(tmp_path / "config"),
    }
    result = subprocess.run(
        [sys.executable, str(CHILD)],
        env=env,
        cwd=CHILD.parent,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    seen = json.loads(result.stdout.strip().splitlines()[-1])
    assert seen["screen"] == [0, 0, 1280, 720]
    assert seen["frame_inside_screen"], seen
    for part in ("status_bar", "dock_tabs", "pin_list"):
        assert seen[part], f"{part} is not on screen: {seen}"
