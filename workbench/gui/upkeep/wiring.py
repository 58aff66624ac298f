"""Upkeep in the main window: `wire_upkeep` wires the trigger to the summary queue and to
saved chapters (the summary policy asks once for both); `wire_review`, once the tracker browser (and
its 待审 tab) is built, subscribes the tab to the project session and connects its requests
to the trigger and to the editor (the window stays a router)."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

from workbench.gui.upkeep.trigger import UpkeepTrigger


def wire_upkeep(window: QMainWindow) -> UpkeepTrigger:
    """The window's upkeep trigger, connected to its summary queue."""
    # The main window's parts, by the names it gives them (this module cannot import it).
    trigger = UpkeepTrigger(window.summaries, window)
    window.summary_policy.upkeep = trigger
    trigger.statusMessage.connect(window.show_message)
    return trigger


def wire_review(window: QMainWindow, trigger: UpkeepTrigger, review: QWidget) -> None:
    """The 待审 tab of a tracker browser just built, told the open project."""
    review.sourceRequested.connect(window.chapters.open_source)
    review.rangeRequested.connect(trigger.request_range)
    review.wholeBookRequested.connect(trigger.request_whole_book)
    review.statusMessage.connect(window.show_message)
    trigger.recorded.connect(review.reload)
    window.session.join(review)
