"""The text of a .docx manuscript, read within bounds.

A .docx is a zip of XML parts. The file is read through the gate (its size capped like any
manuscript), then every part's size as the zip's directory declares it is checked before
anything is decompressed: zipfile never yields more than a part's declared size, so a zip
bomb (2.6 MB that inflate to 2 GB) is refused by those numbers alone. XML that does not parse
(malformed, or a DTD of nested entities, which python-docx's parser never expands) is a
message naming the file, not a traceback.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from workbench.book import gate
from workbench.errors import FileProblem

# Sixty times the corpus (三国演义, 1.8 MB): far past any book, and what splitting it costs
# stays well inside a small machine's memory.
MAX_MANUSCRIPT_BYTES = 64 * 1024 * 1024
MAX_PARTS = 2_000  # a long Word document has a few dozen; images and all, a few hundred
MAX_PART_BYTES = 128 * 1024 * 1024  # word/document.xml of a 2-million-字 book: ~30 MB
MAX_UNPACKED_BYTES = 256 * 1024 * 1024  # all parts together


@dataclass(frozen=True)
class DocxText:
    """A .docx manuscript's paragraphs as lines of text."""

    path: Path
    text: str


def read_docx(path: Path) -> DocxText:
    """The paragraphs of a Word document, one line each; a FileProblem when it is not one or
    is larger than its bounds."""
    data = gate.read_bytes(path, root=None, limit=MAX_MANUSCRIPT_BYTES, what="a manuscript")
    check_parts(data, path)
    import docx  # python-docx; imported here so a TXT import never pays for loading it
    from docx.opc.exceptions import PackageNotFoundError
    from lxml import etree

    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as error:
        raise FileProblem(path, f"not a readable .docx document: {error}") from error
    except (etree.LxmlError, SyntaxError) as error:  # XMLSyntaxError is both
        raise FileProblem(path, f"not a readable .docx document: bad XML: {error}") from error
    return DocxText(path, "\n".join(paragraph.text for paragraph in document.paragraphs) + "\n")


def check_parts(data: bytes, path: Path) -> None:
    """Refuse a .docx whose parts, as its zip directory declares them, are too many or too
    large (before any is decompressed)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, ValueError) as error:
        raise FileProblem(path, f"not a readable .docx document: {error}") from error
    if len(parts) > MAX_PARTS:
        raise FileProblem(
            path, f"{len(parts)} parts, more than the {MAX_PARTS} a .docx may have; not read"
        )
    for part in parts:
        if part.file_size > MAX_PART_BYTES:
            raise FileProblem(
                path,
                f"{part.filename} unpacks to {gate.size_text(part.file_size)}, more than the "
                f"{gate.size_text(MAX_PART_BYTES)} a part may be (a zip bomb?); not read",
            )
    total = sum(part.file_size for part in parts)
    if total > MAX_UNPACKED_BYTES:
        raise FileProblem(
            path,
            f"unpacks to {gate.size_text(total)}, more than the "
            f"{gate.size_text(MAX_UNPACKED_BYTES)} a .docx may be (a zip bomb?); not read",
        )
