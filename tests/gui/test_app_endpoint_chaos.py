"""The app under endpoint chaos, on the real 127.0.0.1 server: the prepare dialog's Send and
the background rolling summary that saving chapter 10 starts, against slow drips, a huge
answer, HTML, invalid UTF-8, a redirect elsewhere, replies echoing the key and a hang.

For every one: the GUI thread keeps turning while the call is in flight (a 10 ms timer ticks
and a key typed into the editor lands), the author is told what failed, nothing of the reply
is written (chapters, drafts, rolling-summary.md stay byte for byte), and the key is in no
file of the project, the app's log, the user folder (but its settings file) or the output
streams of the app and its summary process (PRODUCT.md §8).

The author's steps are real input: the chapter double-clicked in the tree, 准备 … 喂入 and 发送
clicked on the toolbar and in the dialog, Ctrl+End and Ctrl+S in the editor. The key typed while
the call is in flight is posted to the event queue instead (a synchronous key event would be
handled whether or not the GUI thread is free: the test is that the loop gets to it)."""

from __future__ import annotations

import base64
import json
import logging
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import pytest
import real_input
from pydantic import SecretStr
from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QMessageBox
from summary_like import summary_section

from workbench.book.project import Project
from workbench.book.rolling_summary import rolling_sections
from workbench.gui.prepare.send import MAX_REPLY_CHARS
from workbench.settings import SETTINGS_FILE, LlmSettings, Settings, save_settings

KEY = "sk-appchaos-Qx9/Le+4_mW7=pK2"
FRAGMENT = 8  # any run of this many characters of the key is a leak
ROLLING = "references/rolling-summary.md"
TYPED = "z"


@dataclass(frozen=True)
class Chaos:
    """One way an endpoint misbehaves, and what the author is told (Send, summary)."""

    kind: str
    send_why: str  # what the author is told, in the Chinese UI
    summary_why: str
    echo: str = ""  # the form of the key the reply quotes
    chunk_size: int = 40

    @property
    def lasts(self) -> bool:
        """Whether the call stays in flight until a timeout after the answer is let go."""
        return self.kind in ("drip", "drip_bytes", "hang")


ECHOES = {
    "key_plain": "{key}",
    "key_json_escaped": json.dumps(KEY)[1:-1].replace("/", "\\/"),
    "key_url_escaped": urllib.parse.quote(KEY, safe=""),
    "key_base64": base64.b64encode(f"Bearer {KEY}".encode()).decode(),
}
CHAOS = {
    "drip": Chaos("drip", "answer timeout", "answer timeout"),
    "drip_bytes": Chaos("drip_bytes", "answer timeout", "answer timeout"),
    "huge": Chaos("huge", f"回复超过 {MAX_REPLY_CHARS:,} 字", "larger than 8 MB"),
    "html": Chaos("html", "not a chat completion", "not a chat completion"),
    "bad_utf8": Chaos("bad_utf8", "not valid UTF-8", "not valid UTF-8"),
    "redirect": Chaos("redirect", "redirected (HTTP 307)", "redirected (HTTP 307)"),
    **{name: Chaos("ok", "API key", "API key", echo) for name, echo in ECHOES.items()},
    "key_split": Chaos("ok", "API key", "API key", "{key}", chunk_size=3),
    "hang": Chaos("hang", "read timeout", "read timeout"),
}


def _reply(Reply, server, chaos: Chaos):  # type: ignore[no-untyped-def]
    """The server's scripted answer; held until the test has typed while it waits."""
    if chaos.kind == "redirect":
        port = server.url.split(":")[-1].split("/")[0]
        content = f"http://127.0.0.2:{port}/v1/chat/completions"
    else:  # a template-perfect section, so only the echoed key makes it invalid
        content = summary_section(6, 10, filler=f"林风看见墙上一行字：{chaos.echo}。")
    return Reply(chaos.kind, content, chunk_size=chaos.chunk_size, hold=True)


