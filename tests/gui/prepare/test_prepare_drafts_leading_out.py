"""A draft is never written through `.workbench/drafts` symlinked out of the project; the
Prepare dialog (opened and sent by clicks) says that no draft file was kept, and the reply is
still there to save."""

from __future__ import annotations

import real_input
from pydantic import SecretStr

from workbench.settings import LlmSettings, Settings

REPLY = "# 第13章 灯下\n\n沈砚提灯走过长明殿。\n"


def test_a_draft_folder_leading_out_keeps_no_file_and_says_so(
    make_window, novel, chat_server, Reply, qtbot, tmp_path
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (novel / ".workbench").mkdir(exist_ok=True)
    (novel / ".workbench/drafts").symlink_to(outside)
    chat_server.play(Reply("ok", REPLY))
    values = {"base_url": chat_server.url, "model": "m", "api_key": SecretStr("sk-x-12345678")}
    window = make_window(Settings(llm=LlmSettings(**values, read_timeout=5.0, max_retries=0)))
    assert window.open_project(novel)
    toolbar = window.actions_.toolbar
    real_input.click(toolbar.widgetForAction(window.actions_.prepare_feed))  # 准备 … 喂入
    dialog = window.prepare.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.send_button.isEnabled(), dialog.reason.text()
    real_input.click(dialog.send_button)
    [job] = dialog.jobs
    qtbot.waitUntil(lambda: not job.is_running(), timeout=20_000)
    assert job.wait(20)
    assert list(outside.iterdir()) == []  # nothing written where the link leads
    view = dialog.draft_views()[0]
    assert job.text == REPLY and view.text() == REPLY
    assert "未能在 .workbench/drafts 保存草稿文件" in view.stats.text()
    assert "outside the project" in view.stats.toolTip()  # the whole reason
    assert view.save_button.isEnabled()  # the reply can still become the chapter
