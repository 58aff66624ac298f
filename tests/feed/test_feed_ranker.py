"""The ranker: each term of the formula, ties, the off switch and the debug breakdown."""

from __future__ import annotations

import math

import pytest

from workbench.feed.budget import block_candidate, item_candidate
from workbench.feed.config import RankerConfig
from workbench.feed.model import Block, Item, Layer
from workbench.feed.ranker import Candidate, Ranker

N = 50


def ranker(**weights) -> Ranker:
    return Ranker(RankerConfig(**weights), N)


def test_recency_is_one_over_one_plus_the_gap():
    score = ranker().score(Candidate(chapter=N - 4))
    assert score.recency == pytest.approx(0.7 * 1 / 5)
    assert ranker().score(Candidate(chapter=N)).recency == pytest.approx(0.7)
    assert ranker().score(Candidate(chapter=None)).recency == 0


def test_frequency_is_log_compressed_and_capped_at_one():
    assert ranker().score(Candidate(None, mentions=0)).frequency == 0
    three = ranker().score(Candidate(None, mentions=3)).frequency
    assert three == pytest.approx(0.3 * math.log(4) / math.log(11))
    assert ranker().score(Candidate(None, mentions=10)).frequency == pytest.approx(0.3)
    assert ranker().score(Candidate(None, mentions=500)).frequency == pytest.approx(0.3)


@pytest.mark.parametrize("word", ["？", "?", "悬念", "钩子", "反转", "冲突"])
def test_hook_words_add_the_hook_bonus(word):
    plain = ranker().score(Candidate(N - 1, text="他走了。"))
    hooked = ranker().score(Candidate(N - 1, text=f"他走了{word}"))
    assert plain.hook == 0
    assert hooked.hook == pytest.approx(0.2)
    assert hooked.total - plain.total == pytest.approx(0.2)


def test_doubtful_entries_lose_point_one_five():
    clean = ranker().score(Candidate(N - 1))
    doubtful = ranker().score(Candidate(N - 1, doubtful=True))
    assert doubtful.doubtful == pytest.approx(-0.15)
    assert clean.total - doubtful.total == pytest.approx(0.15)


def test_alert_bonuses_for_severity_and_conflict_words():
    high = ranker().score(Candidate(N - 1, text="设定矛盾", severity="high"))
    critical = ranker().score(Candidate(N - 1, text="平淡", severity="critical"))
    low = ranker().score(Candidate(N - 1, text="平淡", severity="low"))
    assert (high.severity, high.conflict) == (pytest.approx(0.3), pytest.approx(0.3))
    assert (critical.severity, critical.conflict) == (pytest.approx(0.3), 0)
    assert (low.severity, low.conflict) == (0, 0)
    # Conflict words only count for alerts; outside alerts 矛盾 is no bonus.
    assert ranker().score(Candidate(N - 1, text="设定矛盾")).conflict == 0


def test_an_alert_scores_recency_unweighted_plus_its_bonuses_and_nothing_else():
    # Gap 4: recency 1/5 = 0.2, unweighted (not 0.7 × 0.2 = 0.14). critical: +0.3. 矛盾: +0.3.
    # Its 7 mentions, the doubt flag and the hook words (？, 悬念) count for nothing: 0.8.
    alert = ranker().score(Candidate(N - 4, "设定矛盾？悬念", 7, True, "critical"))
    assert alert.total == pytest.approx(0.2 + 0.3 + 0.3)
    assert (alert.recency, alert.frequency, alert.hook, alert.doubtful) == (
        pytest.approx(0.2),
        0,
        0,
        0,
    )
    # Gap 1, low severity, no conflict word: 1/2 = 0.5 alone.
    assert ranker().score(Candidate(N - 1, "平淡", severity="low")).total == pytest.approx(0.5)


