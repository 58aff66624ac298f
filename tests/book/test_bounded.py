"""Bounded work on any input (PRODUCT.md §8): huge chapter numbers, ranges, YAML aliases and
tables are a clear message, never a hang or a machine out of memory. Each command runs in a
child process with its memory capped (tests/bounded.py)."""

from __future__ import annotations

from bounded import run_bounded
from summary_like import summary_section

ALIAS_BOMB = "\n".join(
    ["---", "type: plot", 'a0: &a0 ["林风"]']
    + [f"a{i}: &a{i} [{', '.join(f'*a{i - 1}' for _ in range(9))}]" for i in range(1, 10)]
    + ["characters: *a9", "---", "# 第3章 规划", ""]
)


def test_a_chapter_named_with_a_20_digit_number_is_a_warning_not_a_crash(sample_copy):
    (sample_copy / "chapters/ch99999999999999999999.md").write_text("# 第N章\n", "utf-8")
    result = run_bounded("check", sample_copy)
    assert result.returncode == 1, result.stderr
    assert "chapters/ch99999999999999999999.md" in result.stdout
    assert "past 100000" in result.stdout


def test_gaps_are_reported_as_ranges(sample_copy):
    (sample_copy / "chapters/ch90000.md").write_text("# 第90000章\n\n远方。\n", "utf-8")
    result = run_bounded("check", sample_copy)
    assert "gap: chapters 13-89999 missing" in result.stdout


def test_import_refuses_a_chapter_number_past_the_limit(tmp_path):
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("第1章 开始\n\n正文。\n\n第99999999章 远方\n\n正文。\n", "utf-8")
    result = run_bounded("import", manuscript, "--into", tmp_path / "novel")
    assert result.returncode == 1
    assert "book.txt" in result.stderr and "line 5" in result.stderr
    assert "100000" in result.stderr
    assert not (tmp_path / "novel").exists()


def test_a_summary_range_is_validated_against_the_chapters(sample_copy):
    before = (sample_copy / "references/rolling-summary.md").read_bytes()
    result = run_bounded("summarize", sample_copy, "--range", "1-99999999")
    assert result.returncode == 2
    assert "1-12" in result.stderr
    assert (sample_copy / "references/rolling-summary.md").read_bytes() == before


def test_a_summary_section_claiming_a_huge_range_does_not_grow_without_end(sample_copy):
    path = sample_copy / "references/rolling-summary.md"
    path.write_text(path.read_text("utf-8") + "\n" + summary_section(11, 99999999), "utf-8")
    result = run_bounded("summarize", sample_copy, "--pending")
    assert result.returncode == 0, result.stderr
    assert "nothing to summarise" in result.stdout


def test_yaml_aliases_cannot_blow_up_a_plan(sample_copy):
    (sample_copy / "outline/chapters/ch003.md").write_text(ALIAS_BOMB, "utf-8")
    result = run_bounded("check", sample_copy)
    assert "outline/chapters/ch003.md" in result.stdout and "alias" in result.stdout
    result = run_bounded("feed", sample_copy, "--agent", "MainWriter", "--chapter", "3")
    assert result.returncode == 1
    assert "outline/chapters/ch003.md" in result.stderr and "alias" in result.stderr


def test_a_100000_row_tracker_is_refused_with_a_message(sample_copy):
    path = sample_copy / "references/relationship-tracker.md"
    rows = [f"| {i % 12 + 1} | 陆照 | 人{i} | 相识 | 新建 | 第{i}个 |" for i in range(100_000)]
    path.write_text(path.read_text("utf-8") + "\n".join(rows) + "\n", "utf-8")
    for command in (["trackers"], ["feed", "--agent", "MainWriter", "--chapter", "12"]):
        result = run_bounded(command[0], sample_copy, *command[1:])
        assert result.returncode in (1, 3)  # refused, or a feed that is not ready
        assert "references/relationship-tracker.md" in result.stderr
        assert "rows" in result.stderr
    assert "references/relationship-tracker.md" in run_bounded("check", sample_copy).stdout


def test_a_50_mb_chapter_is_refused_with_a_message(sample_copy):
    (sample_copy / "chapters/ch013.md").write_text("# 第13章\n\n" + "字" * 17_500_000, "utf-8")
    result = run_bounded("feed", sample_copy, "--agent", "MainWriter", "--chapter", "14")
    assert result.returncode == 1
    assert "chapters/ch013.md" in result.stderr and "MB" in result.stderr
    assert "chapters/ch013.md" in run_bounded("check", sample_copy).stdout
