"""Summary jobs the author controls: asking before bulk or paid work, the queue view, cancel,
and 重新生成 for one range."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
import real_input
from conftest import StandardButton
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction

from workbench.cli.main import main
from workbench.gui.context.model import COVERS_ROLE
from workbench.gui.summaries.model import JOB_ID_ROLE, Column
from workbench.settings import LlmSettings, Settings

ROLLING = "references/rolling-summary.md"


def summary_children() -> list[str]:
    return [p.name for p in multiprocessing.active_children() if p.name.startswith("summary ")]


def open_jobs(window):  # type: ignore[no-untyped-def]
    """喂入 ▸ 摘要任务 in the menu bar; the queue view it shows."""
    actions = window.actions_
    real_input.from_menu_bar(window, actions.feed_menu, actions.summary_jobs.text())
    view = window.summary_policy.jobs_dialog
    assert view.isVisible()
    return view


def save(editor) -> None:  # type: ignore[no-untyped-def]
    """Ctrl+S with the caret in the editor."""
    real_input.shortcut(editor.text_edit, "Ctrl+S")


def caret_menu(editor, position: int):  # type: ignore[no-untyped-def]
    """The editor's context menu, opened by a right-click on the character at `position`."""
    point = real_input.text_in_sight(editor.text_edit, position)
    return real_input.open_menu(editor.text_edit.viewport(), point)


def states(window) -> list[tuple[str, str]]:
    """(range, state) of every row of the queue view's model."""
    return [(row.label, row.state) for row in window.summary_policy.jobs_model.rows]


@pytest.fixture
def imported(corpus_copy, tmp_path) -> Path:
    """The real 120-回 manuscript imported as a project (no summaries yet)."""
    book = tmp_path / "sanguo"
    assert main(["import", str(corpus_copy), "--into", str(book)]) == 0
    return book


def test_saving_the_last_chapter_of_an_imported_book_asks_first_and_cancel_stops_a_job(
    make_window, imported, dialogs, qtbot, type_at_end
):
    window = make_window()
    assert window.open_project(imported)
    before = (imported / ROLLING).read_bytes()
    editor = window.open_path(window.project.chapter(120).path)

    # 120 chapters, no summary: saving 120 calls for Ch1-5 … Ch116-120, 24 ranges. No.
    dialogs.answer(StandardButton.No)
    type_at_end(editor, "\n")
    save(editor)
    kind, _title, text = dialogs.asked[-1]
    assert kind == "question"
    assert "24" in text and "Ch1-5, Ch6-10, …, Ch111-115, Ch116-120" in text
    assert "词元" not in text  # the offline summariser costs nothing: no estimate
    assert window.summaries.is_idle() and states(window) == []

    # Queue both: all 24 are queued with their upkeep, the first runs in its child process.
    dialogs.answer(StandardButton.YesToAll)
    type_at_end(editor, "\n")
    with qtbot.waitSignal(window.summaries.running, timeout=10_000):
        save(editor)
    # 24 summaries, then the upkeep proposals of the same 24 ranges (issue 24), free offline:
    # the one question covered both.
    assert len(states(window)) == 48
    assert states(window)[24][0] == "upkeep Ch1-5"
    assert states(window)[:2] == [("Ch1-5", "running"), ("Ch6-10", "queued")]
    qtbot.waitUntil(lambda: summary_children() == ["summary Ch1-5"], timeout=10_000)

    # Cancelling the running job from the queue view stops its process and writes nothing.
    view = open_jobs(window)
    first_row = window.summary_policy.jobs_model.index(0, Column.RANGE)
    first = first_row.data(JOB_ID_ROLE)
    real_input.click(view.view.viewport(), view.view.visualRect(first_row).center())
    assert view.cancel_button.isEnabled()
    with qtbot.waitSignal(window.summaries.cancelled, timeout=5_000) as cancelled:
        real_input.click(view.cancel_button)
    assert cancelled.args[0] == first
    assert states(window)[0] == ("Ch1-5", "cancelled")
    assert window.summary_policy.jobs_model.index(0, Column.STATE).data() == "已取消"
    qtbot.waitUntil(lambda: states(window)[1] == ("Ch6-10", "running"), timeout=10_000)
    assert "summary Ch1-5" not in summary_children()

    window.summaries.cancel_all()
    qtbot.waitUntil(window.summaries.is_idle, timeout=10_000)
    qtbot.waitUntil(lambda: not summary_children(), timeout=10_000)
    assert {state for _label, state in states(window)} == {"cancelled"}
    assert (imported / ROLLING).read_bytes() == before
    view.close()


