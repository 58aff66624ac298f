"""The relationship graph through time, read from its scene, and its layout."""

from __future__ import annotations

import json
import random

import pytest
import real_input
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QGraphicsView, QSlider

from workbench.book.project import Project
from workbench.gui.trackers.graph import CharacterNode, EdgeLabel, RelationshipGraph
from workbench.gui.trackers.graph_layout import layout_graph, overlaps
from workbench.trackers.cast import load_cast
from workbench.trackers.parse import parse_tracker
from workbench.trackers.relevance import load_trackers


def tracker_states(novel, chapter: int) -> dict[frozenset[str], str]:
    """Each pair's 关系 at chapter N, straight from the tracker (aliases as characters.md)."""
    project = Project.open(novel)
    trackers = load_trackers(project)
    canonical = load_cast(project).including(trackers.characters()).canonical
    return {row.pair(canonical): row.relation for row in trackers.latest_rows(chapter, canonical)}


@pytest.fixture
def relations(window):
    """The relationship tab, brought in front by clicks on the dock's tab and its own."""
    real_input.raise_dock(window, window.tracker_dock)
    tabs = window.tracker_browser.tabs
    real_input.click(tabs.tabBar(), tabs.tabBar().tabRect(1).center())
    relations = window.tracker_browser.relations
    assert tabs.currentWidget() is relations
    return relations


