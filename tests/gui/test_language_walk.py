"""A walk over every window and dialog in each language: no English words in the Chinese UI,
no Chinese characters in the English UI. Allowed in both: file names and paths, the agents'
names, chapter ranges (Ch6-10), shortcuts, model ids, and the few names that are the same in
both (Workbench, Markdown). The book's own text is not the UI's (see ui_strings). In English,
no chosen item of a combo box is cut mid-word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import real_input
from panel_wait import settled
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from ui_strings import cut_short, item_strings, menu_strings, visible_strings

from workbench.book.importer import plan_import, read_manuscript
from workbench.book.project import Project
from workbench.feed import AGENTS
from workbench.feed.pins import add_pin
from workbench.gui.crash_dialog import show_crash
from workbench.gui.engine_words import engine_text
from workbench.gui.import_dialog import ImportPreviewDialog
from workbench.gui.import_target import ImportTargetDialog
from workbench.gui.settings_dialog import SettingsDialog
from workbench.reasons import Reason
from workbench.settings import Settings
from workbench.trackers.cast import load_cast

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# Paths, file names, URLs, identifiers (utf-8, deepseek-v4-pro) and exception names.
NAMES = re.compile(
    r"https?://\S+|[^\s（）()“”]*[/\\][^\s（）()“”]*|[\w\-]+\.(?:md|txt|toml|json|docx|log|qm)\b"
    r"|\b[\w.]+(?:-[\w.]+)+\b|\b\w+Error\b.*$",
    re.MULTILINE,
)
# Widgets whose items are names, not UI words: fonts, model profiles and tokenizers, and the
# language picker, where each language is named in itself; the character filters (the cast).
NAME_LISTS = ("QFontComboBox", "modelProfile", "tokenizerCombo", "uiLanguage", "CharacterBox")
# The book's terms a context row quotes as why it was chosen ("named: 血色灯牌").
QUOTED_TERMS = re.compile(r"(?<=named: )[^;·]+")
WORD = re.compile(r"[A-Za-z]{2,}")
SAME_IN_BOTH = {
    *AGENTS,
    "Workbench",
    "Markdown",
    "Ch",
    "Ctrl",
    "Shift",
    "PgUp",
    "PgDown",
    "Delete",  # key names, as printed on the keys
    "Enter",
    "Esc",
    "API",
    "URL",
    "TXT",
    "Word",
    "OpenAI",
    "DeepSeek",
    "Qwen",
    "GLM",
    "Kimi",
    "tiktoken",
}


# The tracker file's own status words (the ledger explains them by what it writes).
FORMAT_WORDS = ("已回收@N", "已回收", "未回收", "废弃")


def english_words(text: str) -> list[str]:
    bare = NAMES.sub(" ", text)
    return [w for w in WORD.findall(bare) if w not in SAME_IN_BOTH and not w.isupper()]


def book_words(novel: Path) -> list[str]:
    """The book's own words that the UI quotes: its title, chapter titles, cast, tiers."""
    project = Project.open(novel)
    words = ["烬灯录", "核心", "支线", "装饰", *FORMAT_WORDS]
    words += [project.chapter_title(ref) for ref in project.chapters]
    words += list(load_cast(project).forms())
    return sorted({w for w in words if w}, key=len, reverse=True)


def offences(strings: list[tuple[str, str]], language: str, book: list[str]) -> list[str]:
    wrong = []
    for where, text in strings:
        if where == "cut short" and language == "en":
            wrong.append(f"{where}: {text}")
        if any(name in where for name in NAME_LISTS) or where == "cut short":
            continue
        if where == "window title":
            text = text.rsplit(" — ", 1)[-1]  # the project folder's name, then the app's
        if language == "zh_CN" and english_words(text):
            wrong.append(f"{where}: {text!r} ({', '.join(english_words(text))})")
        if language == "en":
            bare = NAMES.sub(" ", QUOTED_TERMS.sub(" ", text))
            for word in book:
                bare = bare.replace(word, " ")
            if CJK.search(bare):
                wrong.append(f"{where}: {text!r}")
    return wrong


