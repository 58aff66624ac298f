"""Find and replace, the settings dialog, the import preview, the Markdown highlighter."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFont

from workbench.book.project import Project
from workbench.calls.prices import call_cost
from workbench.gui.import_dialog import ImportPreviewDialog
from workbench.gui.settings_dialog import SettingsDialog
from workbench.models import BUILTIN_PROFILES
from workbench.models.profiles import changed_profile
from workbench.settings import ProfileSettings, Settings


def test_find_and_replace_all_is_one_undo_step(window, novel: Path) -> None:
    path = Project.open(novel).chapters[0].path
    editor = window.open_path(path)
    editor.load(window.project.write(path, "甲乙甲丙甲\n"))
    real_input.click(editor.text_edit.viewport())
    real_input.shortcut(editor.text_edit, "Ctrl+F")
    bar = editor.find_bar
    assert bar.isVisible() and bar.find_edit.hasFocus()
    real_input.type_chinese(bar.find_edit, "甲", "jia")
    real_input.key(bar.find_edit, Qt.Key.Key_Return)
    assert editor.text_edit.textCursor().selectedText() == "甲"
    real_input.click(bar.replace_edit)
    real_input.type_chinese(bar.replace_edit, "丁", "ding")
    real_input.click(bar.replace_all_button)
    assert editor.text() == "丁乙丁丙丁\n"
    assert bar.result_label.text() == "已替换 3 处"
    real_input.click(editor.text_edit.viewport())
    real_input.shortcut(editor.text_edit, "Ctrl+Z")
    assert editor.text() == "甲乙甲丙甲\n"
    real_input.fill(bar.find_edit, "戊")
    real_input.click(bar.next_button)
    assert bar.result_label.text() == "未找到"


def _shown(qtbot, dialog):  # type: ignore[no-untyped-def]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_settings_dialog_edits_every_field(qapp, qtbot) -> None:
    original = Settings(recent_projects=["/somewhere"])
    dialog = _shown(qtbot, SettingsDialog(original))
    real_input.fill(dialog.base_url, " http://127.0.0.1:8080/v1 ")
    real_input.fill(dialog.model, "qwen2.5")
    real_input.fill(dialog.api_key, "sk-local")
    box = dialog.profile_box
    real_input.pick(box.profile, "ollama")
    assert dialog.model.text() == "qwen2.5", "an endpoint the author typed is kept"
    real_input.pick(box.tokenizer, "qwen2.5")
    real_input.fill(box.context_window, "65536")
    real_input.fill(box.reply_reserve, "4096")
    assert box.available.text() == "61,440 词元"
    real_input.pick(dialog.backend, "openai")
    real_input.fill(dialog.font_family, "DejaVu Sans")
    real_input.fill(dialog.font_size, "20")
    real_input.pick(dialog.language, "en")
    edited = dialog.edited_settings()
    assert edited.llm.base_url == "http://127.0.0.1:8080/v1"
    assert edited.llm.model == "qwen2.5"
    assert edited.llm.api_key.get_secret_value() == "sk-local"
    assert edited.model_profile == "ollama"
    assert edited.profiles == {
        "ollama": ProfileSettings(tokenizer="qwen2.5", context_window=65_536, reply_reserve=4_096)
    }
    assert edited.summary_backend == "openai"
    assert edited.editor_font_family == "DejaVu Sans"
    assert edited.editor_font_size == 20
    assert edited.ui_language == "en"
    assert edited.recent_projects == ["/somewhere"], "fields the dialog does not show are kept"
    assert original.llm.model == "", "the dialog edits a copy"


def test_picking_a_profile_brings_its_endpoint_and_keeps_edits_per_profile(qapp, qtbot) -> None:
    dialog = _shown(qtbot, SettingsDialog(Settings()))
    box = dialog.profile_box
    assert box.profile.currentData() == "deepseek-v4"
    assert not box.tokenizer.isEnabled(), "a hosted model's tokenizer is the provider's"
    assert dialog.base_url.placeholderText() == "https://api.deepseek.com"
    real_input.fill(box.reply_reserve, "16384")
    real_input.pick(box.profile, "qwen3.6")
    assert dialog.base_url.text() == "https://dashscope.aliyuncs.com/compatible-mode/v1"
    assert dialog.model.text() == "qwen3.6-plus"
    assert box.context_window.value() == 262_144
    real_input.pick(box.profile, "deepseek-v4")
    assert box.reply_reserve.value() == 16_384, "an edit survives switching away and back"
    assert dialog.base_url.text() == "https://api.deepseek.com"
    edited = dialog.edited_settings()
    assert edited.model_profile == "deepseek-v4"
    assert edited.profiles == {"deepseek-v4": ProfileSettings(reply_reserve=16_384)}


def test_a_broken_own_profile_is_shown_and_kept_not_dropped(qapp) -> None:
    broken = ProfileSettings(context_window=8_000)  # an own profile without a tokenizer
    dialog = SettingsDialog(Settings(profiles={"mine": broken}))
    box = dialog.profile_box
    assert not box.problem.isHidden()
    assert "'mine'" in box.problem.text() and "settings.json" in box.problem.text()
    assert box.profile.findData("mine") == -1
    edited = dialog.edited_settings()
    dialog.deleteLater()
    assert edited.profiles == {"mine": broken}


def test_import_shows_the_split_before_writing(make_window, tmp_path: Path, monkeypatch) -> None:
    manuscript = tmp_path / "旧稿.txt"
    manuscript.write_text(
        "书名：测试\n\n第一章 出山\n林风下山了。\n\n第二章 入城\n城门很高。\n", encoding="gb18030"
    )
    target = tmp_path / "imported"
    shown: list[ImportPreviewDialog] = []

    def preview_then(answer: ImportPreviewDialog.DialogCode):
        def exec_(dialog: ImportPreviewDialog) -> int:
            shown.append(dialog)
            assert not (target / "chapters").exists(), "nothing is written before the preview"
            return answer

        return exec_

    window = make_window()
    monkeypatch.setattr(
        ImportPreviewDialog, "exec", preview_then(ImportPreviewDialog.DialogCode.Rejected)
    )
    assert not window.opening.import_manuscript(manuscript, target)
    assert not (target / "chapters").exists()

    monkeypatch.setattr(
        ImportPreviewDialog, "exec", preview_then(ImportPreviewDialog.DialogCode.Accepted)
    )
    assert window.opening.import_manuscript(manuscript, target)
    table = shown[-1].table
    assert table.rowCount() == 2
    # The heading as it will be written: the author's 第一章, not a rewritten 第1章.
    assert [table.item(row, 1).text() for row in range(2)] == ["第一章 出山", "第二章 入城"]
    assert shown[-1].write_button.isEnabled()
    assert window.project is not None and window.project.root == target.resolve()
    assert [ref.number for ref in window.project.chapters] == [1, 2]
    for dialog in shown:
        dialog.deleteLater()


def test_import_refuses_to_overwrite_existing_chapters(window, novel: Path, tmp_path: Path) -> None:
    from workbench.book.importer import plan_import, read_manuscript

    manuscript = tmp_path / "dup.txt"
    manuscript.write_text("第一章 重复\n正文。\n", encoding="utf-8")
    dialog = ImportPreviewDialog(plan_import(read_manuscript(manuscript), novel))
    assert not dialog.write_button.isEnabled()
    assert "ch001.md" in dialog.notes.text()
    dialog.deleteLater()


def test_headings_and_emphasis_are_highlighted(window, novel: Path) -> None:
    editor = window.open_path(Project.open(novel).chapters[0].path)
    editor.load(window.project.write(editor.path, "# 第1章 标题\n\n他说：**小心**。\n"))
    document = editor.text_edit.document()
    heading = document.firstBlock().layout().formats()
    assert heading and heading[0].format.fontWeight() >= QFont.Weight.Bold
    body = document.findBlockByNumber(2).layout().formats()
    assert [(r.start, r.length) for r in body] == [(3, 6)]


def test_prices_and_thinking_are_edited_per_profile_and_none_for_a_local_server(qapp, qtbot):
    dialog = _shown(qtbot, SettingsDialog(Settings()))
    box = dialog.profile_box
    assert box.thinks.isChecked(), "DeepSeek-V4 thinks by default"
    output = box.prices["price_output"]  # no prices ship: providers change them
    assert output.text() == output.specialValueText() and output.text() in ("not set", "未设")
    real_input.fill(box.prices["price_input_hit"], "0.2")
    real_input.fill(box.prices["price_input_miss"], "2")
    real_input.fill(box.prices["price_output"], "3")
    real_input.fill(box.currency, "CNY")
    real_input.pick(box.profile, "ollama")
    assert not box.prices["price_output"].isEnabled() and not box.currency.isEnabled()
    real_input.pick(box.profile, "qwen3.6")
    indicator = QPoint(6, box.thinks.height() // 2)  # on the box, whatever the label's width
    real_input.click(box.thinks, indicator)
    assert box.thinks.isChecked()
    edited = dialog.edited_settings()
    assert edited.profiles == {
        "deepseek-v4": ProfileSettings(
            price_input_hit=0.2, price_input_miss=2.0, price_output=3.0, currency="CNY"
        ),
        "qwen3.6": ProfileSettings(thinks=True),
    }
    profile = changed_profile(
        "deepseek-v4", BUILTIN_PROFILES["deepseek-v4"], edited.profiles["deepseek-v4"]
    )
    assert (
        call_cost(
            profile,
            prompt_tokens=0,
            completion_tokens=1_000_000,
            cache_hit_tokens=0,
            cache_miss_tokens=0,
        )
        == 3.0
    )
