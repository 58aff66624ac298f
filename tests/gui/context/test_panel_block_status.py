"""A block never looks complete when it is not what the seed asks for: at chapter 100 with
rolling summaries only to Ch51-55 the newest summary block says 过旧 and names Ch56-95, in
amber, not the green of ✓ 完整; an on-demand block in which nothing was relevant says so."""

from __future__ import annotations

import sys
from pathlib import Path

import real_input
from panel_wait import settled
from PySide6.QtCore import Qt

from workbench.feed import Status
from workbench.gui.context.model import STATUS_COLOURS, Column

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "summaries"))
from summary_book import make_book, section_text

DISPLAY = Qt.ItemDataRole.DisplayRole
FOREGROUND = Qt.ItemDataRole.ForegroundRole
PLOT_HEADER = (
    "# 伏笔追踪表\n\n| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |\n"
    "|---|---|---|---|---|---|---|---|\n"
)
RELATIONSHIP_HEADER = (
    "# 人物关系变动表\n\n| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |\n|---|---|---|---|---|---|\n"
)


def status_cells(panel) -> dict[str, tuple[str, object]]:
    """Block id -> (status as shown, its colour), row by row as the panel shows them."""
    model = panel.model
    cells = {}
    for row in range(model.rowCount()):
        block_id = model.index(row, Column.NAME).data(Qt.ItemDataRole.UserRole)
        status = model.index(row, Column.STATUS)
        cells[block_id] = (status.data(DISPLAY), status.data(FOREGROUND))
    return cells


def test_a_summary_older_than_the_chapter_needs_is_outdated_not_complete(
    make_window, tmp_path: Path, qtbot
) -> None:
    summary = "# 滚动摘要\n\n" + "\n".join(
        section_text(start, start + 4) for start in range(1, 56, 5)
    )
    book = make_book(tmp_path / "book", 100, summary=summary)
    (book / "references" / "plot-tracker.md").write_text(PLOT_HEADER, "utf-8")
    (book / "references" / "relationship-tracker.md").write_text(RELATIONSHIP_HEADER, "utf-8")
    window = make_window()
    assert window.open_project(book)
    window.chapters.open_chapter(100)
    panel = window.context_panel
    real_input.pick(panel.agent_picker, "MainWriter")
    settled(qtbot, panel)
    cells = status_cells(panel)
    word, colour = cells["rolling.summary.51-55"]
    assert "过旧" in word and "Ch56-95" in word, word
    assert colour != STATUS_COLOURS[Status.COMPLETE]
    assert "✓" not in word
    # The checklist says the same of the layer.
    lines = "\n".join(panel.summary.checklist_lines())
    assert "✗ 滚动层齐备" in lines and "Ch56-95" in lines
    # Header-only trackers: nothing is relevant, and the blocks say so instead of ✓ 完整.
    empty = [cells[key] for key in cells if key.startswith("on_demand.")]
    assert empty, cells.keys()
    for word, colour in empty:
        assert "无相关" in word and colour != STATUS_COLOURS[Status.COMPLETE], word


def test_skeleton_excerpts_are_named_by_chapter_not_by_internal_id(window, qtbot) -> None:
    panel = window.context_panel
    window.chapters.open_chapter(12)
    panel.follow_chapter(100)  # steps 80, 60, 40, 20 back from chapter 100
    settled(qtbot, panel)
    model = panel.model
    lines = []
    for row in range(model.rowCount()):
        parent = model.index(row, Column.NAME)
        lines += [model.index(i, 0, parent).data(DISPLAY) for i in range(model.rowCount(parent))]
    skeleton = [line for line in lines if "骨架" in line]
    assert skeleton, lines
    assert not any("skeleton." in line for line in lines)
