"""Upkeep in the main window: one call wires the trigger to the summary queue and to saved
chapters (through the summary policy), subscribes the 待审 tab to the project session, and
connects its requests to the trigger and to the editor (the window stays a router)."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from workbench.gui.upkeep.trigger import UpkeepTrigger


def wire_upkeep(window: QMainWindow) -> UpkeepTrigger:
    """The window's upkeep trigger, connected to its summary queue and tracker browser."""
    # The main window's parts, by the names it gives them (this module cannot import it).
    trigger = UpkeepTrigger(window.summaries, window)
    window.summary_policy.chapterSaved.connect(trigger.saved)
    review = window.tracker_browser.review
    window.session.subscribe(review)
    review.sourceRequested.connect(window.open_source)
    review.rangeRequested.connect(trigger.request_range)
    review.wholeBookRequested.connect(trigger.request_whole_book)
    review.statusMessage.connect(window.show_message)
    trigger.recorded.connect(review.reload)
    trigger.statusMessage.connect(window.show_message)
    return trigger