def test_a_single_job_for_a_model_endpoint_asks_with_a_token_estimate(
    make_window, novel, dialogs, chat_server, qtbot, type_at_end
):
    llm = LlmSettings(base_url=chat_server.url, model="m")
    settings = Settings(summary_backend="openai", llm=llm)
    window = make_window(settings)
    assert window.open_project(novel)
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("## 滚动摘要 Ch6-Ch10")], encoding="utf-8")
    before = path.read_bytes()
    editor = window.open_path(window.project.chapter(10).path)
    dialogs.answer(StandardButton.No)
    type_at_end(editor, "\n")
    save(editor)
    _kind, _title, asked = dialogs.asked[-1]
    assert "Ch6-10" in asked and "词元" in asked
    assert window.summaries.is_idle() and not chat_server.requests
    assert path.read_bytes() == before


def test_regenerating_one_range_from_the_queue_view(window, novel, dialogs, qtbot):
    view = open_jobs(window)
    # Both sections of the sample were written by hand: regenerating asks before replacing.
    assert [view.ranges.itemText(i) for i in range(view.ranges.count())] == [
        "Ch1-5（手写）",
        "Ch6-10（手写）",
    ]
    real_input.pick(view.ranges, "Ch6-10（手写）")
    dialogs.answer(StandardButton.No)
    real_input.click(view.regenerate_button)
    assert dialogs.asked[-1][1] == "替换手写的摘要？"
    assert window.summaries.is_idle()

    dialogs.answer(StandardButton.Yes)
    with qtbot.waitSignal(window.summaries.done, timeout=30_000):
        real_input.click(view.regenerate_button)
    assert states(window) == [("Ch6-10", "done")]
    text = (novel / ROLLING).read_text(encoding="utf-8")
    assert "## 滚动摘要 Ch6-Ch10\n<!-- workbench:chapters" in text
    view.set_sections(window.summary_policy.ranges())
    assert view.ranges.itemText(1) == "Ch6-10"  # generated now, and not stale
    view.close()


def test_the_context_panel_marks_a_stale_section_naming_the_chapter(
    make_window, novel, qtbot, capsys
):
    # The sample's section is hand-written: replacing it is asked for with --force.
    args = ["summarize", str(novel), "--range", "6-10", "--backend", "offline", "--force"]
    assert main(args) == 0
    chapter_7 = novel / "chapters" / "ch007.md"
    chapter_7.write_text(chapter_7.read_text(encoding="utf-8") + "\n改过的一句。\n", "utf-8")
    window = make_window()
    assert window.open_project(novel)
    panel = window.context_panel
    real_input.pick(panel.agent_picker, "MainWriter")
    real_input.fill(panel.chapter_picker, "13")
    qtbot.waitUntil(
        lambda: any("第7章" in line for line in panel.summary.checklist_lines()), timeout=15_000
    )
    rolling = next(line for line in panel.summary.checklist_lines() if "滚动摘要 Ch6-10" in line)
    assert rolling.endswith(" — 已过期：滚动摘要 Ch6-10：第7章")


