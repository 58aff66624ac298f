"""Files changed by other programs: reload when clean, conflict bar when dirty, batches."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QTreeWidgetItem

from workbench.book.project import Project
from workbench.book.textio import write_text
from workbench.feed import build_feed
from workbench.feed.render import feed_markdown
from workbench.trackers.presence import chapter_presence
from workbench.trackers.relevance import load_trackers


def test_a_clean_document_reloads(window, novel: Path, qtbot) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    write_text(path, "# 第1章 改过\n\n另一个程序写的。\n")
    qtbot.waitUntil(lambda: editor.text() == "# 第1章 改过\n\n另一个程序写的。\n")
    assert not editor.is_modified()
    assert not editor.has_conflict()
    editor.text_edit.undo()  # the reload is one undoable edit
    assert editor.text() != "# 第1章 改过\n\n另一个程序写的。\n"


def test_a_dirty_document_gets_the_conflict_bar(window, novel: Path, qtbot, type_at_end) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "我的修改")
    mine = editor.text()
    write_text(path, "外部版本\n")
    qtbot.waitUntil(editor.has_conflict)
    assert editor.text() == mine
    assert path.read_text(encoding="utf-8") == "外部版本\n"
    assert not window.tabs.save(editor), "saving must not silently overwrite the other version"
    assert path.read_text(encoding="utf-8") == "外部版本\n"

    dialog = editor.compare()
    diff = dialog.view.toPlainText()
    assert "-外部版本" in diff and "我的修改" in diff
    dialog.close()

    real_input.click(editor.conflict_bar.load_button)
    assert editor.text() == "外部版本\n"
    assert not editor.is_modified() and not editor.has_conflict()


def test_keep_mine_then_save_replaces_the_disk_version(
    window, novel: Path, qtbot, type_at_end
) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "我的")
    write_text(path, "外部\n")
    qtbot.waitUntil(editor.has_conflict)
    real_input.click(editor.conflict_bar.keep_button)
    assert not editor.has_conflict()
    assert window.tabs.save(editor)
    assert path.read_text(encoding="utf-8") == editor.text()


def test_our_own_saves_do_not_raise_the_bar(window, novel: Path, qtbot, type_at_end) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "存")
    batches, own = window.external_batches, window.session.watcher.own_saves
    assert window.tabs.save(editor)
    qtbot.waitUntil(lambda: window.session.watcher.own_saves > own)  # the watcher did see the write
    assert window.external_batches == batches  # and it was not handled as another's change
    type_at_end(editor, "再改")
    assert not editor.has_conflict()


def test_a_change_right_after_our_save_is_still_seen(
    window, novel: Path, qtbot, type_at_end
) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    type_at_end(editor, "存")
    batches = window.external_batches
    assert window.tabs.save(editor)
    write_text(path, "# 第1章\n\n另一个程序紧接着写的。\n")  # before the watcher's batch
    qtbot.waitUntil(lambda: window.external_batches > batches, timeout=10_000)
    assert editor.text() == "# 第1章\n\n另一个程序紧接着写的。\n"


def test_a_deleted_file_keeps_the_text_and_says_so(window, novel: Path, qtbot) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    text = editor.text()
    path.unlink()
    qtbot.waitUntil(editor.has_conflict)
    assert editor.conflict_bar.deleted
    assert editor.text() == text


def test_300_external_changes_are_one_batch_and_the_window_stays_live(
    window, novel: Path, qtbot
) -> None:
    project = Project.open(novel)
    path = project.chapters[0].path
    editor = window.open_path(path)
    ticks = []
    ticker = QTimer()
    ticker.setInterval(5)
    ticker.timeout.connect(lambda: ticks.append(1))
    ticker.start()
    batches = window.external_batches
    first_new = project.chapters[-1].number + 1
    # Like `git checkout`: one open chapter rewritten, 299 new chapter files.
    write_text(path, "# 第1章 新分支\n\n分支上的版本。\n")
    for number in range(first_new, first_new + 299):
        write_text(project.new_chapter_path(number), f"# 第{number}章\n\n正文{number}。\n")
    qtbot.waitUntil(lambda: window.external_batches > batches, timeout=10_000)
    ticker.stop()
    assert window.external_batches == batches + 1, "the burst must be handled as one batch"
    assert editor.text() == "# 第1章 新分支\n\n分支上的版本。\n"
    assert window.tree.topLevelItem(0).childCount() == len(project.chapters) + 299
    assert ticks, "the event loop kept turning while the files arrived"


def test_the_tree_follows_chapters_changed_added_and_removed_on_disk(
    window, novel: Path, qtbot
) -> None:
    project = Project.open(novel)
    count = len(project.chapters)
    third = project.chapters[2].path

    def after(change) -> QTreeWidgetItem:
        """Make the change, wait for its batch; the chapters group as it is then."""
        batches = window.external_batches
        change()
        qtbot.waitUntil(lambda: window.external_batches > batches, timeout=10_000)
        qtbot.waitUntil(lambda: not window.tree.counts_pending())  # titles read off-thread
        return window.tree.topLevelItem(0)

    chapters = after(lambda: write_text(third, "# 第3章 新名\n\n一二三四五。\n"))
    assert (chapters.child(2).text(0), chapters.child(2).text(1)) == ("第3章  新名", "11 字")
    assert chapters.childCount() == count

    added = project.new_chapter_path(project.chapters[-1].number + 1)
    chapters = after(lambda: write_text(added, "# 新的一章\n\n正文。\n"))
    assert chapters.childCount() == count + 1
    assert chapters.child(count).text(0).endswith("新的一章")

    chapters = after(third.unlink)
    assert chapters.childCount() == count
    assert not chapters.child(2).text(0).startswith("第3章")


def test_saving_relabels_the_chapter_row(window, qtbot) -> None:
    editor = window.tabs.current_editor()
    row = window.tree.currentItem()
    assert row.text(0) == "第12章  赤石坳"
    cursor = editor.text_edit.textCursor()
    cursor.movePosition(cursor.MoveOperation.Start)
    cursor.movePosition(cursor.MoveOperation.EndOfBlock, cursor.MoveMode.KeepAnchor)
    cursor.insertText("# 第12章 红石坳")
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+S")
    row = window.tree.currentItem()
    assert row.text(0) == "第12章  红石坳"
    assert row.text(1) == f"{window.project.chapter_zi(window.project.chapters[-1]):,} 字"


def test_the_next_feed_sees_chapters_other_programs_add_and_delete(window, qtbot) -> None:
    project = window.project
    last = project.chapters[-1].number
    build_feed(project, "MainWriter", last + 2)  # the open project's feeds are warm
    new = project.new_chapter_path(last + 1)
    write_text(new, f"# 第{last + 1}章 另起\n\n另一个程序写的新一章。\n")
    qtbot.waitUntil(lambda: project.chapter(last + 1) is not None)  # the watcher's batch
    assert "另一个程序写的新一章" in feed_markdown(build_feed(project, "MainWriter", last + 2))
    assert last + 1 in chapter_presence(project, load_trackers(project)).characters

    gone = project.chapter(last).path
    text = gone.read_text(encoding="utf-8").splitlines()[2]
    assert text in feed_markdown(build_feed(project, "MainWriter", last + 2))
    gone.unlink()
    qtbot.waitUntil(lambda: project.chapter(last) is None)
    assert text not in feed_markdown(build_feed(project, "MainWriter", last + 2))
    assert last not in chapter_presence(project, load_trackers(project)).characters
