"""The style anchor from a passage the author chooses (issue #27 item 5): the seed's rule
stays (MainWriter's feed is not ready without one); the fix is one step, from their own
chapters, named in the checklist, `check` and the migration report."""

from __future__ import annotations

import subprocess
import sys

import pytest
from webnovel_serial import CHAPTERS, make_serial

from workbench.book.check import check_project
from workbench.book.project import Project
from workbench.book.style_anchor import AnchorProblem, create_anchor, paragraphs
from workbench.feed import build_feed
from workbench.migrate import REPORT_FILE, migrate


def _workbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args], capture_output=True, text=True, check=False
    )


@pytest.fixture
def serial(tmp_path):
    return make_serial(tmp_path / "星图劫")


def test_the_feed_says_how_to_make_the_anchor_from_your_own_text(serial):
    feed = build_feed(Project.open(serial), "MainWriter", 34, count_tokens=False)
    assert not feed.ready
    anchor = next(b for b in feed.blocks if b.kind == "style_anchor")
    assert "从你自己的正文选一段" in anchor.fix and "workbench style-anchor" in anchor.fix
    problems = [str(p) for p in check_project(Project.open(serial))]
    assert any("style-anchor.md" in p and "a passage of your own" in p for p in problems)


def test_the_cli_lists_paragraphs_then_writes_the_chosen_one(serial):
    listed = _workbench("style-anchor", str(serial), "--chapter", "31")
    assert listed.returncode == 0, listed.stderr
    assert "--passage" in listed.stdout and CHAPTERS[31][1][:10] in listed.stdout
    paragraph = paragraphs(Project.open(serial), 31)[-1]
    made = _workbench(
        "style-anchor",
        str(serial),
        "--chapter",
        "31",
        "--passage",
        f"{paragraph.start}:{paragraph.end}",
    )
    assert made.returncode == 0, made.stderr
    text = (serial / "meta/style-anchor.md").read_text(encoding="utf-8")
    sample = text.split("## 正面样例", 1)[1].split("\n## ", 1)[0]
    assert paragraph.text in sample and "第31章" in sample
    assert "## 禁用词与禁用句式" in text  # the rest is left for the author
    feed = build_feed(Project.open(serial), "MainWriter", 34, count_tokens=False)
    anchor = next(b for b in feed.blocks if b.kind == "style_anchor")
    assert anchor.status.value == "complete" and paragraph.text in anchor.text
    again = _workbench(
        "style-anchor",
        str(serial),
        "--chapter",
        "31",
        "--passage",
        f"{paragraph.start}:{paragraph.end}",
    )
    assert again.returncode == 1 and "already written" in again.stderr
    assert (serial / "meta/style-anchor.md").read_text(encoding="utf-8") == text


def test_a_passage_too_short_or_outside_the_chapter_is_refused(serial):
    project = Project.open(serial)
    with pytest.raises(AnchorProblem, match="字"):
        create_anchor(project, 1, (0, 10))
    with pytest.raises(AnchorProblem, match="outside"):
        create_anchor(project, 1, (0, 10_000))
    assert not (serial / "meta/style-anchor.md").exists()


def test_the_migration_report_says_how(serial, tmp_path):
    migrate(serial, tmp_path / "migrated")
    report = (tmp_path / "migrated" / REPORT_FILE).read_text(encoding="utf-8")
    assert "从你自己的正文选一段" in report
    assert f"workbench style-anchor {(tmp_path / 'migrated').resolve()} --chapter 1" in report
