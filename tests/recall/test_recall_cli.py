"""`workbench recall` prints what the MainWriter feed takes before budgeting, and `workbench
feed` carries it as the on-demand block 本章相关前文 (ranked, pinnable, budgeted, switchable)."""

from __future__ import annotations

import json
from pathlib import Path

from book import write, write_book

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.feed import build_feed

CHAPTERS = {
    1: "林风在山门外第一次见到苏瑶。",
    2: "雷雨夜，赵乾（赵长老）夺走了林家的玉佩，林家满门被灭。\n\n林风藏在井中，听见赵长老的笑声。",
    3: "林风拜入青云宗，做了外门弟子。",
    4: "苏瑶教林风剑法。",
    5: "林风在后山练剑。",
    6: "宗门大比临近。",
}
PLAN = "赵长老再次出现，林风认出了那枚玉佩，想起灭门之夜。"


def book(tmp_path: Path) -> Path:
    """The book, its feeds carrying the recall block (off by default)."""
    root = write_book(tmp_path / "book", CHAPTERS, {7: PLAN})
    write(root, "workbench.toml", "[recall]\nenabled = true\n")
    return root


def test_json_lists_the_passages_in_rank_order_with_their_reasons(tmp_path: Path, capsys) -> None:
    root = book(tmp_path)
    capsys.readouterr()
    assert main(["recall", str(root), "--chapter", "7", "--format", "json", "--limit", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"chapter", "query", "passages"} and out["chapter"] == 7
    assert out["query"]["source"] == "plan"
    terms = {term["key"]: term for term in out["query"]["terms"]}
    assert terms["赵乾"]["kind"] == "character" and "赵长老" in terms["赵乾"]["forms"]
    assert terms["林风"]["kind"] == "character"
    first = out["passages"][0]
    assert set(first) == {"chapter", "start_line", "end_line", "text", "score", "reasons"}
    assert (first["chapter"], first["start_line"]) == (2, 1)
    assert "人物：赵乾（赵长老）" in first["reasons"]
    assert any(reason.startswith("关键词：玉佩") for reason in first["reasons"])
    scores = [p["score"] for p in out["passages"]]
    assert scores == sorted(scores, reverse=True)
    # MainWriter feeds chapters 4-6 raw: they are never recalled.
    assert all(p["chapter"] < 4 for p in out["passages"])


def test_the_feed_carries_what_recall_prints(tmp_path: Path, capsys) -> None:
    root = book(tmp_path)
    capsys.readouterr()
    main(["recall", str(root), "--chapter", "7", "--format", "json"])
    printed = json.loads(capsys.readouterr().out)["passages"]
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    block = next(b for b in feed.blocks if b.id == "on_demand.recall")
    assert block.title == "本章相关前文" and block.present
    keys = [f"recall.{p['chapter']}.{p['start_line']}-{p['end_line']}" for p in printed]
    assert [item.key for item in block.items] == keys
    assert block.text.startswith("### 第2章 第1–5行 —— 相关原因：人物：林风；人物：赵乾（赵长老）")
    reviewer = build_feed(Project.open(root), "FinalReviewer", 7, count_tokens=False)
    assert any(b.id == "on_demand.recall" for b in reviewer.blocks)
    battle = build_feed(Project.open(root), "OOCGuardian", 7, count_tokens=False)
    assert not any(b.id == "on_demand.recall" for b in battle.blocks)


def test_the_knob_sets_count_and_room_and_turns_it_off(tmp_path: Path) -> None:
    root = book(tmp_path)
    write(root, "workbench.toml", "[recall]\nenabled = true\ncount = 1\n")
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    block = next(b for b in feed.blocks if b.id == "on_demand.recall")
    assert len(block.items) == 1 and block.items[0].chapter == 2
    write(
        root, "workbench.toml", "[recall]\nenabled = true\nshare = 0.0005\n[feed]\nbudget = 40000\n"
    )
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    block = next(b for b in feed.blocks if b.id == "on_demand.recall")
    assert block.cap == 20 and not block.present  # no passage fits 20 字
    dropped = [
        e for e in feed.ledger.entries if e.block == "on_demand.recall" and e.action == "drop"
    ]
    assert dropped and "recall.2.1-5" in dropped[0].detail
    write(root, "workbench.toml", "[recall]\nenabled = false\n")
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    assert not any(b.id == "on_demand.recall" for b in feed.blocks)


def test_a_pinned_block_keeps_its_passages_when_its_group_is_short(tmp_path: Path) -> None:
    root = book(tmp_path)
    write(root, "workbench.toml", "[recall]\nenabled = true\nshare = 1\n[feed]\nbudget = 200\n")
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    block = next(b for b in feed.blocks if b.id == "on_demand.recall")
    assert len(block.items) < 3
    write(root, "meta/pins.json", '{"version": 1, "pins": ["block:on_demand.recall"]}')
    feed = build_feed(Project.open(root), "MainWriter", 7, count_tokens=False)
    block = next(b for b in feed.blocks if b.id == "on_demand.recall")
    assert block.pinned and [item.chapter for item in block.items] == [2, 1, 3]
