"""An upkeep run whose model answer cannot be used says why in the UI language: the author
asks the 待审 tab to propose for chapters 6-10, the model's answer pays off an entry the ledger
closed in chapter 6, and the status bar says so all in Chinese in the Chinese UI (the engine's
words, which were English) and all in English in the English UI."""

from __future__ import annotations

import json
import re

import pytest
import real_input
from PySide6.QtWidgets import QMessageBox
from test_language_walk import CJK

from workbench.settings import LlmSettings, Settings

GROUNDED = "第九组第一场，陆照对孙闯。"  # chapter 7 of the sample, as written
PAYS_OFF_A_CLOSED_ENTRY = json.dumps(
    {
        "proposals": [
            {"kind": "foreshadowing_paid", "chapter": 8, "evidence": GROUNDED, "entry": "F002"}
        ]
    },
    ensure_ascii=False,
)
SAID = {
    "zh_CN": (
        "第6-10章的记忆更新未写入：回答说第8章回收了 F002，但它在那一章并未开放（已回收@6）；"
        "与第6-10章的伏笔追踪表矛盾"
    ),
    "en": (
        "upkeep of chapters 6-10: the answer says chapter 8 pays off F002, which is not open"
        " there (已回收@6); it contradicts the ledger for chapters 6-10; nothing was written"
    ),
}
# Latin words in the Chinese UI: only the entry's id and the range's Ch.
ENGLISH_WORD = re.compile(r"(?<![A-Za-z])(?!F\d|Ch\d)[A-Za-z]{2,}")


@pytest.mark.parametrize("language", list(SAID))
def test_an_unusable_answer_says_why_in_the_ui_language(
    make_window, novel, chat_server, Reply, dialogs, qtbot, language
) -> None:
    chat_server.play(Reply("ok", PAYS_OFF_A_CLOSED_ENTRY))
    llm = LlmSettings(base_url=chat_server.url, model="m", max_retries=0)
    window = make_window(Settings(ui_language=language, summary_backend="openai", llm=llm))
    assert window.open_project(novel)
    qtbot.waitUntil(lambda: window.tracker_browser is not None, timeout=20_000)
    real_input.raise_dock(window, window.tracker_dock)
    browser = window.tracker_browser
    browser.tabs.setCurrentWidget(browser.review)
    review = browser.review
    real_input.fill(review.first_spin, "6")
    real_input.fill(review.last_spin, "10")
    dialogs.answer(QMessageBox.StandardButton.Yes)  # the model endpoint's run, asked first
    with qtbot.waitSignal(window.upkeep.failed, timeout=60_000) as failed:
        real_input.click(review.run_button)
    reason = failed.args[1]
    assert reason == SAID[language]
    shown = window.status.currentMessage()
    assert reason in shown
    if language == "en":
        assert not CJK.search(shown.replace("已回收", "")), shown  # the ledger's own word
    else:
        assert not ENGLISH_WORD.search(shown), shown
    qtbot.waitUntil(window.summaries.is_idle)