def walk(window, qtbot, novel: Path) -> list[tuple[str, str]]:
    """Every window and dialog an author meets in the first hour, with what it says."""
    seen: list[tuple[str, str]] = []
    editor = window.chapters.open_chapter(12)
    settled(qtbot, window.context_panel)
    seen += visible_strings(window) + item_strings(window.context_panel)
    # The editor's menu: Qt's own entries (undo, copy…) come from Qt's translations.
    menu = real_input.open_menu(editor.text_edit.viewport(), QPoint(60, 60))
    seen += menu_strings(menu, "editor menu")
    real_input.key(menu, Qt.Key.Key_Escape)
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    for tab in range(window.tracker_browser.tabs.count()):
        window.tracker_browser.tabs.setCurrentIndex(tab)
        seen += visible_strings(window)
        seen += [("cut short", combo) for combo in cut_short(window)]
    window.book_dock.show()
    window.book_dock.raise_()
    book_tabs = window.book_panel.tabs
    for tab in range(book_tabs.count()):
        book_tabs.setCurrentIndex(tab)
        seen += visible_strings(window)
    usage = window.open_usage()
    seen += visible_strings(usage) + item_strings(usage)
    usage.close()
    window.tabs.open_find_bar()
    seen += visible_strings(window)
    dialog = window.prepare.open_for("MainWriter", 13)
    for tab in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(tab)
        seen += visible_strings(dialog)
    dialog.close()
    for other in (window.summary_policy.jobs_dialog, SettingsDialog(window.settings, window)):
        other.show()
        seen += visible_strings(other) + item_strings(other)
        other.close()
    entry = window.tracker_browser.new_entry("灯")
    seen += visible_strings(entry)
    entry.reject()
    box = show_crash(window, "ValueError: boom", "Traceback: …", 1)
    seen += visible_strings(box)
    box.close()
    manuscript = novel.parent / "manuscript.txt"
    manuscript.write_text("第1章 开端\n\n正文。\n\n第2章 继续\n\n正文。\n", "utf-8")
    target = ImportTargetDialog(manuscript, novel)
    target.show()
    seen += visible_strings(target)  # a new folder beside the manuscript
    real_input.fill(target.path, str(novel))
    seen += visible_strings(target)  # a folder that holds files
    target.close()
    plan = plan_import(read_manuscript(manuscript), novel.parent / "imported")
    preview = ImportPreviewDialog(plan, window)
    preview.show()
    seen += visible_strings(preview)
    preview.close()
    QApplication.processEvents()
    return seen


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_no_string_of_the_other_language_in_any_window(
    make_window, novel: Path, qtbot, language: str
) -> None:
    add_pin(Project.open(novel), "block:rolling.summary.1-5")
    book = book_words(novel)
    welcome = make_window(Settings(ui_language=language))
    wrong = offences(visible_strings(welcome), language, book)
    window = make_window(Settings(ui_language=language))
    assert window.open_project(novel)
    seen = walk(window, qtbot, novel)
    wrong += offences(seen, language, book)
    # Qt's own strings are translated too (qtbase_zh_CN.qm, shipped with PySide6).
    paste = "粘贴" if language == "zh_CN" else "Paste"
    assert any(paste in text for where, text in seen if where.startswith("editor menu"))
    assert not wrong, "\n".join(dict.fromkeys(wrong))


def test_summary_progress_is_shown_in_the_ui_language(make_window) -> None:
    make_window()  # the Chinese UI
    summarising = Reason("progress.summarising", 5, "offline")
    assert engine_text(Reason("progress.job", "Ch6-10", summarising)) == (
        "Ch6-10: 正在用离线后端摘要 5 章"
    )
    assert engine_text(Reason("progress.summarising", 5, "openai")) == "正在用模型端点摘要 5 章"
    parser = "Expecting value: line 1 column 1 (char 0)"
    assert engine_text(Reason("upkeep_failed.not_json", parser)) == "模型的回答不是有效的 JSON"
    fixed = Reason("progress.job", Reason("progress.fixed_context"), Reason("progress.done"))
    assert engine_text(fixed) == "固定层: 完成"
    assert engine_text("Ch1-5: something new") == "Ch1-5: something new"  # as it came


def test_after_switching_to_english_no_filter_is_cut_short(make_window, novel: Path, qtbot) -> None:
    """Filters sized for their Chinese items keep room for the longer English ones."""
    window = make_window()  # the Chinese UI
    assert window.open_project(novel)
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    QApplication.processEvents()
    assert not cut_short(window)
    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    qtbot.waitUntil(lambda: window.tracker_browser.ledger.tier_filter.currentText() != "全部重要度")
    assert window.tracker_browser.ledger.tier_filter.currentText() == "All importance"
    # The retranslation and the relayout it asks for arrive as events, one after the other.
    qtbot.waitUntil(lambda: not cut_short(window))
