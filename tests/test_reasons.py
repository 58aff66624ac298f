"""Every reason code renders the engine's words as it wrote them before reasons had codes
(tests/reason_samples.py), a Reason survives pickling with its code and arguments, and a wrong
code or argument count is refused."""

from __future__ import annotations

import pickle

import pytest
from reason_samples import BEFORE, PATH

from workbench.reasons import LISTS, TEMPLATES, Reason, chapters, listing, reasons


def test_every_code_has_its_words_from_before() -> None:
    assert set(BEFORE) == set(TEMPLATES) | set(LISTS)


@pytest.mark.parametrize("code", sorted(BEFORE))
def test_a_code_renders_the_engines_words(code: str) -> None:
    args, before = BEFORE[code]
    reason = Reason(code, *args)
    assert reason == before
    assert (reason.code, reason.args) == (code, args)


def test_reasons_inside_reasons_keep_their_codes() -> None:
    why = Reason("budget.cap_cut", Reason("budget.over_cap", 2200, 2500))
    assert why == "超过上限 2200 字（原 2500 字），在句末截断"
    assert why.args[0].code == "budget.over_cap"
    stale = chapters([7, 9])
    assert stale == "第7章、第9章" and [arg.code for arg in stale.args] == ["chapter", "chapter"]
    assert listing([80, 60]) == "80、60"
    assert reasons("甲", "乙") == "甲；乙"


def test_a_reason_pickles_with_its_code() -> None:
    why = Reason("block.why", Reason("title.world_summary"), Reason("missing.file", PATH))
    back = pickle.loads(pickle.dumps(why))
    assert back == why and back.code == "block.why"
    assert [arg.code for arg in back.args] == ["title.world_summary", "missing.file"]


def test_a_wrong_code_or_count_is_refused() -> None:
    with pytest.raises(KeyError):
        Reason("no.such.code")
    with pytest.raises(IndexError):
        Reason("missing.summary_range", 56)
