"""The context panel's status line in the English UI: the feed's notes on hover (pins the
feed could not place) and the unsaved chapters it read say so in English, as the rest of the
panel does; the Chinese UI shows the engine's words, and a switch says them in English."""

from __future__ import annotations

import json
from pathlib import Path

import real_input
from panel_wait import settled
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolTip
from test_language_walk import CJK

from workbench.settings import Settings

# A block no agent has and an entry no tracker has: the feed builds and notes both.
PINS = {"version": 1, "pins": ["block:fixed.nowhere", "F999"]}


def _pin_the_absent(novel: Path) -> None:
    (novel / "meta/pins.json").write_text(json.dumps(PINS), "utf-8")


def _hovered_status(panel, qtbot) -> str:
    """The tooltip the pointer brings up over the status line (after any earlier one has gone)."""
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible())
    real_input.move(panel.agent_picker)
    real_input.move(panel.status, panel.status.rect().center())
    qtbot.waitUntil(lambda: QToolTip.isVisible() and bool(QToolTip.text()), timeout=10_000)
    return QToolTip.text()


def test_the_status_says_the_feeds_notes_and_unsaved_chapters_in_english(
    make_window, novel: Path, qtbot
) -> None:
    _pin_the_absent(novel)
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(novel)
    panel = window.context_panel
    for chapter in ("chapters/ch011.md", "chapters/ch012.md"):
        editor = real_input.open_from_tree(window, chapter)
        real_input.click(editor.text_edit.viewport())
        real_input.key(editor.text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        real_input.type_keys(editor.text_edit, "x")
    real_input.pick(panel.agent_picker, "MainWriter")
    real_input.fill(panel.chapter_picker, "13")
    settled(qtbot, panel)
    status = panel.status.text()
    assert "unsaved text of chapters/ch011.md, chapters/ch012.md" in status, status
    said = _hovered_status(panel, qtbot)
    assert "pinned block fixed.nowhere is not in MainWriter's context for chapter 13" in said
    assert "pin F999 not placed" in said, said
    assert not CJK.search(said + status), said + status
    QToolTip.hideText()


def test_the_chinese_status_says_the_engines_words_and_a_switch_says_english(
    make_window, novel: Path, qtbot
) -> None:
    _pin_the_absent(novel)
    window = make_window()  # the Chinese UI: the engine's words
    assert window.open_project(novel)
    window.docks.build_all()  # as the warm-up does: the open's reads then rebuild no more
    qtbot.waitUntil(lambda: not window.background_pending())
    panel = window.context_panel
    real_input.pick(panel.agent_picker, "MainWriter")
    real_input.fill(panel.chapter_picker, "13")
    settled(qtbot, panel)
    assert "置顶块 fixed.nowhere 不在 MainWriter 第13章的上下文中" in _hovered_status(panel, qtbot)
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    settled(qtbot, panel)  # the switch rebuilds the feed (the profile may differ)
    said = _hovered_status(panel, qtbot)
    assert "pinned block fixed.nowhere" in said and not CJK.search(said), said
    QToolTip.hideText()
