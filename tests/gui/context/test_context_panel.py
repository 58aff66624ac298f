"""The context panel on a real main window over a copy of the sample: the model equals the
engine, the text in the editor counts before it is saved, stale results are never painted,
pins reorder by drag and survive reopening, broken pins show, the type picker writes one line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import real_input
from panel_wait import settled
from PySide6.QtCore import Qt

from workbench.book.project import Project
from workbench.feed import AGENTS, build_feed
from workbench.feed.pins import load_pins
from workbench.gui.context import panel as context_panel
from workbench.gui.context.model import Column
from workbench.gui.context.pins_model import BROKEN_ROLE
from workbench.gui.context.worker import build_panel_feed

DRAG_CHILD = Path(__file__).resolve().parents[1] / "pin_drag_child.py"  # beside real_input
SCREEN = "-screen 0 1440x900x24"
USER = Qt.ItemDataRole.UserRole
DISPLAY = Qt.ItemDataRole.DisplayRole


def show(qtbot, panel, agent: str, chapter: int) -> None:
    """Pick the agent from the panel's list and type the chapter number, as the author does."""
    real_input.pick(panel.agent_picker, agent)
    real_input.fill(panel.chapter_picker, str(chapter))
    settled(qtbot, panel)
    assert (panel.feed.agent, panel.feed.chapter) == (agent, chapter)


def number(text: str) -> int | None:
    return None if text == "—" else int(text.replace(",", ""))


def model_rows(model) -> list[tuple]:
    """(id, 字, cap, tokens, status) of each row as a person reads it, checked against the
    values the model holds for tools."""
    rows = []
    for row in range(model.rowCount()):
        cell = {column: model.index(row, column) for column in Column}
        shown = (
            cell[Column.NAME].data(USER),
            number(cell[Column.ZI].data(DISPLAY)),
            number(cell[Column.CAP].data(DISPLAY)),
            number(cell[Column.TOKENS].data(DISPLAY)),
            cell[Column.STATUS].data(USER),
        )
        held = tuple(cell[c].data(USER) for c in (Column.ZI, Column.CAP, Column.TOKENS))
        assert shown[1:4] == held
        rows.append(shown)
    return rows


def engine_rows(feed) -> list[tuple]:
    return [(b.id, b.chars, b.cap, b.tokens, b.status.value) for b in feed.blocks]


@pytest.fixture
def panel(window, qtbot):
    settled(qtbot, window.context_panel)
    return window.context_panel


def test_every_agent_at_chapter_13_shows_the_engines_blocks(panel, novel: Path, qtbot):
    assert panel.objectName() == "contextPanel"
    assert panel.model.objectName() == "contextModel"
    for agent in AGENTS:
        show(qtbot, panel, agent, 13)
        engine = build_feed(Project.open(novel), agent, 13)
        assert model_rows(panel.model) == engine_rows(engine), agent
        assert panel.feed.ready == engine.ready
        lines = panel.summary.checklist_lines()
        assert len(lines) == len(engine.checklist.items)
        for line, item in zip(lines, engine.checklist.items, strict=True):
            assert line.startswith("—" if not item.applicable else "✓" if item.ok else "✗")


def test_typing_in_chapter_12_counts_in_mainwriter_13_before_any_save(
    window, panel, novel: Path, qtbot, type_at_end
):
    editor = window.tabs.current_editor()
    assert editor.chapter == 12
    on_disk = editor.path.read_bytes()
    show(qtbot, panel, "MainWriter", 13)
    row = panel.model.block_ids().index("rolling.chapter.12")
    before = panel.model.index(row, Column.ZI).data(USER)
    for _ in range(5):
        type_at_end(editor, "灯" * 100)
    settled(qtbot, panel)
    row = panel.model.block_ids().index("rolling.chapter.12")
    assert panel.model.index(row, Column.ZI).data(USER) == before + 500
    assert "ch012.md" in panel.status.text()
    assert editor.is_modified() and editor.path.read_bytes() == on_disk


