"""Which rolling-summary sections a feed takes (book/rolling_summary.py reads the file): the
latest before chapter N, and the skeleton's nearest sections further back."""

from __future__ import annotations

from functools import lru_cache

from workbench.book.rolling_summary import RollingSection, rolling_sections


@lru_cache(maxsize=16)
def sections_by_range(text: str) -> tuple[RollingSection, ...]:
    """Every 滚动摘要 section of the file, ordered by the chapters it covers."""
    return tuple(sorted(rolling_sections(text), key=lambda s: (s.last, s.first, s.line)))


def latest_before(
    found: tuple[RollingSection, ...], chapter: int, count: int
) -> list[RollingSection]:
    """The `count` latest sections ending before `chapter`, oldest first."""
    eligible = [section for section in found if section.last < chapter]
    return eligible[-count:] if count else []


def expected_end(chapter: int) -> int:
    """The last chapter a summary should already cover when feeding `chapter` (every 5)."""
    return ((chapter - 1) // 5) * 5


@lru_cache(maxsize=8)  # each key holds a version of the file's text
def skeleton_sections(
    text: str, chapter: int, steps: tuple[int, ...], recent: int
) -> tuple[RollingSection | None, ...]:
    """For each step back from `chapter`, the section nearest it among those ending before
    it, leaving out the `recent` latest (fed whole); None where there is none. Remembered by
    the file's text: a warm feed does not walk every section again."""
    found = sections_by_range(text)
    fed = {(s.first, s.last) for s in latest_before(found, chapter, recent)}
    eligible = [s for s in found if s.last < chapter and (s.first, s.last) not in fed]
    return tuple(nearest(eligible, step) for step in steps)


def nearest(found: list[RollingSection], chapter: int) -> RollingSection | None:
    """The section covering `chapter`, else the one whose range is closest to it."""

    def distance(section: RollingSection) -> int:
        if section.first <= chapter <= section.last:
            return 0
        return min(abs(section.first - chapter), abs(section.last - chapter))

    return min(found, key=distance, default=None)
