"""Nothing project content names is read or written outside the project folder (PRODUCT §8).

Pins, plans, trackers, chapters and `.workbench/` are reached through real symlinks and
`../` spellings in a real copy of the sample; the settings file holding the key sits outside.
"""

from __future__ import annotations

import json
import os

import pytest
from pydantic import SecretStr

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.errors import FileProblem
from workbench.feed import build_feed
from workbench.settings import LlmSettings, Settings, save_settings

KEY = "sk-containment-0123456789abcdef"


def _pin(project_dir, *refs):
    (project_dir / "meta/pins.json").write_text(
        json.dumps({"version": 1, "pins": list(refs)}, ensure_ascii=False), encoding="utf-8"
    )


def _all_project_text(project_dir) -> str:
    return "\n".join(
        p.read_bytes().decode("utf-8", "replace")
        for p in project_dir.rglob("*")
        if p.is_file() and not p.is_symlink()
    )


def test_a_pin_of_the_settings_file_never_puts_the_key_into_a_saved_feed(
    sample_copy, tmp_path, capsys
):
    settings = save_settings(Settings(llm=LlmSettings(api_key=SecretStr(KEY))))
    outside = tmp_path / "secret.md"
    outside.write_text(f"# secret\n\n{KEY}\n", encoding="utf-8")
    (sample_copy / "meta/link.md").symlink_to(outside)
    _pin(sample_copy, str(settings), str(outside), "../secret.md", "meta/link.md")
    code = main(["feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "12", "--save"])
    out, err = capsys.readouterr()
    assert code == 0
    assert KEY not in out and KEY not in err
    assert KEY not in _all_project_text(sample_copy)
    assert "../secret.md" in out  # the refused entry is named in the checklist


def test_chapter_text_cannot_be_pinned_under_any_spelling(sample_copy):
    (sample_copy / "notes").mkdir()
    (sample_copy / "notes/ch1.md").symlink_to(sample_copy / "chapters/ch001.md")
    spellings = [
        "chapters/ch001.md",
        "./chapters/ch001.md",
        "chapters//ch001.md",
        "outline/../chapters/ch001.md",
        str(sample_copy / "chapters/ch001.md"),
        "notes/ch1.md",
    ]
    _pin(sample_copy, *spellings)
    feed = build_feed(Project.open(sample_copy), "MainWriter", 12)
    assert not [block for block in feed.blocks if block.kind == "pin"]
    notes = "\n".join(feed.notes)
    for spelling in spellings:
        assert spelling in notes


def test_a_tracker_symlinked_outside_is_refused_naming_it(sample_copy, tmp_path, capsys):
    tracker = sample_copy / "references/plot-tracker.md"
    outside = tmp_path / "elsewhere.md"
    outside.write_bytes(tracker.read_bytes())
    tracker.unlink()
    tracker.symlink_to(outside)
    with pytest.raises(FileProblem, match="outside the project"):
        Project.open(sample_copy).read(tracker)
    assert main(["trackers", str(sample_copy)]) == 1
    assert "references/plot-tracker.md" in capsys.readouterr().err


def test_a_chapter_or_plan_symlinked_outside_is_not_read_and_check_says_so(
    sample_copy, tmp_path, capsys
):
    outside_chapter = tmp_path / "ch099.md"
    outside_chapter.write_text("# 第99章 外面\n\n外面的字。\n", encoding="utf-8")
    (sample_copy / "chapters/ch013.md").symlink_to(outside_chapter)
    plan = sample_copy / "outline/chapters/ch013.md"
    outside_plan = tmp_path / "plan.md"
    outside_plan.write_bytes(plan.read_bytes())
    plan.unlink()
    plan.symlink_to(outside_plan)
    project = Project.open(sample_copy)
    assert 13 not in [ref.number for ref in project.chapters]
    with pytest.raises(FileProblem, match="outside the project"):
        project.plan(13)
    assert main(["check", str(sample_copy)]) == 1
    out = capsys.readouterr().out
    assert "chapters/ch013.md" in out and "outline/chapters/ch013.md" in out
    assert out.count("outside the project") >= 2


def test_a_state_folder_symlinked_outside_is_never_written(sample_copy, tmp_path, capsys):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, sample_copy / ".workbench")
    code = main(["feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "12", "--save"])
    assert code == 1
    assert ".workbench" in capsys.readouterr().err
    assert list(elsewhere.iterdir()) == []


def test_writes_through_a_symlink_leaving_the_project_are_refused(sample_copy, tmp_path):
    outside = tmp_path / "summary.md"
    outside.write_text("outside\n", encoding="utf-8")
    target = sample_copy / "references/rolling-summary.md"
    target.unlink()
    target.symlink_to(outside)
    with pytest.raises(FileProblem, match="outside the project"):
        Project.open(sample_copy).write(target, "# 滚动摘要\n")
    assert outside.read_text(encoding="utf-8") == "outside\n"