@pytest.mark.parametrize("word", ["冲突", "矛盾", "违规", "断裂", "critical", "break"])
def test_every_conflict_word_of_webnovel_writer_adds_point_three_to_an_alert(word):
    # Gap 1 (0.5), low severity (0), the word (+0.3): 0.8.
    score = ranker().score(Candidate(N - 1, f"时间线{word}", severity="low"))
    assert score.total == pytest.approx(0.8)


def test_a_summary_or_skeleton_excerpt_scores_its_length_in_place_of_frequency():
    # PRODUCT.md §3 (issue #27 item 10), as webnovel-writer's context_ranker: the length score
    # min(字/1200, 1) × 0.2 stands in for the frequency value and is weighted like it (× 0.3).
    # Gap 1: 0.7 × 1/2 = 0.35. 600 字: 0.5 × 0.2 × 0.3 = 0.03, total 0.38; 2400 字 is capped
    # at 0.2 × 0.3 = 0.06, total 0.41. Mentions are not looked at.
    short = ranker().score(Candidate(N - 1, "平淡", mentions=10, excerpt_zi=600))
    assert (short.frequency, short.total) == (pytest.approx(0.03), pytest.approx(0.38))
    long = ranker().score(Candidate(N - 1, "平淡", excerpt_zi=2400))
    assert (long.frequency, long.total) == (pytest.approx(0.06), pytest.approx(0.41))


def test_summary_blocks_and_skeleton_items_are_weighed_by_length():
    summary = Block(
        "rolling.summary.1-5", Layer.ROLLING, "summary", "滚动摘要", "", text="摘" * 600
    )
    assert block_candidate(summary).excerpt_zi == 600
    plan = Block("task.plan", Layer.TASK, "plan", "本章规划", "", text="规" * 600)
    assert block_candidate(plan).excerpt_zi is None
    assert item_candidate(Item("skeleton.3", "骨" * 300), excerpt=True).excerpt_zi == 300
    assert item_candidate(Item("F001", "伏" * 300)).excerpt_zi is None


def test_total_is_the_sum_of_the_parts():
    score = ranker().score(Candidate(N - 2, "悬念？冲突", 4, True, "critical"))
    parts = score.parts()
    assert parts["total"] == pytest.approx(
        sum(value for name, value in parts.items() if name != "total"), abs=1e-3
    )
    assert set(parts) == {
        "total",
        "recency",
        "frequency",
        "hook",
        "doubtful",
        "severity",
        "conflict",
    }


def test_every_weight_is_configurable():
    custom = ranker(recency=1.0, frequency=0.0, hook=0.5, doubtful=0.5, hook_words=("坑",))
    score = custom.score(Candidate(N, "挖坑", 10, True))
    assert (score.recency, score.frequency, score.hook, score.doubtful) == (1.0, 0.0, 0.5, -0.5)


def test_order_is_best_first_and_ties_keep_their_order():
    items = [("a", N - 9), ("b", N - 1), ("c", N - 9), ("d", N - 1)]
    ordered = ranker().order(items, lambda item: Candidate(item[1]))
    assert [name for name, _ in ordered] == ["b", "d", "a", "c"]


def test_disabled_ranker_keeps_the_load_order_oldest_first():
    items = [
        ("new", N - 1, ""),
        ("old-hook", N - 9, "悬念？"),
        ("none", None, ""),
        ("mid", N - 3, ""),
    ]
    on = ranker().order(items, lambda i: Candidate(i[1], i[2], mentions=10))
    off = ranker(enabled=False).order(items, lambda i: Candidate(i[1], i[2], mentions=10))
    # Off: by chapter, oldest first (an item tied to no chapter counts as the oldest).
    assert [i[0] for i in off] == ["none", "old-hook", "mid", "new"]
    # On: new 0.35 + 0.3; old-hook 0.07 + 0.3 + 0.2; mid 0.175 + 0.3; none 0 + 0.3 + 0.
    assert [i[0] for i in on] == ["new", "old-hook", "mid", "none"]
