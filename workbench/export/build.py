"""One export of a chapter range in a format, as the bytes of the file it makes."""

from __future__ import annotations

from datetime import datetime

from workbench.book.project import Project
from workbench.export.chapters import book_chapters
from workbench.export.config import book_info, export_config
from workbench.export.platform import platform_text

FORMATS = ("txt", "epub", "docx")


def export_bytes(
    project: Project,
    fmt: str,
    first: int | None = None,
    last: int | None = None,
    *,
    modified: datetime | None = None,
) -> tuple[bytes, int]:
    """(the file's bytes, how many chapters it holds) for chapters `first`-`last` (the whole
    book when None) in `fmt` (one of FORMATS); `modified` dates an EPUB (default now)."""
    chapters = book_chapters(project, first, last)
    if fmt == "txt":
        data = platform_text(chapters, export_config(project).blank_lines).encode("utf-8")
    elif fmt == "epub":
        from workbench.export.epub import epub_bytes

        data = epub_bytes(book_info(project), chapters, modified)
    elif fmt == "docx":
        from workbench.export.docx_out import docx_bytes

        data = docx_bytes(book_info(project), chapters)
    else:
        raise ValueError(f"unknown export format {fmt!r}")
    return data, len(chapters)
