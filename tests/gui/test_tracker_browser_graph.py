"""The relationship graph through time, read from its scene, and its layout."""

from __future__ import annotations

import json
import random

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


def node_positions(graph: RelationshipGraph) -> dict[str, tuple[float, float]]:
    return {
        item.name: (item.pos().x(), item.pos().y())
        for item in graph.scene().items()
        if isinstance(item, CharacterNode)
    }


def test_edge_labels_at_chapters_3_and_12_are_the_trackers_states(window, novel) -> None:
    relations = window.tracker_browser.relations
    graph = window.findChild(QGraphicsView, "relationshipGraph")
    slider = window.findChild(QSlider, "relationshipChapterSlider")
    assert graph is relations.graph and slider is relations.slider
    slider.setValue(3)
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
    slider.setValue(12)
    at_12 = graph.edge_labels()
    assert at_12 == tracker_states(novel, 12)
    assert at_12[frozenset({"陆照", "温不言"})] == "师徒"
    assert at_12[frozenset({"陆照", "谢灵均"})] == "盟友"  # 12: 结盟→过命, still 盟友
    assert at_12[frozenset({"谢灵", "谢灵均"})] == "族兄妹"  # 小谢 is 谢灵's 外号
    assert at_12[frozenset({"陆照", "厉无咎"})] == "死敌"
    assert len(at_12) == 9
    assert node_positions(graph) == positions, "characters stay put when the slider moves"
    # Characters without a relationship yet at chapter 3 are drawn faded.
    slider.setValue(3)
    assert graph.nodes["厉无咎"].opacity() < 1 and graph.nodes["陆照"].opacity() == 1


def test_selecting_a_pair_shows_its_history(window) -> None:
    relations = window.tracker_browser.relations
    relations.slider.setValue(12)
    relations.graph.select_pair(frozenset({"陆照", "沈青棠"}))
    proxy = relations.proxy
    chapters = [proxy.index(row, 0).data() for row in range(proxy.rowCount())]
    assert chapters == ["3", "6", "8", "12"]
    assert relations.pair_label.text() == "沈青棠—陆照 的关系变化"
    relations.clear_filters()
    relations.character_filter.setCurrentText("瞎伯")
    assert [proxy.index(r, 2).data() for r in range(proxy.rowCount())] == ["瞎伯", "温不言"]
    relations.range_filter.first.setValue(6)
    assert proxy.rowCount() == 1


def test_the_slider_follows_the_browsers_chapter(window) -> None:
    window.tracker_browser.set_chapter(7)
    relations = window.tracker_browser.relations
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


def test_pinning_a_pair_into_the_feed(window, novel) -> None:
    relations = window.tracker_browser.relations
    assert not relations.pin_button.isEnabled()
    relations.graph.select_pair(frozenset({"沈青棠", "谢灵均"}))
    relations.pin_button.click()
    pins = json.loads((novel / "meta" / "pins.json").read_text("utf-8"))
    assert pins["pins"] == ["沈青棠—谢灵均"]  # as the tracker writes the pair


def test_moving_the_slider_keeps_the_history_columns_the_author_sized(window) -> None:
    relations = window.tracker_browser.relations
    relations.slider.setValue(3)
    relations.table.setColumnWidth(0, 333)
    relations.slider.setValue(12)
    assert relations.table.columnWidth(0) == 333
