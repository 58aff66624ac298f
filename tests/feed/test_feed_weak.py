"""Weakly relevant entries (弱相关, PRODUCT.md §2): after the strong ones, and first to go."""

from __future__ import annotations

from pathlib import Path

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.feed.budget import fit
from workbench.feed.config import FeedConfig, GroupWeights
from workbench.feed.model import Block, Group, Item, Layer, Ledger, Status
from workbench.feed.ranker import Ranker

STRONG = "强相关条目一二三四五"  # 10 字
WEAK = "弱相关条目一二三四五"  # 10 字
OTHER = "关系条目一二三四五六"  # 10 字


def on_demand(kind: str, items: list[Item]) -> Block:
    return Block(
        id=f"on_demand.{kind}",
        layer=Layer.ON_DEMAND,
        kind=kind,
        title=kind,
        source=f"references/{kind}.md",
        group=Group.SCENE,
        required=True,
        items=items,
    )


def scene_blocks() -> list[Block]:
    weak, strong = Item("W1", WEAK, chapter=9, weak=True), Item("S1", STRONG, chapter=1)
    return [
        on_demand("foreshadowing", [weak, strong]),
        on_demand("relationships", [Item("林风—苏瑶", OTHER, chapter=1)]),
    ]


def fitted(budget: int) -> tuple[list[Block], Ledger]:
    # All of the budget goes to the scene group, so the group's room is the budget.
    blocks, ledger = scene_blocks(), Ledger()
    fit(
        blocks,
        budget=budget,
        weights=GroupWeights(core=0, scene=1, global_=0),
        config=FeedConfig(),
        ranker=Ranker(FeedConfig().ranker, chapter=10),
        ledger=ledger,
        debug=False,
    )
    return blocks, ledger


def test_with_room_a_weak_entry_comes_after_every_strong_one():
    # W1 (chapter 9) outscores S1 (chapter 1) on recency, yet goes after it: it is weak.
    (foreshadowing, relationships), _ = fitted(budget=30)
    assert [i.key for i in foreshadowing.items] == ["S1", "W1"]
    assert (foreshadowing.status, relationships.status) == (Status.COMPLETE, Status.COMPLETE)


def test_a_tight_group_drops_the_weak_entry_first():
    # Demand 30 字 (S1 + W1 + the relationship), room 25: W1 goes, and then the rest fits
    # without trimming the relationships block.
    (foreshadowing, relationships), ledger = fitted(budget=25)
    assert [i.key for i in foreshadowing.items] == ["S1"]
    assert foreshadowing.status is Status.TRIMMED
    assert [i.key for i in relationships.items] == ["林风—苏瑶"]
    assert relationships.status is Status.COMPLETE
    drops = [(e.block, e.detail) for e in ledger.entries if e.action == "drop"]
    assert drops == [
        ("on_demand.foreshadowing", "弱相关条目 W1（10 字）先删去：组内需要 30 字，只有 25 字")
    ]


def test_a_weak_entry_never_stays_when_a_strong_one_of_its_block_was_dropped():
    blocks, ledger = scene_blocks(), Ledger()
    foreshadowing = blocks[0]
    foreshadowing.items = [
        Item("S1", STRONG * 2, chapter=5),
        Item("W1", WEAK, chapter=5, weak=True),
    ]
    foreshadowing.set_text(foreshadowing.render_items(), Status.COMPLETE, "")
    fit(
        [foreshadowing],
        budget=15,  # S1 (20 字) cannot fit; W1 (10 字) could, but shedding W1 comes first
        weights=GroupWeights(core=0, scene=1, global_=0),
        config=FeedConfig(),
        ranker=Ranker(FeedConfig().ranker, chapter=10),
        ledger=ledger,
        debug=False,
    )
    assert foreshadowing.status is Status.DROPPED
    assert [e.detail.split("（")[0] for e in ledger.entries if e.action == "drop"][:2] == [
        "弱相关条目 W1",
        "条目 S1",
    ]


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_an_entry_reached_only_through_a_frequent_character_is_fed_as_weak(tmp_path):
    # 赵师兄 is in chapters 1, 2, 3 of 3 (more than half): F001, named only by him in plan 4,
    # is weakly relevant; F002 is named by 墨尘 (in 1 of 3 chapters): strongly relevant.
    root = write(
        tmp_path / "novel",
        {
            "chapters/ch001.md": "# 第1章\n\n林风与赵师兄、墨尘同行。\n",
            "chapters/ch002.md": "# 第2章\n\n赵师兄练剑。\n",
            "chapters/ch003.md": "# 第3章\n\n赵师兄下山。\n",
            "characters/protagonist.md": "# 主角：林风\n",
            "characters/characters.md": (
                "# 角色\n\n## 赵师兄\n\n身份：大师兄\n\n## 墨尘\n\n身份：剑修\n"
            ),
            "outline/chapters/ch004.md": "赵师兄与墨尘比剑。\n",
            "references/plot-tracker.md": (
                "| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |\n"
                "|---|---|---|---|---|---|---|---|\n"
                "| F001 | 赵师兄的旧伤 | 1 | 40 | 未回收 | 支线 | 赵师兄 | |\n"
                "| F002 | 墨尘的剑谱 | 1 | 40 | 未回收 | 支线 | 墨尘 | |\n"
            ),
        },
    )
    feed = build_feed(Project.open(root), "MainWriter", 4)
    block = next(b for b in feed.blocks if b.id == "on_demand.foreshadowing")
    assert [(i.key, i.weak) for i in block.items] == [("F002", False), ("F001", True)]
    assert block.text.splitlines()[1].endswith("相关原因：弱相关：常见角色 赵师兄")
