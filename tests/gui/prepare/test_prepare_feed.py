"""Prepare feed: the button, the checklist and its fixes, Copy / Save byte for byte, Send with
the reply streamed into a draft on a real chat server, failures, and the feed history."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
import real_input
from pydantic import SecretStr
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from workbench.cli.main import main
from workbench.feed.history import saved_feeds
from workbench.gui.prepare.anchor_dialog import StyleAnchorDialog
from workbench.settings import LlmSettings, ProfileSettings, Settings, save_settings

KEY = "sk-prepare-test-7f3a9c1e5b"
LEFT = Qt.MouseButton.LeftButton
REPLY = "# 第13章 灯下\n\n" + "".join(f"第{i}段，沈砚提灯走过长明殿。\n\n" for i in range(1, 41))


def _settings(server=None, **llm) -> Settings:
    if server is None:
        return Settings()
    values = {"base_url": server.url, "model": "test-model", "api_key": SecretStr(KEY)}
    values.update({"read_timeout": 5.0, "max_retries": 0, **llm})
    return Settings(llm=LlmSettings(**values))


def _opened(make_window, novel: Path, settings: Settings):  # type: ignore[no-untyped-def]
    """A main window with these settings and the sample copy open."""
    window = make_window(settings)
    assert window.open_project(novel)
    return window


def _open_plan(window, chapter: int) -> None:
    """Put chapter N's plan in front (the author has just planned chapter N)."""
    window.open_path(window.project.plan_file(chapter))


def _prepare(window):  # type: ignore[no-untyped-def]
    """Click 准备 … 喂入 on the toolbar; the dialog it opened (or raised)."""
    toolbar = window.actions_.toolbar
    real_input.click(toolbar.widgetForAction(window.actions_.prepare_feed))
    return window.prepare.dialog


def _prepare_for(window, agent: str):  # type: ignore[no-untyped-def]
    """Choose 喂入 ▸ the agent in the menu bar; the dialog it opened (None when it did not)."""
    before = window.prepare.dialog
    real_input.from_menu_bar(window, window.actions_.feed_menu, agent)
    dialog = window.prepare.dialog
    return dialog if dialog is not None and (dialog is before or dialog.isVisible()) else None


def _send(dialog):  # type: ignore[no-untyped-def]
    """Click 发送; the request it started (None when nothing started)."""
    before = len(dialog.jobs)
    for _ in range(500):  # a reply that just ended gives Send back a turn of the loop later
        if dialog.send_button.isEnabled():
            break
        QTest.qWait(10)
    real_input.click(dialog.send_button)
    return dialog.jobs[-1] if len(dialog.jobs) > before else None


def _char_point(editor, position: int) -> QPoint:  # type: ignore[no-untyped-def]
    """Just right of the boundary before character `position`: a press there puts the caret
    on that boundary."""
    cursor = editor.text_edit.textCursor()
    cursor.setPosition(position)
    rect = editor.text_edit.cursorRect(cursor)
    return QPoint(rect.center().x() + 1, rect.center().y())


def _click_row(table, row: int) -> None:  # type: ignore[no-untyped-def]
    real_input.click(table.viewport(), table.visualRect(table.model().index(row, 0)).center())


def _cli_markdown(novel: Path, chapter: int, capsys) -> str:
    capsys.readouterr()
    assert main(["feed", str(novel), "--agent", "MainWriter", "--chapter", str(chapter)]) == 0
    return capsys.readouterr().out


def _wait_for(qtbot, job) -> None:
    qtbot.waitUntil(lambda: not job.is_running(), timeout=20_000)
    assert job.wait(20), "the request thread must end"


def test_button_menu_and_shortcut_exist(window) -> None:
    button = window.findChild(object, "prepareFeedButton")
    assert button is not None and button.isVisible()
    assert window.actions_.prepare_feed.shortcut().toString() == "Ctrl+Shift+P"
    assert window.actions_.prepare_feed.text() == "准备 MainWriter 喂入"
    picker = window.context_panel.agent_picker
    real_input.pick(picker, "FinalReviewer")
    assert window.actions_.prepare_feed.text() == "准备 FinalReviewer 喂入"
    panel_button = window.context_panel.findChild(object, "prepareFeedButton")
    assert panel_button is not None and panel_button is not window.actions_.toolbar.widgetForAction(
        window.actions_.prepare_feed
    )
    real_input.click(panel_button)  # the button at the top of the context panel
    dialog = window.prepare.dialog
    assert dialog.agent == "FinalReviewer" and dialog.chapter == 12
    agents = [a.data() for a in window.actions_.feed_menu.actions() if a.data()]
    assert agents == [
        "MainWriter",
        "OOCGuardian",
        "BattleAgent",
        "FinalReviewer",
        "ReaderSimulator",
        "RollingSummarizer",
    ]


