"""The tracker browser as the author works it, through tests/gui/real_input.py: its dock
brought in front by a click on its tab, the chapter typed into its box, ledger rows clicked,
the filters cleared with their button."""

from __future__ import annotations

import real_input


def raised(window):  # type: ignore[no-untyped-def]
    """The tracker browser, its dock brought in front by a click on its tab."""
    real_input.raise_dock(window, window.tracker_dock)
    return window.tracker_browser


def at_chapter(browser, chapter: int) -> None:  # type: ignore[no-untyped-def]
    """Type the chapter into the browser's chapter box."""
    real_input.fill(browser.chapter_spin, str(chapter))
    assert browser.chapter == chapter


def clear(ledger) -> None:  # type: ignore[no-untyped-def]
    """Click 清除筛选."""
    real_input.click(ledger.clear_button)


def click_row(ledger, entry_id: str) -> None:  # type: ignore[no-untyped-def]
    """Click the row of an entry in the ledger's table (wheeled into sight first)."""
    row = ledger.proxy.mapFromSource(ledger.model.index(ledger.model.row_of(entry_id), 0))
    point = real_input.scroll_to(ledger.table, row)
    real_input.click(ledger.table.viewport(), point)
    assert ledger.selected_id() == entry_id
