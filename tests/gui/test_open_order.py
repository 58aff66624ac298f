"""Opening a book shows the window, the tree's chapter names and the editor first; the tree's
titles and 字 counts, the book's total and the tracker browser fill in afterwards, from threads
(issue #28). Held by the order of events, never by a time: a keystroke typed the moment the
open returns reaches the editor while the counts and the trackers are still to come."""

from __future__ import annotations

import real_input
from PySide6.QtCore import Qt


def test_the_editor_takes_a_keystroke_before_the_counts_and_the_trackers_arrive(
    make_window, novel, qtbot
):
    window = make_window()
    assert window.open_project(novel)

    editor = window.tabs.current_editor()
    assert editor is not None and editor.chapter == 12  # the last chapter, editable
    chapters = window.tree.topLevelItem(0)
    assert chapters.childCount() == 12  # every chapter named ...
    assert chapters.child(0).text(0).startswith("第1章")
    assert all(chapters.child(i).text(1) == "" for i in range(12))  # ... none counted yet
    assert window.status.total_label.text() == ""
    ledger = window.tracker_browser.ledger.model
    assert ledger.rowCount() == 0  # the trackers not read yet

    # What arrives, in the order the author sees it: the tree's count column filled, the
    # ledger's rows shown, the keystroke in the editor.
    arrived: list[str] = []

    def counts_seen(*_changed) -> None:
        if chapters.child(11).text(1) and "counts" not in arrived:
            arrived.append("counts")

    def trackers_seen() -> None:
        if ledger.rowCount() and "trackers" not in arrived:
            arrived.append("trackers")

    window.tree.model().dataChanged.connect(counts_seen)
    ledger.modelReset.connect(trackers_seen)

    # The open leaves the window's keyboard focus in the chapter: the author goes to its end
    # and types at once (a click first lets the event loop deliver whatever has arrived; the
    # window becomes active a turn of it later).
    text_edit = editor.text_edit
    assert window.focusWidget() is text_edit
    real_input.key(text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    before = editor.shown_text()
    real_input.type_keys(text_edit, "a")
    arrived.append("keystroke")
    assert editor.shown_text() == before + "a" and editor.is_modified()

    qtbot.waitUntil(lambda: "counts" in arrived and "trackers" in arrived)
    assert arrived[0] == "keystroke", arrived
    assert all(chapters.child(i).text(1).endswith("字") for i in range(12)), "counts filled"
    assert window.status.total_label.text().startswith("全书")
    assert editor.shown_text() == before + "a"  # nothing that arrived touched the text
