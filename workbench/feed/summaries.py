"""Reading `references/rolling-summary.md`: its `## 滚动摘要 ChX-ChY` sections by range."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from workbench.book.sections import sections
from workbench.book.summary_record import range_sections, recorded_chapters, without_record

GIST_TITLE = "主题进展与情感主弧"


@dataclass(frozen=True)
class SummarySection:
    """One rolling-summary section: the chapters it covers and its text."""

    first: int
    last: int
    title: str
    body: str  # without the record of the chapters it was made from
    line: int
    recorded: dict[int, str] | None = None  # chapter -> hash it was made from; None by hand

    @property
    def label(self) -> str:
        """`Ch6-10`"""
        return f"Ch{self.first}-{self.last}"

    def gist(self) -> str:
        """The 主题进展与情感主弧 part (the story's direction), else the whole body."""
        for section in sections(self.body):
            if GIST_TITLE in section.title:
                return section.body(self.body)
        return self.body


@lru_cache(maxsize=16)
def summary_sections(text: str) -> tuple[SummarySection, ...]:
    """Every 滚动摘要 section of the file, ordered by the chapters it covers."""
    found = []
    for first, last, section in range_sections(text):
        body = section.body(text)
        found.append(
            SummarySection(
                first,
                last,
                section.title.strip(),
                without_record(body).strip("\n"),
                section.line,
                recorded_chapters(body),
            )
        )
    return tuple(sorted(found, key=lambda s: (s.last, s.first, s.line)))


def latest_before(
    found: tuple[SummarySection, ...], chapter: int, count: int
) -> list[SummarySection]:
    """The `count` latest sections ending before `chapter`, oldest first."""
    eligible = [section for section in found if section.last < chapter]
    return eligible[-count:] if count else []


def expected_end(chapter: int) -> int:
    """The last chapter a summary should already cover when feeding `chapter` (every 5)."""
    return ((chapter - 1) // 5) * 5


@lru_cache(maxsize=8)  # each key holds a version of the file's text
def skeleton_sections(
    text: str, chapter: int, steps: tuple[int, ...], recent: int
) -> tuple[SummarySection | None, ...]:
    """For each step back from `chapter`, the section nearest it among those ending before
    it, leaving out the `recent` latest (fed whole); None where there is none. Remembered by
    the file's text: a warm feed does not walk every section again."""
    found = summary_sections(text)
    fed = {(s.first, s.last) for s in latest_before(found, chapter, recent)}
    eligible = [s for s in found if s.last < chapter and (s.first, s.last) not in fed]
    return tuple(nearest(eligible, step) for step in steps)


def nearest(found: list[SummarySection], chapter: int) -> SummarySection | None:
    """The section covering `chapter`, else the one whose range is closest to it."""

    def distance(section: SummarySection) -> int:
        if section.first <= chapter <= section.last:
            return 0
        return min(abs(section.first - chapter), abs(section.last - chapter))

    return min(found, key=distance, default=None)
