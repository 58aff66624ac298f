"""The 全书 dock through the input a person uses: the heatmap, the timeline and the
statistics show the engine's numbers, and clicks open the chapter or the ledger entry. The dock
and its tabs are brought in front by clicks on their tabs, the filter typed over (Ctrl+A), the
sort picked from its list, a chapter double-clicked in the tree, a cell hovered."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QTabBar, QToolTip
from tracker_input import at_chapter, raised

from workbench.book.project import Project
from workbench.stats import read_history
from workbench.trackers.mentions import mention_table, sorted_rows


def pick(qtbot, combo, data) -> None:
    """Open a combo box's list with a click and click the entry holding `data`."""
    real_input.click(combo)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    # A combo's list ignores a release within a double-click interval of opening (a person
    # who holds the press to drag to an entry): wait as a person's second click would.
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    index = view.model().index(combo.findData(data), 0)
    real_input.click(view.viewport(), view.visualRect(index).center())
    qtbot.waitUntil(lambda: not view.isVisible())


def shown(qtbot, window):
    """The 全书 dock brought in front by a click on its tab, with the snapshot the open took
    delivered."""
    real_input.raise_dock(window, window.book_dock)
    panel = window.book_panel
    qtbot.waitUntil(lambda: panel.snapshot is not None and not panel.is_busy(), timeout=20_000)
    return panel


def tab(panel, index: int) -> None:
    """Click the 全书 panel's tab `index` (出场 / 伏笔时间线 / 写作统计)."""
    bar = panel.tabs.tabBar()
    real_input.click(bar, bar.tabRect(index).center())
    assert panel.tabs.currentIndex() == index


def test_presence_model_equals_the_engine_for_every_cell(qtbot, window, novel):
    panel = shown(qtbot, window)
    model = panel.presence_model
    assert model.objectName() == "presenceModel"
    assert panel.heatmap.objectName() == "presenceHeatmap"
    engine = mention_table(Project.open(novel))
    assert [row.name for row in sorted_rows(engine, "first")] == [
        model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())
    ]
    for r in range(model.rowCount()):
        row = engine.row(model.headerData(r, Qt.Orientation.Vertical))
        for c, chapter in enumerate(engine.chapters):
            index = model.index(r, c)
            assert (
                model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.UserRole) == chapter
            )
            assert index.data(Qt.ItemDataRole.DisplayRole) == row.counts[c]
            assert index.data(Qt.ItemDataRole.UserRole) == row.counts[c]


def test_sorting_and_filtering_by_what_the_author_types(qtbot, window):
    panel = shown(qtbot, window)
    tab(panel, 0)
    everyone = panel.presence_model.rowCount()
    real_input.click(panel.character_filter)
    real_input.type_keys(panel.character_filter, "lu")  # matches no name: nobody
    assert panel.presence_model.rowCount() == 0
    real_input.fill(panel.character_filter, "灯奴")  # 陆照's alias, over what was typed
    assert panel.character_filter.text() == "灯奴"
    names = [row.name for row in panel.presence_model.rows]
    assert names == ["陆照"]
    real_input.click(panel.character_filter)
    real_input.key(panel.character_filter, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    real_input.key(panel.character_filter, Qt.Key.Key_Backspace)
    assert panel.presence_model.rowCount() == everyone > 1
    pick(qtbot, panel.sort_box, "last")  # 按最后出场
    assert panel.sort_box.currentText() == "按最后出场"
    assert panel.presence_model.sort_by == "last"
    lasts = [row.last or 0 for row in panel.presence_model.rows]
    assert lasts == sorted(lasts, reverse=True)


def test_a_click_on_a_cell_opens_that_chapter_at_the_first_mention(qtbot, window):
    panel = shown(qtbot, window)
    tab(panel, 0)
    heatmap, model = panel.heatmap, panel.presence_model
    row = next(r for r, character in enumerate(model.rows) if character.name == "厉无咎")
    column = model.table.chapters.index(12)
    cell = heatmap.cell_rect(row, column)
    real_input.click(heatmap, cell.center())
    editor = window.tabs.current_editor()
    assert editor is not None and window.project.chapter_for_path(editor.path) == 12
    position = editor.text_edit.textCursor().position()
    text = editor.shown_text()
    forms = ("厉无咎", "鬼灯使", "厉老鬼")
    assert any(text.startswith(form, position) for form in forms)
    assert not any(form in text[:position] for form in forms)  # the first mention


def test_hovering_a_cell_says_the_chapter_and_the_count(qtbot, window):
    panel = shown(qtbot, window)
    tab(panel, 0)
    heatmap, model = panel.heatmap, panel.presence_model
    row = next(r for r, character in enumerate(model.rows) if character.name == "陆照")
    cell = heatmap.cell_rect(row, 0)
    count = model.index(row, 0).data()
    real_input.move(heatmap, cell.center())
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=10_000)
    assert QToolTip.text() == f"陆照 · 第1章 · {count}次"


