"""A chapter's text as the rules read it: paragraphs (one line each, as web novels and
imported books write them), headings and comments left out, and the cast's names in them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

from workbench.trackers.cast import Cast

_COMMENT = re.compile(r"<!--.*?-->", re.S)


@dataclass(frozen=True)
class Paragraph:
    """One line of prose: its 1-based number, its offset in the chapter, its text."""

    line: int
    start: int
    text: str


def paragraphs(text: str) -> Iterator[Paragraph]:
    """The chapter's prose lines; headings, front matter and comments are not prose."""
    masked = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    offset = 0
    in_front_matter = masked.startswith("---\n")
    for number, line in enumerate(masked.split("\n"), start=1):
        start, offset = offset, offset + len(line) + 1
        if in_front_matter:
            in_front_matter = not (number > 1 and line.strip() == "---")
            continue
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield Paragraph(number, start, line)


@dataclass(frozen=True)
class NameMatcher:
    """Finds every cast form in a text, the longest at each position (谢灵 inside 谢灵均 is
    谢灵均), as spans with the character's name."""

    forms: tuple[tuple[str, str], ...]

    @cached_property
    def regex(self) -> re.Pattern[str] | None:
        """One alternation of every form, longest first."""
        return _regex(tuple(form for form, _ in self.forms))

    @cached_property
    def characters(self) -> dict[str, str]:
        """Form -> the character's name."""
        return dict(self.forms)

    def find(self, text: str) -> Iterator[tuple[int, int, str, str]]:
        """(start, end, form, character) of each name in the text."""
        regex = self.regex
        if regex is None:
            return
        names = self.characters
        for match in regex.finditer(text):
            yield match.start(), match.end(), match.group(), names[match.group()]


def name_matcher(cast: Cast) -> NameMatcher:
    """The matcher of every name and alias of the cast."""
    return NameMatcher(tuple(sorted(cast.forms().items())))


@lru_cache(maxsize=8)
def _regex(forms: tuple[str, ...]) -> re.Pattern[str] | None:
    ordered = sorted(filter(None, forms), key=lambda form: (-len(form), form))
    return re.compile("|".join(map(re.escape, ordered))) if ordered else None