def test_a_result_older_than_the_newest_request_is_never_painted(panel, qtbot, monkeypatch):
    show(qtbot, panel, "MainWriter", 13)
    painted: list[int] = []
    dropped: list[int] = []
    panel.feedChanged.connect(lambda result: painted.append(result.job_id))
    panel.refresher.dropped.connect(dropped.append)
    first = {}
    # The first build is held until the author has picked another agent: the pick opens the
    # combo's popup, and a build that ended while it was open would be the newest, not stale.
    picked, builds = threading.Event(), []

    def build_after_the_pick(job, *args):  # type: ignore[no-untyped-def]
        builds.append(job.id)
        if len(builds) == 1:
            picked.wait(10)
        return build_panel_feed(job, *args)

    monkeypatch.setattr(context_panel, "build_panel_feed", build_after_the_pick)

    def newer_request_while_running(job_id: int) -> None:
        if not first:
            first["id"] = job_id
            real_input.pick(panel.agent_picker, "OOCGuardian")
            picked.set()

    panel.refresher.started.connect(newer_request_while_running)
    real_input.fill(panel.chapter_picker, "12")
    settled(qtbot, panel)
    assert first["id"] in dropped
    assert first["id"] not in painted
    assert panel.feed.agent == "OOCGuardian"
    assert painted == [panel.refresher.latest_id]


