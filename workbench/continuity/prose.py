"""A chapter's text as the rules read it: paragraphs (one line each, as web novels and
imported books write them), headings and comments left out, and the cast's names in them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache

import ahocorasick

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
    谢灵均), as spans with the character's name.

    An Aho–Corasick automaton (pyahocorasick) rather than one regex alternating over every
    form: the regex tries each form at each position, so 100,000 aliases over a 400 KB chapter
    took minutes; the automaton reads each character once, whatever the number of forms."""

    forms: tuple[tuple[str, str], ...]

    @cached_property
    def automaton(self) -> ahocorasick.Automaton | None:
        """The forms' automaton (shared by matchers of the same forms)."""
        return _automaton(self.forms)

    @cached_property
    def characters(self) -> dict[str, str]:
        """Form -> the character's name."""
        return dict(self.forms)

    def find(self, text: str) -> Iterator[tuple[int, int, str, str]]:
        """(start, end, form, character) of each name in the text, left to right, none
        overlapping: at each place the longest form that starts there."""
        automaton = self.automaton
        if automaton is None:
            return
        longest: dict[int, int] = {}
        for last, length in automaton.iter(text):
            start = last + 1 - length
            if length > longest.get(start, 0):
                longest[start] = length
        names = self.characters
        position = 0
        for start in sorted(longest):
            if start >= position:
                position = start + longest[start]
                form = text[start:position]
                yield start, position, form, names[form]


def name_matcher(cast: Cast) -> NameMatcher:
    """The matcher of every name and alias of the cast."""
    return NameMatcher(tuple(sorted(cast.forms().items())))


@lru_cache(maxsize=8)
def _automaton(forms: tuple[tuple[str, str], ...]) -> ahocorasick.Automaton | None:
    """The automaton of the forms, each stored with its length."""
    automaton = ahocorasick.Automaton()
    for form, _ in forms:
        if form:
            automaton.add_word(form, len(form))
    if len(automaton) == 0:
        return None
    automaton.make_automaton()
    return automaton