def test_regenerating_a_summary_from_its_block_in_the_context_panel(window, novel, dialogs, qtbot):
    panel = window.context_panel
    real_input.fill(panel.chapter_picker, "13")
    qtbot.waitUntil(
        lambda: panel.current is not None and panel.current.job_id == panel.refresher.latest_id,
        timeout=15_000,
    )
    model = panel.model
    row = next(
        r
        for r in range(model.rowCount())
        if model.index(r, 0).data(Qt.ItemDataRole.UserRole) == "rolling.summary.6-10"
    )
    assert model.index(row, 0).data(COVERS_ROLE) == (6, 10)  # the block's range, not its id
    source = model.index(row, 0)
    section = next(s for s in panel.sections.values() if s.proxy.mapFromSource(source).isValid())
    cell = section.view.visualRect(section.proxy.mapFromSource(source))
    menu = real_input.open_menu(
        section.view.viewport(), QPoint(cell.left() + 20, cell.center().y())
    )
    dialogs.answer(StandardButton.Yes)  # the sample's section was written by hand
    with qtbot.waitSignal(window.summaries.done, timeout=30_000):
        real_input.choose(menu, "重新生成此摘要")
    assert dialogs.asked[-1][1] == "替换手写的摘要？"
    assert states(window) == [("Ch6-10", "done")]
    assert "## 滚动摘要 Ch6-Ch10\n<!-- workbench:chapters" in (novel / ROLLING).read_text("utf-8")


def test_regenerating_a_summary_from_the_editor_on_the_rolling_summary_file(
    window, novel, dialogs, qtbot
):
    editor = window.open_path(novel / ROLLING)
    text = editor.shown_text()
    # The pointer inside a subsection of `## 滚动摘要 Ch6-Ch10` still names that range.
    inside = text.index("###", text.index("## 滚动摘要 Ch6-Ch10"))
    menu = caret_menu(editor, inside + 4)
    regenerate = menu.findChild(QAction, "regenerateSummary")
    assert regenerate is not None and regenerate.text() == "重新生成此摘要"
    dialogs.answer(StandardButton.Yes)  # the sample's section was written by hand
    with qtbot.waitSignal(window.summaries.done, timeout=30_000):
        real_input.choose(menu, "regenerateSummary")
    assert states(window) == [("Ch6-10", "done")]
    assert "## 滚动摘要 Ch6-Ch10\n<!-- workbench:chapters" in (novel / ROLLING).read_text("utf-8")


def test_no_regenerate_action_outside_a_summary_or_in_other_files(window, novel):
    editor = window.open_path(novel / ROLLING)
    menu = caret_menu(editor, 2)  # on the file's title, `# 滚动摘要`
    assert menu.findChild(QAction, "regenerateSummary") is None
    real_input.key(menu, Qt.Key.Key_Escape)
    chapter = window.open_path(window.project.chapter(3).path)
    menu = caret_menu(chapter, 6)  # not where the last right-click was: no double-click
    assert menu.findChild(QAction, "regenerateSummary") is None
    real_input.key(menu, Qt.Key.Key_Escape)


def test_a_chapter_the_paid_estimate_cannot_read_queues_nothing_and_says_so(
    make_window, novel, dialogs, chat_server, qtbot, type_at_end
):
    llm = LlmSettings(base_url=chat_server.url, model="m")
    window = make_window(Settings(summary_backend="openai", llm=llm))
    assert window.open_project(novel)
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("## 滚动摘要 Ch6-Ch10")], encoding="utf-8")
    # Chapter 7 breaks on disk after the book opened: the estimate for Ch6-10 reads it.
    broken = window.project.chapter(7).path
    broken.write_bytes(b"# \x80\xff\x80\xff\n")
    editor = window.open_path(window.project.chapter(10).path)
    asked = len(dialogs.asked)
    type_at_end(editor, "\n")
    save(editor)
    shown = window.status.currentMessage()
    assert "未排队" in shown and broken.name in shown, shown
    assert len(dialogs.asked) == asked and window.summaries.is_idle()
    assert not chat_server.requests and broken.read_bytes() == b"# \x80\xff\x80\xff\n"