def _settings(server, chaos: Chaos) -> Settings:
    """A remote endpoint for Send and for summaries; saved where the app keeps settings."""
    llm = LlmSettings(
        base_url=server.url,
        model="chaos-model",
        api_key=SecretStr(KEY),
        # Only the hang and the drips meet a timeout; everything else gets time to misbehave
        # in full (masking 8 MB of answer for the key takes a few seconds). The hang's read
        # timeout runs while the test types, so it leaves a busy machine ample time for that.
        read_timeout=4.0 if chaos.kind == "hang" else 30.0,
        answer_timeout=2.0 if chaos.kind.startswith("drip") else 60.0,
        max_retries=0,
    )
    settings = Settings(llm=llm, summary_backend="openai")
    save_settings(settings)
    return settings


def _log_everything(caplog) -> None:  # type: ignore[no-untyped-def]
    """The app's log at its most detailed (the file watcher's event trace aside)."""
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.INFO, logger="watchdog")


class Ticker:
    """A 10 ms timer on the GUI thread, counting the times the event loop got to it."""

    def __init__(self) -> None:
        self.ticks = 0
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        self.ticks += 1


def _type_while_in_flight(qtbot, server, editor, ticker: Ticker, in_flight) -> int:  # type: ignore[no-untyped-def]
    """With the request at the server and its answer held back, the timer ticks and a key
    typed into the editor (queued like real input, not sent directly) is processed. Then the
    answer goes; returns the ticks counted until then."""
    qtbot.waitUntil(lambda: len(server.requests) == 1, timeout=30_000)
    before = ticker.ticks
    real_input.key(editor.text_edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert editor.text_edit.textCursor().atEnd()
    press = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Z, Qt.KeyboardModifier.NoModifier, TYPED)
    QCoreApplication.postEvent(editor.text_edit, press)
    qtbot.waitUntil(lambda: editor.text().endswith(TYPED), timeout=10_000)
    qtbot.waitUntil(lambda: ticker.ticks >= before + 3, timeout=10_000)
    assert in_flight(), "the typing and the ticks happened while the call was in flight"
    server.gate.set()
    return ticker.ticks


def _written(novel: Path) -> dict[Path, bytes]:
    """The book, its drafts and backups: what a model reply could be written into."""
    kept = {"drafts", "backups"}
    return {
        path: path.read_bytes()
        for path in novel.rglob("*")
        if path.is_file() and (".workbench" not in path.parts or kept & set(path.parts))
    }


def _key_forms() -> list[str]:
    """The key as any output might carry it: every FRAGMENT-long run (any case), and each
    encoded form a reply quoted."""
    runs = [KEY[i : i + FRAGMENT].lower() for i in range(len(KEY) - FRAGMENT + 1)]
    return runs + [form.lower() for form in ECHOES.values() if form != "{key}"]


def _assert_key_nowhere(novel: Path, user_config_dir: Path, capfd, caplog) -> None:  # type: ignore[no-untyped-def]
    out, err = capfd.readouterr()
    places = {"stdout": out, "stderr": err, "the app's log": caplog.text}
    for folder in (novel, user_config_dir):
        for path in folder.rglob("*"):
            if path.is_file() and path != user_config_dir / SETTINGS_FILE:
                places[str(path)] = path.read_bytes().decode("utf-8", "replace")
    assert KEY in (user_config_dir / SETTINGS_FILE).read_text(encoding="utf-8")
    leaked = {
        where: form
        for where, text in places.items()
        for form in _key_forms()
        if form in text.lower()
    }
    assert leaked == {}, "the key leaked"


