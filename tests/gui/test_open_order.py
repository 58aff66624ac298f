"""Opening a book shows the window, the tree's chapter names and the editor first; the tree's
titles and 字 counts, the book's total and the tracker browser fill in afterwards, from threads
(issue #28). Held by the order of events, never by a time: a keystroke typed the moment the
open returns reaches the editor while the counts and the trackers are still to come."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest


def test_the_editor_takes_a_keystroke_before_the_counts_and_the_trackers_arrive(
    make_window, novel, qtbot
):
    window = make_window()
    arrived: list[str] = []
    window.tree.chaptersCounted.connect(lambda: arrived.append("counts"))
    window.tracker_browser.ledgerShown.connect(lambda: arrived.append("trackers"))
    assert window.open_project(novel)

    editor = window.tabs.current_editor()
    assert editor is not None and editor.chapter == 12  # the last chapter, editable
    chapters = window.tree.topLevelItem(0)
    assert chapters.childCount() == 12  # every chapter named ...
    assert chapters.child(0).text(0).startswith("第1章")
    assert all(chapters.child(i).text(1) == "" for i in range(12))  # ... none counted yet
    assert window.status.total_label.text() == ""
    assert window.tracker_browser.ledger.model.rowCount() == 0  # the trackers not read yet

    text_edit = editor.text_edit
    text_edit.setFocus()
    end = text_edit.textCursor()
    end.movePosition(end.MoveOperation.End)
    text_edit.setTextCursor(end)
    before = editor.shown_text()
    QTest.keyClick(text_edit, Qt.Key.Key_A)  # the author types at once
    arrived.append("keystroke")
    assert editor.shown_text() == before + "a" and editor.is_modified()

    qtbot.waitUntil(lambda: "counts" in arrived and "trackers" in arrived)
    assert arrived[0] == "keystroke", arrived
    assert all(chapters.child(i).text(1).endswith("字") for i in range(12)), "counts filled"
    assert window.status.total_label.text().startswith("全书")
    assert window.tracker_browser.ledger.model.rowCount() > 0, "trackers filled"
    assert editor.shown_text() == before + "a"  # nothing that arrived touched the text
