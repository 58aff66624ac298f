"""喂入 ▸ 用量… (clicked in the menu bar) after three sends driven by clicks: the view's totals
by chapter, agent, day and model (each tab clicked), and the book's total, are exactly what
`workbench usage --format json` prints."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import real_input
from PySide6.QtCore import Qt

# The sends are driven as the draft tests drive them (tests/gui/prepare/test_draft_usage.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "prepare"))
from test_draft_usage import REPLY, THOUGHT, USAGE, send_by_click, settings_for, wait_done

from workbench.calls.report import GROUPINGS
from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main
from workbench.gui.usage.model import ROW_DATA_ROLE


def open_usage_by_menu(window, qtbot):  # type: ignore[no-untyped-def]
    """喂入 ▸ 用量…, clicked on the menu bar and then on the entry."""
    bar = window.menuBar()
    feed_menu = window.actions_.feed_menu
    real_input.click(bar, bar.actionGeometry(feed_menu.menuAction()).center())
    qtbot.waitUntil(feed_menu.isVisible, timeout=5_000)
    action = window.actions_.usage
    real_input.click(feed_menu, feed_menu.actionGeometry(action).center())
    view = window.findChild(object, "usageView")
    qtbot.waitUntil(view.isVisible, timeout=5_000)
    return view


def model_rows(view) -> list[dict]:  # type: ignore[no-untyped-def]
    model = view.model
    return [model.index(row, 0).data(ROW_DATA_ROLE) for row in range(model.rowCount())]


def test_the_usage_view_equals_the_cli_after_three_sends(
    make_window, novel, chat_server, Reply, qtbot, capsys, tmp_path
):
    chat_server.play(
        Reply("ok", REPLY, reasoning=THOUGHT, usage=USAGE),
        Reply(
            "ok",
            REPLY,
            usage={**USAGE, "prompt_cache_hit_tokens": 0, "prompt_cache_miss_tokens": 1_000_000},
        ),
        Reply("ok", REPLY),  # a server that reports nothing: our estimate
    )
    window = make_window(settings_for(chat_server))
    assert window.open_project(novel)
    for chapter, agent in ((13, "MainWriter"), (13, "MainWriter"), (12, "OOCGuardian")):
        _dialog, job, view = send_by_click(window, qtbot, chapter, agent)
        wait_done(qtbot, job)
        qtbot.waitUntil(lambda view=view: view.usage.isVisible(), timeout=10_000)
    dialog = window.prepare.dialog
    real_input.key(dialog, Qt.Key.Key_Escape)  # the author closes the Prepare dialog
    assert not dialog.isVisible()

    view = open_usage_by_menu(window, qtbot)
    assert main(["usage", str(novel), "--format", "json"]) == EXIT_OK
    printed = json.loads(capsys.readouterr().out)
    assert printed["total"]["calls"] == 3 and printed["total"]["estimated_calls"] == 1
    assert view.data["total"] == printed["total"]
    total = view.total.text()
    assert "3 次调用" in total and f"{printed['total']['prompt_tokens']:,}" in total
    tabs = view.groupings
    for index, grouping in enumerate(GROUPINGS):
        real_input.click(tabs, tabs.tabRect(index).center())
        assert view.grouping() == grouping
        assert model_rows(view) == printed["by"][grouping], grouping
        shown = [view.model.index(r, 0).data() for r in range(view.model.rowCount())]
        assert shown == [row["key"] for row in printed["by"][grouping]]
    assert [row["key"] for row in printed["by"]["chapter"]] == ["12", "13"]
    assert [row["calls"] for row in printed["by"]["agent"]] == [2, 1]
    view.grab().save(str(tmp_path / "usage-view.png"))
    print(tmp_path / "usage-view.png")


def test_an_empty_book_says_no_calls_yet(make_window, novel, qtbot):
    window = make_window()
    assert window.open_project(novel)
    view = open_usage_by_menu(window, qtbot)
    assert "还没有记录任何模型调用" in view.total.text() and view.model.rowCount() == 0
