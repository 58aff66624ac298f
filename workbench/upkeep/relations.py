"""Relationship proposals the text states: two cast members named in one sentence (by name or
alias; a pronoun or a bare role such as 师父 names no one) with a cue that names the relation
between those two — 甲拜乙为师, 甲是乙的师兄, 甲与乙结为夫妻. A sentence that names two people
and holds a relation word somewhere else (陆沉看着赤练仙子，想起师尊的话) states nothing.

Each cue is a pattern with the two names' places in it, so the cue binds to the pair it
stands between. Nothing the relationship tracker records already is proposed; a sentence
against the tracker's current state says what the tracker holds and since when (追踪表：第19章
起为师兄弟；此句提示师徒).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from workbench.book.characters import is_role_word
from workbench.upkeep.backend import UpkeepRequest
from workbench.upkeep.name_patterns import GENERIC_ROLES
from workbench.upkeep.proposals import Kind, Proposal, propose
from workbench.upkeep.text import Chapter, Sentence, excerpt

MAX_RELATIONS = 5  # per five-chapter range: a few, each stated by the text
NOTE_CHARS = 40
_GAP = r"[^，。；！？：“”「」]{0,3}"  # a few characters between a name and its cue (二人, 早已)
_IS = r"[，,]?(?:也|便|就|早已|原)?(?:是|乃|乃是|为|成了|曾是)"
_RANK = r"(?:大|二|三|小|亲传|关门|记名)?"
# Not right after a verb or 同/与 that makes the name someone's object or companion
# (弃张杨去投张邈: 张杨 is left, not the one who goes).
_FREE = r"(?<![弃杀斩令使遣同与和随])"

# (pattern, relation): {a} and {b} stand for the two names; the relation is the pair's.
CUES: tuple[tuple[str, str], ...] = (
    (r"{a}{g}拜{b}为(?:师|师父|师傅|师尊)", "师徒"),
    (r"{a}{g}收{b}(?:为|做)(?:徒|徒弟|弟子)", "师徒"),
    (r"{b}{is}{a}(?:的|之)?(?:座下|门下)?(?:的)?{rank}(?:徒弟|弟子|徒儿|门人|门生)", "师徒"),
    (r"{b}{is}{a}(?:座下|门下)", "师徒"),
    (r"{a}(?:座下|门下)(?:的)?{rank}(?:徒弟|弟子){b}", "师徒"),
    (r"{a}{is}{b}的(?:师父|师傅|师尊|授业恩师|启蒙先生|老师)", "师徒"),
    (r"{b}{is}{a}的(?:师兄|师姐|师弟|师妹|同门)", "同门"),
    (r"{a}的(?:师兄|师姐|师弟|师妹){b}", "同门"),
    (r"{a}(?:与|和|同|跟){b}{g}(?:同门|师出同门|同出一门|师兄弟|师姐弟)", "同门"),
    (r"{a}(?:娶了?|迎娶了?|纳){b}", "夫妻"),
    (r"{a}嫁(?:给|与)了?{b}", "夫妻"),
    (r"{a}(?:与|和|同){b}{g}(?:结为夫妻|成亲|成婚|拜堂|完婚)", "夫妻"),
    (r"{b}{is}{a}(?:的|之)(?:妻|妻子|夫人|丈夫|夫君|老婆)", "夫妻"),
    (r"{b}{is}{a}的(?:男朋友|女朋友|男友|女友|恋人|未婚妻|未婚夫)", "恋人"),
    (r"{a}(?:与|和|跟){b}{g}(?:相恋|恋爱|谈恋爱|订婚)", "恋人"),
    (r"{a}(?:与|和|同){b}{g}(?:结拜|结义|结为兄弟|义结金兰|八拜为交)", "结义"),
    (r"{a}拜{b}为(?:义兄|兄|义父)", "结义"),
    (r"{b}{is}{a}的(?:大学|中学|高中)?(?:好友|挚友|旧友|故友|朋友|闺蜜|室友|同学|发小)", "朋友"),
    (r"{b}[，,]?{a}的(?:好友|挚友|旧友|故友|闺蜜|室友|同学|发小)", "朋友"),
    (r"{b}{is}{a}的(?:助理|秘书|下属|部下|副将|军师|手下|家仆|丫鬟|书童)", "主从"),
    (r"{b}[，,]?{a}的(?:助理|秘书|下属|部下|副将|军师|家仆|丫鬟|书童)", "主从"),
    (r"{b}{is}{a}(?:之|的)(?:子|儿子|长子|次子|幼子)", "父子"),
    (r"{b}{is}{a}(?:之|的)(?:女|女儿|长女|幼女)", "父女"),
    (r"{a}(?:与|和){b}{g}(?:结仇|有仇|结下死仇|不共戴天)", "仇敌"),
    (r"{a}{g}(?:杀了|杀死|害死){b}(?:的|之)(?:父|父亲|母亲|全家|师父)", "仇敌"),
    (r"{a}(?:投靠|投奔|归顺|归降|投降)了?{b}", "归附"),
    (r"{free}{a}(?:来|往|去|径|遂|乃)?投{b}", "归附"),  # classical: 许攸径投曹操
    (r"{free}{a}降了{b}", "归附"),
    (r"{a}(?:背叛|出卖)了?{b}", "背叛"),
    (r"{a}(?:与|和){b}{g}(?:决裂|反目|割袍断义|恩断义绝)", "决裂"),
    (r"{a}(?:与|和){b}{g}(?:结盟|联手|同盟|联合)", "盟友"),
    (r"{a}(?:与|和){b}{g}(?:和解|冰释前嫌|言归于好)", "和解"),
)


@dataclass(frozen=True)
class Stated:
    """A relation one sentence states between two cast members."""

    a: str
    b: str
    relation: str
    chapter: Chapter
    sentence: Sentence
    cue: str  # the words that state it


def stated_relations(
    chapters: Iterable[Chapter], forms: dict[str, str], roles: Iterable[str] = GENERIC_ROLES
) -> list[Stated]:
    """Every relation a sentence of the chapters states between two characters of `forms`
    (name or alias -> character), in text order; a form that is a role word or one of
    `roles` (师父, 长老) names no one."""
    bare = set(roles)
    names = {
        form: name
        for form, name in forms.items()
        if len(form) >= 2 and not is_role_word(form) and form not in bare
    }
    if len(set(names.values())) < 2:
        return []
    alternation = "|".join(map(re.escape, sorted(names, key=lambda f: (-len(f), f))))
    slot = f"(?:{alternation})"
    places = {"{a}": f"(?P<a>{slot})", "{b}": f"(?P<b>{slot})", "{g}": _GAP, "{is}": _IS}
    places["{rank}"] = _RANK
    places["{free}"] = _FREE
    compiled = []
    for pattern, relation in CUES:
        for place, value in places.items():
            pattern = pattern.replace(place, value)
        compiled.append((re.compile(pattern), relation))
    present = re.compile(alternation)
    found: list[Stated] = []
    for chapter in chapters:
        for sentence in chapter.sentences:
            text = sentence.text
            if len({names[m] for m in present.findall(text)}) < 2:
                continue
            for regex, relation in compiled:
                for match in regex.finditer(text):
                    a, b = names[match.group("a")], names[match.group("b")]
                    if a != b:
                        found.append(Stated(a, b, relation, chapter, sentence, match.group()))
    return found


def relationship_proposals(request: UpkeepRequest, backend: str) -> list[Proposal]:
    """At most MAX_RELATIONS proposals, the pairs the text states most often first; none
    the tracker records already, and one against the tracker names what it records."""
    canonical = request.cast.canonical
    by_pair: dict[frozenset[str], list[Stated]] = {}
    stated_all = stated_relations(
        request.chapters, request.cast.forms(), request.names.generic_roles
    )
    for stated in stated_all:
        by_pair.setdefault(frozenset((stated.a, stated.b)), []).append(stated)
    ordered = sorted(by_pair.values(), key=lambda s: (-len(s), s[0].chapter.number))
    found: list[Proposal] = []
    for support in ordered:
        stated = support[0]
        a, b = sorted((stated.a, stated.b), key=lambda n: (n != request.cast.protagonist, n))
        before = request.trackers.pair_state(a, b, stated.chapter.number, canonical)
        if before is not None and before.relation == stated.relation:
            continue  # the tracker says so already
        if before is None:
            change, note = "新建", _clipped(stated.sentence.text)
        else:
            change = f"{before.relation}→{stated.relation}"
            # The note goes to the tracker's 说明 column when accepted: in the book's language.
            note = (
                f"追踪表：第{before.chapter}章起为{before.relation}；"
                f"此句提示{stated.relation}（{stated.cue}）"
            )
        found.append(
            propose(
                Kind.RELATIONSHIP,
                stated.chapter.number,
                stated.sentence.line,
                excerpt(stated.sentence.text, stated.cue),
                backend,
                a=a,
                b=b,
                relation=stated.relation,
                change=change,
                note=note,
            )
        )
        if len(found) >= MAX_RELATIONS:
            break
    return found


def _clipped(text: str) -> str:
    return text if len(text) <= NOTE_CHARS else text[:NOTE_CHARS] + "…"
