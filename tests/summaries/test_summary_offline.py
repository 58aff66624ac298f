"""The offline backend: extractive drafts within the template and the cap."""

from __future__ import annotations

import re
import threading

import pytest
from summary_book import make_book, section_text

from workbench.book.counting import count_zi
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.summaries.backend import backend_for
from workbench.summaries.errors import SummaryCancelled, SummaryRejected
from workbench.summaries.inputs import rolling_request
from workbench.summaries.jobs import SummaryJob, generate_summary, pending_jobs, write_summary
from workbench.summaries.offline import DRAFT_MARK, OfflineBackend
from workbench.summaries.rolling import SECTION_TITLES, validate_section


def part(section: str, title: str) -> str:
    found = next(s for s in sections(section) if s.title == title)
    return found.body(section)


def principals(section: str) -> list[str]:
    return re.findall(r"^- \*\*(.+?)\*\*", part(section, SECTION_TITLES[1]), re.MULTILINE)


def test_corpus_chapters_1_to_5_and_6_to_10(corpus_book):
    project = Project.open(corpus_book)
    backend = OfflineBackend()
    first = generate_summary(project, SummaryJob(1, 5), backend)
    write_summary(project, SummaryJob(1, 5), first)
    second = generate_summary(project, SummaryJob(6, 10), backend)
    write_summary(project, SummaryJob(6, 10), second)

    for job, text in ((SummaryJob(1, 5), first), (SummaryJob(6, 10), second)):
        assert validate_section(text, job) == text
        assert count_zi(text) <= 2200
        assert text.splitlines()[1] == "<!-- workbench:chapters"  # what it was made from
        assert text.split("-->\n", 1)[1].splitlines()[0] == DRAFT_MARK
        for title in SECTION_TITLES:
            assert part(text, title).strip()
    # Who dominates: 回1-5 is 董卓's coup, 刘备 (mostly "玄德") and the coalition under 袁绍
    # with 曹操 and 吕布; 回6-10 is 吕布 and 董卓 with 王允's 连环计 and 孙坚's death.
    early, late = principals(first), principals(second)
    assert {"董卓", "曹操", "吕布", "袁绍"} <= set(early)
    assert {"玄德", "刘备"} & set(early)
    assert {"吕布", "董卓", "王允", "孙坚"} <= set(late)
    assert "第1章" in part(first, SECTION_TITLES[0]) and "第10章" in part(second, SECTION_TITLES[0])
    written = (corpus_book / "references" / "rolling-summary.md").read_text(encoding="utf-8")
    assert first in written and second in written


def test_the_draft_is_deterministic(corpus_book):
    project = Project.open(corpus_book)
    job = SummaryJob(1, 5)
    assert generate_summary(project, job, OfflineBackend()) == generate_summary(
        project, job, OfflineBackend()
    )


PLOT_TRACKER = """# 伏笔

| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |
|---|---|---|---|---|---|---|---|
| F001 | 玉佩在雷雨夜发热 | 3 | 20 | 未回收 | 核心 | 林风 | 玉佩 |
| F002 | 藏经阁的暗门 | 2 | 8 | 已回收@8 | 支线 | 苏瑶 | 暗门 |
| F003 | 魔宗奸细 | 12 | 30 | 未回收 | 支线 | 长老 | 奸细 |
| F004 | 宗主的旧伤 | 4 | 9 | 已回收@12 | 支线 | 宗主 | 旧伤 |
"""


def test_open_foreshadowing_comes_from_the_plot_tracker_by_id(tmp_path):
    root = make_book(tmp_path / "b", 10, summary="# 滚动摘要\n\n" + section_text(1, 5))
    (root / "references" / "plot-tracker.md").write_text(PLOT_TRACKER, encoding="utf-8")
    project = Project.open(root)
    text = generate_summary(project, SummaryJob(6, 10), OfflineBackend())
    listed = part(text, SECTION_TITLES[2])
    assert "- F001 玉佩在雷雨夜发热（第3章埋设）\n- F004 宗主的旧伤（第4章埋设）" in listed
    # F004 is resolved only at 12, so open at 10; F002 was resolved at 8, F003 planted at 12.
    assert "F002" not in listed and "F003" not in listed


def test_without_a_tracker_the_previous_list_is_carried_over(tmp_path):
    previous = section_text(1, 5).replace(
        "### 已埋设但未回收的重要伏笔清单\n\n- 林风与苏瑶并肩御敌，关系由陌生转向信任。",
        "### 已埋设但未回收的重要伏笔清单\n\n1. F009 山门石碑上的裂纹（第2章）",
    )
    project = Project.open(make_book(tmp_path / "b", 10, summary="# 滚动摘要\n\n" + previous))
    text = generate_summary(project, SummaryJob(6, 10), OfflineBackend())
    assert "- F009 山门石碑上的裂纹（第2章）" in part(text, SECTION_TITLES[2])


