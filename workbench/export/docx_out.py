"""DOCX through python-docx: one Heading 1 per chapter, a page before each but the first,
paragraphs with a two-character first-line indent (what a Chinese manuscript sets)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from workbench.export.chapters import SCENE_BREAK, ExportChapter
from workbench.export.config import BookInfo

BODY_POINTS = 12


def docx_bytes(book: BookInfo, chapters: Sequence[ExportChapter]) -> bytes:
    """The whole DOCX file, its title and author in the document properties."""
    import docx  # python-docx: only an export to DOCX loads it
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    document = docx.Document()
    document.core_properties.title = book.title
    document.core_properties.author = book.author
    document.core_properties.language = "zh-CN"
    body = document.styles["Normal"]
    body.font.size = Pt(BODY_POINTS)
    for position, chapter in enumerate(chapters):
        heading = document.add_heading(chapter.heading, level=1)
        heading.paragraph_format.page_break_before = position > 0
        for text in chapter.paragraphs:
            paragraph = document.add_paragraph(text)
            if text == SCENE_BREAK:
                paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
            else:
                paragraph.paragraph_format.first_line_indent = Pt(BODY_POINTS * 2)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()
