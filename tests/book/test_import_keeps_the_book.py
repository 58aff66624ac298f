"""Import keeps the book as the author wrote it: heading words, volume headings, platform
lines (listed, dropped only when asked, and then logged), English headings, .docx files."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import docx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.book.importer import (
    FRONT_MATTER_FILE,
    IMPORT_LOG_FILE,
    parse_heading,
    plan_import,
    read_manuscript,
    split_text,
    write_import,
)
from workbench.book.manuscript_lines import boilerplate_kind, volume_heading
from workbench.book.project import Project

MANUSCRIPT = [
    "书名：雷火劫",
    "本书首发起点中文网，请记住本站网址",
    "第一卷 风起青萍",
    "第一章 雷雨夜",
    "更新时间：2024-01-01 12:00:00 本章字数：3012",
    "雷雨夜，林风捡到一块玉佩。",
    "求收藏！求月票！",
    "第二章　拜师",
    "他求收藏家把画卖给他。",
    "",
    "卷二 云涌",
    "第三章 下山",
    "手机用户请浏览 m.example.com 阅读",
    "林风下山。",
]


def write_manuscript(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def logged_lines(root: Path) -> dict[int, str]:
    """Line number -> text of every line the import log records (tab-separated rows)."""
    log = (root / IMPORT_LOG_FILE).read_text(encoding="utf-8")
    rows = [line.split("\t", 2) for line in log.splitlines() if line.count("\t") >= 2]
    return {int(number): text for number, _, text in rows if number.isdigit()}


def rebuild(root: Path, source_lines: int) -> list[str]:
    """The manuscript's lines from what the import wrote: the log's lines at their numbers,
    the front matter and each chapter's body (its file minus the generated heading) between."""
    project = Project.open(root)
    logged = logged_lines(root)
    front = root / FRONT_MATTER_FILE
    pieces = [front.read_text(encoding="utf-8").splitlines() if front.is_file() else []]
    pieces += [
        project.chapter_text(ref.number).split("\n", 1)[1].splitlines() for ref in project.chapters
    ]
    heading_lines = sorted(n for n, text in logged.items() if parse_heading(text))
    result: dict[int, str] = dict(logged)
    free = (n for n in range(1, source_lines + 1) if n not in logged)
    bounds = [0, *heading_lines, source_lines + 1]
    for piece, (low, high) in zip(pieces, pairwise(bounds), strict=True):
        for text in piece:
            number = next(free)
            assert low < number < high, f"line {number} lands outside its part"
            result[number] = text
    return [result[n] for n in range(1, source_lines + 1)]


@pytest.mark.parametrize("strip", [False, True])
def test_volumes_and_platform_lines_round_trip(tmp_path, strip):
    source = write_manuscript(tmp_path / "book.txt", MANUSCRIPT)
    split = read_manuscript(source, strip_boilerplate=strip)
    assert [(v.line, v.text) for v in split.volumes] == [(3, "第一卷 风起青萍"), (11, "卷二 云涌")]
    assert [c.volume for c in split.chapters] == ["第一卷 风起青萍", "第一卷 风起青萍", "卷二 云涌"]
    assert [(b.line, b.kind) for b in split.boilerplate] == [
        (2, "站点"),
        (5, "更新时间"),
        (7, "求票"),
        (13, "网址"),
    ]
    root = tmp_path / "novel"
    write_import(plan_import(split, root))
    project = Project.open(root)
    texts = [project.chapter_text(ref.number) for ref in project.chapters]
    assert texts[0].startswith("# 第一章 雷雨夜\n")
    assert texts[1].startswith("# 第二章\u3000拜师\n")  # the heading as written, spacing kept
    assert "卷二" not in texts[1] and "第一卷" not in (root / FRONT_MATTER_FILE).read_text()
    assert ("求收藏！求月票！" in texts[0]) is not strip
    assert "他求收藏家把画卖给他。" in texts[1]  # prose, not a plea
    log = (root / IMPORT_LOG_FILE).read_text(encoding="utf-8")
    assert "- 分卷：第一卷 风起青萍（从第1章起）" in log and "- 分卷：卷二 云涌（从第3章起）" in log
    assert ("（删除：求票）\t求收藏！求月票！" in log) is strip
    assert rebuild(root, len(MANUSCRIPT)) == MANUSCRIPT


