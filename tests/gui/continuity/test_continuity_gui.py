"""The continuity guard in the app, on the sample: a drifted name typed into an open chapter
(the chapter double-clicked in the tree, a click into its text, Ctrl+End, key events) is
underlined and listed before any save; 忽略 removes both, and a window quit from 文件 ▸ 退出 and
opened again still leaves it out."""

from __future__ import annotations

import json

import real_input
from panel_wait import settled
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QTextCharFormat
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QListWidget
from real_input import choose, double_click, key, menu_texts, open_menu, shortcut, text_in_sight

DRIFT = "沈青裳"  # 沈青棠 is in the sample's cast


def open_chapter_12(qtbot, window):
    """Chapter 12 double-clicked in the project tree."""
    editor = real_input.open_from_tree(window, window.project.chapter(12).path)
    settled(qtbot, window.context_panel)
    return editor


def type_keys_at_end(editor, text: str) -> None:
    """A click into the text, Ctrl+End, Return, then `text` key by key."""
    viewport = editor.text_edit.viewport()
    real_input.click(viewport, QPoint(viewport.width() // 2, 10))
    assert editor.text_edit.hasFocus()
    key(editor.text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert editor.text_edit.textCursor().atEnd()
    key(editor.text_edit, Qt.Key.Key_Return)
    for character in text:  # QTest.keyClicks maps ASCII only
        QTest.sendKeyEvent(
            QTest.KeyAction.Click,
            editor.text_edit,
            Qt.Key.Key_unknown,
            character,
            Qt.KeyboardModifier.NoModifier,
        )


def checked(qtbot, window):
    guard = window.continuity
    qtbot.waitUntil(
        lambda: (
            guard.result is not None
            and guard.result.job_id == guard.refresher.latest_id
            and not guard.refresher.is_busy()
            and not window.context_panel.refresher.is_busy()
            and not window.context_panel.debounce.isActive()
        ),
        timeout=30_000,
    )
    return guard


def listed(window) -> list[str]:
    view = window.context_panel.findChild(QListWidget, "continuityList")
    return [view.item(row).text() for row in range(view.count())]


def wavy(editor) -> list[str]:
    return [
        selection.cursor.selectedText()
        for selection in editor.text_edit.extraSelections()
        if selection.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    ]


def test_typing_a_drifted_name_underlines_and_lists_it_before_any_save(qtbot, window):
    editor = open_chapter_12(qtbot, window)
    on_disk = editor.path.read_bytes()
    guard = checked(qtbot, window)
    assert listed(window) == [] and wavy(editor) == []  # the sample contradicts nothing
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(lambda: DRIFT in "".join(listed(window)), timeout=30_000)
    checked(qtbot, window)
    assert editor.path.read_bytes() == on_disk  # nothing saved
    [entry] = listed(window)
    assert entry.startswith(
        f"第{len(editor.text().rstrip(chr(10)).split(chr(10)))}行 · 人名差一个字 · 「{DRIFT}」"
    )
    assert wavy(editor) == [DRIFT]
    underlines = guard.underlines_of(editor)
    [(finding, _cursor)] = underlines.findings
    assert "沈青棠" in finding.reason
    # The reason is the underline's tooltip, and the list entry's.
    view = window.context_panel.findChild(QListWidget, "continuityList")
    assert view.item(0).toolTip() == finding.reason


def test_double_click_jumps_and_ignore_survives_a_reopen(qtbot, window, make_window, novel):
    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(lambda: len(listed(window)) == 1, timeout=30_000)
    view = window.context_panel.findChild(QListWidget, "continuityList")
    # Move the caret away (Ctrl+Home), then double-click the entry: the caret goes to the name.
    key(editor.text_edit, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    assert editor.text_edit.textCursor().position() == 0
    double_click(view.viewport(), view.visualItemRect(view.item(0)).center())
    assert editor.text_edit.textCursor().selectedText() == DRIFT
    shortcut(editor.text_edit, "Ctrl+S")
    assert DRIFT in editor.path.read_text(encoding="utf-8")
    checked(qtbot, window)
    # 右键 ▸ 忽略 on the entry, chosen with the keyboard.
    menu = open_menu(view.viewport(), view.visualItemRect(view.item(0)).center())
    assert "“沈青裳”是另一个人" in menu_texts(menu)
    choose(menu, "ignoreContinuity")
    qtbot.waitUntil(lambda: listed(window) == [] and wavy(editor) == [])
    checked(qtbot, window)
    assert listed(window) == [] and wavy(editor) == []
    kept = json.loads((novel / ".workbench" / "continuity.json").read_text(encoding="utf-8"))
    assert kept == {"dismissed": [{"rule": "name-drift", "chapter": 12, "text": DRIFT}]}
    actions = window.actions_
    real_input.from_menu_bar(window, actions.file_menu, actions.quit.text())  # 文件 ▸ 退出
    assert not window.isVisible()
    reopened = make_window()
    assert reopened.open_project(novel)
    again = open_chapter_12(qtbot, reopened)
    checked(qtbot, reopened)
    assert listed(reopened) == [] and wavy(again) == []
    type_keys_at_end(again, "沈青堂点头。")  # a new drift is still found
    qtbot.waitUntil(lambda: len(listed(reopened)) == 1, timeout=30_000)
    assert "沈青堂" in listed(reopened)[0] and wavy(again) == ["沈青堂"]


def test_right_click_on_the_underline_offers_ignore(qtbot, window):
    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(lambda: wavy(editor) == [DRIFT], timeout=30_000)
    checked(qtbot, window)
    [(_finding, cursor)] = window.continuity.underlines_of(editor).findings
    # The second character of the name, wheeled into sight: where a person right-clicks it.
    point = text_in_sight(editor.text_edit, cursor.selectionStart() + 1)
    viewport = editor.text_edit.viewport()
    above = point - QPoint(0, 3 * editor.text_edit.cursorRect().height())
    elsewhere = open_menu(viewport, above)
    assert not [a for a in elsewhere.actions() if a.objectName() == "ignoreContinuity"]
    key(elsewhere, Qt.Key.Key_Escape)
    # A second press this soon at another place would be a double-click.
    qtbot.wait(QApplication.doubleClickInterval() + 50)
    menu = open_menu(viewport, point)
    choose(menu, "ignoreContinuity")
    qtbot.waitUntil(lambda: listed(window) == [] and wavy(editor) == [])


def test_another_character_is_remembered_in_workbench_toml(qtbot, window, novel):
    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, "沈青芷端来药碗。")
    qtbot.waitUntil(lambda: len(listed(window)) == 1, timeout=30_000)
    checked(qtbot, window)
    view = window.context_panel.findChild(QListWidget, "continuityList")
    menu = open_menu(view.viewport(), view.visualItemRect(view.item(0)).center())
    choose(menu, "intendedName")
    qtbot.waitUntil(lambda: listed(window) == [] and wavy(editor) == [], timeout=30_000)
    toml = (novel / "workbench.toml").read_text(encoding="utf-8")
    assert 'intended_names = ["沈青芷"]' in toml
    checked(qtbot, window)
    assert listed(window) == []


def test_hovering_the_underline_shows_the_reason(qtbot, window):
    from PySide6.QtWidgets import QToolTip
    from real_input import move

    editor = open_chapter_12(qtbot, window)
    type_keys_at_end(editor, f"{DRIFT}点头。")
    qtbot.waitUntil(lambda: wavy(editor) == [DRIFT], timeout=30_000)
    [(finding, cursor)] = window.continuity.underlines_of(editor).findings
    point = text_in_sight(editor.text_edit, cursor.selectionStart() + 1)
    move(editor.text_edit.viewport(), point)
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() == finding.reason)