def test_copy_equals_the_cli_markdown_byte_for_byte(window, novel, capsys, qtbot) -> None:
    _open_plan(window, 13)
    real_input.shortcut(window.tabs.current_editor().text_edit, "Ctrl+Shift+P")
    dialog = window.prepare.dialog
    assert dialog.objectName() == "prepareFeedDialog" and dialog.isVisible()
    assert dialog.chapter == 13
    assert dialog.copy_button.isEnabled() and dialog.save_button.isEnabled()
    assert not dialog.copy_anyway_button.isVisible()
    real_input.click(dialog.copy_button)
    assert dialog.copy_button.text() == "已复制 ✓"  # the status bar is behind the dialog
    expected = _cli_markdown(novel, 13, capsys)
    assert QGuiApplication.clipboard().text() == expected
    qtbot.waitUntil(lambda: dialog.copy_button.text() == "复制", timeout=5_000)
    assert dialog.preview.raw.toPlainText() == expected
    real_input.click(dialog.save_button)
    [saved] = saved_feeds(window.project, 13)
    assert saved.path.read_bytes() == expected.encode("utf-8")
    assert saved.ready and not saved.sent and saved.agent == "MainWriter"


def test_missing_fixed_context_is_fixed_with_one_click(window, novel, qtbot) -> None:
    (novel / "references/fixed-context.md").unlink()
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.checklist.marks["fixed"].text().startswith("✗")
    for button in (dialog.copy_button, dialog.save_button, dialog.send_button):
        assert not button.isEnabled()
    assert "固定层齐备" in dialog.reason.text()
    assert dialog.copy_button.toolTip() == dialog.reason.text()
    assert dialog.copy_anyway_button.isVisible()
    real_input.click(dialog.copy_anyway_button)
    copied = QGuiApplication.clipboard().text()
    assert "- ✗ 固定层齐备" in copied and copied == dialog.markdown

    fix = dialog.findChild(object, "fix_fixed_context")
    with qtbot.waitSignal(window.summaries.done, timeout=60_000):
        real_input.click(fix)
        assert not fix.isEnabled()  # running in the background
    assert (novel / "references/fixed-context.md").is_file()
    qtbot.waitUntil(lambda: dialog.checklist.marks["fixed"].text().startswith("✓"))
    assert dialog.copy_button.isEnabled() and dialog.save_button.isEnabled()
    assert "需要 API 密钥" in dialog.reason.text()  # Send says why it is off
    assert not dialog.send_button.isEnabled()


def test_style_anchor_and_plan_fixes_create_and_open_the_files(window, novel) -> None:
    (novel / "meta/style-anchor.md").unlink()
    real_input.fill(window.context_panel.chapter_picker, "31")  # no plan, no outline section
    dialog = _prepare(window)
    assert dialog.chapter == 31
    assert dialog.checklist.marks["style_anchor"].text().startswith("✗")
    assert dialog.checklist.marks["task"].text().startswith("✗")
    # The book has chapters: the anchor comes from a passage the author selects (a starting
    # choice from the chapter before is selected for them; tests/gui/test_webnovel_serial_gui.py
    # selects one by hand).
    real_input.click(dialog.findChild(object, "fix_style_anchor_passage"))
    chooser = dialog.findChild(StyleAnchorDialog, "styleAnchorDialog")
    assert chooser.isVisible() and chooser.chapter() == 12
    real_input.click(chooser.create_button)
    anchor = novel / "meta/style-anchor.md"
    assert anchor.read_text(encoding="utf-8").startswith("# 文风锚点")
    assert "摘自第12章" in anchor.read_text(encoding="utf-8")
    assert window.tabs.current_editor().path == anchor.resolve()
    # Attached, and honest that its other sections are still the template's (never a green ✓).
    assert dialog.checklist.marks["style_anchor"].text() == "⚠ 部分仍为模板"
    real_input.click(dialog.findChild(object, "fix_plan"))
    plan = novel / "outline/chapters/ch031.md"
    assert plan.read_text(encoding="utf-8").startswith("---\ntype: plot")
    assert window.tabs.current_editor().path == plan.resolve()
    assert dialog.checklist.marks["task"].text().startswith("✓")
    assert dialog.findChild(object, "fix_plan") is None


