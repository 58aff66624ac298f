"""Offline upkeep on the bundled sample with its cast cut back to chapters 1-5: the
characters who enter later are proposed, each grounded in a line of its chapter, at most 15
per kind per range, and nothing already in the cast (under any name or alias) is."""

from __future__ import annotations

import pytest
from upkeep_sample import LATER, cut_back_cast

from workbench.book.project import Project
from workbench.trackers.cast import load_cast
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import MAX_PER_KIND, Kind
from workbench.upkeep.run import run_upkeep


@pytest.fixture
def book(sample_copy):
    cut_back_cast(sample_copy)
    return sample_copy


def _run(book, first, last):
    return run_upkeep(Project.open(book), first, last, OfflineUpkeep())


def test_later_characters_are_proposed_each_grounded_in_its_chapter(book):
    project = Project.open(book)
    forms = load_cast(project).forms()
    assert not set(LATER) & set(forms)
    proposed = {}
    for first, last in ((6, 10), (11, 13)):
        result = _run(book, first, last)
        for proposal in result.proposals:
            assert first <= proposal.chapter <= last
            lines = project.chapter_text(proposal.chapter).split("\n")
            assert proposal.evidence in lines[proposal.line - 1]
        characters = [p for p in result.proposals if p.kind is Kind.CHARACTER]
        for proposal in characters:
            name = proposal.fields["name"]
            assert name not in forms
            assert name in proposal.evidence
            for seen in proposal.fields["appearances"]:
                text = project.chapter_text(seen["chapter"]).split("\n")[seen["line"] - 1]
                assert seen["evidence"] in text and name in seen["evidence"]
        for kind in Kind:
            assert len([p for p in result.proposals if p.kind is kind]) <= MAX_PER_KIND
        proposed[(first, last)] = [p.fields["name"] for p in characters]
    # 裴玄度 is first named in chapter 10, 厉无咎 in chapter 12; minor newcomers of 7 too.
    assert "裴玄度" in proposed[(6, 10)]
    assert {"孙闯", "周通"} <= set(proposed[(6, 10)])
    assert "厉无咎" in proposed[(11, 13)]
    # A name pending from 6-10 is not listed again for 11-13.
    assert "裴玄度" not in proposed[(11, 13)]


def test_listing_writes_nothing_to_the_book(book):
    before = {p: p.read_bytes() for p in book.rglob("*") if p.is_file()}
    _run(book, 6, 10)
    after = {
        p: p.read_bytes() for p in book.rglob("*") if p.is_file() and ".workbench" not in p.parts
    }
    assert after == {p: data for p, data in before.items() if ".workbench" not in p.parts}
    assert (book / ".workbench" / "upkeep.json").is_file()


def test_paid_entries_are_never_proposed_again(book):
    result = _run(book, 6, 12)
    threads = [p for p in result.proposals if p.kind in (Kind.PAID, Kind.SIGHTING)]
    project = Project.open(book)
    from workbench.trackers.relevance import load_trackers

    open_ids = {e.id for e in load_trackers(project).foreshadowing if e.status == "未回收"}
    assert threads and {p.fields["entry"] for p in threads} <= open_ids
