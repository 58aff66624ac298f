"""The UI language: Simplified Chinese by default, English at run time, no restart — chosen
the way an author does it, in 文件 ▸ 设置… (its list picked with a click and the arrow keys, OK
clicked)."""

from __future__ import annotations

import real_input
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from workbench.gui.settings_dialog import SettingsDialog
from workbench.settings import load_settings


def _choose_language(window, code: str) -> None:
    """File ▸ Settings…, the interface language picked, OK clicked."""
    seen: list[SettingsDialog] = []

    def in_the_dialog(dialog) -> None:  # type: ignore[no-untyped-def]
        assert isinstance(dialog, SettingsDialog), dialog
        seen.append(dialog)
        real_input.pick(dialog.language, code)
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        real_input.click(ok)

    real_input.when_modal(in_the_dialog)
    actions = window.actions_
    real_input.from_menu_bar(window, actions.file_menu, actions.settings.text())
    assert seen, "文件 ▸ 设置… opened no settings dialog"
    assert QApplication.activeModalWidget() is None, "OK closed it"


def test_switching_to_english_and_back_at_run_time(window, qtbot) -> None:
    menu = window.actions_.file_menu
    tree = window.tree
    assert menu.title() == "文件(&F)"
    assert tree.topLevelItem(0).text(0) == "章节"
    assert window.context_dock.windowTitle() == "上下文"
    assert window.status.save_label.text() == "已保存"

    _choose_language(window, "en")
    qtbot.waitUntil(lambda: menu.title() == "&File")
    assert tree.topLevelItem(0).text(0) == "Chapters"
    assert tree.topLevelItem(0).child(0).text(0).startswith("Chapter 1")
    assert window.context_dock.windowTitle() == "Context"
    assert window.status.save_label.text() == "Saved"
    assert window.status.total_label.text().startswith("Book: ")
    assert load_settings().ui_language == "en"
    bar = window.menuBar()
    assert bar.actions()[0].text() == "&File"  # what the menu bar shows

    _choose_language(window, "zh_CN")
    qtbot.waitUntil(lambda: menu.title() == "文件(&F)")
    assert tree.topLevelItem(0).text(0) == "章节"
    assert load_settings().ui_language == "zh_CN"
