"""Ranks what competes for room within a group (PRODUCT.md §3, webnovel-writer's ranker).

score = recency × 0.7 + frequency × 0.3 + bonuses, where recency = 1 / (1 + chapter gap),
frequency = ln(1 + mentions) / ln(1 + 10), capped at 1; +0.2 when the text has a hook word,
−0.15 when flagged doubtful; an alert gets +0.3 for critical/high severity and +0.3 for a
conflict word. Every weight and word list comes from `[feed.ranker]`. Sorting is stable, so
ties keep the recipe's order. Disabled, the ranker orders by recency alone (newest first).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

from workbench.feed.config import RankerConfig

T = TypeVar("T")


@dataclass(frozen=True)
class Candidate:
    """What the ranker knows about one competing item."""

    chapter: int | None
    text: str = ""
    mentions: int = 0
    doubtful: bool = False
    severity: str | None = None  # set only for alerts


@dataclass(frozen=True)
class Score:
    """A score and its parts (what `--debug-scores` shows)."""

    total: float
    recency: float
    frequency: float
    hook: float
    doubtful: float
    severity: float
    conflict: float

    def parts(self) -> dict[str, float]:
        """Every part, rounded for display."""
        return {name: round(value, 4) for name, value in asdict(self).items()}


class Ranker:
    """Scores candidates for chapter N and orders them, deterministically."""

    def __init__(self, config: RankerConfig, chapter: int) -> None:
        self.config = config
        self.chapter = chapter

    def recency(self, chapter: int | None) -> float:
        """1 / (1 + gap); an item tied to no chapter has no recency."""
        if chapter is None:
            return 0.0
        return 1.0 / (1 + max(0, self.chapter - chapter))

    def frequency(self, mentions: int) -> float:
        """ln(1 + mentions) / ln(1 + saturation), at most 1."""
        saturation = math.log(1 + self.config.frequency_saturation)
        return min(1.0, math.log(1 + max(0, mentions)) / saturation)

    def score(self, candidate: Candidate) -> Score:
        """The candidate's score with its parts."""
        config = self.config
        recency = config.recency * self.recency(candidate.chapter)
        frequency = config.frequency * self.frequency(candidate.mentions)
        hook = config.hook if _has_any(candidate.text, config.hook_words) else 0.0
        doubtful = -config.doubtful if candidate.doubtful else 0.0
        severity = conflict = 0.0
        if candidate.severity is not None:
            severity = config.severity if candidate.severity in config.severe_levels else 0.0
            conflict = config.conflict if _has_any(candidate.text, config.conflict_words) else 0.0
        total = recency + frequency + hook + doubtful + severity + conflict
        return Score(total, recency, frequency, hook, doubtful, severity, conflict)

    def order(self, items: Sequence[T], candidate: Callable[[T], Candidate]) -> list[T]:
        """Items best first; equal scores keep their given order (Python's sort is stable)."""
        if not self.config.enabled:
            return sorted(items, key=lambda item: -self.recency(candidate(item).chapter))
        # Rounding keeps float noise from reordering items whose scores are equal.
        return sorted(items, key=lambda item: -round(self.score(candidate(item)).total, 9))


def _has_any(text: str, words: Sequence[str]) -> bool:
    return any(word in text for word in words)
