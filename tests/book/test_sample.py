from __future__ import annotations

from workbench.book.check import check_project, is_clean
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main

TITLES = [
    "寒渊列的灯", "灯花", "药庐", "黑松林", "烧掉的歌", "殿主名录",
    "小比", "灰袍", "掐灯", "魁首", "无名灯", "赤石坳",
]  # fmt: skip


def test_sample_opens_with_every_chapter_in_order(sample_copy):
    project = Project.open(sample_copy)
    assert project.layout.kind == "workbench"
    assert [ref.number for ref in project.chapters] == list(range(1, 13))
    assert [ref.path.name for ref in project.chapters] == [f"ch{n:03d}.md" for n in range(1, 13)]
    assert [project.chapter_title(ref) for ref in project.chapters] == TITLES
    for ref in project.chapters:
        assert project.chapter_text(ref.number).startswith(f"# 第{ref.number}章 ")
        assert 1500 <= project.chapter_zi(ref) <= 3000
    assert all(project.plan(n) is not None for n in range(1, 14))
    assert all(project.read_role(role) is not None for role in Role)


def test_sample_checks_clean(sample_copy, capsys):
    assert is_clean(check_project(Project.open(sample_copy)))
    assert main(["check", str(sample_copy)]) == EXIT_OK
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == "ok: 12 chapters, no problems (workbench layout)"
    )


def test_sample_chapters_reimported_from_one_manuscript_come_back_the_same(sample_copy, tmp_path):
    # An author's round trip: the book as one TXT file, imported into a new project.
    project = Project.open(sample_copy)
    manuscript = tmp_path / "sample.txt"
    texts = [project.chapter_text(ref.number) for ref in project.chapters]
    manuscript.write_text("".join(texts), encoding="utf-8")
    into = tmp_path / "reimported"
    assert main(["import", str(manuscript), "--into", str(into)]) == EXIT_OK
    reimported = Project.open(into)
    assert [reimported.chapter_text(ref.number) for ref in reimported.chapters] == texts
