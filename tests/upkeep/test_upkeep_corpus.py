"""Offline upkeep on 三国演义 imported, with a cast written by hand for chapters 1-10: how
many of the principal newcomers of chapters 11-30 (listed by hand from the text) it names,
and how many proposals it took."""

from __future__ import annotations

import pytest
from sanguo import CAST_1_10, EXPECTED_NEWCOMERS_11_30, write_cast

from workbench.book.importer import plan_import, read_manuscript, write_import
from workbench.book.project import Project
from workbench.trackers.cast import load_cast
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import MAX_PER_KIND, Kind
from workbench.upkeep.run import run_upkeep

RECALL_FLOOR = 0.7  # measured 2026-12-01: see the printed figures (pytest -s)


@pytest.fixture
def sanguo(corpus_copy, tmp_path):
    folder = tmp_path / "sanguo"
    write_import(plan_import(read_manuscript(corpus_copy), folder))
    write_cast(folder)
    return folder


def test_newcomers_of_11_to_30_are_named(sanguo, capsys):
    project = Project.open(sanguo)
    assert len(load_cast(project).characters) == len(CAST_1_10)
    result = run_upkeep(project, 11, 30, OfflineUpkeep())
    characters = [p for p in result.proposals if p.kind is Kind.CHARACTER]
    names = [p.fields["name"] for p in characters]
    assert len(names) == len(set(names))  # each newcomer is proposed once, in its first range
    per_range = {}
    for proposal in characters:
        per_range.setdefault(proposal.first, []).append(proposal)
        text = project.chapter_text(proposal.chapter).split("\n")[proposal.line - 1]
        assert proposal.evidence in text
    assert all(len(found) <= MAX_PER_KIND for found in per_range.values())
    forms = load_cast(project).forms()
    assert not set(names) & set(forms)
    found = [name for name in EXPECTED_NEWCOMERS_11_30 if name in names]
    recall = len(found) / len(EXPECTED_NEWCOMERS_11_30)
    with capsys.disabled():
        missed = sorted(set(EXPECTED_NEWCOMERS_11_30) - set(found))
        print(
            f"\nupkeep 11-30: recall {len(found)}/{len(EXPECTED_NEWCOMERS_11_30)} = {recall:.2f} "
            f"with {len(names)} character proposals ({len(result.proposals)} in all); "
            f"missed: {'、'.join(missed)}; not expected: "
            f"{'、'.join(n for n in names if n not in EXPECTED_NEWCOMERS_11_30)}"
        )
    assert recall >= RECALL_FLOOR
