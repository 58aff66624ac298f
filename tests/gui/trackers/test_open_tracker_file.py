"""打开追踪表文件, clicked as an author clicks it. In a webnovel-writer serial opened in place
(no Markdown tracker: the ledger reads `.webnovel/state.json`, the relationships index.db) it
used to do nothing at all; now it opens the memory file the selected row came from, at that
row's line, and says whose file it is and why the ledger is read-only; for index.db (SQLite,
not text) it says where the relationships live. In the sample it opens the Markdown trackers."""

from __future__ import annotations

import real_input
from conftest import settle
from tracker_input import at_chapter, click_row, raised
from webnovel_serial import NEXT_CHAPTER, memory_bytes


def _tab(browser, widget) -> None:
    """Click the browser's tab that holds `widget`."""
    bar = browser.tabs.tabBar()
    real_input.click(bar, bar.tabRect(browser.tabs.indexOf(widget)).center())
    assert browser.tabs.currentWidget() is widget


def _open_tabs(window) -> list[str]:
    return [window.project.relative(window.tabs.widget(i).path) for i in range(window.tabs.count())]


def test_in_a_serial_it_opens_the_row_s_memory_file_at_its_line(make_window, serial, qtbot):
    before = memory_bytes(serial)
    window = make_window()
    assert window.open_project(serial)
    settle(window, qtbot)
    browser = raised(window)
    at_chapter(browser, NEXT_CHAPTER)
    qtbot.waitUntil(lambda: browser.ledger.model.row_of("WF002") is not None)
    click_row(browser.ledger, "WF002")
    entry = browser.ledger.model.row_at(browser.ledger.model.row_of("WF002")).entry
    assert entry.source == ".webnovel/state.json" and entry.line > 1
    tabs_before = window.tabs.count()

    real_input.click(browser.open_button)
    editor = window.tabs.current_editor()
    assert editor is not None and editor.path == serial / ".webnovel/state.json"
    assert window.tabs.count() == tabs_before + 1
    caret = editor.text_edit.textCursor()
    assert caret.blockNumber() + 1 == entry.line  # the caret on the row's own line
    assert "WF002" in caret.block().text() or entry.content[:6] in caret.block().text()
    in_sight = editor.text_edit.viewport().rect()
    assert in_sight.contains(editor.text_edit.cursorRect().center()), "the line is in sight"
    said = browser.message.text()
    assert browser.message.isVisible()
    assert f".webnovel/state.json:{entry.line}" in said and "WF002" in said
    assert "webnovel-writer" in said and "只读" in said and "workbench migrate" in said
    assert window.status.currentMessage() == said

    # A row from the scratchpad's open loops opens that file instead.
    loop = next(r for r in browser.ledger.model.ledger.rows if r.entry.id.startswith("WM"))
    click_row(browser.ledger, loop.entry.id)
    real_input.click(browser.open_button)
    editor = window.tabs.current_editor()
    assert editor.path == serial / loop.entry.source
    assert editor.path.name == "memory_scratchpad.json"
    assert editor.text_edit.textCursor().blockNumber() + 1 == loop.entry.line

    # The relationships are index.db's: no file to open, a message that says why.
    _tab(browser, browser.relations)
    opened = _open_tabs(window)
    real_input.click(browser.open_button)
    assert _open_tabs(window) == opened
    said = browser.message.text()
    assert ".webnovel/index.db" in said and "SQLite" in said and "只读" in said
    assert "workbench migrate" in said
    assert memory_bytes(serial) == before, "opening is not writing"


def test_with_no_row_selected_it_opens_where_the_ledger_s_rows_begin(make_window, serial, qtbot):
    window = make_window()
    assert window.open_project(serial)
    settle(window, qtbot)
    browser = raised(window)
    qtbot.waitUntil(lambda: browser.ledger.model.rowCount() > 0)
    assert browser.ledger.selected_id() is None
    real_input.click(browser.open_button)
    editor = window.tabs.current_editor()
    first = browser.ledger.model.row_at(0).entry
    assert editor.path == serial / first.source
    assert editor.text_edit.textCursor().blockNumber() + 1 == first.line
    assert "只读" in browser.message.text()


def test_in_the_sample_it_opens_the_markdown_trackers(window, qtbot):
    browser = raised(window)
    real_input.click(browser.open_button)
    assert window.tabs.current_editor().path == window.project.root / "references/plot-tracker.md"
    _tab(browser, browser.relations)
    real_input.click(browser.open_button)
    path = window.tabs.current_editor().path
    assert path == window.project.root / "references/relationship-tracker.md"
    assert not browser.message.isVisible()


def test_a_tracker_file_that_is_not_there_is_named(window, qtbot):
    (window.project.root / "references/relationship-tracker.md").unlink()
    browser = raised(window)
    qtbot.waitUntil(lambda: browser.store.relationships is None, timeout=20_000)
    settle(window, qtbot)
    _tab(browser, browser.relations)
    opened = _open_tabs(window)
    real_input.click(browser.open_button)
    assert _open_tabs(window) == opened
    said = browser.message.text()
    assert "references/relationship-tracker.md" in said and "不存在" in said
