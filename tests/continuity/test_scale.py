"""The guard on inputs far past a real book: the names it finds are still exactly the ones a
one-regex matcher found, and the rules still find what they must among 10,000 aliases and in
one long paragraph. Speed is benchmarks/continuity_scale.py's (no timed assertion here)."""

from __future__ import annotations

import random
import re

from continuity_book import CHARACTERS, filler, write_book
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.book.project import Project
from workbench.continuity.guard import BookGuard
from workbench.continuity.prose import NameMatcher

ALPHABET = "甲乙丙丁，"


def leftmost_longest(forms: set[str], text: str) -> list[tuple[int, int, str]]:
    """What one regex alternating over the forms, longest first, finds."""
    ordered = sorted(filter(None, forms), key=lambda form: (-len(form), form))
    if not ordered:
        return []
    pattern = re.compile("|".join(map(re.escape, ordered)))
    return [(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]


@settings(max_examples=150, deadline=None)
@given(
    st.sets(st.text(ALPHABET[:4], min_size=1, max_size=4), max_size=8),
    st.text(ALPHABET, max_size=40),
)
def test_names_are_found_as_one_regex_over_every_form_found_them(forms, text):
    matcher = NameMatcher(tuple(sorted((form, f"人{form}") for form in forms)))
    found = [(start, end, form) for start, end, form, _name in matcher.find(text)]
    assert found == leftmost_longest(forms, text)
    assert all(name == f"人{form}" for _s, _e, form, name in matcher.find(text))


def many_aliases(count: int) -> str:
    """Characters of ten three-character aliases each, from characters no chapter uses."""
    rare = "甪甴甶甹甼甽甿畀畁畂畃畄畆畇畈畉畊畋畐畑畒畓畕畖畗畘畝畞畟畠畡畣畤畧畨畩畮畯畱"
    chooser = random.Random(7)
    sections = []
    for number in range(count // 10):
        aliases = "、".join("".join(chooser.choices(rare, k=3)) for _ in range(10))
        sections.append(f"## 某{number}\n\n- 别名：{aliases}")
    return CHARACTERS + "\n" + "\n\n".join(sections) + "\n"


def test_ten_thousand_aliases_still_find_a_death_acting_and_a_drifted_name(tmp_path):
    chapters = filler(5) | {5: "林风推门进来。\n\n赵无极笑道：“你来迟了。”\n\n沈青裳端来药碗。"}
    write_book(tmp_path, chapters, state_rows="| 3 | 赵无极 | 金丹 | 为护山门身死 |\n")
    (tmp_path / "characters" / "characters.md").write_text(many_aliases(10_000), "utf-8")
    found = BookGuard.of(Project.open(tmp_path)).check(5)
    assert [(f.rule, f.line, f.text) for f in found] == [
        ("dead-acts", 5, "赵无极笑道"),
        ("name-drift", 7, "沈青裳"),
    ]


def test_a_realm_in_one_long_paragraph_belongs_to_the_name_of_its_clause(tmp_path):
    filler_clauses = "沈青棠已是筑基，赵无极仍是金丹，" * 5_000
    chapters = filler(6) | {
        4: "林风突破金丹，气息大涨。",
        6: filler_clauses + "林风只有筑基修为，" + filler_clauses + "沈青棠已是筑基。",
    }
    write_book(tmp_path, chapters)
    [finding] = BookGuard.of(Project.open(tmp_path)).check(6)
    assert finding.rule == "realm-regression" and "林风" in finding.reason
