"""The draft tab against the loopback chat server: a reasoning model's thinking in the 思考
pane (never in the draft), the call's usage line with its cache-hit share and cost, and a 429
waited out with a visible countdown that Cancel ends — all driven by clicks: the plan
double-clicked in the project tree, 喂入 ▸ the agent from the menu bar, 发送, the pane's toggle,
保留思考 and 取消 clicked."""

from __future__ import annotations

import json
from pathlib import Path

import real_input
from pydantic import SecretStr

from workbench.calls.usage import usage_path
from workbench.settings import LlmSettings, ProfileSettings, Settings, save_settings

KEY = "sk-draft-usage-3c2b1a"
REPLY = "# 第13章 灯下\n\n" + "".join(f"第{i}段，陆照提灯走过长明殿。\n\n" for i in range(1, 25))
THOUGHT = "先想：这一章要让沈青棠察觉他烧掉了初遇的记忆。" * 4
USAGE = {
    "prompt_tokens": 1_000_000,
    "completion_tokens": 50_000,
    "prompt_cache_hit_tokens": 800_000,
    "prompt_cache_miss_tokens": 200_000,
    "completion_tokens_details": {"reasoning_tokens": 12_000},
}
# 800,000 × 0.5 + 200,000 × 4 + 50,000 × 16 per million = 2.00 CNY
PRICES = ProfileSettings(
    price_input_hit=0.5, price_input_miss=4.0, price_output=16.0, currency="CNY"
)


def settings_for(server, **llm) -> Settings:  # type: ignore[no-untyped-def]
    values = {"base_url": server.url, "model": "deepseek-v4-pro", "api_key": SecretStr(KEY)}
    values.update({"read_timeout": 5.0, "max_retries": 1, **llm})
    settings = Settings(llm=LlmSettings(**values), profiles={"deepseek-v4": PRICES})
    save_settings(settings)  # the feed's profile (and its prices) come from the settings file
    return settings


def send_by_click(window, qtbot, chapter: int = 13, agent: str = "MainWriter"):  # type: ignore[no-untyped-def]
    """Chapter N's plan double-clicked in the tree, 喂入 ▸ `agent` chosen in the menu bar,
    发送 clicked: the dialog, the request it started and its draft tab."""
    real_input.open_from_tree(window, window.project.plan_file(chapter))
    real_input.from_menu_bar(window, window.actions_.feed_menu, agent)
    dialog = window.prepare.dialog
    assert dialog is not None and dialog.isVisible(), f"喂入 ▸ {agent} opened no dialog"
    assert (dialog.agent, dialog.chapter) == (agent, chapter)
    # A reply that just ended gives 发送 back a turn of the event loop later.
    qtbot.waitUntil(dialog.send_button.isEnabled, timeout=5_000)
    before = len(dialog.jobs)
    real_input.click(dialog.send_button)
    assert len(dialog.jobs) == before + 1
    job = dialog.jobs[-1]
    view = dialog.draft_views()[-1]
    return dialog, job, view


def wait_done(qtbot, job) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not job.is_running(), timeout=30_000)
    assert job.wait(20)


