"""The main window on a real project copy: open, edit, save, tabs, navigation, settings."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtWidgets import QMessageBox, QTabBar

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.settings import Settings, load_settings, settings_path

Button = QMessageBox.StandardButton


def test_open_shows_chapters_with_zi_and_the_latest_chapter(window, novel: Path) -> None:
    project = Project.open(novel)
    tree_chapters = window.tree.topLevelItem(0)
    assert tree_chapters.childCount() == len(project.chapters)
    first = tree_chapters.child(0)
    assert first.text(0).startswith("第1章")
    assert first.text(1) == f"{project.chapter_zi(project.chapters[0]):,} 字"
    editor = window.tabs.current_editor()
    assert editor.path == project.chapters[-1].path
    assert novel.name in window.windowTitle()
    assert window.status.total_label.text() == f"全书 {project.total_zi():,} 字"
    titles = [window.tree.topLevelItem(i).text(0) for i in range(window.tree.topLevelItemCount())]
    assert titles == ["章节", "世界观", "角色", "大纲与章纲", "元信息", "参考资料"]


def test_edit_and_save_writes_the_exact_bytes(window, novel: Path, qtbot, type_at_end) -> None:
    project = Project.open(novel)
    path = project.chapters[0].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, "新添的一句。")
    assert editor.is_modified()
    assert window.status.save_label.text() == "未保存"
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+S")
    assert path.read_bytes() == before + "新添的一句。".encode()
    assert not editor.is_modified()
    assert window.status.save_label.text() == "已保存"
    assert window.tabs.tabText(window.tabs.currentIndex()) == "第1章 寒渊列的灯"


def test_a_gb18030_chapter_is_saved_back_in_gb18030(
    window, novel: Path, qtbot, type_at_end
) -> None:
    path = Project.open(novel).chapters[1].path
    path.write_bytes("# 第2章 旧稿\n\n这是用国标编码保存的旧稿。\n".encode("gb18030"))
    window.project.rescan()
    editor = window.open_path(path)
    type_at_end(editor, "续写。")
    assert window.tabs.save(editor)
    assert path.read_bytes() == "# 第2章 旧稿\n\n这是用国标编码保存的旧稿。\n续写。".encode(
        "gb18030"
    )


def test_crlf_line_endings_survive_an_edit(window, novel: Path, qtbot, type_at_end) -> None:
    path = Project.open(novel).chapters[2].path
    path.write_bytes("# 第3章\r\n\r\n第一段。\r\n".encode())
    editor = window.open_path(path)
    type_at_end(editor, "第二段")
    assert window.tabs.save(editor)
    assert path.read_bytes() == "# 第3章\r\n\r\n第一段。\r\n第二段".encode()


def test_zi_count_follows_typing(window, qtbot, type_at_end) -> None:
    editor = window.tabs.current_editor()
    start = editor.zi
    type_at_end(editor, "一二三四五")
    qtbot.waitUntil(lambda: editor.zi == start + 5)
    assert window.status.chapter_label.text() == f"本文件 {start + 5:,} 字"


def click_close_button(tabs, index: int) -> None:  # type: ignore[no-untyped-def]
    """Click the × on a tab."""
    button = tabs.tabBar().tabButton(index, QTabBar.ButtonPosition.RightSide)
    real_input.click(button)


def test_closing_a_modified_tab_asks(window, novel: Path, qtbot, dialogs, type_at_end) -> None:
    path = Project.open(novel).chapters[0].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, "草稿")
    index = window.tabs.indexOf(editor)

    dialogs.answer(Button.Cancel)
    click_close_button(window.tabs, index)
    assert window.tabs.indexOf(editor) == index

    dialogs.answer(Button.Discard)
    click_close_button(window.tabs, index)
    assert window.tabs.editor_for(path) is None
    assert path.read_bytes() == before
    assert [kind for kind, _title, _text in dialogs.asked] == ["question", "question"]
    assert "第1章 寒渊列的灯" in dialogs.asked[0][2], "the question names the chapter"

    editor = window.open_path(path)
    type_at_end(editor, "保留")
    dialogs.answer(Button.Save)
    click_close_button(window.tabs, window.tabs.indexOf(editor))
    assert window.tabs.editor_for(path) is None
    assert path.read_bytes() == before + "保留".encode()


def test_closing_the_window_with_unsaved_edits_can_be_cancelled(
    window, qtbot, dialogs, type_at_end
) -> None:
    type_at_end(window.tabs.current_editor(), "未存")
    dialogs.answer(Button.Cancel)
    actions = window.actions_
    real_input.from_menu_bar(window, actions.file_menu, actions.quit.text())  # 文件 ▸ 退出
    assert dialogs.asked and window.isVisible()
    assert not window.summaries.worker.closed, "the window's work goes on"


def test_next_previous_and_new_chapter(window, novel: Path) -> None:
    project = Project.open(novel)
    last = project.chapters[-1]
    window.open_path(project.chapters[0].path)
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+PgDown")
    assert window.tabs.current_editor().path == project.chapters[1].path
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+PgUp")
    assert window.tabs.current_editor().path == project.chapters[0].path
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+Shift+N")
    editor = window.tabs.current_editor()
    assert editor.chapter == last.number + 1
    assert editor.path == project.new_chapter_path(last.number + 1)
    assert editor.path.read_text(encoding="utf-8") == f"# 第{last.number + 1}章 \n\n"
    assert window.tree.topLevelItem(0).childCount() == len(project.chapters) + 1


def test_window_geometry_and_splitter_are_remembered(
    make_window, novel: Path, user_config_dir
) -> None:
    first = make_window()
    first.resize(760, 560)
    first.splitter.setSizes([200, 500])
    sizes = first.splitter.sizes()
    first.close()
    assert (user_config_dir / "window.ini").is_file()
    second = make_window()
    assert second.size().width() == 760
    assert second.splitter.sizes() == sizes


def test_settings_go_to_the_user_folder_never_the_project(window, novel: Path) -> None:
    edited = window.settings.model_copy(update={"model_profile": "qwen3.6", "editor_font_size": 18})
    edited.llm.api_key = edited.llm.api_key.__class__("sk-test-secret")
    window.apply_settings(edited)
    assert load_settings().model_profile == "qwen3.6"
    assert load_settings().llm.api_key.get_secret_value() == "sk-test-secret"
    assert not settings_path().is_relative_to(novel)
    for path in novel.rglob("*"):
        if path.is_file():
            assert b"sk-test-secret" not in path.read_bytes(), path
    assert window.tabs.current_editor().text_edit.font().pointSize() == 18


def test_recent_projects_are_remembered(window, novel: Path) -> None:
    assert load_settings().recent_projects[0] == str(novel.resolve())
    assert window.actions_.recent_menu.actions()[0].data() == str(novel.resolve())


def test_reopening_the_last_book_leaves_the_settings_file_as_it_was(make_window, novel) -> None:
    first = make_window()
    assert first.open_project(novel)  # remembered first among the recent projects
    written = settings_path().stat()
    first.shut_down()
    second = make_window(load_settings())
    assert second.open_project(novel)  # what the start does with the last book
    after = settings_path().stat()
    assert (after.st_ino, after.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    assert second.actions_.recent_menu.actions()[0].data() == str(novel.resolve())


def test_opening_a_folder_that_is_not_a_project_says_why(make_window, tmp_path, dialogs) -> None:
    window = make_window()
    assert not window.open_project(tmp_path / "missing")
    assert dialogs.asked and dialogs.asked[0][0] == "warning"
    assert "missing" in dialogs.asked[0][2]


def test_rolling_summary_guard_sees_unsaved_edits(window, novel: Path, qtbot, type_at_end) -> None:
    summary = window.project.role_path(Role.ROLLING_SUMMARY)
    assert not window.has_unsaved_edits(summary)
    editor = window.open_path(summary)
    assert not window.has_unsaved_edits(summary)
    type_at_end(editor, "笔记")
    assert window.has_unsaved_edits(summary)
    assert not window.has_unsaved_edits(window.project.role_path(Role.FIXED_CONTEXT))


def test_default_settings_open_in_chinese(make_window) -> None:
    window = make_window(Settings())
    assert window.actions_.file_menu.title() == "文件(&F)"