def test_send_streams_into_a_draft_while_the_gui_ticks_then_cancel_keeps_it(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("ok", REPLY, chunk_size=6, delay=0.05))
    window = _opened(make_window, novel, _settings(chat_server))
    chapter_bytes = (novel / "chapters/ch012.md").read_bytes()
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.send_button.isEnabled(), dialog.reason.text()
    ticks: list[int] = []
    ticker = QTimer()
    ticker.setInterval(10)
    ticker.timeout.connect(lambda: ticks.append(1))
    ticker.start()
    job = _send(dialog)
    view = dialog.draft_views()[0]
    qtbot.waitUntil(lambda: len(view.text()) > 60, timeout=10_000)
    grown = [len(view.text())]
    qtbot.waitUntil(lambda: len(view.text()) > grown[0] + 12, timeout=10_000)
    assert job.is_running() and len(ticks) >= 5, "the GUI loop turns while the reply streams"
    real_input.click(view.cancel_button)
    ticker.stop()
    partial = view.text()
    assert job.state == "cancelled" and 0 < len(partial) < len(REPLY)
    assert REPLY.startswith(partial)
    assert "已取消" in view.stats.text()
    _wait_for(qtbot, job)
    assert job.draft_path.name.endswith("-cancelled.md")
    assert job.draft_path.read_text(encoding="utf-8") == partial
    assert view.text() == partial, "late pieces do not join a cancelled draft"
    assert (novel / "chapters/ch012.md").read_bytes() == chapter_bytes
    assert chat_server.requests[-1].body["messages"][1]["content"] == dialog.markdown
    system = chat_server.requests[-1].body["messages"][0]["content"]
    assert "MainWriter" not in system and "第12章" not in system  # one for the whole book
    assert dialog.markdown.endswith(dialog.feed.task + "\n")  # the agent's task comes last


def test_a_whole_reply_is_saved_as_the_chapter_with_a_backup(
    make_window, novel, chat_server, Reply, qtbot, dialogs
) -> None:
    chat_server.play(Reply("ok", REPLY))
    window = _opened(make_window, novel, _settings(chat_server))
    old = (novel / "chapters/ch012.md").read_text(encoding="utf-8")
    window.open_path(window.project.chapter(12).path)
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    view = dialog.draft_views()[0]
    assert job.state == "done" and view.text() == REPLY
    assert "完成" in view.stats.text()
    dialogs.answer(QMessageBox.StandardButton.Yes)
    real_input.click(view.save_button)
    assert dialogs.asked[-1][0] == "question"
    assert (novel / "chapters/ch012.md").read_text(encoding="utf-8") == REPLY.strip("\n") + "\n"
    [backup] = (novel / ".workbench/backups").iterdir()
    assert backup.read_text(encoding="utf-8") == old
    assert (
        window.tabs.editor_for(window.project.chapter(12).path).text() == REPLY.strip("\n") + "\n"
    )
    assert view.save_button.text() == "已存为第12章 ✓"
    assert not view.save_button.isEnabled() and not view.append_button.isEnabled()


@pytest.mark.parametrize("failure", ["status", "hang"])
def test_a_500_or_a_hang_leaves_the_chapter_alone_with_a_message(
    make_window, novel, chat_server, Reply, qtbot, failure
) -> None:
    chat_server.play(Reply("status", status=500) if failure == "status" else Reply("hang"))
    window = _opened(make_window, novel, _settings(chat_server, read_timeout=0.5))
    before = {p: p.read_bytes() for p in (novel / "chapters").iterdir()}
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "failed"
    expected = "HTTP 500" if failure == "status" else "read timeout"
    assert expected in job.error and expected in dialog.reason.text()
    assert "章节未改动" in dialog.reason.text()
    assert {p: p.read_bytes() for p in (novel / "chapters").iterdir()} == before
    assert not job.draft_path.exists(), "nothing arrived, so there is no draft to keep"
    assert "未收到任何文字" in dialog.draft_views()[0].stats.text()
    chat_server.release.set()


