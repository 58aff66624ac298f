"""One Ctrl+S on a paid backend asks once for everything it sets off — the range's rolling
summary and its memory upkeep, each with its token estimate — and the author may queue both,
the summary only, or neither. The status bar names what each job makes (滚动摘要, 记忆提议),
never the queue's internal label, and a failed job stays counted on the status bar and on
喂入 ▸ 摘要任务 until the author opens that list."""

from __future__ import annotations

from pathlib import Path

import pytest
import real_input
from pydantic import SecretStr
from PySide6.QtWidgets import QMessageBox

from workbench.book.project import Project
from workbench.book.rolling_summary import rolling_sections
from workbench.settings import LlmSettings, Settings, save_settings

ROLLING = Path("references/rolling-summary.md")
Button = QMessageBox.StandardButton


def _without_section_6_10(novel: Path) -> None:
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    found = next(s for s in rolling_sections(text) if (s.first, s.last) == (6, 10))
    path.write_text(text[: found.section.start] + text[found.section.end :], encoding="utf-8")


def _paid(server) -> Settings:  # type: ignore[no-untyped-def]
    llm = LlmSettings(
        base_url=server.url, model="m", api_key=SecretStr("sk-test-0123456789"), max_retries=0
    )
    settings = Settings(llm=llm, summary_backend="openai")
    save_settings(settings)
    return settings


def _save_chapter_10(window, novel: Path, type_at_end) -> list[str]:  # type: ignore[no-untyped-def]
    queued: list[str] = []
    window.summaries.queued.connect(lambda _id, label: queued.append(label))
    editor = real_input.open_from_tree(window, Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n灯下又添一笔。")
    real_input.shortcut(editor.text_edit, "Ctrl+S")
    return queued


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (Button.YesToAll, ["Ch6-10", "upkeep Ch6-10"]),
        (Button.Yes, ["Ch6-10"]),
        (Button.No, []),
    ],
)
def test_a_paid_save_asks_once_for_the_summary_and_the_upkeep(
    make_window, novel, chat_server, Reply, dialogs, type_at_end, answer, expected
) -> None:
    chat_server.play(Reply("status", status=503))
    _without_section_6_10(novel)
    window = make_window(_paid(chat_server))
    assert window.open_project(novel)
    dialogs.answer(answer)

    queued = _save_chapter_10(window, novel, type_at_end)

    questions = [asked for asked in dialogs.asked if asked[0] == "question"]
    assert len(questions) == 1, questions
    _kind, title, text = questions[0]
    assert title == "排队后台任务？"
    assert "1 个滚动摘要（Ch6-10）和 1 次记忆提议（Ch6-10）" in text
    assert "摘要约" in text and "记忆提议约" in text  # each part's estimate
    assert set(dialogs.labels[-1]) == {"两项都排队", "只排队滚动摘要", "都不排队"}
    assert queued == expected
    window.summaries.cancel_all()


def test_the_status_bar_names_the_job_and_a_failure_stays_until_read(
    make_window, novel, chat_server, Reply, dialogs, type_at_end, qtbot
) -> None:
    chat_server.play(Reply("status", status=503))
    _without_section_6_10(novel)
    window = make_window(_paid(chat_server))
    assert window.open_project(novel)
    dialogs.answer(Button.YesToAll)
    jobs_lines: list[str] = []
    window.summary_policy.statusChanged.connect(jobs_lines.append)

    _save_chapter_10(window, novel, type_at_end)
    qtbot.waitUntil(window.summaries.is_idle, timeout=60_000)

    said = " | ".join(jobs_lines)
    assert "正在生成滚动摘要 Ch6-10" in said
    assert "upkeep" not in said and "Summar" not in said, said
    # The endpoint is down: the summary and the upkeep both fail.
    assert window.status.jobs_text == "⚠ 2 个任务失败：见 喂入 ▸ 摘要任务"
    actions = window.actions_
    assert actions.summary_jobs.text() == "摘要任务…（2 个失败）"
    qtbot.wait(7_000)  # longer than a status-bar message lasts
    assert window.status.jobs_label.isVisible()

    real_input.from_menu_bar(window, actions.feed_menu, actions.summary_jobs.text())
    dialog = window.summary_policy.jobs_dialog
    qtbot.waitUntil(dialog.isVisible)
    model = window.summary_policy.jobs_model
    failed = [model.rows.index(row) for row in model.rows if row.state == "failed"]
    assert [model.index(row, 0).data() for row in failed] == ["滚动摘要 Ch6-10", "记忆提议 Ch6-10"]
    assert window.status.jobs_text == ""
    assert actions.summary_jobs.text() == "摘要任务…"
    dialog.close()
