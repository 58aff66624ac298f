"""The docks behind 上下文 (追踪表, 全书) are built when they are first shown, not with the
window (issue #28): clicking a dock's tab builds its panel, which shows the book already
open at the editor's chapter and follows the editor from then on; a saved layout with a
dock in front builds that one as the window is shown; the warm-up builds the rest (held in
tests/gui/test_start_imports.py)."""

from __future__ import annotations

import real_input
from PySide6.QtWidgets import QWidget


def counted(window, qtbot) -> None:
    qtbot.waitUntil(lambda: not window.tree.counts_pending())


def test_clicking_the_tracker_tab_builds_the_browser_on_the_open_book(make_window, novel, qtbot):
    window = make_window()
    assert window.open_project(novel)
    counted(window, qtbot)
    assert not window.tracker_dock.is_built() and not window.book_dock.is_built()
    assert window.tracker_dock.widget() is None  # nothing inside it yet

    real_input.raise_dock(window, window.tracker_dock)  # the author clicks 追踪表
    assert window.tracker_dock.is_built() and not window.book_dock.is_built()
    browser = window.tracker_dock.widget()
    assert browser.objectName() == "trackerBrowser" and browser.isVisible()
    qtbot.waitUntil(lambda: not browser.loading_pending())
    assert browser.chapter == 12  # the editor's chapter, as if it had been there at the open
    assert browser.ledger.model.rowCount() > 0, "the open book's foreshadowing is listed"

    # Built late, it is subscribed all the same: it follows the editor to another chapter.
    row = real_input.tree_row(window.tree, "chapters/ch003.md")
    real_input.double_click(window.tree.viewport(), row)
    qtbot.waitUntil(lambda: browser.chapter == 3)
    qtbot.waitUntil(lambda: not browser.loading_pending())


def test_a_layout_saved_with_the_book_dock_in_front_builds_it_as_the_window_shows(
    make_window, novel, qtbot
):
    first = make_window()
    assert first.open_project(novel)
    real_input.raise_dock(first, first.book_dock)
    assert first.book_dock.is_built()
    first.shut_down()  # the layout is saved, 全书 in front

    second = make_window()  # shown by the fixture, before any event is processed
    assert second.book_dock.is_built(), "the dock in front is built before the first paint"
    assert not second.tracker_dock.is_built() and not second.context_dock.isHidden()
    assert second.open_project(novel)
    panel = second.book_panel
    qtbot.waitUntil(lambda: panel.snapshot is not None and not panel.is_busy(), timeout=20_000)
    assert panel.presence_model.rowCount() > 0, "the open book's characters are shown"


def test_a_ledger_built_after_the_timeline_filters_it_as_before(make_window, novel, qtbot):
    window = make_window()
    assert window.open_project(novel)
    real_input.raise_dock(window, window.book_dock)  # 全书 first: no ledger exists yet
    book = window.book_dock.widget()
    assert book.timeline.criteria is None and not window.tracker_dock.is_built()

    real_input.raise_dock(window, window.tracker_dock)
    ledger = window.tracker_dock.widget().ledger
    qtbot.waitUntil(lambda: not window.background_pending())
    real_input.pick(ledger.state_filter, "active")  # the author filters the ledger
    assert ledger.criteria()[0].states  # only the open ones
    assert book.timeline.criteria == ledger.criteria()[0], "the timeline shares the filter"


def test_widgets_made_ahead_by_the_warm_up_are_the_panel_a_click_shows(make_window, novel, qtbot):
    """The warm-up builds a dock's widgets in one step and puts them in the dock, wired, in the
    next (two GUI-thread steps of 10-12 ms instead of one of 32); a click between the two gets
    those widgets, wired once, on the open book."""
    window = make_window()
    assert window.open_project(novel)
    counted(window, qtbot)
    dock = window.tracker_dock
    built: list[object] = []
    dock.built.connect(built.append)
    dock.make()
    assert not dock.is_built() and dock.widget() is None and built == []
    made = dock.findChild(QWidget, "trackerBrowser")
    assert made is not None and not made.isVisible()

    real_input.raise_dock(window, dock)  # the author clicks 追踪表 between the two steps
    assert built == [made] and dock.widget() is made and made.isVisible()
    qtbot.waitUntil(lambda: not made.loading_pending())
    assert made.ledger.model.rowCount() > 0, "wired to the open book"
    assert dock.panel() is made and built == [made]  # the warm-up's next step adds nothing
