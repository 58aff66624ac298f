"""The DOCX has one Heading 1 per chapter, in order, each followed by that chapter's
paragraphs, with the book's title and author in its properties."""

from __future__ import annotations

import docx

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main
from workbench.export.chapters import book_chapters


def test_one_heading_per_chapter_then_its_paragraphs(sample_copy, tmp_path):
    out = tmp_path / "book.docx"
    assert main(["export", str(sample_copy), "--format", "docx", "--out", str(out)]) == EXIT_OK
    document = docx.Document(str(out))
    assert document.core_properties.title == "烬灯录"
    assert document.core_properties.author == "南窗"

    read: list[tuple[str, list[str]]] = []
    for paragraph in document.paragraphs:
        if paragraph.style.name == "Heading 1":
            read.append((paragraph.text, []))
        else:
            assert read, f"a paragraph before the first heading: {paragraph.text[:20]}"
            read[-1][1].append(paragraph.text)
    expected = book_chapters(Project.open(sample_copy))
    assert len(read) == len(expected) == 12
    assert read == [(c.heading, list(c.paragraphs)) for c in expected]
    assert sum(p.style.name.startswith("Heading") for p in document.paragraphs) == 12
