"""A rolling summary that a save queues and that fails says why in the UI language: in the
English UI the status bar and the queue view say the job, the feed's checklist line and its
reason in English; in the Chinese UI they say it all in Chinese (the engine's words, which
were English for why a job wrote nothing), and a switch to English takes the Chinese away."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import real_input
from PySide6.QtCore import Qt
from test_language_walk import CJK

from workbench.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "summaries"))
from summary_book import make_book, section_text

FAILED_IN_CHINESE = (
    "滚动摘要 Ch6-10 生成失败：滚动摘要 Ch6-10 未写入：RollingSummarizer 的喂入未齐备"
    " — 本章任务材料齐备：本章原文 · 第10章（没有第10章的文件）"
)
# Latin words in the Chinese UI: only the agent's name and the range, the engine's own names.
ENGLISH_WORD = re.compile(r"(?<![A-Za-z])(?!RollingSummarizer\b|Ch\d)[A-Za-z]{2,}")
FAILED_IN_ENGLISH = (
    "Rolling summary Ch6-10 failed: rolling summary Ch6-10 not written: the RollingSummarizer"
    " feed is not ready — Task material complete: this chapter · chapter 10 (no file for"
    " chapter 10)"
)


def _book_without_chapter_10(tmp_path: Path) -> Path:
    """Chapters 1-9 and 11, summarised to Ch5: saving 11 queues Ch6-10, whose feed lacks its
    last chapter."""
    summary = "# 滚动摘要\n\n" + section_text(1, 5)
    return make_book(tmp_path / "book", [*range(1, 10), 11], summary=summary)


def _save_chapter_11(window, qtbot) -> str:  # type: ignore[no-untyped-def]
    """Type in chapter 11 and press Ctrl+S; the status bar's message once the summary failed."""
    said: list[str] = []
    window.status.messageChanged.connect(said.append)
    editor = real_input.open_from_tree(window, "chapters/ch011.md")
    real_input.click(editor.text_edit.viewport())
    real_input.key(editor.text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    real_input.type_keys(editor.text_edit, "x")
    real_input.shortcut(editor.text_edit, "Ctrl+S")
    qtbot.waitUntil(lambda: any("Ch6-10" in text for text in said), timeout=60_000)
    qtbot.waitUntil(window.summaries.is_idle)
    return next(text for text in said if "Ch6-10" in text)


def test_a_failed_summary_says_why_in_english(make_window, tmp_path: Path, qtbot) -> None:
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(_book_without_chapter_10(tmp_path))
    said = _save_chapter_11(window, qtbot)
    assert said == FAILED_IN_ENGLISH
    detail = {row.label: row.detail for row in window.summary_policy.jobs_model.rows}["Ch6-10"]
    assert not CJK.search(detail), detail


def test_a_failed_summary_says_why_in_chinese_and_goes_with_a_switch(
    make_window, tmp_path: Path, qtbot
) -> None:
    window = make_window()
    assert window.open_project(_book_without_chapter_10(tmp_path))
    said = _save_chapter_11(window, qtbot)
    assert not ENGLISH_WORD.search(said), said
    assert said == FAILED_IN_CHINESE
    detail = {row.label: row.detail for row in window.summary_policy.jobs_model.rows}["Ch6-10"]
    assert not ENGLISH_WORD.search(detail), detail
    assert CJK.search(window.status.currentMessage())  # the last of them, said in Chinese
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    qtbot.waitUntil(lambda: window.status.save_label.text() == "Saved")  # the switch is seen
    assert not CJK.search(window.status.currentMessage()), window.status.currentMessage()
