"""Setting a chapter plan's type changes that one front-matter line and nothing else."""

from __future__ import annotations

import pytest

from workbench.book.plans import plan_from_file, with_chapter_type
from workbench.errors import FileProblem


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (
            "---\ntype: emotion  # 情感章\nact_end: false\n---\n# 计划\n正文\n",
            "---\ntype: battle  # 情感章\nact_end: false\n---\n# 计划\n正文\n",
        ),
        ("---\nact_end: true\n---\n# 计划\n", "---\nact_end: true\ntype: battle\n---\n# 计划\n"),
        ("# 计划\r\n正文\r\n", "---\r\ntype: battle\r\n---\r\n# 计划\r\n正文\r\n"),
        ("\ufeff# 计划\n", "\ufeff---\ntype: battle\n---\n# 计划\n"),
    ],
)
def test_only_the_type_line_changes(before, after, tmp_path):
    assert with_chapter_type(before, "battle") == after
    assert plan_from_file(1, tmp_path / "ch001.md", after).type == "battle"


def test_a_broken_front_matter_or_unknown_type_is_refused():
    with pytest.raises(FileProblem, match="not valid YAML"):
        with_chapter_type("---\ntype: [\n---\nbody", "plot", "ch001.md")
    with pytest.raises(FileProblem, match="type must be one of"):
        with_chapter_type("body", "comedy")
