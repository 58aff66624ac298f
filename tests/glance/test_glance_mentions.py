"""The presence heatmap's numbers: mentions per character per chapter, aliases included."""

from __future__ import annotations

from glance_book import write_glance_book

from workbench.book.project import Project
from workbench.trackers.mentions import (
    bin_width,
    binned,
    dormant_characters,
    mention_table,
    sorted_rows,
)


def test_mentions_per_chapter_count_every_alias_and_never_a_name_inside_a_longer_one(tmp_path):
    table = mention_table(Project.open(write_glance_book(tmp_path / "book")))
    assert table.chapters == tuple(range(1, 13))
    assert table.row("沈青棠").counts == (2, 1, 0, 3, 0, 1, 0, 0, 0, 0, 0, 0)
    assert table.row("西海龙王").counts == (0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
    assert table.row("龙王").counts == (0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0)
    assert table.row("韩素").counts == (0,) * 12
    assert table.count("沈青棠", 4) == 3
    assert table.count("nobody", 4) == 0


def test_first_last_total_and_the_weak_signal(tmp_path):
    table = mention_table(Project.open(write_glance_book(tmp_path / "book")))
    qing = table.row("沈青棠")
    assert (qing.first, qing.last, qing.total, qing.chapters_named) == (1, 6, 7, 4)
    assert not qing.weak  # 4 of 12 chapters: not more than half
    assert (table.row("韩素").first, table.row("韩素").last) == (None, None)
    assert [row.name for row in sorted_rows(table, "first")] == [
        "沈青棠",
        "西海龙王",
        "龙王",
        "韩素",
    ]
    assert [row.name for row in sorted_rows(table, "last")] == [
        "沈青棠",
        "龙王",
        "西海龙王",
        "韩素",
    ]
    assert [row.name for row in sorted_rows(table, "total")][:2] == ["沈青棠", "西海龙王"]
    # At chapter 12 with K = 6: 西海龙王 (last 4, silent 8) and 龙王 (5, silent 7) are 沉寂;
    # 沈青棠 (6, silent 6) is not: not more than K.
    assert dormant_characters(table, 12, 6) == {"西海龙王", "龙王"}


def test_a_character_in_more_than_half_the_chapters_is_weak(tmp_path):
    root = write_glance_book(tmp_path / "book")
    for number in range(7, 13):
        (root / f"chapters/ch{number:03d}.md").write_text("沈师姐来了。\n", encoding="utf-8")
    assert mention_table(Project.open(root)).row("沈青棠").weak  # 10 of 12


def test_bins_keep_a_thousand_chapters_to_at_most_120_columns():
    assert bin_width(12) == 1
    assert bin_width(120) == 1
    assert bin_width(121) == 2
    assert bin_width(1000) == 9  # ceil(1000 / 120)
    counts = tuple(range(1000))
    columns = binned(counts, bin_width(1000))
    assert len(columns) == 112  # ceil(1000 / 9)
    assert columns[0] == sum(range(9)) and columns[-1] == sum(range(999, 1000))
    assert sum(columns) == sum(counts)


def test_a_saved_chapter_is_counted_again(tmp_path):
    root = write_glance_book(tmp_path / "book")
    project = Project.open(root)
    assert mention_table(project).count("韩素", 7) == 0
    project.save_chapter(7, "韩素与韩素。\n")
    assert mention_table(project).count("韩素", 7) == 2
