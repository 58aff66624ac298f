"""The UI language: Simplified Chinese by default, English at run time, no restart."""

from __future__ import annotations

from workbench.settings import load_settings


def test_switching_to_english_and_back_at_run_time(window, qtbot) -> None:
    menu = window.actions_.file_menu
    tree = window.tree
    assert menu.title() == "文件(&F)"
    assert tree.topLevelItem(0).text(0) == "章节"
    assert window.context_dock.windowTitle() == "上下文"
    assert window.status.save_label.text() == "已保存"

    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    qtbot.waitUntil(lambda: menu.title() == "&File")
    assert tree.topLevelItem(0).text(0) == "Chapters"
    assert tree.topLevelItem(0).child(0).text(0).startswith("Chapter 1")
    assert window.context_dock.windowTitle() == "Context"
    assert window.status.save_label.text() == "Saved"
    assert window.status.total_label.text().startswith("Book: ")
    assert load_settings().ui_language == "en"

    window.apply_settings(window.settings.model_copy(update={"ui_language": "zh_CN"}))
    qtbot.waitUntil(lambda: menu.title() == "文件(&F)")
    assert tree.topLevelItem(0).text(0) == "章节"
