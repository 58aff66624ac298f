"""The review queue says each proposal's change in the UI language, by its reason code: the
same change `workbench upkeep` lists in the engine's Chinese reads in English in the English
UI, and the Chinese UI shows the command's words as written."""

from __future__ import annotations

from pathlib import Path

from conftest import settle
from test_language_walk import book_words, offences
from test_upkeep_review import click_row, review_tab
from upkeep_sample import cut_back_cast

from workbench.book.project import Project
from workbench.gui.upkeep.model import Column
from workbench.settings import Settings
from workbench.upkeep.change import change_reason
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind
from workbench.upkeep.run import run_upkeep
from workbench.upkeep.store import load_queue


def _queued(novel: Path) -> list:
    cut_back_cast(novel)
    run_upkeep(Project.open(novel), 6, 10, OfflineUpkeep())
    return load_queue(Project.open(novel)).pending()


def _changes(review) -> dict[str, str]:
    model = review.model
    rows = range(model.rowCount())
    return {model.proposal(row).id: model.index(row, Column.CHANGE).data() for row in rows}


def test_the_english_review_queue_says_the_change_in_english(make_window, novel, qtbot) -> None:
    pending = _queued(novel)
    character = next(p for p in pending if p.kind is Kind.CHARACTER)
    window = make_window(Settings(ui_language="en"))
    assert window.open_project(novel)
    settle(window, qtbot)
    review = review_tab(window, qtbot)
    qtbot.waitUntil(lambda: review.model.rowCount() == len(pending), timeout=30_000)
    click_row(qtbot, review, character.id)
    shown = _changes(review)
    name, mentions = character.fields["name"], character.fields.get("mentions") or 0
    assert shown[character.id] == f"{name} ({mentions} mentions)"
    words = [*book_words(novel), *(str(p.fields.get(k) or "") for p in pending for k in p.fields)]
    assert offences([("change", text) for text in shown.values()], "en", words) == []


def test_the_chinese_review_queue_shows_the_commands_words(make_window, novel, qtbot) -> None:
    pending = _queued(novel)
    window = make_window()
    assert window.open_project(novel)
    review = review_tab(window, qtbot)
    qtbot.waitUntil(lambda: review.model.rowCount() == len(pending), timeout=30_000)
    shown = _changes(review)
    assert shown == {p.id: str(change_reason(p)) for p in pending}
