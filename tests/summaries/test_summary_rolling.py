"""The template check and write-back that keeps every other byte."""

from __future__ import annotations

import pytest
from summary_book import SECTION_TITLES, make_book, section_text

from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.jobs import SummaryJob, write_summary
from workbench.summaries.rolling import validate_section

JOB = SummaryJob(6, 10)
VALID = section_text(6, 10)


def rejected(text: str, job: SummaryJob = JOB) -> str:
    with pytest.raises(SummaryRejected) as caught:
        validate_section(text, job)
    assert str(caught.value).startswith(f"{job.what} 未写入：")
    return caught.value.reason


def test_a_section_following_the_template_passes_in_normal_form():
    assert validate_section(VALID, JOB) == VALID.strip() + "\n"
    short = VALID.replace("Ch6-Ch10", "Ch6-10").replace("\n", "\r\n")
    assert validate_section(short, JOB) == VALID.strip() + "\n"


def test_a_fence_and_a_chat_line_around_the_section_are_dropped():
    wrapped = f"好的，以下是摘要：\n\n```markdown\n{VALID}\n```\n"
    assert validate_section(wrapped, JOB) == VALID.strip() + "\n"
    assert validate_section("以下是摘要：\n" + VALID, JOB) == VALID.strip() + "\n"


def test_long_text_before_the_heading_is_rejected():
    assert rejected("前言" * 150 + "\n\n" + VALID) == "输出在节标题之前还有文字"


def test_the_wrong_range_is_rejected():
    assert rejected(section_text(1, 5)) == "标题写的是 Ch1-5，应为 Ch6-10"


def test_no_heading_is_rejected():
    assert rejected("林风与苏瑶并肩御敌。") == "输出中没有 `## 滚动摘要 Ch6-Ch10` 标题"


def test_a_missing_section_is_rejected_by_name():
    missing = VALID.replace(f"### {SECTION_TITLES[2]}", "### 其他")
    assert rejected(missing) == f"缺少小节 `### {SECTION_TITLES[2]}`"


def test_an_extra_or_reordered_section_is_rejected():
    assert rejected(VALID + "\n### 附录\n\n- 多余\n") == "多出小节 `### 附录`"
    swapped = (
        VALID.replace(SECTION_TITLES[0], "@@")
        .replace(SECTION_TITLES[1], SECTION_TITLES[0])
        .replace("@@", SECTION_TITLES[1])
    )
    assert rejected(swapped).code == "summary.sections_out_of_order"


def test_an_empty_section_is_rejected():
    empty = VALID.replace("- 林风与苏瑶并肩御敌，关系由陌生转向信任。\n\n### 核心", "### 核心", 1)
    assert rejected(empty) == f"小节 `### {SECTION_TITLES[0]}` 是空的"


def test_two_sections_are_rejected():
    assert "应只有一节，输出有 2 节" in rejected(VALID + "\n" + section_text(11, 15))


def test_over_2200_zi_is_rejected_with_the_count():
    long = section_text(6, 10, filler="林" * 2200)
    assert count_zi(long) > 2200
    assert rejected(long) == f"{count_zi(long)} 字，超过上限 2200 字"


# --- write-back -------------------------------------------------------------------------

HEAD = "# 滚动摘要\n\n> 作者的说明，手写的。\n\n"


def book_with(tmp_path, text: str | bytes, encoding: str = "utf-8") -> Project:
    root = make_book(tmp_path / "book", 15)
    path = root / "references" / "rolling-summary.md"
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode(encoding))
    return Project.open(root)


def summary_bytes(project: Project) -> bytes:
    return (project.root / "references" / "rolling-summary.md").read_bytes()


def test_replacing_a_range_keeps_every_other_byte(tmp_path):
    before, old, after = (
        HEAD + section_text(1, 5) + "\n",
        section_text(6, 10),
        "\n" + section_text(11, 15),
    )
    project = book_with(tmp_path, before + old + after)
    new = section_text(6, 10, filler="新的摘要内容。")
    write_summary(project, JOB, new)
    assert summary_bytes(project) == (before + new + after).encode()


def test_a_new_range_goes_in_chapter_order(tmp_path):
    first, last = HEAD + section_text(1, 5) + "\n", section_text(11, 15)
    project = book_with(tmp_path, first + last)
    write_summary(project, JOB, VALID)
    assert summary_bytes(project) == (first + VALID + "\n" + last).encode()


def test_a_later_range_is_appended(tmp_path):
    text = HEAD + section_text(1, 5).rstrip("\n")  # no newline at the end
    project = book_with(tmp_path, text)
    write_summary(project, JOB, VALID)
    assert summary_bytes(project) == (text + "\n\n" + VALID).encode()


def test_the_file_is_created_when_missing(tmp_path):
    project = Project.open(make_book(tmp_path / "book", 10))
    write_summary(project, SummaryJob(1, 5), section_text(1, 5))
    assert summary_bytes(project).decode() == "# 滚动摘要\n\n" + section_text(1, 5)


def test_crlf_files_keep_their_line_ends_and_new_headings_take_the_seed_form(tmp_path):
    # The file writes Ch1-5 (short); that section is left as it is, the new one is the
    # seed's Ch6-Ch10.
    text = (HEAD + section_text(1, 5).replace("Ch1-Ch5", "Ch1-5")).replace("\n", "\r\n")
    project = book_with(tmp_path, text)
    write_summary(project, JOB, VALID)
    written = summary_bytes(project).decode()
    assert written.startswith(text)
    assert "## 滚动摘要 Ch6-Ch10\r\n" in written
    assert "\n" not in written.replace("\r\n", "")


def test_a_gb18030_file_stays_gb18030(tmp_path):
    text = HEAD + section_text(1, 5) + "\n"
    project = book_with(tmp_path, text, encoding="gb18030")
    write_summary(project, JOB, VALID)
    data = summary_bytes(project)
    assert data.startswith(text.encode("gb18030"))
    assert VALID.encode("gb18030") in data


def test_an_invalid_section_is_not_written(tmp_path):
    text = HEAD + section_text(1, 5) + "\n"
    project = book_with(tmp_path, text)
    with pytest.raises(SummaryRejected, match="缺少小节"):
        write_summary(project, JOB, VALID.replace(f"### {SECTION_TITLES[3]}", ""))
    assert summary_bytes(project) == text.encode()
