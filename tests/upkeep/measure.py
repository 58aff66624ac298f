"""How offline upkeep's proposals compare with a book's hand list: precision and recall of
the character proposals, the share of relationship proposals that are right; printed (run
pytest with -s) and checked against the floors."""

from __future__ import annotations

from workbench.upkeep.proposals import MAX_PER_KIND, Kind
from workbench.upkeep.relations import MAX_RELATIONS

PRECISION_FLOOR = 0.75
RECALL_FLOOR = 0.8
RELATIONS_RIGHT_FLOOR = 0.9


def _forms(people: dict[str, str]) -> dict[str, str]:
    """Every form of every hand-listed person -> the person."""
    forms = {name: name for name in people}
    for name, aliases in people.items():
        forms.update({alias: name for alias in aliases.split("、") if alias})
    return forms


def measure_characters(label, proposals, people, once, capsys, expected=None):
    """Precision and recall of the character proposals, printed and checked."""
    characters = [p for p in proposals if p.kind is Kind.CHARACTER]
    per_range: dict[int, int] = {}
    for proposal in characters:
        per_range[proposal.first] = per_range.get(proposal.first, 0) + 1
        assert proposal.fields["name"] in proposal.evidence
    assert all(count <= MAX_PER_KIND for count in per_range.values())
    forms = _forms(people)
    names = list(dict.fromkeys(p.fields["name"] for p in characters))
    right = [n for n in names if n in forms]
    wanted = expected or [n for n in people if n not in once]
    found = {forms[n] for n in right}
    hits = [n for n in wanted if n in found]
    precision = len(right) / len(names) if names else 0.0
    recall = len(hits) / len(wanted)
    with capsys.disabled():
        print(
            f"\n{label}: characters precision {len(right)}/{len(names)} = {precision:.2f}, "
            f"recall {len(hits)}/{len(wanted)} = {recall:.2f}; "
            f"not people: {'、'.join(n for n in names if n not in forms) or '-'}; "
            f"missed: {'、'.join(n for n in wanted if n not in found) or '-'}"
        )
    assert precision >= PRECISION_FLOOR
    assert recall >= RECALL_FLOOR


def measure_relations(label, proposals, truth, capsys):
    """Share of relationship proposals the hand list agrees with; at most five a range."""
    relations = [p for p in proposals if p.kind is Kind.RELATIONSHIP]
    per_range: dict[int, int] = {}
    for proposal in relations:
        per_range[proposal.first] = per_range.get(proposal.first, 0) + 1
    assert all(count <= MAX_RELATIONS for count in per_range.values())
    pairs = {frozenset(pair): relation for pair, relation in truth.items()}
    right = [
        p
        for p in relations
        if pairs.get(frozenset((p.fields["a"], p.fields["b"]))) == p.fields["relation"]
    ]
    with capsys.disabled():
        shown = "; ".join(
            f"{p.fields['a']}—{p.fields['b']} {p.fields['relation']}" for p in relations
        )
        print(f"{label}: relationships right {len(right)}/{len(relations)} ({shown or '-'})")
    if relations:
        assert len(right) / len(relations) >= RELATIONS_RIGHT_FLOOR
    return relations
