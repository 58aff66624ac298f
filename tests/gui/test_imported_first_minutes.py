"""The imported book's first minutes (the real 120-回 manuscript): the checklist's fix for the
missing fixed context opens what the author has to write (world, cast, outline) and never
creates an empty fixed-context.md; the empty ledger and graph say how to start; nothing said
about one project stays on screen when the next one opens."""

from __future__ import annotations

from pathlib import Path

import pytest
import real_input

from workbench.cli.main import main

FIXED = "references/fixed-context.md"


@pytest.fixture
def imported(corpus_copy, tmp_path) -> Path:
    book = tmp_path / "sanguo"
    assert main(["import", str(corpus_copy), "--into", str(book)]) == 0
    return book


def test_the_fixed_context_fix_opens_the_files_to_write(make_window, imported: Path) -> None:
    window = make_window()
    assert window.open_project(imported)
    dialog = window.prepare.open_for("MainWriter", 101)
    assert dialog.checklist.marks["fixed"].text().startswith("✗")
    assert dialog.findChild(object, "fix_fixed_context") is None  # nothing to generate from
    buttons = {fix.path.name: button for fix, button in dialog.checklist.buttons.items()}
    for name in ("world.md", "protagonist.md", "outline.md"):
        assert name in buttons, list(buttons)
        assert name in buttons[name].text()
    real_input.click(buttons["world.md"])
    assert window.tabs.current_editor().path == (imported / "worldbuilding/world.md").resolve()
    assert not (imported / FIXED).exists()
    dialog.close()


def test_an_empty_ledger_and_graph_say_how_to_start(make_window, imported: Path) -> None:
    window = make_window()
    assert window.open_project(imported)
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    browser = window.tracker_browser
    ledger_hint = browser.findChild(object, "ledgerEmptyHint")
    assert ledger_hint.isVisible() and "记为伏笔" in ledger_hint.text()
    real_input.click(browser.tabs.tabBar(), browser.tabs.tabBar().tabRect(1).center())
    graph_hint = browser.findChild(object, "graphEmptyHint")
    assert graph_hint.isVisible() and "人物关系" in graph_hint.text()


def test_nothing_about_the_last_project_stays_on_screen(
    make_window, imported: Path, sample_copy: Path
) -> None:
    window = make_window()
    assert window.open_project(sample_copy)
    window.show_message("第12章 保存失败：磁盘已满")
    window.tracker_browser._show_message("F007 已回收@13")
    window.prepare.open_for("MainWriter", 12)
    window.summary_policy.jobs_model._queued(99, "Ch1-5")
    window.summary_policy.jobs_model._failed(99, "Ch1-5", "no model answered")
    assert window.open_project(imported)
    assert window.status.currentMessage() == ""
    assert not window.tracker_browser.message.isVisible()
    assert window.summary_policy.jobs_model.rowCount() == 0
    assert window.prepare.dialog is None
