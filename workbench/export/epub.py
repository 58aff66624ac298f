"""EPUB 3 built with the standard zipfile module.

What a reading system needs and epubcheck asks for: the `mimetype` entry first, stored
uncompressed and without extra fields (readers sniff its bytes at offset 38),
`META-INF/container.xml` pointing at the package document, the package document (title,
author, language, identifier, modification time; a manifest of every file; the spine in
reading order), a navigation document, and one XHTML file per chapter. The identifier is
derived from the title and author, so exporting the same book again makes the same book for
a reader's library, not a second copy of it.
"""

from __future__ import annotations

import io
import uuid
import zipfile
from collections.abc import Sequence
from datetime import UTC, datetime
from xml.sax.saxutils import escape

from workbench.export.chapters import SCENE_BREAK, ExportChapter
from workbench.export.config import BookInfo

MIMETYPE = "application/epub+zip"
PACKAGE_PATH = "OEBPS/content.opf"
LANGUAGE = "zh-CN"
_CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""
# Paragraphs are indented by the style, as platform text is by full-width spaces.
_STYLE = """body { margin: 0 5%; line-height: 1.8; }
h1 { font-size: 1.4em; text-align: center; margin: 2em 0 1.5em; }
p { text-indent: 2em; margin: 0 0 0.6em; }
p.break { text-indent: 0; text-align: center; }
"""
_XHTML_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
xml:lang="{lang}" lang="{lang}">
<head>
  <meta charset="UTF-8"/>
  <title>{title}</title>
  <link rel="stylesheet" type="text/css" href="{style}"/>
</head>
<body>
"""


def chapter_file(position: int) -> str:
    """The XHTML file name inside OEBPS/text/ of the chapter at `position` (from 1): by
    position, not number, as a book may hold two files of one number."""
    return f"chapter-{position:04d}.xhtml"


def book_identifier(book: BookInfo) -> str:
    """A stable urn:uuid for this title and author."""
    return uuid.uuid5(uuid.NAMESPACE_URL, f"workbench:{book.title}\n{book.author}").urn


def chapter_xhtml(chapter: ExportChapter) -> str:
    """One chapter as an XHTML content document."""
    head = _XHTML_HEAD.format(lang=LANGUAGE, title=escape(chapter.heading), style="../style.css")
    lines = [head, f"<h1>{escape(chapter.heading)}</h1>\n"]
    for paragraph in chapter.paragraphs:
        kind = ' class="break"' if paragraph == SCENE_BREAK else ""
        lines.append(f"<p{kind}>{escape(paragraph)}</p>\n")
    lines.append("</body>\n</html>\n")
    return "".join(lines)


def nav_xhtml(book: BookInfo, chapters: Sequence[ExportChapter]) -> str:
    """The navigation document: a table of contents of every chapter, in order."""
    head = _XHTML_HEAD.format(lang=LANGUAGE, title=escape(book.title), style="style.css")
    items = "".join(
        f'      <li><a href="text/{chapter_file(n)}">{escape(c.heading)}</a></li>\n'
        for n, c in enumerate(chapters, 1)
    )
    return (
        f'{head}<nav epub:type="toc" id="toc">\n  <h1>目录</h1>\n  <ol>\n{items}  </ol>\n'
        "</nav>\n</body>\n</html>\n"
    )


def package_document(book: BookInfo, chapters: Sequence[ExportChapter], modified: datetime) -> str:
    """content.opf: the book's metadata, every file it holds, and the reading order."""
    stamp = modified.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    creator = f"    <dc:creator>{escape(book.author)}</dc:creator>\n" if book.author else ""
    manifest = "".join(
        f'    <item id="c{n}" href="text/{chapter_file(n)}" media-type="application/xhtml+xml"/>\n'
        for n in range(1, len(chapters) + 1)
    )
    spine = "".join(f'    <itemref idref="c{n}"/>\n' for n in range(1, len(chapters) + 1))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
        f'unique-identifier="book-id" xml:lang="{LANGUAGE}">\n'
        '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
        f'    <dc:identifier id="book-id">{book_identifier(book)}</dc:identifier>\n'
        f"    <dc:title>{escape(book.title)}</dc:title>\n"
        f"{creator}"
        f"    <dc:language>{LANGUAGE}</dc:language>\n"
        f'    <meta property="dcterms:modified">{stamp}</meta>\n'
        "  </metadata>\n"
        "  <manifest>\n"
        '    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
        'properties="nav"/>\n'
        '    <item id="style" href="style.css" media-type="text/css"/>\n'
        f"{manifest}"
        "  </manifest>\n"
        "  <spine>\n"
        f"{spine}"
        "  </spine>\n"
        "</package>\n"
    )


def epub_bytes(
    book: BookInfo, chapters: Sequence[ExportChapter], modified: datetime | None = None
) -> bytes:
    """The whole EPUB file; `modified` (default now) is its dcterms:modified and the time of
    every entry."""
    modified = modified or datetime.now(UTC)
    stamp = modified.astimezone(UTC).timetuple()[:6]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:

        def add(name: str, text: str, compress: int = zipfile.ZIP_DEFLATED) -> None:
            entry = zipfile.ZipInfo(name, date_time=stamp)
            entry.compress_type = compress
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, text.encode("utf-8"))

        add("mimetype", MIMETYPE, zipfile.ZIP_STORED)
        add("META-INF/container.xml", _CONTAINER)
        add(PACKAGE_PATH, package_document(book, chapters, modified))
        add("OEBPS/nav.xhtml", nav_xhtml(book, chapters))
        add("OEBPS/style.css", _STYLE)
        for position, chapter in enumerate(chapters, 1):
            add(f"OEBPS/text/{chapter_file(position)}", chapter_xhtml(chapter))
    return buffer.getvalue()
