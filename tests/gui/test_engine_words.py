"""The engine's reasons in the English UI: a book missing its world, cast and outline, with
rolling summaries only to Ch55, at chapter 100, and a book over its budget: the panel's
checklist and tooltips, the Prepare dialog's checklist and the ledger's notes say why in
English; the Chinese UI shows the engine's words as it wrote them. Every reason code has an
English message taking the same arguments, and the .ts says each as the engine does."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import real_input
from panel_wait import settled
from PySide6.QtCore import Qt
from test_language_walk import book_words, offences
from tracker_input import at_chapter, raised
from ui_strings import visible_strings

from workbench.book.fixed_context import FixedPart
from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.gui.context.model import Column
from workbench.gui.engine_words import (
    ENGLISH,
    FAILURE,
    PLACEHOLDER,
    PROGRESS,
    SEPARATORS,
    WITHOUT_DETAIL,
    engine_text,
    fill,
)
from workbench.gui.i18n import I18N_DIR
from workbench.reasons import ENGLISH_CODES, FAILURE_CODES, LISTS, TEMPLATES, Reason
from workbench.settings import Settings
from workbench.trackers.relevance import load_trackers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "summaries"))
from reason_samples import BEFORE
from summary_book import make_book, section_text


def _book(tmp_path: Path) -> Path:
    summary = "# 滚动摘要\n\n" + "\n".join(
        section_text(start, start + 4) for start in range(1, 56, 5)
    )
    return make_book(tmp_path / "book", 100, summary=summary)


def test_the_checklists_say_why_in_english(make_window, tmp_path: Path, qtbot) -> None:
    book = _book(tmp_path)
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(book)
    panel = window.context_panel
    real_input.pick(panel.agent_picker, "MainWriter")
    real_input.fill(panel.chapter_picker, "100")
    settled(qtbot, panel)
    lines = panel.summary.checklist_lines()
    joined = "\n".join(lines)
    assert "no rolling summary for Ch56-95" in joined, joined
    assert "does not exist" in joined or "not written yet" in joined, joined
    words = book_words(book)
    assert offences([("panel checklist", line) for line in lines], "en", words) == []
    model = panel.model
    names = [model.index(row, Column.NAME).data() for row in range(model.rowCount())]
    blocks = [
        name for row, name in enumerate(names) if not model.parent(model.index(row, 0)).isValid()
    ]
    assert "rolling summary Ch51-55" in names and "plan · chapter 100" in names, names
    assert offences([("panel block", name) for name in blocks], "en", words) == []
    toolbar = window.actions_.toolbar
    real_input.click(toolbar.widgetForAction(window.actions_.prepare_feed))
    dialog = window.prepare.dialog
    shown = visible_strings(dialog)
    assert any("Missing:" in text for _where, text in shown), shown
    assert offences(shown, "en", words) == []
    dialog.close()


def test_the_ledger_notes_say_why_in_english(make_window, novel: Path, qtbot) -> None:
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(novel)
    browser = raised(window)
    at_chapter(browser, 13)  # by hand: the notes give the editor's chapter 12's reasons
    model = browser.ledger.model
    notes = model.index(model.row_of("F007"), model.notes_column).data()
    assert "for chapter 12: overdue: payoff planned for 10 < 12" in notes, notes
    every = [
        ("ledger notes", model.index(row, model.notes_column).data())
        for row in range(model.rowCount())
    ]
    trackers = load_trackers(window.project)
    keywords = [word for entry in trackers.foreshadowing for word in entry.keywords]
    assert offences(every, "en", [*book_words(novel), *keywords]) == []


def test_the_chinese_ui_shows_the_engines_words_as_written(make_window, novel: Path) -> None:
    make_window()  # the Chinese UI
    feed = build_feed(Project.open(novel), "MainWriter", 40)  # past the plans: reasons
    reasons = [text for item in feed.checklist.items for text in (*item.missing, *item.notes)]
    reasons += [block.reason for block in feed.blocks if block.reason]
    assert reasons
    assert [engine_text(text) for text in reasons] == reasons
    for code, (args, before) in BEFORE.items():
        # A parser's English is left out of the UI (test_language_walk holds what it says).
        if code not in ENGLISH_CODES and code not in WITHOUT_DETAIL:
            assert engine_text(Reason(code, *args)) == before, code


def test_over_budget_the_panel_and_dialog_say_what_was_cut_in_english(
    make_window, novel: Path, qtbot
) -> None:
    settings = novel / "workbench.toml"
    settings.write_text(settings.read_text("utf-8") + "\n[feed]\nbudget = 4000\n", "utf-8")
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(novel)
    panel = window.context_panel
    real_input.pick(panel.agent_picker, "MainWriter")
    real_input.fill(panel.chapter_picker, "12")
    settled(qtbot, panel)
    joined = "\n".join(panel.summary.checklist_lines())
    assert "cast bible summary (over budget:" in joined and "do not fit" in joined, joined
    model = panel.model
    row = model.block_ids().index("fixed.characters")
    tooltip = model.index(row, Column.NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "drop: over budget:" in tooltip, tooltip
    # The source's section is named by its heading in fixed-context.md, the file's own words.
    words = [*book_words(novel), *(part.value for part in FixedPart)]
    assert offences([("block tooltip", tooltip)], "en", words) == []
    real_input.click(window.actions_.toolbar.widgetForAction(window.actions_.prepare_feed))
    dialog = window.prepare.dialog
    shown = visible_strings(dialog)
    notes = [text for _where, text in shown if "Note: " in text]
    assert any("world summary trimmed (over budget:" in text for text in notes), shown
    assert offences(shown, "en", words) == []
    dialog.close()


def _placeholders(template: str) -> str:
    return re.sub(r"\{(\d+)\}", lambda found: f"%{int(found[1]) + 1}", template)


def test_every_reason_code_has_an_english_message_with_its_arguments() -> None:
    assert set(SEPARATORS) == set(LISTS) - FAILURE_CODES
    messages = {**ENGLISH, **PROGRESS, **FAILURE}
    assert len(messages) == len(ENGLISH) + len(PROGRESS) + len(FAILURE)
    assert set(messages) == set(TEMPLATES) | FAILURE_CODES, set(TEMPLATES) ^ set(messages)
    assert set(PROGRESS) == ENGLISH_CODES and set(FAILURE) == FAILURE_CODES
    for code, template in TEMPLATES.items():  # (a list's message is its separator)
        count = len(set(re.findall(r"\{(\d+)\}", template)))
        assert set(PLACEHOLDER.findall(messages[code])) == {str(n + 1) for n in range(count)}, code
        said = fill(messages[code], [f"arg{n}" for n in range(count)])
        assert not re.search(r"[\u3400-\u9fff]", said), (code, said)
    for code in ENGLISH_CODES:  # the engine's own English is the message
        assert PROGRESS[code] == _placeholders(TEMPLATES[code]), code


def _translations(name: str) -> dict[str, str]:
    root = ET.parse(I18N_DIR / "workbench_zh_CN.ts").getroot()
    context = next(c for c in root.iter("context") if c.find("name").text == name)
    messages = context.iter("message")
    return {m.find("source").text: m.find("translation").text for m in messages}


def test_the_translations_say_each_code_as_the_engine_does() -> None:
    translated = _translations("EngineWords")
    for code, message in ENGLISH.items():
        assert translated.get(message) == _placeholders(TEMPLATES[code]), code
    for code, separator in SEPARATORS.items():
        assert translated.get(separator) == LISTS[code]
    assert set(translated) == {*ENGLISH.values(), *SEPARATORS.values()}
    failure = _translations("SummaryFailure")  # the Chinese UI says what it always said
    for code, message in FAILURE.items():
        engine = LISTS[code] if code in LISTS else _placeholders(TEMPLATES[code])
        assert failure.get(message) == engine, code
    progress = _translations("SummaryProgress")
    for code, message in PROGRESS.items():
        chinese = progress.get(message) or ""
        assert set(PLACEHOLDER.findall(chinese)) == set(PLACEHOLDER.findall(message)), code
        assert re.search(r"[\u3400-\u9fff]", chinese) or code == "progress.job", code
