"""A draft goes into its chapter once: after 追加到第N章末尾 the buttons say it was appended
and take no second click; appending again is its own confirmed choice; every accept first
backs up the chapter's text from before."""

from __future__ import annotations

import real_input
from pydantic import SecretStr
from PySide6.QtWidgets import QMessageBox

from workbench.settings import LlmSettings, Settings

REPLY = "沈砚提灯走过长明殿，殿外的雪停了。\n\n他在第三根柱子下站了很久。\n"
YES = QMessageBox.StandardButton.Yes
CANCEL = QMessageBox.StandardButton.Cancel


def drafted(make_window, novel, chat_server, Reply, qtbot):  # type: ignore[no-untyped-def]
    """Chapter 12 open, 准备 … 喂入 clicked, 发送 clicked, the whole reply in: its draft tab."""
    chat_server.play(Reply("ok", REPLY))
    settings = Settings(
        llm=LlmSettings(
            base_url=chat_server.url,
            model="test-model",
            api_key=SecretStr("sk-accepted-once"),
            max_retries=0,
        )
    )
    window = make_window(settings)
    assert window.open_project(novel)
    window.open_path(window.project.chapter(12).path)
    toolbar = window.actions_.toolbar
    real_input.click(toolbar.widgetForAction(window.actions_.prepare_feed))
    dialog = window.prepare.dialog
    qtbot.waitUntil(dialog.send_button.isEnabled, timeout=10_000)
    real_input.click(dialog.send_button)
    job = dialog.jobs[-1]
    qtbot.waitUntil(lambda: not job.is_running(), timeout=20_000)
    assert job.wait(20)
    return dialog.draft_views()[0]


def test_append_is_accepted_once_and_again_only_when_confirmed(
    make_window, novel, chat_server, Reply, qtbot, dialogs
) -> None:
    chapter = novel / "chapters/ch012.md"
    before = chapter.read_text(encoding="utf-8")
    view = drafted(make_window, novel, chat_server, Reply, qtbot)
    assert not view.again_button.isVisible()

    real_input.click(view.append_button)

    after_one = chapter.read_text(encoding="utf-8")
    assert after_one.count("第三根柱子") == 1
    assert view.append_button.text() == "已追加到第12章 ✓"
    assert not view.append_button.isEnabled() and not view.save_button.isEnabled()
    [backup] = (novel / ".workbench/backups").iterdir()
    assert backup.read_text(encoding="utf-8") == before, "the text from before is recoverable"
    assert backup.name in view.append_button.toolTip()
    real_input.click(view.append_button)  # a second click on the spent button does nothing
    assert chapter.read_text(encoding="utf-8") == after_one
    assert view.again_button.isVisible() and view.again_button.text() == "再追加一次…"

    dialogs.answer(CANCEL)
    real_input.click(view.again_button)
    assert dialogs.asked[-1][1] == "再次追加这份草稿？"
    assert chapter.read_text(encoding="utf-8") == after_one

    dialogs.answer(YES)
    real_input.click(view.again_button)
    assert chapter.read_text(encoding="utf-8").count("第三根柱子") == 2
    backups = sorted((novel / ".workbench/backups").iterdir())
    assert [b.read_text(encoding="utf-8") for b in backups] == [before, after_one]


def test_after_a_replace_neither_button_accepts_again(
    make_window, novel, chat_server, Reply, qtbot, dialogs
) -> None:
    chapter = novel / "chapters/ch012.md"
    view = drafted(make_window, novel, chat_server, Reply, qtbot)
    dialogs.answer(YES)
    real_input.click(view.save_button)
    written = chapter.read_text(encoding="utf-8")
    assert written == REPLY
    assert view.save_button.text() == "已存为第12章 ✓"
    real_input.click(view.save_button)
    real_input.click(view.append_button)
    assert chapter.read_text(encoding="utf-8") == written
    assert [kind for kind, _title, _text in dialogs.asked] == ["question"]
