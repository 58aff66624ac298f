"""Chapter text as upkeep reads it: paragraphs and sentences with the line they are on, and
whether a quoted sentence is really in a chapter (grounding)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# A sentence ends at 。！？!? or …… (with any closing quotes after it) or at a line break.
_SENTENCE = re.compile(r"[^。！？!?…\n]+(?:[。！？!?]+|…+)?[”’」』）)]*|[^\n]+")
_SPACE = re.compile(r"\s+")
MIN_QUOTE = 4  # characters: a shorter "quote" grounds nothing
CLAUSE = 8  # characters of one sentence that ground a proposal (or half of a shorter one)
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
        """The sentence `quote` is (the quote itself, as it stands in the chapter, with the
        sentence's line and paragraph), or None when no one sentence of the chapter holds it:
        a quote runs across no sentence or paragraph break, and is a clause of its sentence
        (CLAUSE characters, or half of a shorter sentence), not a few characters found
        anywhere."""
        wanted = quote.strip()
        size = len(_SPACE.sub("", wanted))
        if size < MIN_QUOTE:
            return None
        for sentence in self.sentences:
            if wanted in sentence.text:
                whole = len(_SPACE.sub("", sentence.text))
                if size >= min(CLAUSE, (whole + 1) // 2):
                    return Sentence(wanted, sentence.line, sentence.paragraph)
        return None


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