def test_dragging_a_pin_reorders_pins_json_and_the_feed_and_survives_reopening(
    window, novel: Path, qtbot
):
    # Dropped by a real drag on a real X server (the offscreen platform has no drag and drop).
    xvfb_run = shutil.which("xvfb-run")
    assert xvfb_run, "xvfb-run (package xvfb) is needed to drop a pin the way a person does"
    child = subprocess.run(
        [xvfb_run, "-a", "-s", SCREEN, sys.executable, str(DRAG_CHILD), str(novel)],
        env={**os.environ, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(DRAG_CHILD.parent)},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert child.returncode == 0, child.stderr[-3000:]
    seen = json.loads(child.stdout.strip().splitlines()[-1])
    expected = ["characters/characters.md", "worldbuilding/world.md#力量体系"]
    titles = ["置顶 · characters.md", "置顶 · 力量体系"]
    assert seen == {"order": expected, "titles": titles}, child.stderr[-2000:]
    assert [pin.ref for pin in load_pins(Project.open(novel))] == expected

    assert window.open_project(novel)  # the order the drag wrote is the one read back
    settled(qtbot, window.context_panel)
    reopened = window.context_panel
    assert [reopened.pin_model.index(r).data(USER) for r in range(2)] == expected
    show(qtbot, reopened, "MainWriter", 13)
    assert pin_titles(reopened) == ["置顶 · characters.md", "置顶 · 力量体系"]


def pin_titles(panel) -> list[str]:
    model = panel.model
    return [
        model.index(r, 0).data(DISPLAY).removeprefix("★ ")
        for r in range(model.rowCount())
        if model.index(r, 0).data(USER).startswith("pin.")
    ]


def test_a_pin_to_a_deleted_section_shows_broken_and_the_feed_still_builds(
    window, panel, novel: Path, qtbot
):
    show(qtbot, panel, "MainWriter", 13)
    assert window.context_panel.pin("worldbuilding/world.md#力量体系")
    settled(qtbot, panel)
    world = novel / "worldbuilding/world.md"
    world.write_text(world.read_text(encoding="utf-8").replace("## 力量体系", "## 修炼"), "utf-8")
    pins = panel.pin_model
    qtbot.waitUntil(lambda: bool(pins.index(0).data(BROKEN_ROLE)), timeout=15_000)
    settled(qtbot, panel)
    assert "力量体系" in pins.index(0).data(BROKEN_ROLE)
    assert pins.index(0).data(DISPLAY).startswith("⚠")
    assert pins.rowCount() == 1, "a broken pin is never silently dropped"
    assert panel.feed is not None and not panel.current.error
    row = next(r for r in model_rows(panel.model) if r[0].startswith("pin."))
    assert row[4] == "missing"


def test_the_chapter_type_picker_rewrites_only_the_front_matter_line(
    window, panel, novel: Path, qtbot
):
    show(qtbot, panel, "MainWriter", 13)
    plan = novel / "outline/chapters/ch013.md"
    before = plan.read_text(encoding="utf-8").splitlines(keepends=True)
    assert panel.feed.template == "emotion"
    real_input.pick(panel.type_picker, "battle")
    settled(qtbot, panel)
    after = plan.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [("type: emotion\n", "type: battle\n")]
    assert panel.feed.template == "battle" and panel.feed.template_source == "plan"


def test_double_click_opens_the_source_at_its_section(window, panel, qtbot):
    show(qtbot, panel, "MainWriter", 13)
    section = panel.sections[next(iter(panel.sections))]
    proxy_index = section.proxy.index(0, 0)
    assert proxy_index.data(USER) == "fixed.world"
    real_input.double_click(section.view.viewport(), section.view.visualRect(proxy_index).center())
    editor = window.tabs.current_editor()
    assert editor.path.name == "fixed-context.md"
    line = editor.text_edit.textCursor().block().text()
    assert line == "## 世界观摘要"


def test_pins_from_the_tree_and_editor_and_chapter_text_refused(window, panel, novel, qtbot):
    tree = window.tree
    menu = real_input.open_menu(
        tree.viewport(), real_input.tree_row(tree, "references/state-tracker.md")
    )
    real_input.choose(menu, "置顶到喂入")
    editor = window.open_path(novel / "worldbuilding/world.md")
    heading = editor.text().splitlines().index("## 势力")
    block = editor.text_edit.document().findBlockByNumber(heading)
    where = real_input.text_in_sight(editor.text_edit, block.position() + 3)
    menu = real_input.open_menu(editor.text_edit.viewport(), where)
    real_input.choose(menu, "把“势力”一节置顶到喂入")
    qtbot.waitUntil(lambda: panel.pin_model.rowCount() == 2)  # as the author sees it
    settled(qtbot, panel)
    point = real_input.tree_row(tree, "chapters/ch003.md")
    menu = real_input.open_menu(tree.viewport(), point)
    chapter_entry = next(a for a in menu.actions() if a.text().startswith("置顶到喂入"))
    assert not chapter_entry.isEnabled() and "章节原文" in chapter_entry.text()
    real_input.key(menu, Qt.Key.Key_Escape)
    assert [pin.ref for pin in load_pins(Project.open(novel))] == [
        "references/state-tracker.md",
        "worldbuilding/world.md#势力",
    ]


def test_a_feed_built_while_the_author_types_on_is_shown_at_the_pause(
    window, panel, qtbot, type_at_end, monkeypatch
):
    """The feed asked for at one pause arrives while the author types on: it is held, not
    painted inside a keystroke, and shown when they pause again, just before the newer feed
    is asked for; that one is shown as soon as it comes."""
    import workbench.gui.context.panel as panel_module

    editor = window.tabs.current_editor()
    show(qtbot, panel, "MainWriter", 13)
    row = panel.model.block_ids().index("rolling.chapter.12")
    before = panel.model.index(row, Column.ZI).data(USER)
    release = threading.Event()
    build = panel_module.build_panel_feed

    def held_back(job, *args):  # type: ignore[no-untyped-def]
        release.wait()
        return build(job, *args)

    monkeypatch.setattr(panel_module, "build_panel_feed", held_back)
    painted: list[int] = []
    panel.feedChanged.connect(lambda result: painted.append(result.job_id))
    type_at_end(editor, "灯")
    qtbot.waitUntil(lambda: panel.refresher.is_busy() and not panel.debounce.isActive())
    first = panel.refresher.latest_id
    type_at_end(editor, "火")  # typing on while that feed builds
    assert panel.debounce.isActive()
    with qtbot.waitSignal(panel.refresher.delivered):
        release.set()
    assert painted == [] and panel.current.job_id != first  # held, not painted mid-burst
    with qtbot.waitSignal(panel.refresher.started):  # the pause: the debounce fires
        pass
    assert painted == [first] and panel.refresher.latest_id == first + 1
    settled(qtbot, panel)
    assert painted == [first, first + 1]
    row = panel.model.block_ids().index("rolling.chapter.12")
    assert panel.model.index(row, Column.ZI).data(USER) == before + 2  # 灯 and 火 both in


def test_the_rows_speak_the_new_language_after_a_switch(window, panel, qtbot) -> None:
    """The rows' text is made once per feed (not on every repaint): a change of the UI
    language makes it again at once, before any new feed is built."""

    def statuses() -> list[str]:
        rows = range(panel.model.rowCount())
        return [panel.model.index(row, Column.STATUS).data(DISPLAY) for row in rows]

    show(qtbot, panel, "MainWriter", 13)
    assert "✓ 完整" in statuses()
    shown = panel.current
    # The switch also asks for a new feed (the profile may differ); the panel's worker is held
    # until the rows have changed language, so that feed cannot be what they show.
    working, release = threading.Event(), threading.Event()
    panel.refresher.submit(lambda _job: (working.set(), release.wait(10)))
    assert working.wait(10)
    try:
        window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
        qtbot.waitUntil(lambda: "✓ complete" in statuses())
        assert panel.current is shown  # the feed built before the switch, in the new words
        assert "✓ 完整" not in statuses()
    finally:
        release.set()
    settled(qtbot, panel)
