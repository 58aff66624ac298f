from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from workbench.book.gate import read_text as gate_read_text
from workbench.book.importer import (
    FRONT_MATTER_FILE,
    IMPORT_LOG_FILE,
    ImportConflict,
    parse_heading,
    plan_import,
    read_manuscript,
    split_text,
    write_import,
)
from workbench.book.project import Project

# How the corpus heads its chapters, recognised independently of the importer.
CORPUS_NUMBERING = re.compile(r"^第[一二三四五六七八九十百]+回")
CORPUS_HEADING = re.compile(r"^\s*正文 第[一二三四五六七八九十百]+回[\s\u3000]*(.*?)\s*$")


@pytest.mark.parametrize(
    ("line", "number", "title"),
    [
        (
            "    正文 第一回 宴桃园豪杰三结义 斩黄巾英雄首立功\n",
            1,
            "宴桃园豪杰三结义 斩黄巾英雄首立功",
        ),
        (
            "    正文 第一百十八回\u3000哭祖庙一王死孝\u3000入西川二士争功 ",
            118,
            "哭祖庙一王死孝 入西川二士争功",
        ),
        ("第1章 雷雨夜", 1, "雷雨夜"),
        ("第0012章：剑出", 12, "剑出"),
        ("第十二章剑出", 12, "剑出"),
        ("第 12 章 雷雨", 12, "雷雨"),
        ("# 第三节 夜袭", 3, "夜袭"),
        ("## 第两百章 终局 ##", 200, "终局"),
        ("第一卷 第三章 开端", 3, "开端"),
        ("VIP章节 第1001章 归来", 1001, "归来"),
        ("正文第五章 风起", 5, "风起"),
        ("某某小说网 第一章 开端", 1, "开端"),
        ("《雷雨夜》 第三章 开端", 3, "开端"),
        ("【第五章】 风起", 5, "风起"),
        ("【第五章 风起】", 5, "风起"),
        ("**第六章 夜雨**", 6, "夜雨"),
        ("第七章 他来了！", 7, "他来了！"),
        ("第八章 （上）", 8, "（上）"),
        ("\ufeff第一章 开端\r\n", 1, "开端"),
        ("第一万零一章 尾声", 10_001, "尾声"),
        ("楔子", 0, "楔子"),
        ("序章：风起青萍", 0, "序章 风起青萍"),
        ("　　引子 一", 0, "引子 一"),
        ("Chapter 12: The Storm", 12, "The Storm"),
        ("CHAPTER 3", 3, ""),
        ("第五章", 5, ""),
    ],
)
def test_heading_lines(line, number, title):
    heading = parse_heading(line)
    assert heading is not None
    assert (heading.number, heading.title) == (number, title)


@pytest.mark.parametrize(
    "line",
    [
        "他想起第三回里说的事情。",
        "他想起第三回",
        "说到第三回，",
        "　　话说第三回中，刘备已经走了",
        "第三回合，林风被一掌击退。",
        "第三回合",
        "第二节课下课后他去了操场",
        "第一章讲的是雷雨夜里发生的事，后来他明白了。",
        "引子就是这么一回事",
        "第二天，他又去了。",
        "第一卷 风起",
        "chapters of the book",
        "第一章 " + "很长的标题" * 12,
        "",
        "　　",
    ],
)
def test_prose_is_not_a_heading(line):
    assert parse_heading(line) is None


def test_split_keeps_text_exactly_and_sends_front_matter_aside():
    text = (
        "书名：雷雨夜\r\n作者：某某\r\n\r\n"
        "楔子\r\n很久以前。\r\n"
        "第一章 雷雨\r\n  他说第二章的事以后再讲。\r\n\r\n"
        "第二章 夜行\r\n更新时间:2020-01-01 本章字数:3000\r\n最后一行没有换行"
    )
    split = split_text(text, Path("book.txt"))
    assert split.newline == "\r\n"
    assert split.front_matter == "书名：雷雨夜\r\n作者：某某\r\n\r\n"
    assert [(c.number, c.title, c.line) for c in split.chapters] == [
        (0, "楔子", 4),
        (1, "雷雨", 6),
        (2, "夜行", 9),
    ]
    assert split.chapters[1].body == "  他说第二章的事以后再讲。\r\n\r\n"
    assert split.chapters[2].file_text("\r\n") == (
        "# 第二章 夜行\r\n更新时间:2020-01-01 本章字数:3000\r\n最后一行没有换行"
    )
    rebuilt = split.front_matter + "".join(c.heading_line + "\r\n" + c.body for c in split.chapters)
    assert rebuilt == text
    assert split.warnings == []


def test_contents_list_goes_to_front_matter():
    text = "目录\n第一章 开端\n第二章 远行\n\n第一章 开端\n正文一\n第二章 远行\n正文二\n"
    split = split_text(text, Path("book.txt"))
    assert [(c.number, c.line) for c in split.chapters] == [(1, 5), (2, 7)]
    assert split.front_matter == "目录\n第一章 开端\n第二章 远行\n\n"


