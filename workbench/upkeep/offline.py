"""The offline upkeep backend: only what the text shows without a model.

- new characters: runs standing where names stand (names.py), shaped like a name, that act
  or are introduced, in no cast entry under any name or alias; ranked by what they do;
- aliases the text gives a cast member (刘备，字玄德 / 周德全，人称周胖子);
- relationships a sentence states between two cast members (relations.py), at most five;
- open foreshadowing entries whose 关键词 or ID reappear (a sighting), or reappear in a
  sentence with a resolution word (原来, 真相, 终于 …: a pay-off candidate).
- the protagonist's realm when the text breaks through to one of the world's 力量体系
  (破了炼气四层) and the state tracker's 修为 does not say so yet.
It proposes no new foreshadowing, and no location, injury or death: those need a reader.
"""

from __future__ import annotations

import threading

from workbench.lexicon import Lexicon
from workbench.trackers.cast import Scanner
from workbench.trackers.columns import Status
from workbench.upkeep.backend import UpkeepAnswer, UpkeepRequest
from workbench.upkeep.names import gather, ranked
from workbench.upkeep.proposals import MAX_PER_KIND, Kind, Proposal, propose
from workbench.upkeep.realms import realms_reached
from workbench.upkeep.relations import relationship_proposals
from workbench.upkeep.text import excerpt

NAME = "offline"
RESOLUTION_WORDS = (
    "原来", "真相", "终于", "归还", "揭开", "揭晓", "水落石出", "才知道", "方知", "方才明白",
    "竟是", "竟然是", "果然", "应验", "了结", "大白",
)  # fmt: skip
REALM_COLUMNS = ("修为", "境界")


class OfflineUpkeep:
    """Scans the range's text; no network, nothing to pay, the same answer every time."""

    name = NAME
    paid = False

    def propose(
        self, request: UpkeepRequest, *, cancel: threading.Event | None = None
    ) -> UpkeepAnswer:
        """Characters, aliases, relationship candidates, sightings and pay-off candidates."""
        found = [
            *_characters_and_aliases(request),
            *relationship_proposals(request, NAME),
            *_threads(request),
            *_realm(request),
        ]
        return UpkeepAnswer(tuple(found))


def _characters_and_aliases(request: UpkeepRequest) -> list[Proposal]:
    chapters = list(request.chapters)
    text = "\n".join(chapter.text for chapter in chapters)
    if not text.strip():
        return []
    lexicon = Lexicon(text)
    forms = request.cast.forms()
    known = {*forms, *request.listed}  # the author has these before him already
    candidates, hints = gather(chapters, lexicon, known, request.names)
    found: list[Proposal] = []
    for candidate in list(ranked(candidates))[:MAX_PER_KIND]:
        appearances = [
            {"chapter": number, "line": s.line, "evidence": excerpt(s.text, candidate.name)}
            for number, s in candidate.appearances
        ]
        first = appearances[0]
        found.append(
            propose(
                Kind.CHARACTER,
                first["chapter"],
                first["line"],
                first["evidence"],
                NAME,
                name=candidate.name,
                mentions=candidate.mentions,
                appearances=appearances,
            )
        )
    seen: set[tuple[str, str]] = set()
    for hint in hints:
        character = forms.get(hint.character)  # None: a newcomer waiting for review
        if character is None or (character, hint.alias) in seen or len(seen) >= MAX_PER_KIND:
            continue
        seen.add((character, hint.alias))
        evidence = excerpt(hint.sentence.text, hint.alias)
        found.append(
            propose(
                Kind.ALIAS,
                hint.chapter,
                hint.sentence.line,
                evidence,
                NAME,
                character=character,
                alias=hint.alias,
            )
        )
    return found


def _realm(request: UpkeepRequest) -> list[Proposal]:
    """The protagonist's last breakthrough in the range, for the state tracker's 修为 (when
    the project has a state tracker with such a column and it does not say so yet)."""
    column = next((c for c in request.state_columns if c.strip() in REALM_COLUMNS), None)
    protagonist = request.cast.protagonist
    if column is None or protagonist is None:
        return []
    forms = {f for f, name in request.cast.forms().items() if name == protagonist}
    reached = realms_reached(request.chapters, request.realms, forms)
    if not reached:
        return []
    last = reached[-1]
    recorded = request.state_at(last.chapter, column) or ""
    if recorded.startswith(last.realm):
        return []
    evidence = excerpt(last.sentence.text, last.realm)
    return [
        propose(
            Kind.STATE,
            last.chapter,
            last.sentence.line,
            evidence,
            NAME,
            character=protagonist,
            field="修为",
            value=last.realm,
        )
    ]


def _threads(request: UpkeepRequest) -> list[Proposal]:
    """Per open entry: a pay-off candidate (its keyword or ID beside a resolution word),
    else its latest sighting in the range."""
    paid: list[Proposal] = []
    sighted: list[Proposal] = []
    for entry in request.trackers.foreshadowing:
        if entry.status is not Status.OPEN:
            continue  # paid or abandoned already: the author has decided about it
        terms = Scanner((*entry.keywords, entry.id), whole_names=False)
        if not terms.terms:
            continue
        payoff: Proposal | None = None
        sighting: Proposal | None = None
        for chapter in request.chapters:
            if not entry.candidate_at(chapter.number) or chapter.number <= (entry.planted or 0):
                continue
            for sentence in chapter.sentences:
                hit = sorted(terms.scan(sentence.text))
                if not hit:
                    continue
                evidence = excerpt(sentence.text, hit[0])
                resolved = any(word in sentence.text for word in RESOLUTION_WORDS)
                if resolved and payoff is None:
                    payoff = propose(
                        Kind.PAID, chapter.number, sentence.line, evidence, NAME, entry=entry.id
                    )
                sighting = propose(
                    Kind.SIGHTING, chapter.number, sentence.line, evidence, NAME, entry=entry.id
                )
        if payoff is not None:
            paid.append(payoff)
        elif sighting is not None:
            sighted.append(sighting)
    return paid[:MAX_PER_KIND] + sighted[:MAX_PER_KIND]
