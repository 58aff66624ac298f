"""`check` reports everything `feed`, `trackers` or `summarize` would refuse or skip, with
file, line and the problem; a table that cannot be read never counts as complete."""

from __future__ import annotations

import pytest

from workbench.book.project import Project
from workbench.cli.main import main
from workbench.feed import build_feed


def check(project_dir, capsys) -> tuple[int, str]:
    code = main(["check", str(project_dir)])
    return code, capsys.readouterr().out


def replace_in(path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_broken_tracker_rows_are_reported_with_their_line(sample_copy, capsys):
    tracker = sample_copy / "references/relationship-tracker.md"
    replace_in(tracker, "| 1 | 陆照 | 瞎伯 |", "| 第X章 | 陆照 | 瞎伯 |")
    line = (
        tracker.read_text("utf-8")
        .splitlines()
        .index(next(row for row in tracker.read_text("utf-8").splitlines() if "第X章" in row))
    )
    code, out = check(sample_copy, capsys)
    assert code == 1
    assert f"error: references/relationship-tracker.md: line {line + 1}: 章节" in out


@pytest.mark.parametrize(
    "damage",
    [
        ("|---|---|---|---|---|---|", "|---|---|---|"),  # separator no longer matches
        ("|---|---|---|---|---|---|", "|---|---|---|---|---|---|---|---|"),
        (
            "| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |",
            "| 章节 | 角色A | 角色B 关系 变化 说明 |",
        ),
    ],
)
def test_a_damaged_header_or_separator_row_is_an_error_and_not_complete(
    sample_copy, capsys, damage
):
    tracker = sample_copy / "references/relationship-tracker.md"
    replace_in(tracker, *damage)
    code, out = check(sample_copy, capsys)
    assert code == 1
    assert "references/relationship-tracker.md: line" in out
    assert "not a table" in out
    feed = build_feed(Project.open(sample_copy), "MainWriter", 12)
    on_demand = next(item for item in feed.checklist.items if item.key == "on_demand")
    assert not on_demand.ok
    assert main(["trackers", str(sample_copy)]) == 1


def test_an_invalid_feed_section_is_reported(sample_copy, capsys):
    (sample_copy / "workbench.toml").write_text('[feed]\nbudget = "lots"\n', "utf-8")
    code, out = check(sample_copy, capsys)
    assert code == 1 and "error: workbench.toml: invalid [feed] settings" in out


def test_an_invalid_pins_file_and_broken_pins_are_reported(sample_copy, capsys):
    (sample_copy / "meta/pins.json").write_text('{"pins": [1]}', "utf-8")
    code, out = check(sample_copy, capsys)
    assert code == 1 and "error: meta/pins.json" in out
    (sample_copy / "meta/pins.json").write_text('{"pins": ["../x.md", "gone.md"]}', "utf-8")
    code, out = check(sample_copy, capsys)
    assert "pin ../x.md" in out and "pin gone.md" in out


def test_front_matter_without_its_closing_line_is_an_error(sample_copy, capsys):
    plan = sample_copy / "outline/chapters/ch003.md"
    plan.write_text("---\ntype: battle\n# 第3章 规划\n\n正文。\n", "utf-8")
    code, out = check(sample_copy, capsys)
    assert code == 1
    assert "error: outline/chapters/ch003.md: front matter has no closing ---" in out


def test_a_summary_heading_that_names_no_range_is_reported(sample_copy, capsys):
    summary = sample_copy / "references/rolling-summary.md"
    summary.write_text(
        summary.read_text("utf-8") + "\n## 滚动摘要 第十一到十五章\n\n- 略\n", "utf-8"
    )
    code, out = check(sample_copy, capsys)
    assert code == 1 and "references/rolling-summary.md: line" in out and "skipped" in out


def test_leftover_temp_files_of_a_killed_save_are_reported(sample_copy, capsys):
    (sample_copy / "chapters/.ch003.md.k2j4h6g8.tmp").write_text("半截", "utf-8")
    code, out = check(sample_copy, capsys)
    assert code == 1
    assert "chapters/.ch003.md.k2j4h6g8.tmp: left over from a save" in out