def slide_to(slider: QSlider, chapter: int) -> None:
    """Click the slider (it takes the focus), then Home and the arrow keys to the chapter."""
    real_input.click(slider, QPoint(4, slider.height() // 2))
    real_input.key(slider, Qt.Key.Key_Home)
    for _ in range(chapter - slider.minimum()):
        real_input.key(slider, Qt.Key.Key_Right)
    assert slider.value() == chapter


def click_pair(graph: RelationshipGraph, pair: frozenset[str]) -> None:
    """Click a pair's label where the view draws it."""
    label = graph.labels[pair]
    point = graph.mapFromScene(label.sceneBoundingRect().center())
    real_input.click(graph.viewport(), point)
    assert label.isSelected()


def node_positions(graph: RelationshipGraph) -> dict[str, tuple[float, float]]:
    return {
        item.name: (item.pos().x(), item.pos().y())
        for item in graph.scene().items()
        if isinstance(item, CharacterNode)
    }


def test_edge_labels_at_chapters_3_and_12_are_the_trackers_states(window, relations, novel) -> None:
    graph = window.findChild(QGraphicsView, "relationshipGraph")
    slider = window.findChild(QSlider, "relationshipChapterSlider")
    assert graph is relations.graph and slider is relations.slider
    slide_to(slider, 3)
    at_3 = graph.edge_labels()
    assert at_3 == tracker_states(novel, 3)
    # By hand from the tracker: 瞎伯 is 温不言 (别名), so his row is the pair 陆照—温不言.
    assert at_3 == {
        frozenset({"陆照", "温不言"}): "相依为命",
        frozenset({"陆照", "周德全"}): "欺压",
        frozenset({"陆照", "谢灵均"}): "查案者与嫌疑人",
        frozenset({"陆照", "谢灵"}): "同门",
        frozenset({"陆照", "沈青棠"}): "医患",
    }
    positions = node_positions(graph)
    slide_to(slider, 12)
    at_12 = graph.edge_labels()
    assert at_12 == tracker_states(novel, 12)
    assert at_12[frozenset({"陆照", "温不言"})] == "师徒"
    assert at_12[frozenset({"陆照", "谢灵均"})] == "盟友"  # 12: 结盟→过命, still 盟友
    assert at_12[frozenset({"谢灵", "谢灵均"})] == "族兄妹"  # 小谢 is 谢灵's 外号
    assert at_12[frozenset({"陆照", "厉无咎"})] == "死敌"
    assert len(at_12) == 9
    assert node_positions(graph) == positions, "characters stay put when the slider moves"
    # Characters without a relationship yet at chapter 3 are drawn faded.
    slide_to(slider, 3)
    assert graph.nodes["厉无咎"].opacity() < 1 and graph.nodes["陆照"].opacity() == 1
    # The handle dragged all the way to the left: the first chapter.
    slide_to(slider, slider.maximum())
    y = slider.height() // 2
    real_input.drag(slider, QPoint(slider.width() - 4, y), QPoint(-40, y))
    assert slider.value() == slider.minimum()


def test_selecting_a_pair_shows_its_history(relations) -> None:
    slide_to(relations.slider, 12)
    click_pair(relations.graph, frozenset({"陆照", "沈青棠"}))
    proxy = relations.proxy
    chapters = [proxy.index(row, 0).data() for row in range(proxy.rowCount())]
    assert chapters == ["3", "6", "8", "12"]
    assert relations.pair_label.text() == "沈青棠—陆照 的关系变化"
    real_input.click(relations.clear_button)
    real_input.fill(relations.character_filter, "瞎伯")
    assert [proxy.index(r, 2).data() for r in range(proxy.rowCount())] == ["瞎伯", "温不言"]
    real_input.fill(relations.range_filter.first, "6")
    assert proxy.rowCount() == 1


def test_the_slider_follows_the_browsers_chapter(window, relations) -> None:
    real_input.fill(window.tracker_browser.chapter_spin, "7")
    assert relations.slider.value() == 7
    assert relations.slider_label.text() == "第7章"
    assert relations.graph.edge_labels()[frozenset({"陆照", "谢灵"})] == "守密同谋"


def test_thirty_characters_lay_out_without_overlapping_labels(qtbot) -> None:
    graph = RelationshipGraph()
    qtbot.addWidget(graph)
    names = [f"角色{i:02d}号" for i in range(29)]
    hub = "主角陆照"
    rng = random.Random(12)
    lines = ["| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |", "|---|---|---|---|---|---|"]
    for index, name in enumerate(names):
        lines.append(f"| {index + 1} | {hub} | {name} | 同门师兄弟 | 新建 | |")
    for _ in range(25):
        a, b = rng.sample(names, 2)
        lines.append(f"| {rng.randint(1, 60)} | {a} | {b} | 生死之交 | | |")
    rows = parse_tracker("\n".join(lines) + "\n", "relationship-tracker.md").relationships
    graph.set_rows(rows, str)
    graph.show_chapter(60)
    assert len(graph.nodes) == 30
    assert graph.layout_.complete
    assert overlaps(graph.layout_) == []
    # What is drawn: no two labels, and no label and character, overlap in the scene.
    boxes = [
        item.sceneBoundingRect()
        for item in graph.scene().items()
        if isinstance(item, EdgeLabel | CharacterNode) and item.isVisible()
    ]
    assert len(boxes) == 30 + len(graph.edge_labels())
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert not one.intersects(other)


def test_layout_is_deterministic_and_places_a_hub_in_the_middle() -> None:
    names = ["陆照", "甲", "乙", "丙", "丁"]
    pairs = [frozenset({"陆照", n}) for n in names[1:]] + [frozenset({"甲", "乙"})]
    sizes = {pair: (60.0, 20.0) for pair in pairs}
    first = layout_graph(names, pairs, lambda n: (50.0, 26.0), sizes)
    second = layout_graph(names, pairs, lambda n: (50.0, 26.0), sizes)
    assert first == second
    assert first.nodes["陆照"] == (0.0, 0.0)
    assert overlaps(first) == []


def test_pinning_a_pair_into_the_feed(relations, novel) -> None:
    assert not relations.pin_button.isEnabled()
    click_pair(relations.graph, frozenset({"沈青棠", "谢灵均"}))
    real_input.click(relations.pin_button)
    pins = json.loads((novel / "meta" / "pins.json").read_text("utf-8"))
    assert pins["pins"] == ["沈青棠—谢灵均"]  # as the tracker writes the pair


def test_moving_the_slider_keeps_the_history_columns_the_author_sized(relations) -> None:
    slide_to(relations.slider, 3)
    header = relations.table.horizontalHeader()
    before = header.sectionSize(0)
    edge, y = real_input.column_in_sight(relations.table, 0) + before - 1, header.height() // 2
    real_input.drag(header.viewport(), QPoint(edge, y), QPoint(edge + 50, y))  # its border
    assert relations.table.columnWidth(0) == before + 50
    slide_to(relations.slider, 12)
    assert relations.table.columnWidth(0) == before + 50
