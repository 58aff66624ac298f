"""Importing into a new folder: a name beside the manuscript is proposed, the typed path is what
Enter commits (a folder that does not exist yet included), the folder is made only when the
preview is confirmed, a folder holding files needs the box ticked, and cancelling the
unsaved-edits question leaves no import and every tab open. Qt's own dialogs speak Chinese."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMessageBox

from workbench.gui.import_dialog import ImportPreviewDialog
from workbench.gui.import_target import ImportTargetDialog
from workbench.gui.qt_words import FILE_DIALOG_WORDS

MANUSCRIPT = "第一章 雷雨夜\n雷雨夜，林风捡到一块玉佩。\n第二章 拜师\n陈长老收徒。\n"


def when_shown(kind: type, work, most_ms: int = 10_000) -> None:
    """Do `work(dialog)` once a modal dialog of `kind` is up and active, its keys going to it
    (the one before it may still be closing when the check first runs)."""

    def attempt(left: int) -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible() and dialog.isActiveWindow():
            work(dialog)
            return
        assert left > 0, f"no {kind.__name__} came up"
        QTimer.singleShot(10, lambda: attempt(left - 10))

    QTimer.singleShot(0, lambda: attempt(most_ms))


def manuscript_in(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "雷火劫.txt"
    path.write_text(MANUSCRIPT, encoding="utf-8")
    return path


def import_from_menu(window, monkeypatch, manuscript: Path) -> None:  # type: ignore[no-untyped-def]
    """文件 ▸ 导入书稿…, the manuscript picked in the system's file picker."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(manuscript), ""))
    actions = window.actions_
    real_input.from_menu_bar(window, actions.file_menu, actions.import_manuscript.text())


def test_a_typed_new_folder_is_what_enter_commits_and_it_is_made_on_confirm(
    window, tmp_path: Path, monkeypatch, qtbot
) -> None:
    manuscript = manuscript_in(tmp_path / "稿件")
    taken = tmp_path / "稿件" / "雷火劫"
    taken.mkdir()
    (taken / "notes.txt").write_text("旧笔记", encoding="utf-8")
    chosen = tmp_path / "稿件" / "新书"
    seen: dict[str, object] = {}

    def choose_folder(dialog: ImportTargetDialog) -> None:
        seen["proposed"] = dialog.path.text()
        seen["focus"] = dialog.path.hasFocus() and dialog.path.selectedText() == dialog.path.text()
        real_input.type_chinese(dialog.path, str(chosen))
        seen["state"] = dialog.state.text()
        when_shown(ImportPreviewDialog, preview)
        real_input.key(dialog.path, real_input.Key.Key_Return)

    def preview(dialog: ImportPreviewDialog) -> None:
        seen["before_confirm"] = chosen.exists()
        seen["summary"] = dialog.summary.text()
        real_input.click(dialog.write_button)

    when_shown(ImportTargetDialog, choose_folder)
    import_from_menu(window, monkeypatch, manuscript)

    assert seen["proposed"] == str(taken.with_name("雷火劫-2")), "a name not holding files"
    assert seen["focus"], "the proposed path is selected, ready to be typed over"
    assert seen["state"] == f"将新建文件夹 {chosen}。"
    assert seen["before_confirm"] is False, "nothing is made before the preview is confirmed"
    assert str(chosen) in seen["summary"]
    assert window.project.root == chosen.resolve()
    assert [ref.number for ref in window.project.chapters] == [1, 2]
    assert sorted(p.name for p in taken.iterdir()) == ["notes.txt"]


def test_a_folder_holding_files_needs_the_box_ticked(make_window, tmp_path: Path) -> None:
    make_window()  # the Chinese UI
    manuscript = manuscript_in(tmp_path / "稿件")
    busy = tmp_path / "稿件" / "旧项目"
    busy.mkdir()
    (busy / "a.md").write_text("已有", encoding="utf-8")
    dialog = ImportTargetDialog(manuscript)
    dialog.show()
    real_input.fill(dialog.path, str(busy))
    assert not dialog.next_button.isEnabled()
    assert "已有文件" in dialog.state.text()
    real_input.key(dialog.path, real_input.Key.Key_Return)
    assert dialog.isVisible(), "Enter does not take a folder holding files"
    box = dialog.allow_files
    real_input.click(box, box.rect().topLeft() + box.rect().center() / 4)
    assert box.isChecked() and dialog.next_button.isEnabled()
    real_input.fill(dialog.path, str(tmp_path / "稿件" / "雷火劫.txt"))
    assert not dialog.next_button.isEnabled() and "是文件" in dialog.state.text()
    dialog.close()
    dialog.deleteLater()


def test_cancelling_the_unsaved_question_leaves_no_import_and_every_tab_open(
    window, novel: Path, tmp_path: Path, monkeypatch, dialogs, type_at_end
) -> None:
    window.open_path(window.project.chapter(11).path)
    edited = window.open_path(window.project.chapter(12).path)
    window.open_path(window.project.chapter(10).path)
    type_at_end(edited, "\n尚未保存的一句。")
    open_before = [editor.path for editor in window.tabs.editors()]
    manuscript = manuscript_in(tmp_path / "稿件")
    target = tmp_path / "稿件" / "雷火劫"

    def next_step(dialog: ImportTargetDialog) -> None:
        when_shown(ImportPreviewDialog, lambda preview: real_input.click(preview.write_button))
        real_input.click(dialog.next_button)

    when_shown(ImportTargetDialog, next_step)
    dialogs.answer(QMessageBox.StandardButton.Cancel)
    import_from_menu(window, monkeypatch, manuscript)

    assert dialogs.asked[-1][1] == "未保存的修改"
    assert not target.exists(), "no half-done import"
    assert [editor.path for editor in window.tabs.editors()] == open_before
    assert edited.is_modified() and edited.text().endswith("尚未保存的一句。")
    assert window.project.root == novel.resolve()


def test_qts_own_file_dialog_speaks_chinese(make_window) -> None:
    make_window()  # the Chinese UI
    dialog = QFileDialog(None, "", "")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    labels = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
    assert labels["lookInLabel"] == "查找范围(&L)："
    assert labels["fileTypeLabel"] == "文件类型(&T)："
    assert all(QApplication.translate("QFileDialog", w) != w for w in FILE_DIALOG_WORDS)
    dialog.deleteLater()
