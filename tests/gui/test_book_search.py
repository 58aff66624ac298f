"""编辑 ▸ 在全书中搜索 as an author who has forgotten where a scene was: Ctrl+Shift+F in the
editor, a name typed through the input method, Enter, then a double-click on a hit: the editor
shows that chapter with the caret on the line, the name selected."""

from __future__ import annotations

import real_input
from PySide6.QtCore import Qt

from workbench.gui.book_search import CHAPTER, HIT_ROLE, LINE, TEXT

NAME = "沈青棠"


def _search(window, qtbot, text: str):  # type: ignore[no-untyped-def]
    editor = window.chapters.open_chapter(12)
    real_input.shortcut(editor.text_edit, "Ctrl+Shift+F")
    dialog = window.book_search
    assert dialog is not None and dialog.objectName() == "bookSearch" and dialog.isVisible()
    qtbot.waitUntil(dialog.query.hasFocus)  # the window takes the focus a turn later
    real_input.type_chinese(dialog.query, text, pinyin="shenqingtang")
    real_input.key(dialog.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.worker.is_busy() and dialog.summary.text() != "正在搜索…")
    return dialog


def test_search_then_double_click_opens_the_chapter_at_the_line(window, novel, qtbot) -> None:
    dialog = _search(window, qtbot, NAME)
    model = dialog.results.model()
    assert model.objectName() == "bookSearchModel"
    assert model.rowCount() >= 3, dialog.summary.text()
    assert dialog.summary.text().startswith(f"{model.rowCount()} 段含有")
    chapters = [
        model.index(row, CHAPTER).data(HIT_ROLE).passage.chapter for row in range(model.rowCount())
    ]
    assert chapters == sorted(chapters), "hits come in the book's order"
    row = model.rowCount() // 2
    hit = model.index(row, CHAPTER).data(HIT_ROLE)
    chapter = hit.passage.chapter
    assert model.index(row, CHAPTER).data() == f"第{chapter}章"
    assert model.index(row, LINE).data() == str(hit.line)
    assert f">{NAME}</span>" in model.index(row, TEXT).data(), "the name is marked"
    # The line the row names holds the name in the chapter's file.
    lines = (novel / "chapters" / f"ch{chapter:03d}.md").read_text(encoding="utf-8")
    assert NAME in lines.splitlines()[hit.line - 1]

    view = dialog.results
    real_input.double_click(view.viewport(), view.visualRect(model.index(row, TEXT)).center())

    editor = window.tabs.current_editor()
    assert editor.chapter == chapter
    cursor = editor.text_edit.textCursor()
    assert cursor.selectedText() == NAME
    assert cursor.blockNumber() == hit.line - 1
    dialog.close()


def test_enter_on_a_row_opens_it_and_a_single_character_is_explained(window, qtbot) -> None:
    dialog = _search(window, qtbot, NAME)
    view = dialog.results
    real_input.click(view.viewport(), view.visualRect(view.model().index(0, TEXT)).center())
    real_input.key(view, Qt.Key.Key_Down)
    real_input.key(view, Qt.Key.Key_Return)
    hit = view.model().index(1, CHAPTER).data(HIT_ROLE)
    assert window.tabs.current_editor().chapter == hit.passage.chapter

    dialog.open()
    real_input.type_chinese(dialog.query, "灯", pinyin="deng")
    real_input.key(dialog.query, Qt.Key.Key_Return)
    assert dialog.summary.text() == "请搜索两个字或以上：“灯”太短，无法查找"
    assert view.model().rowCount() == 0
    dialog.close()