def test_principal_characters_come_from_the_cast_with_aliases(tmp_path):
    root = make_book(tmp_path / "b", 5)
    (root / "characters").mkdir()
    (root / "characters" / "protagonist.md").write_text("# 林风\n\n别名：小风\n", encoding="utf-8")
    cast = "# 角色\n\n## 苏瑶\n\n别名：瑶儿\n\n## 宗主\n\n青云宗宗主。\n"
    (root / "characters" / "characters.md").write_text(cast, encoding="utf-8")
    text = generate_summary(Project.open(root), SummaryJob(1, 5), OfflineBackend())
    assert principals(text)[:3] == ["林风", "苏瑶", "宗主"]
    assert "**林风**（提及" in text


def test_a_project_setting_chooses_the_backend(tmp_path):
    root = make_book(tmp_path / "b", 5)
    (root / "workbench.toml").write_text('[summaries]\nbackend = "openai"\n', encoding="utf-8")
    with pytest.raises(Exception, match="WORKBENCH_LLM_BASE_URL"):
        backend_for(Project.open(root))
    assert backend_for(Project.open(root), "offline").name == "offline"
    (root / "workbench.toml").write_text('[summaries]\nbackend = "gpt"\n', encoding="utf-8")
    with pytest.raises(Exception, match=r"\[summaries\] backend in workbench.toml is 'gpt'"):
        backend_for(Project.open(root))


def test_a_range_whose_previous_summary_is_missing_is_refused(tmp_path):
    project = Project.open(make_book(tmp_path / "b", 10))
    with pytest.raises(SummaryRejected, match="喂入未齐备") as caught:
        generate_summary(project, SummaryJob(6, 10), OfflineBackend())
    assert "滚动摘要" in caught.value.reason
    assert [job.label for job in pending_jobs(project)] == ["Ch1-5", "Ch6-10"]


def test_cancelled_before_start(tmp_path):
    cancel = threading.Event()
    cancel.set()
    project = Project.open(make_book(tmp_path / "b", 5))
    with pytest.raises(SummaryCancelled):
        generate_summary(project, SummaryJob(1, 5), OfflineBackend(), cancel=cancel)


def test_when_not_all_foreshadowing_fits_the_core_entries_stay_in_id_order(tmp_path):
    rows = [
        f"| F{n:03d} | {'青云山下又起异象，' * 4}第{n}条 | 1 | 40 | 未回收 | "
        f"{'核心' if n > 25 else '装饰'} | 林风 | 异象 |"
        for n in range(1, 31)
    ]
    tracker = PLOT_TRACKER.split("| F001")[0] + "\n".join(rows) + "\n"
    root = make_book(tmp_path / "b", 5)
    (root / "references").mkdir()
    (root / "references" / "plot-tracker.md").write_text(tracker, encoding="utf-8")
    text = generate_summary(Project.open(root), SummaryJob(1, 5), OfflineBackend())
    ids = re.findall(r"^- (F\d{3}) ", part(text, SECTION_TITLES[2]), re.MULTILINE)
    assert ids[-5:] == ["F026", "F027", "F028", "F029", "F030"]  # all the core entries
    assert ids == sorted(ids) and 5 <= len(ids) < 30
    assert count_zi(text) <= 2200


def test_the_state_before_the_range_is_carried_once_not_nested(tmp_path):
    book = make_book(tmp_path / "book", 15)
    for n in range(1, 16):  # each chapter ends somewhere new, as a state sentence says
        with (book / "chapters" / f"ch{n:03d}.md").open("a", encoding="utf-8") as chapter:
            chapter.write(f"第{n}夜，林风独自来到第{n}座城，守在城门外。\n")
    project = Project.open(book)
    backend = OfflineBackend()
    for job in (SummaryJob(1, 5), SummaryJob(6, 10), SummaryJob(11, 15)):
        write_summary(project, job, generate_summary(project, job, backend))
    text = (tmp_path / "book" / "references" / "rolling-summary.md").read_text(encoding="utf-8")
    last = [s for s in sections(text) if s.level == 2][-1]
    assert last.title.startswith("滚动摘要 Ch11-")
    state = [s for s in sections(text) if s.title == SECTION_TITLES[3]][-1]
    assert state.start > last.start
    carried = [line for line in state.body(text).splitlines() if "前情" in line]
    assert len(carried) == 1
    previous = [s for s in sections(text) if s.title == SECTION_TITLES[3]][-2]
    assert carried[0].removeprefix("- 前情：") == previous.body(text).splitlines()[-1][2:]
    assert carried[0].startswith("- 前情：第")


def test_the_offline_draft_counts_no_tokens(tmp_path):
    # It reads the feed's chapters and previous summary only, so the summary process never
    # loads a tokenizer (≈ 65 MB) or writes token counts; a model backend gets the material.
    root = make_book(tmp_path / "b", 5)
    project = Project.open(root)
    text = generate_summary(project, SummaryJob(1, 5), OfflineBackend())
    assert validate_section(text, SummaryJob(1, 5)) == text
    assert not (root / ".workbench" / "token-cache.json").exists()
    request = rolling_request(project, SummaryJob(1, 5))
    assert "RollingSummarizer" in request.material and "tokens" in request.material
    assert (root / ".workbench" / "token-cache.json").is_file()
