"""The recall query for chapter N: what the chapter is about, as weighted terms.

Built from the chapter's plan, else from its text (the last QUERY_TEXT_ZI characters, where
the author is writing), else from a text given (`--query`, BattleAgent's passage):

- a cast member it names, under any name or alias: one term for the character, searched
  under every form (weight CHARACTER_WEIGHT, and the plan's 出场 list counts as naming);
- a tracker keyword it contains (weight TRACKER_WEIGHT);
- its own words (jieba's segmentation, two characters or more, common narrative words left
  out), each weighted by how often the text says it against its most frequent word (at most
  KEYWORD_WEIGHT). recall.py keeps the KEYWORD_COUNT of them with the highest weight × rarity
  in the book: TF-IDF with the book itself as the corpus, which knows its names and places
  better than jieba's general IDF table does.

A term's weight is multiplied by its rarity in the passages searched when a passage is
scored (recall.py); both numbers are in each passage's debug score.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from workbench.book import webnovel
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.trackers.cast import Cast, Scanner, load_cast
from workbench.trackers.relevance import load_trackers

log = logging.getLogger(__name__)
_HAN = re.compile(r"[\u3400-\u9fff]")

CHARACTER_WEIGHT = 1.5
TRACKER_WEIGHT = 2.0
KEYWORD_WEIGHT = 1.0
KEYWORD_COUNT = 12
KEYWORD_CANDIDATES = 60
QUERY_TEXT_ZI = 3000  # of a chapter's own text, when it has no plan
MAX_QUERY_CHARS = 20000  # a plan or query text longer than this is read only this far


@dataclass(frozen=True)
class Term:
    """One thing the chapter is about: a character (all its forms), a tracker keyword or a
    salient word."""

    key: str
    kind: str  # character / tracker / keyword
    weight: float
    forms: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The term as `workbench recall --format json` shows it."""
        return {
            "key": self.key,
            "kind": self.kind,
            "weight": round(self.weight, 4),
            "forms": list(self.forms),
        }


@dataclass(frozen=True)
class Query:
    """What chapter N's recall searches for, and where that came from."""

    chapter: int
    source: str  # plan / text / given
    terms: tuple[Term, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, object]:
        """The query as `workbench recall --format json` shows it."""
        return {"source": self.source, "terms": [term.to_json() for term in self.terms]}

    @property
    def characters(self) -> tuple[Term, ...]:
        """The character terms."""
        return tuple(term for term in self.terms if term.kind == "character")


def chapter_query(
    project: Project,
    chapter: int,
    text: str | None = None,
    words: Callable[[str], list[tuple[str, float]]] | None = None,
) -> Query:
    """The query for chapter N: from `text` when given, else its plan, else its own text.
    `words` cuts a text into its words (default `salient_words`; the index remembers them)."""
    named: tuple[str, ...] = ()
    if text is not None:
        source = "given"
    elif (plan := project.plan(chapter)) is not None:
        source, text, named = "plan", plan.body, tuple(plan.characters)
    elif project.chapter(chapter) is not None:
        source, text = "text", project.chapter_text(chapter)[-QUERY_TEXT_ZI:]
    else:
        return Query(chapter, "none")
    terms = query_terms(project, text[:MAX_QUERY_CHARS], named, words or salient_words)
    return Query(chapter, source, terms)


def query_terms(
    project: Project,
    text: str,
    named: Iterable[str] = (),
    words: Callable[[str], list[tuple[str, float]]] | None = None,
) -> tuple[Term, ...]:
    """The weighted terms of a text (see the module's docstring)."""
    cast = load_cast(project)
    terms = _character_terms(cast, text, named)
    taken = {form for term in terms for form in term.forms}
    for word in sorted(_tracker_keywords(project)):
        if len(word) >= 2 and word in text and word not in taken:
            terms.append(Term(word, "tracker", TRACKER_WEIGHT, (word,)))
            taken.add(word)
    for word, share in (words or salient_words)(text):
        if word not in taken and not any(word in form for form in taken):
            terms.append(Term(word, "keyword", KEYWORD_WEIGHT * share, (word,)))
            taken.add(word)
    return tuple(terms)


def _character_terms(cast: Cast, text: str, named: Iterable[str]) -> list[Term]:
    # webnovel-writer's index.db registers a character when a chapter introduces them: as of
    # chapter N it may know people of later chapters. The author's character files stand.
    known = tuple(c for c in cast.characters if c.source != webnovel.INDEX_FILE)
    cast = Cast(known, cast.skipped)
    forms = cast.forms()
    found = Scanner(forms).scan(text)
    characters = dict.fromkeys(cast.canonical(name) for name in (*sorted(found), *named))
    by_character: dict[str, list[str]] = {}
    for form, name in forms.items():
        by_character.setdefault(name, []).append(form)
    terms = []
    for name in characters:
        all_forms = sorted(set(by_character.get(name, [])) | {name}, key=lambda f: (-len(f), f))
        terms.append(Term(name, "character", CHARACTER_WEIGHT, tuple(all_forms)))
    return terms


def _tracker_keywords(project: Project) -> set[str]:
    try:
        trackers = load_trackers(project)
    except FileProblem as error:  # an unparsable tracker is reported by the on-demand layer
        log.info("recall: trackers do not parse: %s", error)
        return set()
    words = {word for entry in trackers.foreshadowing for word in entry.keywords}
    words |= {word for item in trackers.items for word in (item.name, *item.keywords)}
    return {word.strip() for word in words if word.strip()}


def salient_words(text: str) -> list[tuple[str, float]]:
    """The text's words (jieba's cut) with their frequency as a share of the most frequent's,
    most frequent first (ties in text order), at most KEYWORD_CANDIDATES of them."""
    from workbench.lexicon import lexicon_for
    from workbench.summaries.extract import FILLER_WORDS

    counts: dict[str, int] = {}
    for word in lexicon_for(text).cut(text):
        if len(word) >= 2 and _HAN.match(word) and word not in FILLER_WORDS:
            counts[word] = counts.get(word, 0) + 1
    if not counts:
        return []
    most = max(counts.values())
    ranked = sorted(counts.items(), key=lambda pair: -pair[1])[:KEYWORD_CANDIDATES]
    return [(word, count / most) for word, count in ranked]