def test_thinking_goes_to_its_pane_and_the_usage_line_prices_the_call(
    make_window, novel: Path, chat_server, Reply, qtbot, tmp_path
):
    chat_server.play(Reply("ok", REPLY, reasoning=THOUGHT, usage=USAGE, chunk_size=12))
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    _dialog, job, view = send_by_click(window, qtbot)
    wait_done(qtbot, job)
    qtbot.waitUntil(lambda: view.usage.isVisible(), timeout=10_000)
    assert job.state == "done"
    assert view.text() == REPLY and THOUGHT[:12] not in view.text()
    assert view.reasoning_text.toPlainText() == THOUGHT
    assert job.draft_path.read_text(encoding="utf-8") == REPLY  # the draft holds only the answer
    toggle = view.reasoning_toggle
    assert toggle.isVisible() and "思考" in toggle.text() and "词元" in toggle.text()
    assert int(toggle.text().split("·")[1].split()[0].replace(",", "")) > 0
    line = view.usage.text()
    assert "1,000,000" in line and "缓存命中 80.0%" in line and "2.0000 CNY" in line
    assert "思考 12,000" in line and "估算" not in line
    (record,) = [json.loads(x) for x in usage_path(window.project).read_text().splitlines()]
    assert record["cost"] == 2.0 and record["reasoning_tokens"] == 12_000
    view.grab().save(str(tmp_path / "draft-usage.png"))

    # The pane folds away and back; its text is never written anywhere unless asked.
    real_input.click(toggle)
    assert not view.reasoning_text.isVisible() and "▸" in toggle.text()
    real_input.click(toggle)
    assert view.reasoning_text.isVisible()
    drafts = job.draft_path.parent
    assert [p.name for p in drafts.iterdir()] == [job.draft_path.name]
    real_input.click(view.keep_reasoning_button)
    kept = drafts / (job.draft_path.stem + ".reasoning.md")
    assert kept.read_text(encoding="utf-8") == THOUGHT
    assert not view.keep_reasoning_button.isEnabled()
    assert not any("reasoning" in p.name for p in (novel / "chapters").iterdir())


def test_a_server_without_usage_gives_an_estimated_line(
    make_window, novel, chat_server, Reply, qtbot
):
    chat_server.play(Reply("ok", REPLY))
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    _dialog, job, view = send_by_click(window, qtbot)
    wait_done(qtbot, job)
    qtbot.waitUntil(lambda: view.usage.isVisible(), timeout=10_000)
    assert "估算" in view.usage.text() and "未报告缓存" in view.usage.text()
    assert not view.reasoning_toggle.isVisible()  # shown while a thinking model works; none came
    assert job.record is not None and job.record.estimated


def test_a_429_is_counted_down_then_answered(make_window, novel, chat_server, Reply, qtbot):
    chat_server.play(
        Reply("status", status=429, headers=(("Retry-After", "2"),)), Reply("ok", REPLY)
    )
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    _dialog, job, view = send_by_click(window, qtbot)
    qtbot.waitUntil(lambda: view.retry_label.isVisible(), timeout=10_000)
    shown = view.retry_label.text()
    assert "HTTP 429" in shown and "重试 1/1" in shown and "秒后" in shown
    assert view.cancel_button.isEnabled()
    wait_done(qtbot, job)
    assert job.state == "done" and view.text() == REPLY
    assert not view.retry_label.isVisible()
    assert len(chat_server.requests) == 2


def test_cancel_ends_the_wait_at_once(make_window, novel, chat_server, Reply, qtbot):
    chat_server.play(Reply("status", status=503, headers=(("Retry-After", "25"),)))
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    _dialog, job, view = send_by_click(window, qtbot)
    qtbot.waitUntil(lambda: view.retry_label.isVisible(), timeout=10_000)
    assert "HTTP 503" in view.retry_label.text()
    real_input.click(view.cancel_button)
    assert job.state == "cancelled" and not view.retry_label.isVisible()
    assert job.wait(10), "the wait ends with the cancel, not after 25 s"
    assert len(chat_server.requests) == 1


def test_a_cancelled_reply_still_shows_what_it_was_billed(
    make_window, novel, chat_server, Reply, qtbot
):
    chat_server.play(Reply("ok", REPLY * 3, chunk_size=8, delay=0.05))
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    _dialog, job, view = send_by_click(window, qtbot)
    qtbot.waitUntil(lambda: len(view.text()) > 40, timeout=10_000)
    real_input.click(view.cancel_button)
    assert job.state == "cancelled"
    assert job.wait(10)
    qtbot.waitUntil(lambda: view.usage.isVisible(), timeout=10_000)
    assert "估算" in view.usage.text()
    assert job.record.state == "cancelled" and job.record.completion_tokens > 0
