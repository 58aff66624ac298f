from __future__ import annotations

import os
import shutil

import pytest

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.templates import create_project
from workbench.errors import FileProblem, LayoutProblem


def test_new_project_with_chapters_in_every_name_form_opens_in_order(tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    chapters = root / "chapters"
    (chapters / "ch001.md").unlink()
    names = {
        "0005.md": "# 第5章 五\n",
        "ch010.md": "# 第10章 十\n",
        "第0004章-标题四.md": "正文\n",
        "ch0002.md": "# 第2章 二\n",
        "第0003章.md": "# 第三章 三\n",
        "ch001.md": "前言\n\n# 第1章 一\n",
        "notes.md": "不是章节",
    }
    for name, text in names.items():
        (chapters / name).write_text(text, encoding="utf-8")
    project = Project.open(root)
    assert [ref.number for ref in project.chapters] == [1, 2, 3, 4, 5, 10]
    titles = [project.chapter_title(ref) for ref in project.chapters]
    assert titles == ["一", "二", "三", "标题四", "五", "十"]
    assert project.new_chapter_path(11) == chapters / "ch011.md"


def test_webnovel_writer_layout_opens_ordered_with_titles(tmp_path):
    root = tmp_path / "wn"
    files = {
        "正文/第1卷/第001章-初入山门.md": "# 第1章 初入山门\n正文一\n",
        "正文/第1卷/第010章-远行.md": "正文十\n",
        "正文/第2卷/第002章.md": "# 第2章 拜师\n正文二\n",
        "大纲/总纲.md": "# 总纲\n",
        "大纲/章纲/第002章.md": "---\ntype: battle\n---\n拜师一战\n",
        "设定集/世界观.md": "# 世界观\n## 力量体系\n练气、筑基\n",
        "设定集/主角卡.md": "# 主角\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    project = Project.open(root)
    assert project.layout.kind == "webnovel-writer"
    assert [ref.number for ref in project.chapters] == [1, 2, 10]
    assert [project.chapter_title(ref) for ref in project.chapters] == ["初入山门", "拜师", "远行"]
    assert project.chapter_text(2) == "# 第2章 拜师\n正文二\n"
    assert project.role_path(Role.OUTLINE) == root / "大纲" / "总纲.md"
    assert "力量体系" in project.read_role(Role.WORLD).text
    assert project.read_role(Role.PROTAGONIST).path.name == "主角卡.md"
    assert project.plan(2).type == "battle"
    assert project.new_chapter_path(11) == root / "正文" / "第0011章.md"


def test_gbk_chapter_edited_and_saved_stays_gbk_and_unchanged_elsewhere(corpus_copy, tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    text = corpus_copy.read_text(encoding="utf-8")
    start = text.index("且说董卓字仲颖")
    chapter_text = "# 第2章 张翼德怒鞭督邮\n" + text[start : start + 3000]
    original = chapter_text.encode("gbk")
    path = root / "chapters" / "ch002.md"
    path.write_bytes(original)
    with pytest.raises(UnicodeDecodeError):
        original.decode("utf-8")
    others = {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and p != path}

    project = Project.open(root)
    loaded = project.read(path)
    assert loaded.encoding == "gb18030"
    edited = loaded.text.replace("且说董卓字仲颖", "且说董卓，字仲颖", 1)
    project.save_chapter(2, edited)

    expected = original.replace("且说董卓字仲颖".encode("gbk"), "且说董卓，字仲颖".encode("gbk"), 1)
    assert path.read_bytes() == expected
    assert Project.open(root).read(path).encoding == "gb18030"
    assert {p: p.read_bytes() for p in others} == others
    assert sorted(p.name for p in path.parent.iterdir()) == ["ch001.md", "ch002.md"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_save_that_fails_midway_leaves_the_old_chapter_intact(tmp_path, monkeypatch, failing):
    root = tmp_path / "novel"
    create_project(root)
    path = root / "chapters" / "ch001.md"
    before = path.read_bytes()
    project = Project.open(root)

    def explode(*args):
        raise OSError("injected I/O error")

    monkeypatch.setattr(os, failing, explode)
    with pytest.raises(FileProblem, match=r"ch001\.md: not saved: injected I/O error"):
        project.save_chapter(1, "# 第1章 新\n" + "新的文字" * 5000)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert project.chapter_text(1) == before.decode("utf-8")
    assert sorted(p.name for p in path.parent.iterdir()) == ["ch001.md"]


def test_copied_folder_opens_without_state(tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    (root / ".workbench").mkdir()
    (root / ".workbench" / "cache.md").write_text("缓存", encoding="utf-8")
    copy = tmp_path / "copy"
    shutil.copytree(root, copy, ignore=shutil.ignore_patterns(".workbench"))
    project = Project.open(copy)
    assert [ref.number for ref in project.chapters] == [1]
    assert all(".workbench" not in p.parts for p in Project.open(root).all_files())


def test_a_folder_that_is_no_project_names_what_was_looked_for(tmp_path):
    (tmp_path / "notes.md").write_text("随手记", encoding="utf-8")
    with pytest.raises(LayoutProblem) as caught:
        Project.open(tmp_path)
    for looked_for in ("chapters/", "workbench.toml", "outline/outline.md", "正文/"):
        assert looked_for in str(caught.value)
