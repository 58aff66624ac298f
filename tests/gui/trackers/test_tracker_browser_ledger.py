"""The tracker browser's foreshadowing ledger, in a real main window on a copy of the sample:
states as the CLI gives them, filters, relevance marks, dormant threads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import real_input
from PySide6.QtCore import QPoint, Qt
from tracker_input import at_chapter, clear, click_row, raised

from workbench.cli.main import main
from workbench.gui.trackers.ledger_model import ID_ROLE, STATE_ROLE


def browser_of(window):
    return window.tracker_dock.findChild(type(window.tracker_browser), "trackerBrowser")


@pytest.fixture
def browser(window):
    """The tracker browser, its dock in front."""
    return raised(window)


def shown(browser) -> list[str]:
    proxy = browser.ledger.proxy
    return [proxy.index(row, 0).data(ID_ROLE) for row in range(proxy.rowCount())]


def states(browser) -> dict[str, str]:
    model = browser.ledger.model
    assert model.objectName() == "foreshadowingModel"
    return {
        model.index(row, 0).data(ID_ROLE): model.index(row, 0).data(STATE_ROLE)
        for row in range(model.rowCount())
    }


def cli_states(novel: Path, chapter: int, capsys) -> dict[str, str]:
    capsys.readouterr()
    assert main(["trackers", str(novel), "--chapter", str(chapter), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    return {entry["id"]: entry["state"] for entry in data["foreshadowing"]}


def test_the_browser_replaces_the_placeholder_and_follows_the_editor(
    window, browser, novel, qtbot
) -> None:
    assert browser_of(window) is browser
    assert window.tracker_dock.windowTitle() == "追踪表"
    # The sample opens at its last chapter, 12; the browser follows it.
    assert window.tabs.current_editor().chapter == 12
    assert browser.chapter == 12 and browser.editor_chapter == 12
    real_input.double_click(
        window.tree.viewport(), real_input.tree_row(window.tree, "chapters/ch005.md")
    )
    assert window.tabs.current_editor().chapter == 5
    assert browser.chapter == 5
    # The ledger at the editor's chapter is built off the GUI thread, then shown.
    header = browser.ledger.model.headerData
    qtbot.waitUntil(lambda: header(1, Qt.Orientation.Horizontal) == "第5章")


@pytest.mark.parametrize("chapter", [9, 13])
def test_the_state_role_matches_the_command_line(browser, novel, capsys, chapter) -> None:
    at_chapter(browser, chapter)
    assert not browser.follow_box.isChecked(), "a chapter set by hand stops following"
    expected = cli_states(novel, chapter, capsys)
    assert states(browser) == expected
    assert len(expected) == 17
    if chapter == 13:
        assert [k for k, v in expected.items() if v == "overdue"] == ["F007", "F009"]
        assert [k for k, v in expected.items() if v == "due"] == ["F010", "F011", "F015", "F016"]
    else:
        assert [k for k, v in expected.items() if v == "not_planted"] == ["F010", "F011", "F016"]


def test_each_filter_narrows_the_rows(browser, qtbot) -> None:
    at_chapter(browser, 13)
    ledger = browser.ledger
    assert len(shown(browser)) == 17
    real_input.pick(ledger.state_filter, "overdue")
    assert shown(browser) == ["F007", "F009"]
    real_input.pick(ledger.state_filter, "active")
    assert shown(browser) == [
        "F001", "F006", "F007", "F009", "F010", "F011", "F012", "F013", "F015", "F016",
    ]  # fmt: skip
    clear(ledger)
    real_input.pick(ledger.tier_filter, "装饰")
    assert shown(browser) == ["F012", "F014", "F017"]
    clear(ledger)
    real_input.fill(ledger.character_filter, "瞎伯")  # 温不言's alias
    assert shown(browser) == ["F002", "F008", "F017"]
    real_input.fill(ledger.character_filter, "小谢")  # 谢灵's 外号
    assert shown(browser) == ["F007"]
    clear(ledger)
    real_input.fill(ledger.range_filter.first, "30")
    real_input.fill(ledger.range_filter.last, "40")
    assert shown(browser) == ["F006", "F013"]
    clear(ledger)
    real_input.fill(ledger.text_filter, "灯芯")
    assert shown(browser) == ["F003"]
    real_input.pick(ledger.state_filter, "resolved")
    assert shown(browser) == ["F003"]
    real_input.fill(ledger.text_filter, "谢灵均")
    assert shown(browser) == ["F003"]
    real_input.pick(ledger.state_filter, "open")
    assert shown(browser) == ["F012"]
    assert ledger.count_label.text() == "共 17 条，显示 1 条"
    clear(ledger)
    assert len(shown(browser)) == 17


def test_sorting_by_payoff_is_numeric(browser) -> None:
    model, table = browser.ledger.model, browser.ledger.table
    header = table.horizontalHeader()
    payoff = model.column_of("payoff")
    where = QPoint(real_input.column_in_sight(table, payoff) + 8, header.height() // 2)
    real_input.click(header.viewport(), where)  # a click on the header sorts by it
    if header.sortIndicatorOrder() != Qt.SortOrder.AscendingOrder:
        real_input.click(header.viewport(), where)  # a second click turns the order round
    assert header.sortIndicatorSection() == payoff
    order = shown(browser)
    assert order[:3] == ["F002", "F005", "F004"]  # 6, 8, 9 (not "10" < "6" as text)
    assert order[-1] == "F013"  # 45


def test_relevant_rows_carry_the_feeds_reasons(browser, novel, capsys) -> None:
    model = browser.ledger.model
    capsys.readouterr()
    assert main(["trackers", str(novel), "--chapter", "12", "--format", "json"]) == 0
    relevant = {
        item["key"]: item["reasons"]
        for item in json.loads(capsys.readouterr().out)["relevant"]
        if item["kind"] == "foreshadowing"
    }
    assert relevant, "chapter 12 of the sample has relevant entries"
    for row in model.ledger.rows:
        assert row.reasons == tuple(relevant.get(row.entry.id, ()))
    f007 = model.row_of("F007")
    notes = model.index(f007, model.notes_column).data()
    assert notes.startswith("逾期")
    assert model.index(f007, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    # By hand at chapter 13, the reasons are still the editor's chapter's, and say so.
    at_chapter(browser, 13)
    notes = model.index(model.row_of("F007"), model.notes_column).data()
    assert "第12章：逾期：计划回收 10 < 12" in notes


def test_a_dormant_entry_is_flagged_with_its_last_seen_chapter(browser, novel, qtbot) -> None:
    (novel / "workbench.toml").write_text(
        (novel / "workbench.toml").read_text("utf-8") + "\n[trackers]\ndormant_after = 5\n",
        "utf-8",
    )
    qtbot.waitUntil(lambda: any(row.dormant for row in browser.ledger.model.ledger.rows))
    model = browser.ledger.model
    dormant = {r.entry.id: r.sighting.last_seen for r in model.ledger.rows if r.dormant}
    assert dormant == {"F013": 6}  # 宗主/入关/空置 (明彻真人) are last written in chapter 6
    notes = model.index(model.row_of("F013"), model.notes_column).data()
    assert "沉寂：最后见于第6章" in notes
    ledger = browser.ledger
    real_input.pick(ledger.state_filter, "dormant")
    assert shown(browser) == ["F013"]
    click_row(ledger, "F013")
    assert "最后一次出现在第6章，已有6章未出现" in ledger.detail.text()


def test_the_browser_speaks_english_too(window, qtbot) -> None:
    browser = window.tracker_browser
    assert browser.tabs.tabText(0) == "伏笔"
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    qtbot.waitUntil(lambda: browser.tabs.tabText(0) == "Foreshadowing")
    assert window.tracker_dock.windowTitle() == "Trackers"
    assert browser.tabs.tabText(1) == "Relationships"
    assert browser.ledger.resolve_button.text() == "Resolve here"
    model = browser.ledger.model
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Content"
    assert model.index(model.row_of("F002"), model.notes_column).data() == "resolved"


def test_only_files_the_ledger_reads_refresh_it(window, novel) -> None:
    browser = window.tracker_browser
    browser.files_changed({novel / "references" / "rolling-summary.md"})  # a summary written
    browser.files_changed({novel / "references" / "fixed-context.md"})
    browser.files_changed({novel / ".workbench" / "token-cache.json"})
    assert not browser.refresh_scheduled()
    browser.files_changed({window.project.chapters[0].path})  # sightings read the chapters
    assert browser.refresh_scheduled()


def test_a_refresh_keeps_the_column_widths_the_author_set(browser, novel) -> None:
    table, model = browser.ledger.table, browser.ledger.model
    header = table.horizontalHeader()
    payoff = model.column_of("payoff")
    before = header.sectionSize(payoff)
    edge = real_input.column_in_sight(table, payoff) + before - 1
    y = header.height() // 2
    real_input.drag(header.viewport(), QPoint(edge, y), QPoint(edge + 60, y))  # its border
    width = table.columnWidth(payoff)
    assert width == before + 60
    browser.refresh_ledger()
    at_chapter(browser, 13)
    assert table.columnWidth(payoff) == width
    tracker = novel / "references" / "plot-tracker.md"
    store = browser.store
    before = store.plot
    assert not store.reload()  # unchanged on disk: the same file, not parsed again
    assert store.plot is before
    tracker.write_text(tracker.read_text("utf-8") + "\n", "utf-8")
    assert store.reload() and store.plot is not before
