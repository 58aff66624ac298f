"""A long book's chapter counts reach the tree in slices, one per pass of the event loop, each
ending once FACTS_PASS_S is spent: a key the author presses while they arrive is typed between
two slices, not after the last (a 1000-chapter book's rows in one pass held the GUI thread
30-90 ms, #28). Held by the order of events, never by a time: the budget is set to nothing,
so each pass labels its one row."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent

from workbench.gui import project_tree

CHAPTERS = 60


def test_a_key_pressed_while_the_counts_arrive_is_typed_before_the_last_slice(
    make_window, novel, qtbot, monkeypatch
):
    monkeypatch.setattr(project_tree, "FACTS_PASS_S", 0.0)
    for number in range(13, CHAPTERS + 1):
        text = f"# 第{number}章 山路\n\n林风踏雪而行，第{number}日。\n"
        (novel / "chapters" / f"ch{number:03d}.md").write_text(text, encoding="utf-8")
    window = make_window()
    assert window.open_project(novel)
    text_edit = window.tabs.current_editor().text_edit
    chapters = window.tree.topLevelItem(0)
    assert chapters.childCount() == CHAPTERS
    arrived: list[str] = []

    def counts_delivered(_facts) -> None:  # connected after the tree's own slot: runs after it
        counted = sum(1 for row in range(CHAPTERS) if chapters.child(row).text(1))
        arrived.append(f"{counted} counted")
        key = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier, "a")
        QCoreApplication.postEvent(text_edit, key)  # the author's key, queued as one is

    window.tree.facts_job.delivered.connect(counts_delivered)
    window.tree.totalChanged.connect(
        lambda total: total is not None and arrived.append("total shown")
    )
    text_edit.textChanged.connect(lambda: arrived.append("typed"))
    before = text_edit.toPlainText()
    qtbot.waitUntil(lambda: "total shown" in arrived and "typed" in arrived)
    assert arrived == ["1 counted", "typed", "total shown"], arrived
    assert window.tree.counts_pending() is False
    assert all(chapters.child(row).text(1).endswith("字") for row in range(CHAPTERS))
    typed_at = text_edit.toPlainText()
    assert len(typed_at) == len(before) + 1 and "a" in typed_at
