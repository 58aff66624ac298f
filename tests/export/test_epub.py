"""The EPUB opens with the standard library: mimetype first and stored, container and
package document and nav document well-formed and consistent, one XHTML per chapter in the
book's order, the title and author of workbench.toml. With EPUBCHECK_JAR naming epubcheck's
jar (and java on the PATH), epubcheck's verdict too."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

import pytest

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main
from workbench.export.chapters import book_chapters

NS = {
    "c": "urn:oasis:names:tc:opendocument:xmlns:container",
    "opf": "http://www.idpf.org/2007/opf",
    "dc": "http://purl.org/dc/elements/1.1/",
    "x": "http://www.w3.org/1999/xhtml",
}


@pytest.fixture
def epub(sample_copy, tmp_path) -> Path:
    out = tmp_path / "book.epub"
    assert main(["export", str(sample_copy), "--format", "epub", "--out", str(out)]) == EXIT_OK
    return out


def test_mimetype_is_the_first_entry_stored_without_extra(epub):
    with zipfile.ZipFile(epub) as archive:
        first = archive.infolist()[0]
        assert first.filename == "mimetype"
        assert first.compress_type == zipfile.ZIP_STORED
        assert first.extra == b""
        assert archive.read("mimetype") == b"application/epub+zip"
        assert archive.testzip() is None
    assert epub.read_bytes()[30:38] == b"mimetype"
    assert epub.read_bytes()[38:58] == b"application/epub+zip"


def test_package_nav_and_chapters_hold_together_in_order(epub, sample_copy):
    project = Project.open(sample_copy)
    with zipfile.ZipFile(epub) as archive:
        names = set(archive.namelist())
        container = ET.fromstring(archive.read("META-INF/container.xml"))
        (rootfile,) = container.findall(".//c:rootfile", NS)
        assert rootfile.get("media-type") == "application/oebps-package+xml"
        opf_path = PurePosixPath(rootfile.get("full-path"))
        package = ET.fromstring(archive.read(str(opf_path)))
        assert package.get("version") == "3.0"
        base = opf_path.parent

        metadata = package.find("opf:metadata", NS)
        assert metadata.findtext("dc:title", namespaces=NS) == "烬灯录"
        assert metadata.findtext("dc:creator", namespaces=NS) == "南窗"
        assert metadata.findtext("dc:language", namespaces=NS) == "zh-CN"
        identifier = metadata.find("dc:identifier", NS)
        assert identifier.get("id") == package.get("unique-identifier")
        assert identifier.text.startswith("urn:uuid:")
        modified = metadata.find("opf:meta[@property='dcterms:modified']", NS)
        datetime.strptime(modified.text, "%Y-%m-%dT%H:%M:%SZ")

        manifest = {item.get("id"): item for item in package.find("opf:manifest", NS)}
        for item in manifest.values():
            assert str(base / item.get("href")) in names
        (nav_item,) = [item for item in manifest.values() if item.get("properties") == "nav"]
        spine = [ref.get("idref") for ref in package.find("opf:spine", NS)]
        chapter_files = [str(base / manifest[idref].get("href")) for idref in spine]
        assert len(set(chapter_files)) == len(chapter_files) == len(project.chapters)

        expected = book_chapters(project)
        for path, chapter in zip(chapter_files, expected, strict=True):
            page = ET.fromstring(archive.read(path))
            assert page.findtext(".//x:h1", namespaces=NS) == chapter.heading
            paragraphs = [p.text for p in page.iterfind(".//x:p", NS)]
            assert paragraphs == list(chapter.paragraphs)
        assert [c.heading.split()[0] for c in expected] == [f"第{n}章" for n in range(1, 13)]

        nav_path = base / nav_item.get("href")
        nav = ET.fromstring(archive.read(str(nav_path)))
        links = nav.findall(".//x:nav//x:a", NS)
        assert [str(nav_path.parent / a.get("href")) for a in links] == chapter_files
        assert [a.text for a in links] == [c.heading for c in expected]


def test_a_range_makes_a_book_of_those_chapters(sample_copy):
    project = Project.open(sample_copy)
    from workbench.export.build import export_bytes

    data, count = export_bytes(project, "epub", 3, 5, modified=datetime(2026, 1, 2, tzinfo=UTC))
    assert count == 3
    out = sample_copy.parent / "range.epub"
    out.write_bytes(data)
    with zipfile.ZipFile(out) as archive:
        pages = [n for n in archive.namelist() if n.startswith("OEBPS/text/")]
        headings = [
            ET.fromstring(archive.read(n)).findtext(".//x:h1", namespaces=NS) for n in pages
        ]
        opf = archive.read("OEBPS/content.opf").decode("utf-8")
    assert [h.split()[0] for h in headings] == ["第3章", "第4章", "第5章"]
    assert "2026-01-02T00:00:00Z" in opf


def test_markup_in_the_text_is_escaped(sample_copy, tmp_path):
    chapter = sample_copy / "chapters" / "ch001.md"
    chapter.write_text("# 第1章 <灯> & 影\n\n他说：a < b && c > d。\n", "utf-8")
    out = tmp_path / "escaped.epub"
    args = ["export", str(sample_copy), "--format", "epub", "--range", "1-1", "--out", str(out)]
    assert main(args) == EXIT_OK
    with zipfile.ZipFile(out) as archive:
        page = ET.fromstring(archive.read("OEBPS/text/chapter-0001.xhtml"))
    assert page.findtext(".//x:h1", namespaces=NS) == "第1章 <灯> & 影"
    assert page.findtext(".//x:p", namespaces=NS) == "他说：a < b && c > d。"


@pytest.mark.skipif(
    not os.environ.get("EPUBCHECK_JAR") or shutil.which("java") is None,
    reason="EPUBCHECK_JAR (epubcheck's jar) and java are needed for epubcheck's verdict",
)
def test_epubcheck_finds_nothing(epub):
    run = subprocess.run(
        ["java", "-jar", os.environ["EPUBCHECK_JAR"], str(epub)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 fatals / 0 errors / 0 warnings" in run.stdout
