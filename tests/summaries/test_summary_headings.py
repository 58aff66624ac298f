"""One reading of a rolling-summary heading: a section the feed sends is one the summariser
sees as written, and a heading either of them skips is one `check` reports."""

from __future__ import annotations

import pytest

from workbench.book.project import Project
from workbench.book.rolling_summary import rolling_sections, summary_range
from workbench.cli.main import main
from workbench.feed.summaries import sections_by_range
from workbench.refusals import refused_inputs
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.jobs import write_summary
from workbench.summaries.rolling import SummaryJob

READ = {
    "滚动摘要 Ch6-Ch10": (6, 10),
    "滚动摘要 Ch6-10": (6, 10),
    "滚动摘要 ch6 - ch10": (6, 10),
    "滚动摘要 第6-10章": (6, 10),
    "滚动摘要 第6章-第10章": (6, 10),
    "滚动摘要 第6章至第10章": (6, 10),
    " 滚动摘要Ch6～Ch10 ": (6, 10),
}
SKIPPED = ["滚动摘要", "滚动摘要 第六到十章", "滚动摘要 Ch6-10 草稿", "滚动摘要 Ch6", "近况 Ch6-10"]


@pytest.mark.parametrize("title", list(READ))
def test_every_spelling_of_a_range_is_read(title):
    assert summary_range(title) == READ[title]


@pytest.mark.parametrize("title", SKIPPED)
def test_a_title_that_is_not_exactly_a_range_is_none(title):
    assert summary_range(title) is None


def test_the_feed_and_the_summariser_read_the_same_sections():
    text = "# 滚动摘要\n\n" + "".join(f"## {t}\n\n正文\n\n" for t in [*READ, *SKIPPED])
    text += "# 滚动摘要 Ch11-Ch15\n\n一级标题\n"
    by_feed = sorted((s.first, s.last, s.line) for s in sections_by_range(text))
    by_summariser = sorted((s.first, s.last, s.line) for s in rolling_sections(text))
    assert by_feed == by_summariser
    assert len(by_feed) == len(READ)


def test_check_reports_each_heading_the_feed_skips(sample_copy):
    summary = sample_copy / "references/rolling-summary.md"
    summary.write_text(
        summary.read_text("utf-8")
        + "\n## 滚动摘要 Ch11-15 草稿\n\n- 略\n\n# 滚动摘要 Ch16-Ch20\n\n- 略\n",
        "utf-8",
    )
    project = Project.open(sample_copy)
    lines = summary.read_text("utf-8").splitlines()
    skipped_lines = {
        lines.index("## 滚动摘要 Ch11-15 草稿") + 1,
        lines.index("# 滚动摘要 Ch16-Ch20") + 1,
    }
    messages = [p.message for p in refused_inputs(project) if "rolling-summary" in p.path]
    for line in skipped_lines:
        assert any(m.startswith(f"line {line}:") and "skipped" in m for m in messages), messages
    assert any("level-1" in m for m in messages)
    assert not any(m.startswith("line 1:") for m in messages), "the file's title is no section"


def test_a_skipped_heading_stops_summaries_until_it_is_fixed(sample_copy, capsys):
    summary = sample_copy / "references/rolling-summary.md"
    damaged = summary.read_bytes().replace(
        "## 滚动摘要 Ch6-Ch10".encode(), "## 滚动摘要 Ch6-".encode()
    )
    summary.write_bytes(damaged)
    line = damaged.decode("utf-8").splitlines().index("## 滚动摘要 Ch6-") + 1
    assert main(["summarize", str(sample_copy), "--range", "6-10"]) == 1
    error = capsys.readouterr().err
    assert f"references/rolling-summary.md 第{line}行：`## 滚动摘要 Ch6-` 没有写明" in error
    # Written directly (a section generated before the heading broke): refused the same way.
    project = Project.open(sample_copy)
    text = damaged.decode("utf-8")
    first = rolling_sections(text)[0]
    with pytest.raises(SummaryRejected, match="请先改好这个标题"):
        write_summary(project, SummaryJob(1, 5), text[first.section.start : first.section.end])
    assert summary.read_bytes() == damaged