@pytest.mark.parametrize("mode", list(CHAOS))
def test_send_under_chaos_explains_writes_nothing_and_leaks_nothing(
    make_window, novel, chat_server, Reply, qtbot, capfd, caplog, user_config_dir, mode
) -> None:
    _log_everything(caplog)
    chaos = CHAOS[mode]
    chat_server.play(_reply(Reply, chat_server, chaos))
    window = make_window(_settings(chat_server, chaos))
    assert window.open_project(novel)
    editor = real_input.open_from_tree(window, window.project.chapter(12).path)
    real_input.click(window.actions_.toolbar.widgetForAction(window.actions_.prepare_feed))
    dialog = window.prepare.dialog
    assert dialog is not None and dialog.isVisible() and dialog.chapter == 12
    assert dialog.send_button.isEnabled(), dialog.reason.text()
    before = _written(novel)
    ticker = Ticker()

    real_input.click(dialog.send_button)
    [job] = dialog.jobs
    at_answer = _type_while_in_flight(qtbot, chat_server, editor, ticker, job.is_running)
    qtbot.waitUntil(lambda: not job.is_running(), timeout=30_000)
    ticker.timer.stop()
    assert ticker.ticks > at_answer or not chaos.lasts, "it ticks while the answer drips"

    assert job.state == "failed"
    assert chaos.send_why in job.error
    reason = dialog.reason.text()
    assert "模型调用失败（章节未改动）" in reason and chaos.send_why in reason
    view = dialog.draft_views()[0]
    assert view.text() == "" and "失败" in view.stats.text()
    assert not view.save_button.isEnabled() and not view.append_button.isEnabled()
    assert _written(novel) == before, "nothing of the reply is written"
    assert editor.is_modified() and editor.text().endswith(TYPED)
    chat_server.release.set()
    assert job.wait(10), "the request thread ends"
    _assert_key_nowhere(novel, user_config_dir, capfd, caplog)


def _without_section(novel: Path, start: int, end: int) -> None:
    """Remove one `## 滚动摘要` section, so that saving chapter `end` regenerates it."""
    path = novel / ROLLING
    text = path.read_text(encoding="utf-8")
    found = next(s for s in rolling_sections(text) if (s.first, s.last) == (start, end))
    path.write_text(text[: found.section.start] + text[found.section.end :], encoding="utf-8")


@pytest.mark.parametrize("mode", list(CHAOS))
def test_a_summary_under_chaos_explains_writes_nothing_and_leaks_nothing(
    make_window,
    novel,
    chat_server,
    Reply,
    qtbot,
    dialogs,
    type_at_end,
    capfd,
    caplog,
    user_config_dir,
    mode,
) -> None:
    _log_everything(caplog)
    chaos = CHAOS[mode]
    chat_server.play(_reply(Reply, chat_server, chaos))
    _without_section(novel, 6, 10)
    window = make_window(_settings(chat_server, chaos))
    assert window.open_project(novel)
    editor = real_input.open_from_tree(window, Project.open(novel).chapter(10).path)
    type_at_end(editor, "\n灯下又添一笔。")
    ticker = Ticker()
    # One question for the save's paid jobs: the summary only, not the range's upkeep.
    dialogs.answer(QMessageBox.StandardButton.Yes)

    with qtbot.waitSignal(window.summaries.failed, timeout=60_000) as failed:
        real_input.shortcut(editor.text_edit, "Ctrl+S")
        assert not editor.is_modified(), "Ctrl+S saved the chapter"
        before = _written(novel)  # the author's save is in; the reply must add nothing
        assert "Ch6-10" in window.status.jobs_text
        at_answer = _type_while_in_flight(
            qtbot, chat_server, editor, ticker, lambda: not window.summaries.is_idle()
        )
    ticker.timer.stop()
    assert ticker.ticks > at_answer or not chaos.lasts, "it ticks while the answer drips"

    assert dialogs.asked[-1][0] == "question"
    label, reason = failed.args[1:]
    assert label == "Ch6-10" and chaos.summary_why in reason
    shown = window.status.currentMessage()
    assert shown.startswith("滚动摘要 Ch6-10 生成失败") and chaos.summary_why in shown
    row = window.summary_policy.jobs_model.rows[-1]
    assert (row.label, row.state) == ("Ch6-10", "failed") and chaos.summary_why in row.detail
    qtbot.waitUntil(window.summaries.is_idle)
    assert _written(novel) == before, "nothing of the reply is written"
    assert editor.is_modified() and editor.text().endswith(TYPED)
    chat_server.release.set()
    _assert_key_nowhere(novel, user_config_dir, capfd, caplog)
