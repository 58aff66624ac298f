"""The webnovel-writer serial's memory in the app's tracker browser (issue #27 items 1 and 9):
state.json's foreshadowing and the scratchpad's open loops are the ledger's rows, with the
states `workbench trackers --chapter N` gives, and index.db's relationships the relationship
history; all of it read-only, since webnovel-writer owns those files."""

from __future__ import annotations

import json

from conftest import settle
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView
from webnovel_serial import NEXT_CHAPTER, make_serial, memory_bytes

from workbench.cli.main import main
from workbench.gui.trackers.ledger_model import ID_ROLE, STATE_ROLE

LEFT = Qt.MouseButton.LeftButton


def _cli(serial, capsys, *args: str) -> dict:
    capsys.readouterr()
    assert main(["trackers", str(serial), *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_ledger_shows_the_memory_as_the_command_line_does(make_window, serial, capsys, qtbot):
    expected = _cli(serial, capsys, "--chapter", str(NEXT_CHAPTER))
    every = _cli(serial, capsys)
    before = memory_bytes(serial)
    window = make_window()
    assert window.open_project(serial)
    settle(window, qtbot)  # the trackers and the memory are read off the GUI thread
    browser = window.tracker_browser
    browser.set_chapter(NEXT_CHAPTER)
    model = browser.ledger.model
    states = {
        model.index(row, 0).data(ID_ROLE): model.index(row, 0).data(STATE_ROLE)
        for row in range(model.rowCount())
    }
    assert states == {entry["id"]: entry["state"] for entry in expected["foreshadowing"]}
    assert [key for key, state in states.items() if state == "overdue"] == [
        "WF002",
        "WF005",
        "WF006",
    ]
    assert any(key.startswith("WM") for key in states), "the scratchpad's open loops"
    row = model.row_of("WF002")
    assert model.index(row, model.column_of("planted")).data() == "第2章"
    assert model.index(row, model.column_of("payoff")).data() == "第28章"
    # Read-only: no cell can be edited, a double-click opens no editor, and the actions are off.
    content = model.index(row, model.column_of("content"))
    assert not content.flags() & Qt.ItemFlag.ItemIsEditable
    table = browser.ledger.table
    cell = table.visualRect(browser.ledger.proxy.mapFromSource(content)).center()
    QTest.mouseClick(table.viewport(), LEFT, pos=cell)
    QTest.mouseDClick(table.viewport(), LEFT, pos=cell)
    assert table.state() != QAbstractItemView.State.EditingState
    assert browser.ledger.selected_id() == "WF002"
    assert not browser.ledger.resolve_button.isEnabled()
    assert not browser.ledger.abandon_button.isEnabled()
    assert browser.ledger.pin_button.isEnabled()
    detail = browser.ledger.detail.text()
    assert "只读" in detail and ".webnovel/state.json:" in detail
    assert not browser.resolve("WF002")
    # index.db's relationships are the relationship history.
    shown = [(row.chapter, row.a, row.b, row.relation) for row in browser.relations.rows]
    listed = [(r["chapter"], r["a"], r["b"], r["relation"]) for r in every["relationships"]]
    assert shown == listed and len(shown) == 6
    assert memory_bytes(serial) == before, "nothing under .webnovel/ is written"


def _states(model) -> dict[str, str]:
    return {
        model.index(row, 0).data(ID_ROLE): model.index(row, 0).data(STATE_ROLE)
        for row in range(model.rowCount())
    }


def test_a_chapter_committed_meanwhile_shows_without_reopening(
    make_window, tmp_path, qtbot, capsys
):
    """webnovel-writer commits chapter 31 (resolving an entry) while the app is open: the
    folder watch sees state.json change and the ledger reads it again."""
    root = make_serial(tmp_path / "星图劫", through=30)
    window = make_window()
    assert window.open_project(root)
    settle(window, qtbot)
    browser = window.tracker_browser
    browser.set_chapter(31)
    model = browser.ledger.model
    before = _states(model)
    later = make_serial(tmp_path / "later", through=31)
    (root / ".webnovel/state.json").write_bytes((later / ".webnovel/state.json").read_bytes())
    expected = _cli(root, capsys, "--chapter", "31")
    after = {entry["id"]: entry["state"] for entry in expected["foreshadowing"]}
    resolved = [key for key, state in after.items() if state != before.get(key)]
    assert resolved and all(after[key] == "resolved" for key in resolved)
    qtbot.waitUntil(lambda: _states(model) == after)