def test_docx_imports_into_the_same_chapters_as_its_txt_twin(tmp_path):
    document = docx.Document()
    for line in MANUSCRIPT:
        document.add_paragraph(line)
    document.save(tmp_path / "book.docx")
    write_manuscript(tmp_path / "book.txt", MANUSCRIPT)
    for name in ("book.docx", "book.txt"):
        write_import(plan_import(read_manuscript(tmp_path / name), tmp_path / f"from-{name}"))
    from_docx, from_txt = (Project.open(tmp_path / f"from-{n}") for n in ("book.docx", "book.txt"))
    assert [ref.path.name for ref in from_docx.chapters] == ["ch001.md", "ch002.md", "ch003.md"]
    assert [ref.path.read_bytes() for ref in from_docx.chapters] == [
        ref.path.read_bytes() for ref in from_txt.chapters
    ]


def test_a_file_that_is_not_a_docx_is_a_clear_problem(tmp_path):
    from workbench.errors import FileProblem

    fake = tmp_path / "book.docx"
    fake.write_text("第一章 不是 Word 文件", encoding="utf-8")
    with pytest.raises(FileProblem) as error:
        read_manuscript(fake)
    assert "book.docx" in str(error.value) and ".docx" in error.value.problem


@pytest.mark.parametrize(
    ("line", "number", "label"),
    [
        ("Chapter One: The Storm", 1, "Chapter One: The Storm"),
        ("CHAPTER TWENTY-ONE", 21, "CHAPTER TWENTY-ONE"),
        ("## Chapter 7 Night", 7, "Chapter 7 Night"),
        ("Chapter IV", 4, "Chapter IV"),
        ("Chapter One Hundred and Five", 105, "Chapter One Hundred and Five"),
        ("第一百二十回 荐杜预老将献新谋", 120, "第一百二十回 荐杜预老将献新谋"),
        ("正文 第三回　议温明董卓叱丁原", 3, "第三回　议温明董卓叱丁原"),
        ("【第五章】 风起", 5, "第五章 风起"),
        ("第六章：夜雨", 6, "第六章：夜雨"),
    ],
)
def test_headings_keep_the_words_they_were_written_in(line, number, label):
    heading = parse_heading(line)
    assert heading is not None and (heading.number, heading.label) == (number, label)


@pytest.mark.parametrize("line", ["Chapter Oneday", "chapters of the book", "Chapter"])
def test_english_words_that_are_not_numbers_are_not_headings(line):
    assert parse_heading(line) is None


@pytest.mark.parametrize(
    ("line", "volume"),
    [("第一卷 风起", "第一卷 风起"), ("卷二", "卷二"), ("## 第3卷：终局", "第3卷：终局")],
)
def test_volume_headings(line, volume):
    assert volume_heading(line) == volume


@pytest.mark.parametrize("line", ["第一卷说的是。", "第一卷 第一章 开端", "第3部分 附录"])
def test_not_volume_headings(line):
    assert volume_heading(line) is None


def test_platform_lines_are_told_from_prose():
    assert boilerplate_kind("    更新时间:2007-11-16 7:55:51 本章字数:4804") == "更新时间"
    assert boilerplate_kind("本章字数：3000") == "字数"
    assert boilerplate_kind("（求推荐票）") == "求票"
    assert boilerplate_kind("他求收藏家把画卖给他。") is None
    assert boilerplate_kind("话说天下大势，分久必合，合久必分。") is None


POOL = [
    "第一章 雷雨夜",
    "第二回　宴桃园",
    "Chapter Three: Night",
    "第一卷 风起",
    "卷二",
    "更新时间：2024-01-01 本章字数：3000",
    "求收藏！求月票！",
    "www.example.com",
    "林风下山。",
    "他说第三回的事以后再讲。",
    "",
    "　　青山依旧在。",
]


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.sampled_from(POOL), max_size=30),
    strip=st.booleans(),
    crlf=st.booleans(),
)
def test_every_line_is_in_a_chapter_the_front_matter_or_set_aside(lines, strip, crlf):
    newline = "\r\n" if crlf else "\n"
    text = "".join(line + newline for line in lines)
    split = split_text(text, Path("book.txt"), strip_boilerplate=strip)
    aside = {c.line: c.heading_line for c in split.chapters}
    aside |= {v.line: v.text for v in split.volumes}
    if strip:
        aside |= {b.line: b.text for b in split.boilerplate}
    kept = split.front_matter + "".join(c.body for c in split.chapters)
    rest = iter(kept.splitlines())
    rebuilt = [aside[n] if n in aside else next(rest) for n in range(1, len(lines) + 1)]
    assert rebuilt == lines
    assert next(rest, None) is None