def test_the_timeline_states_equal_the_trackers_command(qtbot, window, novel):
    panel = shown(qtbot, window)
    timeline = panel.timeline
    assert timeline.objectName() == "foreshadowingTimeline"
    real_input.open_from_tree(window, window.project.chapter(7).path)
    real_input.raise_dock(window, window.book_dock)
    tab(panel, 1)
    qtbot.waitUntil(lambda: timeline.chapter == 7)
    printed = subprocess.run(
        [
            sys.executable,
            "-m",
            "workbench",
            "trackers",
            str(novel),
            "--chapter",
            "7",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    states = {entry["id"]: entry["state"] for entry in json.loads(printed.stdout)["foreshadowing"]}
    shown_states = {life.entry.id: str(life.state) for life in timeline.lives}
    assert shown_states and all(states[key] == value for key, value in shown_states.items())


def test_a_click_on_a_timeline_row_selects_the_entry_in_the_ledger(qtbot, window):
    panel = shown(qtbot, window)
    tab(panel, 1)
    timeline = panel.timeline
    row = next(r for r, life in enumerate(timeline.lives) if life.entry.id == "F007")
    real_input.click(timeline, QPoint(timeline.width() // 2, 24 + row * 24 + 12))
    assert window.tracker_dock.isVisible()
    assert window.tracker_browser.ledger.selected_id() == "F007"


def test_the_timeline_follows_the_ledger_filters(qtbot, window):
    panel = shown(qtbot, window)
    ledger = window.tracker_browser.ledger
    real_input.raise_dock(window, window.tracker_dock)
    pick(qtbot, ledger.tier_filter, "核心")
    assert ledger.tier_filter.currentData() == "核心"
    assert panel.timeline.lives and all(life.entry.tier == "核心" for life in panel.timeline.lives)
    assert len(panel.timeline.lives) < len(panel.timeline.all_lives)


def test_writing_stats_shows_todays_saved_zi_after_saving_in_the_editor(qtbot, window, type_at_end):
    panel = shown(qtbot, window)
    assert panel.stats.objectName() == "writingStats"
    editor = window.tabs.current_editor()
    before = panel.snapshot.history
    assert all(record.estimated for record in before.records)  # the one-time estimate
    assert panel.today_label.text() == "今日：0 字"
    type_at_end(editor, "灯火又亮了一盏。")  # 8 字
    real_input.shortcut(editor.text_edit, "Ctrl+S")
    assert not editor.is_modified()
    qtbot.waitUntil(lambda: not window.background_pending())  # the line is written on a thread
    records = read_history(window.project).records
    assert (records[-1].after - records[-1].before, records[-1].estimated) == (8, False)
    qtbot.waitUntil(lambda: panel.today_label.text() == "今日：8 字", timeout=20_000)
    assert "8 / 目标 4,000" in panel.goal_bar.text()


def test_each_view_exports_a_png_at_twice_its_pixels(qtbot, window, tmp_path, monkeypatch):
    from PySide6.QtGui import QImage
    from PySide6.QtWidgets import QFileDialog

    panel = shown(qtbot, window)
    asked = []

    def answer(_parent, _title, start, _filter):
        asked.append(start)
        return str(tmp_path / f"view-{len(asked)}.png"), "PNG (*.png)"

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    views = [
        (0, panel.heatmap_export, panel.heatmap),
        (1, panel.timeline_export, panel.timeline),
        (2, panel.stats_export, panel.stats),
    ]
    for number, (index, button, view) in enumerate(views, start=1):
        tab(panel, index)
        real_input.click(button)
        image = QImage(str(tmp_path / f"view-{number}.png"))
        assert (image.width(), image.height()) == (view.width() * 2, view.height() * 2)
    assert [Path(start).name for start in asked] == [
        "presence.png",
        "foreshadowing-timeline.png",
        "writing-stats.png",
    ]


def test_in_the_english_ui_the_views_say_chapter_and_zi_not_the_chinese_units(qtbot, window):
    """The heatmap's columns and tooltip, the timeline's tooltip and the statistics' labels
    were Chinese in the English UI (第N章, 次, 埋设, 字); the book's own words (names, an
    entry's content) stay as written."""
    # The switch itself is test_language's (through the settings dialog); set up here.
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    # The dock tabs take the new titles a turn of the event loop after the docks do.
    bars = [bar for bar in window.findChildren(QTabBar) if bar.parent() is window]
    qtbot.waitUntil(lambda: any("Book" in (b.tabText(i) for i in range(b.count())) for b in bars))
    panel = shown(qtbot, window)
    tab(panel, 0)
    heatmap, model = panel.heatmap, panel.presence_model
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Ch. 1"
    row = next(r for r, character in enumerate(model.rows) if character.name == "陆照")
    real_input.move(heatmap, heatmap.cell_rect(row, 0).center())
    count = model.index(row, 0).data()
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=10_000)
    assert QToolTip.text() == f"陆照 · chapter 1 · {count} times"
    real_input.key(heatmap, Qt.Key.Key_Escape)
    QToolTip.hideText()

    tab(panel, 1)
    timeline = panel.timeline
    row = next(r for r, life in enumerate(timeline.lives) if life.entry.id == "F007")
    life = timeline.lives[row]
    real_input.move(timeline, QPoint(timeline.width() // 2, 24 + row * 24 + 12))
    qtbot.waitUntil(lambda: QToolTip.isVisible() and "F007" in QToolTip.text(), timeout=10_000)
    said = QToolTip.text().split("\n")
    assert said[0] == f"F007 {life.entry.content}"
    assert said[1] == f"planted in chapter {life.planted}"
    assert any(line.startswith(f"at chapter {timeline.chapter}: ") for line in said)
    assert not any(word in QToolTip.text() for word in ("埋设", "回收", "章时", "再现", "逾期"))
    QToolTip.hideText()

    tab(panel, 2)
    assert panel.today_label.text() == "Today: 0 zi"
    assert panel.chapter_label.text().endswith(" zi")
    assert panel.chart.tr("zi") == "zi"  # the chart's own axis unit, painted


def test_the_timeline_says_an_entrys_state_in_the_ledgers_words(qtbot, window):
    """Both name an entry planted after the chapter 尚未埋设 (the timeline said 未埋设)."""
    real_input.open_from_tree(window, window.project.chapter(7).path)
    panel = shown(qtbot, window)
    tab(panel, 1)
    timeline = panel.timeline
    qtbot.waitUntil(lambda: timeline.chapter == 7)
    row = next(r for r, life in enumerate(timeline.lives) if life.entry.id == "F011")
    assert str(timeline.lives[row].state) == "not_planted"  # planted later
    real_input.move(timeline, QPoint(timeline.width() // 2, 24 + row * 24 + 12))
    qtbot.waitUntil(lambda: QToolTip.isVisible() and "F011" in QToolTip.text(), timeout=10_000)
    assert "第7章时：尚未埋设" in QToolTip.text().split("\n"), QToolTip.text()
    QToolTip.hideText()
    browser = raised(window)
    at_chapter(browser, 7)
    model = browser.ledger.model
    notes = model.index(model.row_of("F011"), model.notes_column).data()
    assert notes.startswith("尚未埋设"), notes
