"""Platform text: what Chinese serial platforms take in their chapter box.

No Markdown; the chapter's heading on a line of its own, then each paragraph indented with
two full-width spaces, with as many blank lines between paragraphs as the author chose
(`[export] blank_lines`; the platforms' editors keep what is pasted). Chapters follow one
another after a blank line more than paragraphs have, so a range reads as chapters.
"""

from __future__ import annotations

from collections.abc import Iterable

from workbench.export.chapters import ExportChapter

INDENT = "\u3000\u3000"


def platform_chapter(chapter: ExportChapter, blank_lines: int = 1) -> str:
    """One chapter as platform text, ending with a newline."""
    between = "\n" * (blank_lines + 1)
    body = between.join(INDENT + paragraph for paragraph in chapter.paragraphs)
    return f"{chapter.heading}\n\n{body}\n" if body else f"{chapter.heading}\n"


def platform_text(chapters: Iterable[ExportChapter], blank_lines: int = 1) -> str:
    """Several chapters as platform text, in the order given."""
    gap = "\n" * (blank_lines + 1)
    return gap.join(platform_chapter(chapter, blank_lines) for chapter in chapters)
