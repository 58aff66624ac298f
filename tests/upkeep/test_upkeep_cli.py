"""`workbench upkeep`: the JSON shape, --accept through the lossless path, --reject."""

from __future__ import annotations

import difflib
import json

from upkeep_sample import cut_back_cast

from workbench.cli.main import main

KINDS = {
    "character", "alias", "relationship", "foreshadowing_planted", "foreshadowing_paid",
    "foreshadowing_sighting", "state",
}  # fmt: skip


def _listed(book, capsys, chapters="6-10"):
    assert main(["upkeep", str(book), "--range", chapters, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_shape(sample_copy, capsys):
    cut_back_cast(sample_copy)
    data = _listed(sample_copy, capsys)
    assert set(data) == {"range", "backend", "proposals", "dropped_ungrounded"}
    assert data["range"] == [6, 10] and data["backend"] == "offline"
    assert data["dropped_ungrounded"] == 0
    for proposal in data["proposals"]:
        assert {"id", "kind", "chapter", "evidence"} <= set(proposal)
        assert proposal["kind"] in KINDS
    names = [p["name"] for p in data["proposals"] if p["kind"] == "character"]
    assert "裴玄度" in names


def test_accept_a_character_adds_one_section_and_is_not_proposed_again(sample_copy, capsys):
    cut_back_cast(sample_copy)
    data = _listed(sample_copy, capsys)
    chosen = next(p for p in data["proposals"] if p.get("name") == "裴玄度")
    cast = sample_copy / "characters" / "characters.md"
    before = cast.read_text(encoding="utf-8")
    assert main(["upkeep", str(sample_copy), "--accept", chosen["id"]]) == 0
    assert "## 裴玄度" in capsys.readouterr().out
    after = cast.read_text(encoding="utf-8")
    assert after.startswith(before)
    assert "## 裴玄度" in after[len(before) :]
    again = _listed(sample_copy, capsys)
    assert "裴玄度" not in [p.get("name") for p in again["proposals"]]


def test_accept_a_sighting_writes_one_cell_column(sample_copy, capsys):
    data = _listed(sample_copy, capsys)
    chosen = next(p for p in data["proposals"] if p["kind"] == "foreshadowing_sighting")
    tracker = sample_copy / "references" / "plot-tracker.md"
    before = tracker.read_text(encoding="utf-8")
    assert main(["upkeep", str(sample_copy), "--accept", chosen["id"]]) == 0
    after = tracker.read_text(encoding="utf-8")
    changed = [
        line for line in difflib.ndiff(before.splitlines(), after.splitlines()) if line[:1] in "+-"
    ]
    assert any(chosen["entry"] in line and line.startswith("+") for line in changed)
    assert all("|" in line for line in changed)  # only table lines: the new 最近出现 column


def test_reject_keeps_every_file_and_is_not_proposed_again(sample_copy, capsys):
    data = _listed(sample_copy, capsys)
    chosen = data["proposals"][0]
    files = {p: p.read_bytes() for p in sample_copy.rglob("*.md")}
    assert main(["upkeep", str(sample_copy), "--reject", chosen["id"]]) == 0
    capsys.readouterr()
    assert {p: p.read_bytes() for p in sample_copy.rglob("*.md")} == files
    again = _listed(sample_copy, capsys)
    assert chosen["id"] not in [p["id"] for p in again["proposals"]]


def test_unknown_id_and_bad_range(sample_copy, capsys):
    assert main(["upkeep", str(sample_copy), "--accept", "u00000000"]) == 1
    assert "no proposal u00000000" in capsys.readouterr().err
    assert main(["upkeep", str(sample_copy), "--range", "9-3"]) == 2
    assert main(["upkeep", str(sample_copy), "--range", "200-300"]) == 2