def test_a_reply_cut_off_keeps_what_came_as_a_failed_draft(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("cutoff", REPLY))
    window = _opened(make_window, novel, _settings(chat_server))
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "failed" and "without [DONE]" in dialog.reason.text()
    assert job.text and REPLY.startswith(job.text)
    assert job.draft_path.name.endswith("-failed.md")
    assert job.draft_path.read_text(encoding="utf-8") == job.text
    assert "部分草稿已保留" in dialog.draft_views()[0].stats.text()


def test_history_lists_the_sent_feed_and_diffs_blocks(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("ok", "好的。"))
    window = _opened(make_window, novel, _settings(chat_server))
    _open_plan(window, 13)
    dialog = _prepare(window)
    _wait_for(qtbot, _send(dialog))
    history = dialog.history
    real_input.click(dialog.tabs.tabBar(), dialog.tabs.tabBar().tabRect(1).center())
    assert dialog.tabs.currentWidget() is history
    assert history.table.rowCount() == 1
    assert history.table.item(0, 1).text() == "MainWriter"
    assert history.table.item(0, 5).text() == "是"  # sent
    _click_row(history.table, 0)
    real_input.click(history.open_button)
    assert history.pane.toPlainText() == dialog.markdown  # read-only, exactly as sent
    # A second feed after the author edits the plan: the diff names the changed block.
    plan = novel / "outline/chapters/ch013.md"
    plan.write_text(plan.read_text(encoding="utf-8") + "\n- 新增：灯芯里藏着一封信。\n", "utf-8")
    real_input.click(dialog.refresh_button)
    real_input.click(dialog.save_button)
    assert history.table.rowCount() == 2
    _click_row(history.table, 0)
    real_input.shortcut(history.table, "Ctrl+A")
    real_input.click(history.compare_button)
    changed = {c.heading for c in history.last_changes if c.kind == "changed"}
    assert any(h.startswith("任务 · 本章规划 · 第13章") for h in changed)
    assert "本章规划" in history.pane.toPlainText()
    plan_change = next(c for c in history.last_changes if c.heading.startswith("任务 · 本章规划"))
    assert any("灯芯里藏着一封信" in line for line in plan_change.text_diff)


def test_the_api_key_lands_in_no_file_or_log(
    make_window, novel, chat_server, Reply, qtbot, caplog, user_config_dir
) -> None:
    caplog.set_level(logging.DEBUG)
    chat_server.play(Reply("ok", f"正文里回显了密钥 {KEY} 。", chunk_size=5), Reply("echo"))
    window = _opened(make_window, novel, _settings(chat_server))
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "failed" and "key" in job.error  # an echoed key is refused
    assert KEY not in dialog.draft_views()[0].text() and KEY not in job.text
    job = _send(dialog)  # the endpoint quotes the Authorization header in its error
    _wait_for(qtbot, job)
    assert job.state == "failed" and KEY not in dialog.reason.text()
    real_input.click(dialog.save_button)
    files = [p for p in novel.rglob("*") if p.is_file()]
    assert any("feeds" in p.parts for p in files)
    assert not any("drafts" in p.parts for p in files), "a refused reply leaves no draft"
    assert [p for p in files if KEY.encode() in p.read_bytes()] == []
    assert KEY not in caplog.text


def test_battleagent_needs_a_selection(window, dialogs) -> None:
    editor = window.tabs.current_editor()
    assert _prepare_for(window, "BattleAgent") is None
    assert dialogs.asked[-1][0] == "information" and "选" in dialogs.asked[-1][2]
    real_input.drag(editor.text_edit.viewport(), _char_point(editor, 20), _char_point(editor, 120))
    assert editor.text_edit.textCursor().selectionStart() == 20
    assert editor.text_edit.textCursor().selectionEnd() == 120
    dialog = _prepare_for(window, "BattleAgent")
    passage = next(b for b in dialog.feed.blocks if b.kind == "passage")
    assert passage.section == "20:120"
    assert editor.text()[20:120].strip()[:10] in passage.text


def test_unsaved_editor_text_is_in_the_feed_and_not_written(window, novel, type_at_end) -> None:
    chapter = novel / "chapters/ch012.md"
    on_disk = chapter.read_bytes()
    editor = window.open_path(window.project.chapter(12).path)
    type_at_end(editor, "\n沈砚在灯下写完了最后一行，尚未保存。")
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert "尚未保存" in dialog.markdown
    assert chapter.read_bytes() == on_disk


