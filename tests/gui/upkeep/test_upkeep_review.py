"""The 待审 tab: proposals listed by range with their evidence, driven by real clicks and
keys; accepting writes exactly the row or cell it should, rejecting writes nothing to the
book and is remembered, and a tracker changed on disk meanwhile is refused."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest
from conftest import settle
from PySide6.QtCore import Qt
from PySide6.QtGui import QInputMethodEvent
from PySide6.QtWidgets import QApplication
from upkeep_sample import cut_back_cast, state_a_relation

from workbench.book.project import Project
from workbench.gui.upkeep.model import ID_ROLE, KIND_ROLE
from workbench.trackers.cast import load_cast
from workbench.trackers.relevance import load_trackers
from workbench.upkeep.backend import UpkeepRequest
from workbench.upkeep.model import answer_from
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.run import RangeAnswer, record_answers, run_upkeep
from workbench.upkeep.store import load_queue
from workbench.upkeep.text import Chapter

RELATIONSHIP = "references/relationship-tracker.md"
PLOT = "references/plot-tracker.md"
WAIT_MS = 120_000  # the summary process loads jieba's dictionary for the range


def changed_lines(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def book_bytes(book: Path) -> dict[Path, bytes]:
    return {
        p: p.read_bytes() for p in book.rglob("*") if p.is_file() and ".workbench" not in p.parts
    }


def review_tab(window, qtbot):
    settle(window, qtbot)  # the tracker files are read off the GUI thread at the open
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    browser = window.tracker_browser
    browser.tabs.setCurrentWidget(browser.review)
    return browser.review


def click_row(qtbot, review, proposal_id: str) -> None:
    row = review.model.row_of(proposal_id)
    assert row is not None, proposal_id
    index = review.model.index(row, 2)
    review.table.scrollTo(index)
    rect = review.table.visualRect(index)
    qtbot.mouseClick(review.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert review.selected().id == proposal_id


@pytest.fixture
def proposed(novel):
    """The sample with its cast cut back to chapters 1-5, one relation stated in chapter 9,
    and offline upkeep of 6-10 queued."""
    cut_back_cast(novel)
    state_a_relation(novel)
    run_upkeep(Project.open(novel), 6, 10, OfflineUpkeep())
    return novel


def test_the_tab_lists_what_the_summary_process_proposes(window, novel, qtbot):
    cut_back_cast(novel)
    review = review_tab(window, qtbot)
    assert review.objectName() == "upkeepReview" and review.model.objectName() == "upkeepModel"
    assert review.model.rowCount() == 0
    review.first_spin.setValue(6)
    review.last_spin.setValue(10)
    qtbot.mouseClick(review.run_button, Qt.MouseButton.LeftButton)  # offline, one range: not asked
    qtbot.waitUntil(lambda: review.model.rowCount() > 0, timeout=WAIT_MS)
    queued = load_queue(Project.open(novel)).pending()
    model = review.model
    assert [model.index(r, 0).data(ID_ROLE) for r in range(model.rowCount())] == [
        p.id for p in queued
    ]
    assert [model.index(r, 3).data(KIND_ROLE) for r in range(model.rowCount())] == [
        str(p.kind) for p in queued
    ]
    names = [p.fields.get("name") for p in queued if p.kind == "character"]
    assert "裴玄度" in names
    # Double-clicking a row opens its chapter at the evidence.
    row = next(
        r for r in range(model.rowCount()) if model.proposal(r).fields.get("name") == "裴玄度"
    )
    review.table.scrollTo(model.index(row, 2))
    rect = review.table.visualRect(model.index(row, 2))
    # A double click arrives as a click, then the double-click event (QTest sends only the latter).
    qtbot.mouseClick(review.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(review.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editor = window.tabs.current_editor()
    assert editor.chapter == model.proposal(row).chapter
    assert model.proposal(row).evidence in editor.text_edit.textCursor().block().text()


def test_accepting_a_relationship_adds_exactly_one_row(make_window, proposed, qtbot):
    window = make_window()
    assert window.open_project(proposed)
    review = review_tab(window, qtbot)
    chosen = next(p for p in review.model.proposals if p.kind == "relationship")
    path = proposed / RELATIONSHIP
    before = path.read_text("utf-8")
    click_row(qtbot, review, chosen.id)
    qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
    changed = changed_lines(before, path.read_text("utf-8"))
    assert len(changed) == 1 and changed[0].startswith("+| ")
    values = chosen.fields
    assert [cell.strip() for cell in changed[0][1:].strip("|").split("|")] == [
        str(chosen.chapter),
        values["a"],
        values["b"],
        values["relation"],
        values["change"],
        values["note"],
    ]
    assert review.model.row_of(chosen.id) is None
    relations = window.tracker_browser.store.relationships.parsed.relationships
    assert any(r.chapter == chosen.chapter and r.a == values["a"] for r in relations)


def test_accepting_a_payoff_changes_only_that_rows_status(make_window, novel, qtbot):
    project = Project.open(novel)
    text = project.chapter_text(12)
    # A model's answer that chapter 12 pays off F009 (open, planted in 9), quoting its text.
    sentence = next(line for line in text.splitlines() if len(line) > 30 and "#" not in line)[:20]
    request = UpkeepRequest(
        11, 15, (Chapter.of(12, text),), load_cast(project), load_trackers(project)
    )
    reply = {
        "proposals": [
            {"kind": "foreshadowing_paid", "chapter": 12, "evidence": sentence, "entry": "F009"}
        ]
    }
    answer = answer_from(json.dumps(reply, ensure_ascii=False), request)
    record_answers(project, [RangeAnswer(11, 15, {12: "x"}, answer)], "openai")
    window = make_window()
    assert window.open_project(novel)
    review = review_tab(window, qtbot)
    path = novel / PLOT
    before = path.read_text("utf-8")
    click_row(qtbot, review, answer.proposals[0].id)
    qtbot.keyClick(review.table, Qt.Key.Key_Return)
    old = next(line for line in before.splitlines() if line.startswith("| F009 |"))
    assert changed_lines(before, path.read_text("utf-8")) == [
        f"-{old}",
        "+" + old.replace("| 未回收 |", "| 已回收@12 |"),
    ]


def test_rejecting_writes_nothing_and_is_not_proposed_again(make_window, proposed, qtbot):
    window = make_window()
    assert window.open_project(proposed)
    review = review_tab(window, qtbot)
    chosen = next(p for p in review.model.proposals if p.kind == "character")
    before = book_bytes(proposed)
    click_row(qtbot, review, chosen.id)
    qtbot.keyClick(review.table, Qt.Key.Key_Delete)
    assert book_bytes(proposed) == before
    assert review.model.row_of(chosen.id) is None
    # Asked again for the same range: the rejected one does not come back.
    review.first_spin.setValue(6)
    review.last_spin.setValue(10)
    count = review.model.rowCount()
    qtbot.mouseClick(review.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.summaries.is_idle(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: review.model.rowCount() == count, timeout=WAIT_MS)
    assert review.model.row_of(chosen.id) is None
    assert book_bytes(proposed) == before


def test_a_tracker_changed_on_disk_meanwhile_is_refused(make_window, proposed, qtbot):
    window = make_window()
    assert window.open_project(proposed)
    review = review_tab(window, qtbot)
    chosen = next(p for p in review.model.proposals if p.kind == "relationship")
    path = proposed / RELATIONSHIP
    click_row(qtbot, review, chosen.id)
    external = path.read_text("utf-8") + "\n另一个工具追加的说明。\n"
    path.write_text(external, "utf-8")
    # Before the watcher's batch arrives: the browser still holds the old text.
    qtbot.mouseClick(review.accept_button, Qt.MouseButton.LeftButton)
    assert path.read_text("utf-8") == external
    assert "已在磁盘上" in review.message.text() or "changed on disk" in review.message.text()
    assert review.model.row_of(chosen.id) is not None  # still pending


def test_accept_all_of_a_kind_in_a_range_and_edit_then_accept(make_window, proposed, qtbot):
    window = make_window()
    assert window.open_project(proposed)
    review = review_tab(window, qtbot)
    characters = [p for p in review.model.proposals if p.kind == "character"]
    first = characters[0]
    click_row(qtbot, review, first.id)
    qtbot.mouseClick(review.edit_button, Qt.MouseButton.LeftButton)
    dialog = review._editing
    edit = dialog.edits["name"]
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_End)
    commit = QInputMethodEvent("", [])
    commit.setCommitString("甲")  # Chinese arrives committed by an input method
    QApplication.sendEvent(edit, commit)
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # the dialog's default button: OK
    cast = (proposed / "characters" / "characters.md").read_text("utf-8")
    assert f"## {first.fields['name']}甲" in cast
    remaining = [p for p in review.model.proposals if p.kind == "character"]
    click_row(qtbot, review, remaining[0].id)
    qtbot.mouseClick(review.accept_kind_button, Qt.MouseButton.LeftButton)
    cast = (proposed / "characters" / "characters.md").read_text("utf-8")
    assert all(f"## {p.fields['name']}" in cast for p in remaining)
    assert not [p for p in review.model.proposals if p.kind == "character"]


def test_saving_a_fifth_chapter_queues_upkeep_unless_settings_turn_it_off(
    make_window, novel, qtbot, type_at_end
):
    from workbench.settings import Settings

    cut_back_cast(novel)
    window = make_window(Settings(upkeep_on_save=False))
    assert window.open_project(novel)
    queued = []
    window.summaries.queued.connect(lambda _id, label: queued.append(label))
    editor = window.open_path(Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n")
    window.actions_.save.trigger()
    assert not [label for label in queued if label.startswith("upkeep")]

    window.apply_settings(window.settings.model_copy(update={"upkeep_on_save": True}))
    type_at_end(editor, "\n")
    window.actions_.save.trigger()
    assert "upkeep Ch6-10" in queued
    review = review_tab(window, qtbot)
    qtbot.waitUntil(lambda: review.model.rowCount() > 0, timeout=WAIT_MS)
    names = [p.fields.get("name") for p in review.model.proposals]
    assert "裴玄度" in names
    qtbot.waitUntil(window.summaries.is_idle, timeout=WAIT_MS)


def test_the_whole_book_is_asked_first_with_the_count(window, dialogs, qtbot):
    from PySide6.QtWidgets import QMessageBox

    review = review_tab(window, qtbot)
    dialogs.answer(QMessageBox.StandardButton.No)
    qtbot.mouseClick(review.book_button, Qt.MouseButton.LeftButton)
    _kind, _title, text = dialogs.asked[-1]
    assert "3 个范围" in text and "12 章" in text and "Ch1-12" in text
    assert window.summaries.is_idle()


def test_what_the_book_has_now_is_not_offered_again(make_window, proposed, qtbot, type_at_end):
    window = make_window()
    assert window.open_project(proposed)
    review = review_tab(window, qtbot)
    browser = window.tracker_browser
    waiting = review.model.rowCount()
    assert browser.tabs.tabText(browser.tabs.indexOf(review)) == f"待审 ({waiting})"
    characters = [p for p in review.model.proposals if p.kind == "character"]
    written_by_hand = characters[0]
    name = written_by_hand.fields["name"]
    # The author adds the character to the cast by hand, typed and saved in the editor.
    cast_path = proposed / "characters" / "characters.md"
    editor = window.open_path(cast_path)
    type_at_end(editor, f"\n## {name}\n\n- 身份：作者自己写的。\n")
    window.actions_.save.trigger()
    assert f"## {name}" in cast_path.read_text("utf-8")
    assert review.model.row_of(written_by_hand.id) is None
    assert not review.hidden_note.isHidden() and "1" in review.hidden_note.text()
    assert name in review.hidden_note.toolTip()
    assert browser.tabs.tabText(browser.tabs.indexOf(review)) == f"待审 ({waiting - 1})"
    # Never marked: the queue changes only by the author's decisions.
    queued = load_queue(Project.open(proposed)).find(written_by_hand.id)
    assert queued is not None and queued.review == "pending"
    # Accepting the rest of the kind is not sunk by the one the book has now.
    browser.tabs.setCurrentWidget(review)
    rest = [p for p in review.model.proposals if p.kind == "character"]
    click_row(qtbot, review, rest[0].id)
    qtbot.mouseClick(review.accept_kind_button, Qt.MouseButton.LeftButton)
    cast = cast_path.read_text("utf-8")
    assert all(f"## {p.fields['name']}" in cast for p in rest)
    assert cast.count(f"## {name}\n") == 1


def test_a_file_the_estimate_cannot_read_queues_nothing_and_says_so(
    make_window, novel, dialogs, chat_server, qtbot
):
    from workbench.settings import LlmSettings, Settings

    window = make_window(
        Settings(summary_backend="openai", llm=LlmSettings(base_url=chat_server.url, model="m"))
    )
    assert window.open_project(novel)
    # The cast file breaks after the project opened: the paid run's estimate reads it.
    (novel / "characters" / "characters.md").write_bytes(b"# \x80\xff\x80\xff\n")
    review = review_tab(window, qtbot)
    asked = len(dialogs.asked)
    qtbot.mouseClick(review.run_button, Qt.MouseButton.LeftButton)
    shown = window.status.currentMessage()
    assert "未排队" in shown and "characters.md" in shown, shown
    assert len(dialogs.asked) == asked and window.summaries.is_idle()
    assert not chat_server.requests