def test_repeated_numbers_are_renumbered_in_order_not_overwritten():
    text = "第一卷\n第一章 甲\n一\n第二章 乙\n二\n第二卷\n第一章 丙\n三\n"
    split = split_text(text, Path("book.txt"))
    assert [(c.number, c.title) for c in split.chapters] == [(1, "甲"), (2, "乙"), (3, "丙")]
    # Volume headings are set aside (recorded in the import log), never glued into a chapter.
    assert split.chapters[1].body == "二\n"
    assert [(v.line, v.text) for v in split.volumes] == [(1, "第一卷"), (6, "第二卷")]
    assert [c.volume for c in split.chapters] == ["第一卷", "第一卷", "第二卷"]
    assert "repeat" in split.warnings[0]


def test_gaps_and_backward_numbers_are_warned_about():
    split = split_text("第一章 甲\n第三章 丙\n第二章 乙\n", Path("book.txt"))
    assert [c.number for c in split.chapters] == [1, 3, 2]
    assert any("line 3" in w and "第2章" in w for w in split.warnings)
    split = split_text("第一章 甲\n第四章 丁\n", Path("book.txt"))
    assert split.warnings == ["no heading for chapter(s) 2、3"]


def import_corpus(manuscript: Path, into: Path) -> Project:
    split = read_manuscript(manuscript)
    write_import(plan_import(split, into))
    return Project.open(into)


def test_corpus_imports_into_120_chapters_with_titles_and_every_line(corpus_copy, tmp_path):
    source = corpus_copy.read_text(encoding="utf-8")
    project = import_corpus(corpus_copy, tmp_path / "book")

    headings = [m.group(1) for m in map(CORPUS_HEADING.match, source.splitlines()) if m]
    assert len(headings) == 120
    assert [ref.number for ref in project.chapters] == list(range(1, 121))
    assert [ref.path.name for ref in project.chapters[:2]] == ["ch001.md", "ch002.md"]
    titles = [project.chapter_title(ref) for ref in project.chapters]
    # Titles exactly as written, spacing included (玄德进位汉中王\u3000云长攻拔襄阳郡).
    assert titles == headings
    assert titles[0] == "宴桃园豪杰三结义 斩黄巾英雄首立功"
    assert titles[72] == "玄德进位汉中王\u3000云长攻拔襄阳郡"
    assert titles[117] == "哭祖庙一王死孝\u3000入西川二士争功"

    # The 章回体 heading word stays: 第一回 … 第一百二十回, never rewritten to 第N章.
    written = [line.strip().removeprefix("正文 ") for line in source.splitlines()]
    written = [line for line in written if CORPUS_NUMBERING.match(line)]
    files = [ref.path.read_text(encoding="utf-8") for ref in project.chapters]
    assert [text.split("\n", 1)[0] for text in files] == [f"# {line}" for line in written]
    assert files[0].startswith("# 第一回 宴桃园豪杰三结义 斩黄巾英雄首立功\n")
    assert files[119].startswith("# 第一百二十回\u3000荐杜预老将献新谋")
    bodies = "".join(text.split("\n", 1)[1] for text in files)
    non_heading = [line for line in source.splitlines() if not CORPUS_HEADING.match(line)]
    front = (project.root / FRONT_MATTER_FILE).read_text(encoding="utf-8")
    assert front.startswith("[三国演义 / 罗贯中 著 ]")
    assert front.splitlines() + bodies.splitlines() == non_heading
    assert "    更新时间:2007-11-16 7:55:51 本章字数:4804" in files[0].splitlines()

    # The import log holds the original heading lines verbatim, so the source comes back whole.
    log = (project.root / IMPORT_LOG_FILE).read_text(encoding="utf-8")
    originals = [line.split("\t")[2] for line in log.splitlines() if line.count("\t") == 2]
    rebuilt = front + "".join(
        original + "\n" + body.split("\n", 1)[1]
        for original, body in zip(originals, files, strict=True)
    )
    assert rebuilt == source


def chapter_bytes(project: Project) -> dict[str, bytes]:
    return {ref.path.name: ref.path.read_bytes() for ref in project.chapters}


def test_corpus_in_gb18030_imports_identically(corpus_copy, tmp_path):
    text = corpus_copy.read_text(encoding="utf-8")
    # The scraped text holds private-use characters (glyphs the scraper could not map) that
    # GBK cannot encode; GB18030, GBK's superset, can, and is what Chinese Windows saves.
    with pytest.raises(UnicodeEncodeError):
        text.encode("gbk")
    legacy = tmp_path / "sanguo-gb18030.txt"
    legacy.write_bytes(text.encode("gb18030"))
    assert read_manuscript(legacy).encoding == "gb18030"

    from_utf8 = import_corpus(corpus_copy, tmp_path / "utf8")
    from_legacy = import_corpus(legacy, tmp_path / "legacy")
    assert chapter_bytes(from_legacy) == chapter_bytes(from_utf8)
    assert len(chapter_bytes(from_legacy)) == 120
    assert gate_read_text(from_legacy.chapters[0].path, root=None).encoding == "utf-8"


