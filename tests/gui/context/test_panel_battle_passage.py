"""BattleAgent with a passage selected: the context panel and Prepare read the one selection,
so the panel stops saying the passage is missing the moment Prepare would use it."""

from __future__ import annotations

import real_input
from panel_wait import settled
from PySide6.QtCore import QPoint, Qt

from workbench.feed import Status
from workbench.gui.context.model import Column


def char_point(editor, position: int) -> QPoint:  # type: ignore[no-untyped-def]
    cursor = editor.text_edit.textCursor()
    cursor.setPosition(position)
    rect = editor.text_edit.cursorRect(cursor)
    return QPoint(rect.center().x() + 1, rect.center().y())


def passage_block(feed):  # type: ignore[no-untyped-def]
    return next(block for block in feed.blocks if block.kind == "passage")


def shown_status(panel, block_id: str) -> str:
    model = panel.model
    for row in range(model.rowCount()):
        if model.index(row, Column.NAME).data(Qt.ItemDataRole.UserRole) == block_id:
            return model.index(row, Column.STATUS).data(Qt.ItemDataRole.DisplayRole)
    raise AssertionError(f"the panel shows no row for {block_id}")


def test_the_panel_and_prepare_use_the_same_selected_passage(window, qtbot) -> None:
    panel = window.context_panel
    editor = window.tabs.current_editor()
    assert editor.chapter == panel.chapter_picker.value() == 12
    real_input.pick(panel.agent_picker, "BattleAgent")
    settled(qtbot, panel)
    missing = passage_block(panel.feed)
    assert missing.status is Status.MISSING
    assert shown_status(panel, missing.id).startswith("✗")

    real_input.drag(editor.text_edit.viewport(), char_point(editor, 20), char_point(editor, 120))
    assert editor.text_edit.textCursor().selectionEnd() == 120
    qtbot.waitUntil(lambda: panel.request().passage == (20, 120))
    settled(qtbot, panel)

    shown = passage_block(panel.feed)
    assert shown.status is not Status.MISSING and shown.section == "20:120"
    assert not shown_status(panel, shown.id).startswith("✗")
    real_input.click(panel.findChild(object, "prepareFeedButton"))
    dialog = window.prepare.dialog
    assert dialog is not None and dialog.isVisible()
    prepared = passage_block(dialog.feed)
    assert (prepared.section, prepared.text) == (shown.section, shown.text)
