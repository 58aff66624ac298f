"""Editing the trackers from the browser: only the touched bytes change; broken, stale or
open-and-dirty files are never written; live reloads; jumping to chapters; pins."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication
from tracker_input import at_chapter, click_row, raised

from workbench.gui.trackers.entry_dialog import EntryDialog
from workbench.gui.trackers.ledger_model import ID_ROLE

PLOT = "references/plot-tracker.md"


def changed_lines(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def row_line(text: str, entry_id: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| {entry_id} |"))


def test_resolving_changes_exactly_that_rows_status_cell(window, novel: Path) -> None:
    path = novel / PLOT
    before = path.read_text("utf-8")
    browser = raised(window)
    at_chapter(browser, 13)
    click_row(browser.ledger, "F007")
    real_input.click(browser.ledger.resolve_button)
    after = path.read_text("utf-8")
    old = row_line(before, "F007")
    assert changed_lines(before, after) == [
        f"-{old}",
        "+" + old.replace("| 未回收 |", "| 已回收@13 |"),
    ]
    assert path.read_bytes() == before.replace(old, old.replace("未回收", "已回收@13")).encode()
    model = browser.ledger.model
    state = Qt.ItemDataRole.UserRole + 1
    assert model.index(model.row_of("F007"), 0).data(state) == "resolved"
    at_chapter(browser, 12)  # resolved at 13: still open, and overdue, at 12
    assert model.index(model.row_of("F007"), 0).data(state) == "overdue"
    assert browser.message.text() == "F007 已在第13章回收"


def test_adding_an_entry_appends_one_row_and_nothing_else(window, novel: Path) -> None:
    path = novel / PLOT
    before = path.read_text("utf-8")
    browser = raised(window)
    at_chapter(browser, 13)
    real_input.click(browser.ledger.add_button)
    dialog = QApplication.activeModalWidget()
    assert dialog.objectName() == "foreshadowingEntryDialog"
    assert dialog.id_edit.text() == "F018"
    assert dialog.planted_spin.value() == 13
    real_input.fill(dialog.content_edit, "灯牌背面的“渊”字遇血发烫")
    real_input.fill(dialog.payoff_spin, "20")
    real_input.fill(dialog.keywords_edit, "渊, 灯牌")
    real_input.key(dialog.keywords_edit, Qt.Key.Key_Return)  # the dialog's default button
    assert not dialog.isVisible()
    after = path.read_text("utf-8")
    last = row_line(before, "F017")
    new = "| F018 | 灯牌背面的“渊”字遇血发烫 | 13 | 20 | 未回收 | 支线 | | 渊, 灯牌 |"
    assert changed_lines(before, after) == [f"+{new}"]
    assert after == before.replace(last + "\n", last + "\n" + new + "\n")
    assert browser.ledger.selected_id() == "F018"


def test_record_as_foreshadowing_from_the_editor_prefills_the_entry(window, novel: Path) -> None:
    editor = window.tabs.current_editor()
    assert editor.chapter == 12
    text = editor.text_edit.toPlainText()
    phrase = "厉无咎"
    start = text.index(phrase)
    cursor = editor.text_edit.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(start + 12, QTextCursor.MoveMode.KeepAnchor)
    editor.text_edit.setTextCursor(cursor)
    menu = editor.context_menu(QPoint(0, 0))
    action = next(a for a in menu.actions() if a.objectName() == "recordForeshadowing")
    assert action.text() == "记为伏笔" and action.isEnabled()
    action.trigger()
    dialogs = [d for d in window.tracker_browser.findChildren(EntryDialog) if d.isVisible()]
    assert len(dialogs) == 1
    prefilled = dialogs[0]
    assert prefilled.content_edit.text() == text[start : start + 12].replace("\n", " ").strip()
    assert prefilled.planted_spin.value() == 12
    assert "厉无咎" in prefilled.characters_edit.text()
    prefilled.reject()


def test_edit_a_cell_in_place(window, novel: Path) -> None:
    path = novel / PLOT
    before = path.read_text("utf-8")
    browser = window.tracker_browser
    model = browser.ledger.model
    index = model.index(model.row_of("F012"), model.column_of("payoff"))
    assert index.flags() & Qt.ItemFlag.ItemIsEditable
    assert model.setData(index, "30")
    old = row_line(before, "F012")
    assert changed_lines(before, path.read_text("utf-8")) == [
        f"-{old}",
        "+" + old.replace("| 24 |", "| 30 |"),
    ]
    # A value the cell cannot hold is refused and nothing is written.
    index = model.index(model.row_of("F012"), model.column_of("status"))
    assert not model.setData(index, "搁置")
    assert "未写入" in browser.message.text()
    assert changed_lines(before, path.read_text("utf-8")) == [
        f"-{old}",
        "+" + old.replace("| 24 |", "| 30 |"),
    ]


def test_abandon_and_reorder(window, novel: Path) -> None:
    path = novel / PLOT
    browser = raised(window)
    click_row(browser.ledger, "F012")
    real_input.click(browser.ledger.abandon_button)
    assert "| F012 |" in path.read_text("utf-8") and "| 装饰 | 谢灵均 |" in path.read_text("utf-8")
    assert row_line(path.read_text("utf-8"), "F012").split("|")[5].strip() == "废弃"
    before = path.read_text("utf-8")
    click_row(browser.ledger, "F013")
    real_input.click(browser.ledger.up_button)
    after = path.read_text("utf-8")
    assert after.index("| F013 |") < after.index("| F012 |")
    assert sorted(after.splitlines()) == sorted(before.splitlines())
    click_row(browser.ledger, "F001")
    real_input.click(browser.ledger.up_button)  # already first in its table
    assert path.read_text("utf-8") == after


def test_a_file_changed_on_disk_is_reloaded_and_the_edit_refused(window, novel: Path) -> None:
    path = novel / PLOT
    browser = raised(window)
    click_row(browser.ledger, "F007")
    external = path.read_text("utf-8").replace("谢远舟同下寒渊", "谢远舟随队下寒渊")
    path.write_text(external, "utf-8")
    # Clicked before the watcher's batch arrives: the browser still shows the old text.
    real_input.click(browser.ledger.resolve_button)
    assert path.read_text("utf-8") == external
    assert "已在磁盘上被改动，已重新载入" in window.tracker_browser.message.text()
    model = window.tracker_browser.ledger.model
    assert model.row_at(model.row_of("F007")).entry.content.startswith("谢远舟随队下寒渊")


def test_an_open_tracker_with_unsaved_edits_is_not_written(
    window, novel: Path, type_at_end
) -> None:
    path = novel / PLOT
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, "\n作者正在手改这个表。")
    browser = raised(window)
    click_row(browser.ledger, "F007")
    real_input.click(browser.ledger.resolve_button)
    assert path.read_bytes() == before
    assert "未保存的修改" in window.tracker_browser.message.text()


def test_an_external_edit_appears_without_reopening(window, novel: Path, qtbot) -> None:
    path = novel / PLOT
    text = path.read_text("utf-8")
    last = row_line(text, "F017")
    added = "| F018 | 外部工具追加的伏笔 | 12 | 14 | 未回收 | 支线 | 沈青棠 | 瓷瓶 |"
    path.write_text(text.replace(last, last + "\n" + added), "utf-8")
    model = window.tracker_browser.ledger.model
    qtbot.waitUntil(lambda: model.row_of("F018") is not None)
    assert (
        model.index(model.row_of("F018"), model.column_of("content")).data() == "外部工具追加的伏笔"
    )
    rel = novel / "references" / "relationship-tracker.md"
    rel.write_text(
        rel.read_text("utf-8") + "| 12 | 谢灵 | 沈青棠 | 同伴 | 陌生→同伴 | 外部追加 |\n"
    )
    graph = window.tracker_browser.relations.graph
    qtbot.waitUntil(lambda: frozenset({"谢灵", "沈青棠"}) in graph.edge_labels())


def test_a_malformed_tracker_is_read_only_and_never_written(window, novel: Path, qtbot) -> None:
    path = novel / PLOT
    broken = path.read_text("utf-8").replace("| 已回收@6 |", "| 搁置 |")
    broken = broken.replace("| F013 | 宗主", "| F013 | 宗主 | 多出的一格")
    path.write_bytes(broken.encode("utf-8"))
    browser = window.tracker_browser
    qtbot.waitUntil(lambda: bool(browser.error_lines()))
    assert browser.error_lines() == [
        (PLOT, 10, "状态: '搁置' is not a status (未回收, 已回收, 已回收@N or 废弃)"),
        (PLOT, 21, "the row has 9 cells but the header has 8"),
    ]
    assert browser.errors.isVisibleTo(browser)
    assert browser.errors.item(0).text().startswith(f"{PLOT} 第10行：")
    model = browser.ledger.model
    assert model.rowCount() == 15, "the rows that parse are still shown"
    index = model.index(0, model.column_of("content"))
    assert not index.flags() & Qt.ItemFlag.ItemIsEditable
    assert not browser.ledger.add_button.isEnabled()
    # Every edit action, called directly, is refused and the bytes stay as they were.
    assert not model.setData(index, "改写")
    assert not browser.edit_cell("F001", "内容", "改写")
    assert not browser.resolve("F001")
    assert not browser.abandon("F001")
    assert not browser.move("F003", 1)
    assert not browser.add_entry({"id": "F099", "content": "新", "planted": "12"})
    dialog = browser.new_entry("选中的文字")
    dialog.accept()
    assert path.read_bytes() == broken.encode("utf-8")
    assert "有错误，这里只读" in browser.message.text()
    raised(window)
    first_error = browser.errors.visualItemRect(browser.errors.item(0)).center()
    real_input.double_click(browser.errors.viewport(), first_error)
    assert window.tabs.current_editor().path == path


def test_ctrl_enter_on_a_chapter_cell_opens_that_chapter(window, novel: Path, qtbot) -> None:
    browser = raised(window)
    table = browser.ledger.table
    model = browser.ledger.model
    source = model.index(model.row_of("F004"), model.column_of("planted"))
    index = browser.ledger.proxy.mapFromSource(source)
    real_input.column_in_sight(table, index.column())
    real_input.click(table.viewport(), real_input.scroll_to(table, index))
    real_input.key(table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.current_editor().chapter == 3
    assert QApplication.focusWidget() is table, "the keys still go to the ledger"
    assert browser.chapter == 3, "the browser follows the editor to chapter 3"
    # 计划回收 20 is not written and has no plan file, but outline.md's `### 第20章` section is
    # its plan (the feed uses it): that opens, at the section (issue #27 item 8).
    editor = window.chapters.open_chapter(20)
    assert editor.path == (novel / "outline/outline.md").resolve()
    caret = editor.text_edit.textCursor().position()
    assert editor.shown_text()[caret:].startswith("### 第20章")
    # A chapter with neither text nor a plan anywhere: the author is told, nothing opens.
    assert window.chapters.open_chapter(300) is None
    assert window.tabs.current_editor() is editor


def test_pinning_an_entry_into_the_feed(window, novel: Path) -> None:
    browser = raised(window)
    click_row(browser.ledger, "F011")
    real_input.click(browser.ledger.pin_button)
    pins = json.loads((novel / "meta" / "pins.json").read_text("utf-8"))
    assert pins["pins"] == ["F011"]
    assert browser.ledger.table.selectionModel().selectedRows()[0].data(ID_ROLE) == "F011"
