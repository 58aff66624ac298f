"""Chapter text as upkeep reads it: paragraphs and sentences with the line they are on, and
whether a quoted sentence is really in a chapter (grounding)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence ends at 。！？!? or …… (with any closing quotes after it) or at a line break.
_SENTENCE = re.compile(r"[^。！？!?…\n]+(?:[。！？!?]+|…+)?[”’」』）)]*|[^\n]+")
_SPACE = re.compile(r"\s+")
MIN_QUOTE = 4  # characters: a shorter "quote" grounds nothing
MAX_EVIDENCE = 200  # a sentence longer than this is cut around what it grounds


@dataclass(frozen=True)
class Sentence:
    """One sentence of a chapter: its text, the 1-based line it starts on, its paragraph."""

    text: str
    line: int
    paragraph: int


@dataclass(frozen=True)
class Chapter:
    """One chapter's text, split once into sentences."""

    number: int
    text: str
    sentences: tuple[Sentence, ...]

    @classmethod
    def of(cls, number: int, text: str) -> Chapter:
        """The chapter with its sentences (headings and blank lines are not sentences)."""
        return cls(number, text, tuple(_sentences(text)))

    def paragraphs(self) -> dict[int, list[Sentence]]:
        """Paragraph index -> its sentences, in order."""
        grouped: dict[int, list[Sentence]] = {}
        for sentence in self.sentences:
            grouped.setdefault(sentence.paragraph, []).append(sentence)
        return grouped

    def ground(self, quote: str) -> Sentence | None:
        """The sentence holding `quote` (the quote itself, as it stands in the chapter, and
        its line), or None when the chapter has no such text."""
        wanted = quote.strip()
        if len(_SPACE.sub("", wanted)) < MIN_QUOTE:
            return None
        at = self.text.find(wanted)
        if at < 0:
            return None
        line = self.text.count("\n", 0, at) + 1
        return Sentence(wanted, line, -1)


def _sentences(text: str) -> list[Sentence]:
    found: list[Sentence] = []
    paragraph = 0
    previous_blank = True
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            previous_blank = True
            continue
        if previous_blank or raw[:1] in " \t\u3000":
            paragraph += 1  # a blank line or an indented line starts a paragraph
        previous_blank = False
        for match in _SENTENCE.finditer(line):
            sentence = match.group().strip()
            if sentence:
                found.append(Sentence(sentence, number, paragraph))
    return found


def excerpt(sentence: str, term: str) -> str:
    """The sentence, or a piece of it around `term` when it is very long (still exact text)."""
    if len(sentence) <= MAX_EVIDENCE:
        return sentence
    at = max(0, sentence.find(term))
    start = max(0, at - MAX_EVIDENCE // 2)
    return sentence[start : start + MAX_EVIDENCE]
