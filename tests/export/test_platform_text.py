"""Platform text: no Markdown, a heading line, paragraphs indented with two full-width
spaces, the author's blank lines; compared byte for byte with a golden file."""

from __future__ import annotations

import shutil
from pathlib import Path

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.main import main
from workbench.export.build import export_bytes
from workbench.export.chapters import export_chapter
from workbench.export.platform import platform_chapter

GOLDEN = Path(__file__).parent / "golden"


def golden_book(tmp_path: Path) -> Path:
    return Path(shutil.copytree(GOLDEN / "book", tmp_path / "book"))


def test_the_cli_writes_the_golden_platform_text(tmp_path):
    book = golden_book(tmp_path)
    out = tmp_path / "out" / "book.txt"
    assert main(["export", str(book), "--format", "txt", "--out", str(out)]) == EXIT_OK
    assert out.read_bytes() == (GOLDEN / "platform.txt").read_bytes()


def test_blank_lines_follow_the_authors_choice(tmp_path):
    book = golden_book(tmp_path)
    toml = book / "workbench.toml"
    toml.write_text(toml.read_text("utf-8").replace("blank_lines = 1", "blank_lines = 0"), "utf-8")
    text = export_bytes(Project.open(book), "txt", 1, 1)[0].decode("utf-8")
    assert text.splitlines()[:4] == [
        "第1章 灯下",
        "",
        "\u3000\u3000长明殿的灯，一共九千盏。",
        "\u3000\u3000他数过两遍，数到手指发僵。",
    ]


def test_a_range_takes_only_its_chapters(tmp_path):
    book = golden_book(tmp_path)
    text = export_bytes(Project.open(book), "txt", 2, 2)[0].decode("utf-8")
    assert text.startswith("第2章 夜雨\n\n\u3000\u3000雨下了一夜。\n")
    assert "灯下" not in text


def test_every_sample_paragraph_is_indented_and_free_of_markdown(sample_copy):
    project = Project.open(sample_copy)
    text = export_bytes(project, "txt")[0].decode("utf-8")
    headings = [line for line in text.splitlines() if line.startswith("第")]
    assert headings == [
        project.read(ref.path).text.splitlines()[0].lstrip("# ") for ref in project.chapters
    ]
    body = [line for line in text.splitlines() if line and line not in headings]
    assert body and all(line.startswith("\u3000\u3000") for line in body)
    assert not any(mark in text for mark in ("# ", "**", "<!--"))


def test_indents_of_any_width_become_two_full_width_spaces():
    chapter = export_chapter(3, "第3章", "　　甲。\n    乙。\n\t丙。\n丁。\n")
    assert platform_chapter(chapter, 0) == "第3章\n\n" + "".join(
        f"\u3000\u3000{word}。\n" for word in "甲乙丙丁"
    )


def test_an_empty_range_is_refused_by_name(tmp_path, capsys):
    book = golden_book(tmp_path)
    out = tmp_path / "none.txt"
    args = ["export", str(book), "--format", "txt", "--range", "5-9", "--out", str(out)]
    assert main(args) == EXIT_USAGE
    assert "chapters 5-9" in capsys.readouterr().err
    assert not out.exists()
