"""The start page: what a new author sees before any project is open, and where it leads."""

from __future__ import annotations

import real_input
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from workbench.bundled import sample_novel_dir
from workbench.gui import welcome

Ok = QMessageBox.StandardButton.Ok
Cancel = QMessageBox.StandardButton.Cancel


def test_without_a_project_the_window_shows_the_ways_in(make_window):
    window = make_window()
    assert window.central.currentWidget() is window.welcome
    assert window.welcome.sample_button.text() == "打开示例小说《烬灯录》（副本）"
    assert not window.welcome.recent.isVisibleTo(window.welcome)  # no recent projects yet


def test_the_sample_button_copies_the_sample_into_a_new_folder_and_opens_it(
    make_window, dialogs, tmp_path, monkeypatch
):
    monkeypatch.setattr(welcome, "user_documents_dir", lambda: str(tmp_path))
    window = make_window()
    dialogs.answer(Ok)
    real_input.click(window.welcome.sample_button)

    target = tmp_path / "Workbench" / welcome.SAMPLE_FOLDER_NAME
    assert "烬灯录" in dialogs.asked[0][2] and str(target) in dialogs.asked[0][2]
    assert window.project is not None and window.project.root == target.resolve()
    assert window.central.currentWidget() is window.splitter
    original = sample_novel_dir() / "chapters" / "ch012.md"
    assert (target / "chapters" / "ch012.md").read_bytes() == original.read_bytes()

    # A second copy never lands on the first one.
    assert welcome.sample_destination() == target.with_name(f"{welcome.SAMPLE_FOLDER_NAME}-2")


def test_cancelling_the_sample_copy_writes_nothing(make_window, dialogs, tmp_path, monkeypatch):
    monkeypatch.setattr(welcome, "user_documents_dir", lambda: str(tmp_path))
    window = make_window()
    dialogs.answer(Cancel)
    real_input.click(window.welcome.sample_button)
    assert window.project is None
    assert list(tmp_path.iterdir()) == []


def test_a_recent_project_opens_from_the_page(make_window, novel):
    first = make_window()
    assert first.open_project(novel)
    first.shut_down()
    second = make_window(first.settings)
    item = second.welcome.recent.item(0)
    assert item.data(Qt.ItemDataRole.UserRole) == str(novel)
    recent = second.welcome.recent
    real_input.double_click(recent.viewport(), recent.visualItemRect(item).center())
    assert second.project is not None and second.project.root == novel