def test_corpus_in_plain_gbk_imports_identically(corpus_copy, tmp_path):
    text = corpus_copy.read_text(encoding="utf-8")
    gbk_only = "".join(ch for ch in text if ch.encode("gbk", errors="ignore") or ch in "\r\n")
    assert len(text) - len(gbk_only) < 200  # only the private-use glyphs are dropped
    as_utf8 = tmp_path / "utf8.txt"
    as_utf8.write_text(gbk_only, encoding="utf-8")
    as_gbk = tmp_path / "gbk.txt"
    as_gbk.write_bytes(gbk_only.encode("gbk"))
    from_utf8 = import_corpus(as_utf8, tmp_path / "utf8")
    from_gbk = import_corpus(as_gbk, tmp_path / "gbk")
    assert len(from_gbk.chapters) == 120
    assert chapter_bytes(from_gbk) == chapter_bytes(from_utf8)


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_import_refuses_to_overwrite_before_writing_anything(tmp_path):
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("前言\n第一章 甲\n一\n第二章 乙\n二\n", encoding="utf-8")
    into = tmp_path / "novel"
    (into / "chapters").mkdir(parents=True)
    # The author's own chapter 2, under another name form: it is still chapter 2.
    (into / "chapters" / "第0002章-乙.md").write_text("作者写的第二章", encoding="utf-8")
    before = snapshot(into)

    plan = plan_import(read_manuscript(manuscript), into)
    with pytest.raises(ImportConflict) as caught:
        write_import(plan)
    assert caught.value.paths == ["chapters/第0002章-乙.md"]
    assert "--force" in str(caught.value)
    assert snapshot(into) == before

    write_import(plan_import(read_manuscript(manuscript), into), force=True)
    project = Project.open(into)
    assert [ref.path.name for ref in project.chapters] == ["ch001.md", "第0002章-乙.md"]
    assert project.chapter_text(2) == "# 第二章 乙\n二\n"
    assert (into / FRONT_MATTER_FILE).read_text(encoding="utf-8") == "前言\n"
    assert (into / "worldbuilding" / "world.md").is_file()
    assert not (into / "outline" / "chapters" / "ch001.md").exists()


def test_reimport_needs_force_and_force_restores(tmp_path):
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("第一章 甲\n一\n", encoding="utf-8")
    into = tmp_path / "novel"
    write_import(plan_import(read_manuscript(manuscript), into))
    chapter = into / "chapters" / "ch001.md"
    chapter.write_text("改过的", encoding="utf-8")
    with pytest.raises(ImportConflict):
        write_import(plan_import(read_manuscript(manuscript), into))
    assert chapter.read_text(encoding="utf-8") == "改过的"
    write_import(plan_import(read_manuscript(manuscript), into), force=True)
    assert chapter.read_text(encoding="utf-8") == "# 第一章 甲\n一\n"
    log = (into / IMPORT_LOG_FILE).read_text(encoding="utf-8")
    assert log.count("## book.txt") == 2  # each import is recorded, none forgotten


def test_chapter_file_width_grows_past_999(tmp_path):
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("第998章 甲\n一\n第999章 乙\n二\n第1000章 丙\n三\n", encoding="utf-8")
    write_import(plan_import(read_manuscript(manuscript), tmp_path / "novel"))
    project = Project.open(tmp_path / "novel")
    names = [ref.path.name for ref in project.chapters]
    assert names == ["ch998.md", "ch999.md", "ch1000.md"]


def test_import_into_a_webnovel_writer_project_follows_its_layout(tmp_path):
    root = tmp_path / "wn"
    (root / "正文" / "第1卷").mkdir(parents=True)
    (root / "正文" / "第1卷" / "第0001章-起.md").write_text("作者的第一章", encoding="utf-8")
    (root / "大纲").mkdir()
    (root / "大纲" / "总纲.md").write_text("# 总纲\n", encoding="utf-8")
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("第二章 承\n二\n第三章 转\n三\n", encoding="utf-8")
    write_import(plan_import(read_manuscript(manuscript), root))
    project = Project.open(root)
    assert project.layout.kind == "webnovel-writer"
    assert [project.relative(ref.path) for ref in project.chapters] == [
        "正文/第1卷/第0001章-起.md",
        "正文/第0002章.md",
        "正文/第0003章.md",
    ]
    assert (root / "大纲" / "总纲.md").read_text(encoding="utf-8") == "# 总纲\n"
    assert (root / "设定集" / "世界观.md").is_file()
    assert not (root / "chapters").exists()


def test_forced_import_that_fails_midway_leaves_old_chapters_intact(tmp_path, monkeypatch):
    manuscript = tmp_path / "book.txt"
    manuscript.write_text("第一章 甲\n一\n第二章 乙\n二\n", encoding="utf-8")
    into = tmp_path / "novel"
    write_import(plan_import(read_manuscript(manuscript), into))
    for name in ("ch001.md", "ch002.md"):
        (into / "chapters" / name).write_text("作者改过的" + name, encoding="utf-8")
    before = snapshot(into)

    def full_disk(*args):
        raise OSError("injected: no space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="injected"):
        write_import(plan_import(read_manuscript(manuscript), into), force=True)
    monkeypatch.undo()
    assert snapshot(into) == before  # old files intact, no temp files left behind
