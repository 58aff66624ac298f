"""Autosave, a simulated crash, and the recovery offer on the next open; the crash handler."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from workbench.book.project import Project
from workbench.gui.autosave import AutosaveStore
from workbench.gui.crash_dialog import CrashDialog
from workbench.gui.excepthook import CrashHandler

Button = QMessageBox.StandardButton


def _autosaves(novel: Path) -> list:
    return list(AutosaveStore(novel, novel / ".workbench").entries())


def _crash(window) -> None:
    """Drop the window the way a crash would: no save, no questions, autosaves left behind."""
    window.shut_down()
    window.hide()


def test_autosave_then_crash_then_recovery_is_offered(
    make_window, novel: Path, qtbot, dialogs, type_at_end
) -> None:
    path = Project.open(novel).chapters[1].path
    before = path.read_bytes()
    first = make_window()
    first.open_project(novel)
    editor = first.open_path(path)
    type_at_end(editor, "崩溃前写下的一段话。")
    first.tabs.autosave_timer.setInterval(50)
    qtbot.waitUntil(lambda: len(_autosaves(novel)) == 1)
    entry = _autosaves(novel)[0]
    assert entry.relative_path == Project.open(novel).relative(path)
    assert entry.text.endswith("崩溃前写下的一段话。")
    _crash(first)
    assert path.read_bytes() == before

    dialogs.answer(Button.Yes)
    second = make_window()
    second.open_project(novel)
    assert [kind for kind, _t, _x in dialogs.asked] == ["question"]
    assert "崩溃" not in dialogs.asked[0][2]
    assert entry.relative_path in dialogs.asked[0][2]
    restored = second.tabs.editor_for(path)
    assert restored is not None and restored.is_modified()
    assert restored.text() == entry.text
    assert path.read_bytes() == before, "recovery must not write the file by itself"
    second.tabs.save(restored)
    assert path.read_text(encoding="utf-8") == entry.text
    assert _autosaves(novel) == []


def test_recovery_can_be_discarded_or_postponed(
    make_window, novel: Path, dialogs, type_at_end
) -> None:
    path = Project.open(novel).chapters[0].path
    first = make_window()
    first.open_project(novel)
    type_at_end(first.open_path(path), "未保存")
    assert first.tabs.autosave_now() == 1
    _crash(first)

    dialogs.answer(Button.No)  # later: keep it, open nothing
    later = make_window()
    later.open_project(novel)
    assert later.tabs.editor_for(path) is None or not later.tabs.editor_for(path).is_modified()
    assert len(_autosaves(novel)) == 1
    _crash(later)

    dialogs.answer(Button.Discard)
    third = make_window()
    third.open_project(novel)
    assert _autosaves(novel) == []
    assert len(dialogs.asked) == 2


def test_an_autosave_identical_to_the_file_is_not_offered(make_window, novel: Path) -> None:
    project = Project.open(novel)
    ref = project.chapters[0]
    AutosaveStore(novel, novel / ".workbench").write(
        project.relative(ref.path), ref.path.read_text(encoding="utf-8"), ""
    )
    window = make_window()
    window.open_project(novel)  # no dialog scripted: an offer here would fail the test
    assert _autosaves(novel) == []


def test_saving_or_discarding_removes_the_autosave(
    window, novel: Path, dialogs, type_at_end
) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "甲")
    window.tabs.autosave_now()
    assert len(_autosaves(novel)) == 1
    window.tabs.save(editor)
    assert _autosaves(novel) == []
    type_at_end(editor, "乙")
    window.tabs.autosave_now()
    dialogs.answer(Button.Discard)
    window.tabs.close_tab(window.tabs.indexOf(editor))
    assert _autosaves(novel) == []


def test_the_crash_handler_autosaves_before_reporting(
    window, novel: Path, dialogs, type_at_end
) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "出错前的文字")
    handler = CrashHandler(window)
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        handler(RuntimeError, error, error.__traceback__)
    entries = _autosaves(novel)
    assert len(entries) == 1 and entries[0].text.endswith("出错前的文字")
    box = window.findChild(CrashDialog, "crashDialog")
    assert box is not None and box.isVisible()
    assert "boom" in box.message.text() and ".workbench/autosave/" in box.message.text()
    assert "RuntimeError: boom" in box.details.toPlainText()
    box.close()


def test_the_recovery_buttons_say_what_each_does(make_window, novel: Path, dialogs) -> None:
    path = Project.open(novel).chapters[0].path
    relative = path.relative_to(novel).as_posix()
    AutosaveStore(novel, novel / ".workbench").write(relative, "留下的文字", "0" * 64)
    dialogs.answer(Button.No)
    window = make_window()
    assert window.open_project(novel)
    [labels] = dialogs.labels
    assert set(labels) == {"恢复到编辑器", "丢弃保留的文字", "以后再决定（先留着）"}
