"""Pins reordered by a real drag and drop, in a child process on a real X server (Xvfb): the
offscreen platform has no drag and drop at all (its QDrag.exec returns at once), so this is
the only way a test can drop a row the way a person does. Opens the book given, pins two
references, drags the second above the first, and prints, as JSON, the pin list's order and
the pinned blocks' titles in the panel once the feed was rebuilt."""

from __future__ import annotations

import json
import sys

import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from workbench.gui.app import start_app

USER = Qt.ItemDataRole.UserRole


def wait_until(condition, most_ms: int = 20_000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(most_ms // 20):
        if condition():
            return
        QTest.qWait(20)
    raise SystemExit("the context panel never settled")


def settled(panel) -> bool:  # type: ignore[no-untyped-def]
    current = panel.current
    return (
        current is not None
        and current.job_id == panel.refresher.latest_id
        and not panel.refresher.is_busy()
        and not panel.debounce.isActive()
    )


def laid_out(view, pins) -> bool:  # type: ignore[no-untyped-def]
    first, second = (view.visualRect(pins.index(row)) for row in (0, 1))
    inside = view.viewport().rect()
    return first.isValid() and second.top() >= first.bottom() and inside.contains(second.center())


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = start_app(sys.argv[1]).window
    assert app.platformName() == "xcb", app.platformName()
    QTest.qWaitForWindowExposed(window)
    panel = window.context_panel
    for ref in ("worldbuilding/world.md#力量体系", "characters/characters.md"):
        assert panel.pin(ref), ref
    wait_until(lambda: settled(panel))
    view, pins = panel.pin_list, panel.pin_model
    # The list lays its rows out later (a busy machine: much later); a person sees them first.
    wait_until(lambda: laid_out(view, pins))
    start = view.visualRect(pins.index(1)).center()
    above_first = view.visualRect(pins.index(0)).topLeft() + QPoint(20, 2)
    real_input.drag_and_drop(view.viewport(), start, above_first)
    wait_until(lambda: settled(panel))
    model = panel.model
    titles = [
        model.index(row, 0).data(Qt.ItemDataRole.DisplayRole).removeprefix("★ ")
        for row in range(model.rowCount())
        if model.index(row, 0).data(USER).startswith("pin.")
    ]
    order = [pins.index(row).data(USER) for row in range(pins.rowCount())]
    geometry = (window.geometry(), view.mapToGlobal(start), view.mapToGlobal(above_first))
    print(f"dragged in {geometry}", file=sys.stderr)  # for the test's message if it failed
    print(json.dumps({"order": order, "titles": titles}, ensure_ascii=False))
    window.shut_down()
    return 0


if __name__ == "__main__":
    sys.exit(main())
