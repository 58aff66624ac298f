"""`make screenshots`: the continuity guard on the sample (docs/screenshots/continuity.png)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QTextCursor

# Typed, unsaved, at the end of chapter 12: 周德全 died in chapter 9; 沈青裳 is 沈青棠 misspelt.
TYPED = "\n周德全笑道：“你来迟了。”\n\n沈青裳低声道：“趁热喝。”"


def render_continuity(window, out_dir: Path, save: Callable, settle: Callable) -> list[Path]:  # type: ignore[no-untyped-def]
    """Chapter 12 with two contradictions typed into it: underlined, and listed under 连续性."""
    window.context_dock.raise_()  # the list is in 上下文; the tracker shots left 追踪表 in front
    editor = window.open_path(window.project.chapter(12).path)
    cursor = editor.text_edit.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    editor.text_edit.setTextCursor(cursor)
    cursor.insertText(TYPED)
    editor.text_edit.ensureCursorVisible()
    guard = window.continuity
    for _ in range(200):
        settle(50)
        result = guard.result
        if result and result.findings and not guard.refresher.is_busy():
            break
    shot = save(window, out_dir / "continuity.png")
    editor.load_from_disk()  # the sample's chapter as it was, for the shots after this one
    settle(500)
    return [shot]
