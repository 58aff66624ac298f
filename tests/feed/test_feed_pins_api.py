"""The pins API the app writes through: validation, moves, broken pins, never outside the book."""

from __future__ import annotations

import json

import pytest

from workbench.book.project import Project
from workbench.feed import Status, build_feed
from workbench.feed.pins import (
    Pin,
    PinProblem,
    add_pin,
    check_pins,
    load_pins,
    move_pin,
    pin_ref,
    save_pins,
)
from workbench.feed.render import feed_markdown


def refs(project: Project) -> list[str]:
    return [pin.ref for pin in load_pins(project)]


def test_pin_ref_names_a_file_or_one_of_its_sections(novel):
    project = Project.open(novel)
    world = project.root / "worldbuilding/world.md"
    assert pin_ref(project, world) == "worldbuilding/world.md"
    assert pin_ref(project, world, " 力量体系 ") == "worldbuilding/world.md#力量体系"


@pytest.mark.parametrize(
    ("ref", "why"),
    [
        ("../outside.md", "在项目文件夹之外"),
        ("worldbuilding/nowhere.md", "不存在"),
        ("worldbuilding/world.md#没有这一节", "没有「没有这一节」一节"),
        ("F999", "伏笔追踪表中没有 F999"),
        ("无名—路人", "关系追踪表中没有"),
    ],
)
def test_a_target_that_cannot_be_pinned_is_refused_and_nothing_is_written(novel, ref, why):
    project = Project.open(novel)
    add_pin(project, "F001")
    before = (novel / "meta/pins.json").read_bytes()
    with pytest.raises(PinProblem, match=why):
        add_pin(project, ref)
    assert (novel / "meta/pins.json").read_bytes() == before


def test_move_pin_keeps_the_others_in_order(novel):
    project = Project.open(novel)
    for ref in ("F001", "worldbuilding/world.md#力量体系", "block:fixed.world"):
        add_pin(project, ref)
    move_pin(project, "block:fixed.world", 0)
    assert refs(project) == ["block:fixed.world", "F001", "worldbuilding/world.md#力量体系"]
    move_pin(project, "block:fixed.world", 99)
    assert refs(project) == ["F001", "worldbuilding/world.md#力量体系", "block:fixed.world"]
    with pytest.raises(PinProblem):
        move_pin(project, "F002", 0)


def test_a_pin_whose_section_was_deleted_is_broken_and_the_feed_still_builds(novel):
    project = Project.open(novel)
    add_pin(project, "worldbuilding/world.md#力量体系")
    add_pin(project, "F001")
    world = novel / "worldbuilding/world.md"
    world.write_text(world.read_text(encoding="utf-8").replace("力量体系", "修炼"), "utf-8")
    checks = check_pins(project)
    assert [check.broken for check in checks] == [True, False]
    assert "没有「力量体系」一节" in checks[0].problem
    feed = build_feed(project, "MainWriter", 20)
    pin_block = next(block for block in feed.blocks if block.kind == "pin")
    assert pin_block.status is Status.MISSING and "置顶项失效" in pin_block.reason
    assert feed.ready, "a broken pin is listed, never a reason to refuse the feed"
    assert refs(project) == ["worldbuilding/world.md#力量体系", "F001"], "never dropped"


def test_a_hand_written_pin_outside_the_project_is_never_read(novel, tmp_path):
    secret = tmp_path / "secret.md"
    secret.write_text("# 机密\n不该出现在任何上下文里\n", encoding="utf-8")
    project = Project.open(novel)
    save_pins(project, [Pin("../secret.md")])
    feed = build_feed(project, "MainWriter", 20)
    assert "不该出现" not in feed_markdown(feed)
    assert check_pins(project)[0].problem.endswith("在项目文件夹之外")


def test_a_pinned_block_absent_from_this_feed_is_noted(novel):
    project = Project.open(novel)
    add_pin(project, "block:rolling.chapter.3")
    feed = build_feed(project, "MainWriter", 20)
    assert any("rolling.chapter.3" in note for note in feed.notes)


def test_pins_file_is_rewritten_atomically_in_the_given_order(novel):
    project = Project.open(novel)
    save_pins(project, [Pin("F002"), Pin("F001"), Pin("F002")])
    data = json.loads((novel / "meta/pins.json").read_text(encoding="utf-8"))
    assert data == {"version": 1, "pins": ["F002", "F001"]}
    assert not list((novel / "meta").glob(".pins.json.*")), "no temp file left behind"
