"""The window's first paint goes before the open's background work (issue #28): the tree's
counts and the context panel's feed (and after it the continuity check, in its child
process) start on their threads only after the window has painted the chapter. Held by the
order of events, never by a time."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject

from workbench.gui.background import Background


class PaintSeen(QObject):
    """Notes the first paint of a widget in `order`."""

    def __init__(self, order: list[str]) -> None:
        super().__init__()
        self.order = order

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and "painted" not in self.order:
            self.order.append("painted")
        return False


def test_the_open_s_threads_start_after_the_first_paint(make_window, novel, qtbot):
    window = make_window()  # shown, not yet painted: no event has been processed
    order: list[str] = []
    helpers = {
        "counts": window.tree.facts_job,
        "feed": window.context_panel.refresher,
    }
    for name, helper in helpers.items():
        helper.started.connect(lambda _job, name=name: order.append(name))
    assert window.open_project(novel)
    editor = window.tabs.current_editor()
    seen = PaintSeen(order)
    editor.text_edit.viewport().installEventFilter(seen)

    # The open asked for the work and returned; none of it runs yet.
    assert all(helper.is_busy() for helper in (helpers["counts"], helpers["feed"]))
    assert not any(helper.is_alive() for helper in window.findChildren(Background))

    qtbot.waitUntil(lambda: {"counts", "feed"} <= set(order))
    assert order[0] == "painted", order
    qtbot.waitUntil(lambda: not window.background_pending())
    assert window.status.total_label.text().startswith("全书")  # the counts did arrive
    editor.text_edit.viewport().removeEventFilter(seen)