def test_a_missing_rolling_summary_is_generated_in_the_background(window, novel, qtbot) -> None:
    summary = novel / "references/rolling-summary.md"
    text = summary.read_text(encoding="utf-8")
    summary.write_text(text[: text.index("## 滚动摘要 Ch6")], encoding="utf-8")
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.checklist.marks["rolling"].text().startswith("✗")
    with qtbot.waitSignal(window.summaries.done, timeout=60_000):
        real_input.click(dialog.findChild(object, "fix_rolling_summary"))
    qtbot.waitUntil(lambda: dialog.checklist.marks["rolling"].text().startswith("✓"))
    assert "## 滚动摘要 Ch6-Ch10" in summary.read_text(encoding="utf-8")
    assert dialog.copy_button.isEnabled()


def test_a_stale_fixed_context_shows_its_warning_with_regenerate(window, novel) -> None:
    world = novel / "worldbuilding/world.md"
    world.write_text(world.read_text(encoding="utf-8") + "\n新添的一条设定。\n", encoding="utf-8")
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.feed.ready and dialog.copy_button.isEnabled()  # stale warns, never blocks
    button = dialog.findChild(object, "fix_fixed_context_stale")
    assert button is not None and button.text() == "重新生成"
    assert "worldbuilding/world.md" in dialog.checklist.findChild(object, "staleWarning").text()
    assert dialog.checklist.marks["fixed"].text() == "⚠ 已过期"  # never a green ✓ when stale


def test_a_partly_template_style_anchor_is_marked_so_not_ready(window, novel) -> None:
    anchor = novel / "meta" / "style-anchor.md"
    left = "- 视角：（例如：第三人称有限视角，紧跟主角）"  # a line of the template's, left in
    anchor.write_text(anchor.read_text(encoding="utf-8") + f"\n{left}\n", encoding="utf-8")
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.checklist.marks["style_anchor"].text() == "⚠ 部分仍为模板"
    block = next(b for b in dialog.feed.blocks if b.id == "task.style_anchor")
    assert "例如：第三人称有限视角，紧跟主角" not in block.text
    assert "紧贴陆照" in block.text  # the author's own 视角 line is fed


