"""The daily goal is set where the author looks for it — 每日目标 in the 全书 statistics view,
and 文件 ▸ 设置… — and kept in the book's workbench.toml; a book that just arrived (copied or
imported today) shows no estimated bar for today."""

from __future__ import annotations

import os
import time
import tomllib
from pathlib import Path

import real_input
from PySide6.QtWidgets import QDialogButtonBox

from workbench.gui.settings_dialog import SettingsDialog

STATS_TAB = 2


def shown_stats(qtbot, window):  # type: ignore[no-untyped-def]
    """The 全书 dock in front, its 写作统计 tab clicked, the open's snapshot delivered."""
    real_input.raise_dock(window, window.book_dock)
    panel = window.book_panel
    qtbot.waitUntil(lambda: panel.snapshot is not None and not panel.is_busy(), timeout=20_000)
    bar = panel.tabs.tabBar()
    real_input.click(bar, bar.tabRect(STATS_TAB).center())
    assert panel.tabs.currentIndex() == STATS_TAB
    return panel


def goal_in(novel: Path) -> int | None:
    config = tomllib.loads((novel / "workbench.toml").read_text(encoding="utf-8"))
    return config.get("stats", {}).get("daily_goal")


def test_the_goal_typed_in_the_statistics_view_is_the_books(qtbot, window, novel) -> None:
    panel = shown_stats(qtbot, window)
    spin = panel.goal_box.spin
    assert spin.isVisible() and spin.value() == 4000 and panel.goal_box.label.text() == "每日目标"
    assert goal_in(novel) is None
    real_input.fill(spin, "6000")
    assert goal_in(novel) == 6000
    assert (novel / "workbench.toml").read_text(encoding="utf-8").startswith("[project]\n")
    qtbot.waitUntil(lambda: panel.snapshot.goal == 6000 and not panel.is_busy(), timeout=20_000)
    assert panel.goal_bar.text().endswith("目标 6,000")
    assert panel.chart.summary.goal == 6000


def test_the_goal_set_in_settings_is_the_books(qtbot, window, novel) -> None:
    panel = shown_stats(qtbot, window)
    seen: list[int] = []

    def in_the_dialog(dialog) -> None:  # type: ignore[no-untyped-def]
        assert isinstance(dialog, SettingsDialog), dialog
        seen.append(dialog.daily_goal.value())
        real_input.fill(dialog.daily_goal, "2500")
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        real_input.click(ok)

    real_input.when_modal(in_the_dialog)
    actions = window.actions_
    real_input.from_menu_bar(window, actions.file_menu, actions.settings.text())
    assert seen == [4000]
    assert goal_in(novel) == 2500
    qtbot.waitUntil(lambda: panel.goal_box.spin.value() == 2500, timeout=20_000)


def test_a_book_copied_today_has_no_estimated_bar_today(qtbot, make_window, novel) -> None:
    now = time.time()
    for chapter in (novel / "chapters").glob("*.md"):
        os.utime(chapter, (now, now))  # as a copy or an import leaves them
    window = make_window()
    assert window.open_project(novel)
    panel = shown_stats(qtbot, window)
    today = panel.chart.summary.days[-1]
    assert (today.added, today.estimated) == (0, False)
    assert not panel.estimated_label.isVisible()
    assert panel.today_label.text() == "今日：0 字"
