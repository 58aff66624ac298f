"""What a save counts, now that the GUI thread counts the saved text once (the editor's own
count, handed to the project) and measures only the saved row's 字 cell: the tree's row, the
book's total and the writing statistics still show the count of exactly what is on disk."""

from __future__ import annotations

import real_input
from PySide6.QtWidgets import QApplication

from workbench.book.counting import count_zi
from workbench.stats import read_history

LONG = "山河依旧风起云涌。" * 2400  # 21,600 字: a row whose count outgrows the 字 column


def _saved(window, qtbot, editor) -> None:
    real_input.shortcut(editor.text_edit, "Ctrl+S")
    assert not editor.is_modified()
    qtbot.waitUntil(lambda: not window.background_pending())


def _on_disk_zi(editor) -> int:
    return count_zi(editor.path.read_text(encoding="utf-8"))


def _row(window, editor):  # type: ignore[no-untyped-def]
    return window.tree._rows[str(editor.path)]


def test_a_save_right_after_typing_counts_what_was_written(window, qtbot, type_at_end) -> None:
    editor = window.tabs.current_editor()
    totals: list[int] = []
    window.tree.totalChanged.connect(lambda total: totals.append(total))
    before = window.project.total_zi()
    type_at_end(editor, LONG)
    _saved(window, qtbot, editor)  # before the editor's debounced count has run
    zi = _on_disk_zi(editor)
    assert f"{zi:,}" in _row(window, editor).text(1)
    assert editor.zi == zi
    assert totals[-1] == window.project.total_zi() == before + count_zi(LONG)
    last = read_history(window.project).records[-1]
    assert (last.chapter, last.after) == (12, zi)


def test_the_count_column_grows_to_fit_a_count_that_outgrew_it(window, qtbot, type_at_end) -> None:
    editor = window.tabs.current_editor()
    type_at_end(editor, LONG)
    _saved(window, qtbot, editor)
    tree, row = window.tree, _row(window, editor)
    needed = tree.fontMetrics().horizontalAdvance(row.text(1))
    assert tree.columnWidth(1) > needed
    assert tree.columnWidth(1) >= tree.sizeHintForIndex(tree.indexFromItem(row, 1)).width()


def test_a_save_after_the_count_and_after_an_undo_counts_the_text_on_disk(
    window, qtbot, type_at_end
) -> None:
    editor = window.tabs.current_editor()
    type_at_end(editor, "又添一句。")
    qtbot.waitUntil(lambda: not editor._zi_timer.isActive())  # the editor counted it
    _saved(window, qtbot, editor)
    assert f"{_on_disk_zi(editor):,}" in _row(window, editor).text(1)
    counted = _on_disk_zi(editor)
    editor.text_edit.setFocus()
    real_input.shortcut(editor.text_edit, "Ctrl+Z")  # the typing undone, then saved at once
    QApplication.processEvents()
    assert editor.is_modified()
    _saved(window, qtbot, editor)
    zi = _on_disk_zi(editor)
    assert zi == counted - count_zi("又添一句。")
    assert f"{zi:,}" in _row(window, editor).text(1)
    assert read_history(window.project).records[-1].after == zi
