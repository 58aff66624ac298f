"""The ranker: each term of the formula, ties, the off switch and the debug breakdown."""

from __future__ import annotations

import math

import pytest

from workbench.feed.config import RankerConfig
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


def test_disabled_ranker_orders_by_recency_only():
    items = [("old-hook", N - 9, "悬念？"), ("new", N - 1, ""), ("mid", N - 3, "")]
    on = ranker().order(items, lambda i: Candidate(i[1], i[2], mentions=10))
    off = ranker(enabled=False).order(items, lambda i: Candidate(i[1], i[2], mentions=10))
    assert [i[0] for i in off] == ["new", "mid", "old-hook"]
    assert on[0][0] == "new"  # 0.35 + 0.3 + 0 beats 0.07 + 0.3 + 0.2
    assert [i[0] for i in on][1:] == ["old-hook", "mid"]  # the hook lifts the old item
