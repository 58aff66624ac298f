"""Pending proposals the book has outgrown — the author wrote the character into the cast by
hand, paid the entry off, recorded the relationship — are no longer listed (by the CLI or,
through the same function, the 待审 tab), and never marked: the queue changes only by the
author's decisions."""

from __future__ import annotations

from upkeep_sample import cut_back_cast, state_a_relation

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.cli.upkeep_cmd import markdown
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind, Review
from workbench.upkeep.run import run_upkeep
from workbench.upkeep.stale import outgrown
from workbench.upkeep.store import load_queue


def _pending(book):
    return load_queue(Project.open(book)).pending()


def test_what_the_author_wrote_by_hand_is_not_listed_again(sample_copy, capsys):
    cut_back_cast(sample_copy)
    state_a_relation(sample_copy)  # a relationship proposal to record by hand
    first = run_upkeep(Project.open(sample_copy), 6, 10, OfflineUpkeep())
    character = next(p for p in first.proposals if p.kind is Kind.CHARACTER)
    sighting = next(p for p in first.proposals if p.kind is Kind.SIGHTING)
    relationship = next(p for p in first.proposals if p.kind is Kind.RELATIONSHIP)
    untouched = {p.id for p in first.proposals} - {character.id, sighting.id, relationship.id}
    assert outgrown(Project.open(sample_copy), list(first.proposals)) == {}

    cast = sample_copy / "characters" / "characters.md"
    cast.write_text(cast.read_text("utf-8") + f"\n## {character.fields['name']}\n", "utf-8")
    plot = sample_copy / "references" / "plot-tracker.md"
    entry = sighting.fields["entry"]
    rows = plot.read_text("utf-8").splitlines()
    row = next(i for i, line in enumerate(rows) if line.startswith(f"| {entry} |"))
    rows[row] = rows[row].replace("| 未回收 |", "| 已回收@10 |")
    plot.write_text("\n".join(rows) + "\n", "utf-8")
    relations = sample_copy / "references" / "relationship-tracker.md"
    values = relationship.fields
    cells = [
        str(relationship.chapter),
        values["a"],
        values["b"],
        values["relation"],
        "新建",
        "手写",
    ]
    added = "| " + " | ".join(cells) + " |\n"
    relations.write_text(relations.read_text("utf-8").rstrip("\n") + "\n" + added, "utf-8")

    why = outgrown(Project.open(sample_copy), list(first.proposals))
    assert set(why) == {character.id, sighting.id, relationship.id}
    assert "in the cast now" in why[character.id] and "已回收" in why[sighting.id]
    assert "records" in why[relationship.id]

    # Never marked: undoing the cause offers it again.
    assert {p.id: p.review for p in _pending(sample_copy)}[character.id] is Review.PENDING
    name = character.fields["name"]
    cast.write_text(cast.read_text("utf-8").replace(f"\n## {name}\n", ""), "utf-8")
    assert set(outgrown(Project.open(sample_copy), _pending(sample_copy))) == {
        sighting.id,
        relationship.id,
    }
    cast.write_text(cast.read_text("utf-8") + f"\n## {name}\n", "utf-8")

    # The CLI lists neither (a run of the same range also drops its own outgrown ones).
    assert main(["upkeep", str(sample_copy), "--range", "6-10"]) == 0
    out = capsys.readouterr().out
    assert f"`{character.id}`" not in out and f"`{sighting.id}`" not in out
    assert f"`{relationship.id}`" not in out
    assert all(f"`{p}`" in out for p in untouched)


def test_the_listing_says_how_many_it_left_out():
    assert "另有 2 条待审的提议不再列出" in markdown(6, 10, "openai", (), 0, 2)
    assert "不再列出" not in markdown(6, 10, "openai", (), 0, 0)
