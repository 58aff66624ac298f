"""The engine's reasons in the English UI: a book missing its world, cast and outline, with
rolling summaries only to Ch55, at chapter 100: the panel's checklist, the Prepare dialog's
checklist and the ledger's notes say why in English; the Chinese UI shows the engine's words
as it wrote them."""

from __future__ import annotations

import sys
from pathlib import Path

import real_input
from panel_wait import settled
from test_language_walk import book_words, offences
from tracker_input import at_chapter, raised
from ui_strings import visible_strings

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.gui.context.model import Column
from workbench.gui.engine_words import engine_text
from workbench.settings import Settings
from workbench.trackers.relevance import load_trackers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "summaries"))
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