def test_a_429_is_retried_and_the_reply_still_arrives(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    busy = Reply("status", status=429, headers=(("Retry-After", "0"),))
    chat_server.play(busy, Reply("ok", REPLY))
    window = _opened(make_window, novel, _settings(chat_server, max_retries=2))
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "done" and dialog.draft_views()[0].text() == REPLY
    assert len(chat_server.requests) == 2


def test_no_server_at_all_says_so_and_keeps_the_draft_tab(
    make_window, novel, chat_server, qtbot
) -> None:
    settings = _settings(chat_server)
    closed = settings.llm.model_copy(update={"base_url": "http://127.0.0.1:9/v1"})
    window = _opened(make_window, novel, settings.model_copy(update={"llm": closed}))
    dialog = _prepare(window)
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "failed" and "127.0.0.1:9" in dialog.reason.text()
    assert dialog.draft_views()[0].discard_button.isEnabled()


def test_closing_the_dialog_mid_stream_keeps_the_partial_draft(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("ok", REPLY, chunk_size=6, delay=0.05))
    window = _opened(make_window, novel, _settings(chat_server))
    dialog = _prepare(window)
    job = _send(dialog)
    qtbot.waitUntil(lambda: len(job.text) > 30, timeout=10_000)
    dialog.close()
    assert job.state == "cancelled"
    _wait_for(qtbot, job)
    assert job.draft_path.read_text(encoding="utf-8") == job.text and job.text


def test_preparing_again_keeps_the_drafts_and_a_new_feed_asks_while_one_streams(
    make_window, novel, chat_server, Reply, qtbot, dialogs
) -> None:
    chat_server.play(Reply("ok", REPLY, chunk_size=6, delay=0.05))
    window = _opened(make_window, novel, _settings(chat_server))
    dialog = _prepare(window)
    job = _send(dialog)
    assert _prepare(window) is dialog and dialog.draft_views()
    dialogs.answer(QMessageBox.StandardButton.No)
    assert _prepare_for(window, "OOCGuardian") is dialog and job.is_running()
    dialogs.answer(QMessageBox.StandardButton.Yes)
    other = _prepare_for(window, "OOCGuardian")
    assert other is not dialog and other.agent == "OOCGuardian"
    assert job.state == "cancelled"
    _wait_for(qtbot, job)


def test_the_preview_renders_markdown_with_raw_html_disabled(window, novel) -> None:
    plan = novel / "outline/chapters/ch013.md"
    html = '<img src="file:///etc/passwd"><b style="color:red">粗</b>'
    plan.write_text(plan.read_text(encoding="utf-8") + f"\n{html}\n", encoding="utf-8")
    _open_plan(window, 13)
    dialog = _prepare(window)
    rendered = dialog.preview.rendered.document()
    assert html in rendered.toPlainText()  # shown as text, never as markup
    assert "<img" not in rendered.toHtml().replace("&lt;img", "")
    assert "本次实际喂入的上下文清单" in rendered.toPlainText()
    toggle = dialog.preview.raw_toggle
    real_input.click(toggle, QPoint(6, toggle.height() // 2))  # on the box
    assert dialog.preview.stack.currentWidget() is dialog.preview.raw


def test_send_uses_the_model_profile_endpoint_when_settings_name_none(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("ok", REPLY))
    local = ProfileSettings(base_url=chat_server.url, model="qwen3:32b")
    settings = Settings(model_profile="ollama", profiles={"ollama": local})
    save_settings(settings)  # the feed's profile comes from the user's settings file
    window = _opened(make_window, novel, settings)
    dialog = _prepare(window)
    assert dialog.feed.profile.name == "ollama"
    job = _send(dialog)
    _wait_for(qtbot, job)
    assert job.state == "done" and chat_server.requests[-1].body["model"] == "qwen3:32b"


def test_a_hosted_profile_without_a_key_says_so(make_window, novel) -> None:
    window = _opened(make_window, novel, Settings(model_profile="deepseek-v4"))
    dialog = _prepare(window)
    assert not dialog.send_button.isEnabled()
    assert "需要 API 密钥" in dialog.reason.text()
    assert "api.deepseek.com" in dialog.reason.text()


def test_no_endpoint_at_all_names_the_settings(make_window, novel) -> None:
    bare = ProfileSettings(base_url="")
    window = make_window(Settings(model_profile="ollama", profiles={"ollama": bare}))
    save_settings(window.settings)
    assert window.open_project(novel)
    dialog = _prepare(window)
    assert not dialog.send_button.isEnabled()
    assert dialog.reason.text().startswith("未配置模型端点")


def test_the_current_feed_is_compared_with_the_one_sent_for_the_previous_chapter(
    make_window, novel, chat_server, Reply, qtbot
) -> None:
    chat_server.play(Reply("ok", "好的。"))
    window = _opened(make_window, novel, _settings(chat_server))
    dialog = _prepare(window)
    assert dialog.chapter == 12
    _wait_for(qtbot, _send(dialog))
    _open_plan(window, 13)
    dialog = _prepare(window)
    assert dialog.chapter == 13
    real_input.click(dialog.tabs.tabBar(), dialog.tabs.tabBar().tabRect(1).center())
    real_input.click(dialog.history.previous_button)
    kinds = {c.heading: c.kind for c in dialog.history.last_changes}
    assert kinds["滚动层 · 前文原文 · 第12章（chapters/ch012.md）"] == "added"
    assert kinds["滚动层 · 前文原文 · 第9章（chapters/ch009.md）"] == "removed"
    assert "当前喂入" in dialog.history.pane.toPlainText()


def test_a_saved_feed_with_an_impossible_time_in_its_name_does_not_stop_the_dialog(
    window, novel, capsys
) -> None:
    # Issue #22: `ch0013-MainWriter-20261399T…` (month 13) raised out of the history, and
    # the Prepare dialog never opened. It is left out of the history; the good one is listed.
    assert main(["feed", str(novel), "--agent", "MainWriter", "--chapter", "13", "--save"]) == 0
    capsys.readouterr()
    feeds = novel / ".workbench" / "feeds"
    good = next(feeds.iterdir())
    for stamp in ("20261399T999999000000Z", "20260230T250000000000Z"):
        (feeds / f"ch0013-MainWriter-{stamp}.md").write_bytes(good.read_bytes())
    (feeds / "ch0013-MainWriter-20261201T101500000000Z.md").write_bytes(b"\xff\xfe broken")
    _open_plan(window, 13)
    QTest.keyClick(
        window,
        Qt.Key.Key_P,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    dialog = window.prepare.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.history.table.rowCount() == 1
    assert [f.path for f in saved_feeds(window.project, 13)] == [good]
