"""Ranks what competes for room within a group (PRODUCT.md §3, webnovel-writer's ranker).

score = recency × 0.7 + frequency × 0.3 + bonuses, where recency = 1 / (1 + chapter gap),
frequency = ln(1 + mentions) / ln(1 + 10), capped at 1; +0.2 when the text has a hook word,
−0.15 when flagged doubtful. A summary or skeleton excerpt has no mentions: its length score,
min(字 / 1200, 1) × 0.2, stands in for the frequency value and is weighted like it (× 0.3, so
at most 0.06), as webnovel-writer's context_ranker does. An alert (an overdue entry)
scores as webnovel-writer's alerts do: recency unweighted (× 1.0), +0.3 for critical/high
severity, +0.3 for a conflict word, and no hook, frequency or doubt term. Every weight and
word list comes from `[feed.ranker]`. Sorting is stable, so ties keep the recipe's order.
Disabled, the lists keep their load order, oldest first (webnovel-writer's ranker off).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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
    excerpt_zi: int | None = None  # set for a summary or skeleton excerpt (no mentions)


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
        return {name: round(value, 4) for name, value in vars(self).items()}


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
        if candidate.severity is not None:
            return self._alert_score(candidate)
        recency = config.recency * self.recency(candidate.chapter)
        if candidate.excerpt_zi is not None:
            saturation = config.excerpt_saturation
            # The length score stands in for the frequency value and is weighted like it.
            length = config.excerpt * min(candidate.excerpt_zi / saturation, 1.0)
            frequency = config.frequency * length
        else:
            frequency = config.frequency * self.frequency(candidate.mentions)
        hook = config.hook if _has_any(candidate.text, config.hook_words) else 0.0
        doubtful = -config.doubtful if candidate.doubtful else 0.0
        total = recency + frequency + hook + doubtful
        return Score(total, recency, frequency, hook, doubtful, 0.0, 0.0)

    def _alert_score(self, candidate: Candidate) -> Score:
        config = self.config
        recency = self.recency(candidate.chapter)
        severity = config.severity if candidate.severity in config.severe_levels else 0.0
        conflict = config.conflict if _has_any(candidate.text, config.conflict_words) else 0.0
        return Score(recency + severity + conflict, recency, 0.0, 0.0, 0.0, severity, conflict)

    def order(self, items: Sequence[T], candidate: Callable[[T], Candidate]) -> list[T]:
        """Items best first; equal scores keep their given order (Python's sort is stable).
        With the ranker off, the load order, oldest first."""
        if not self.config.enabled:
            return sorted(items, key=lambda item: candidate(item).chapter or 0)
        # Rounding keeps float noise from reordering items whose scores are equal.
        return sorted(items, key=lambda item: -round(self.score(candidate(item)).total, 9))


def _has_any(text: str, words: Sequence[str]) -> bool:
    return any(word in text for word in words)
