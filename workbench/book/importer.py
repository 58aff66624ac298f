"""Splitting a TXT/MD manuscript into chapter files by its headings.

A line is a chapter heading when, after optional junk (`正文`, `VIP章节`, `第一卷`, `#`, `【`),
it is `第N章|回|节 title` (Arabic or Chinese numerals), `楔子|序章|引子 title` (chapter 0) or
`Chapter N title`, and it looks like a heading: at most 60 characters, junk without sentence
punctuation and set off by a space or bracket, a title without `。` or `；`. Prose that mentions
第三回 in the middle of a sentence is not a heading.

What is written, and the choices behind it:
- each chapter becomes `ch###.md` (the layout's naming; the width grows past 999) whose first
  line is `# 第N章 title` and whose rest is the manuscript's text between that heading and the
  next, byte for byte (line endings included): nothing re-wrapped, nothing trimmed;
- the original heading line is not kept in the chapter (it often carries junk like `正文`);
  it is recorded verbatim, with its line number, in `meta/import-log.md`, so front matter +
  original headings + chapter bodies give back the manuscript exactly;
- what precedes the first heading goes to `meta/front-matter.md` (when it is not blank);
- chapter files are written as UTF-8 whatever the manuscript's encoding: an import creates
  new files, and UTF-8 is what other tools expect (files that exist keep their encoding when
  edited later, but an import replaces their content as new text);
- when numbers repeat (volumes that restart at 第一章), chapters are numbered in order of
  appearance instead, so no chapter overwrites another; the split says so.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path

from workbench.book import docx_text, gate
from workbench.book.counting import count_zi
from workbench.book.docx_text import read_docx
from workbench.book.layout import Layout, default_layout, detect_layout
from workbench.book.manuscript_lines import (
    boilerplate_kind,
    english_number,
    volume_heading,
)
from workbench.book.naming import MAX_CHAPTER, gap_ranges
from workbench.book.numerals import NUMERAL_CHARS, parse_number
from workbench.book.project import Project
from workbench.book.templates import missing_templates
from workbench.book.textio import UTF8
from workbench.errors import FileProblem, LayoutProblem, WorkbenchError

log = logging.getLogger(__name__)

FRONT_MATTER_FILE = "meta/front-matter.md"
IMPORT_LOG_FILE = "meta/import-log.md"
MAX_HEADING_LENGTH = 60
MAX_MANUSCRIPT_BYTES = docx_text.MAX_MANUSCRIPT_BYTES
WRITE_THREADS = 8
MAX_JUNK_LENGTH = 16
PROLOGUE_WORDS = ("楔子", "序章", "引子")
VOLUME_KIND = "卷"
DOCX = "docx"  # the "encoding" of a Word manuscript: its paragraphs, not bytes

_SPACES = " \t\u3000\xa0\ufeff"
_OPENERS = "【[〖（(「《"
_CLOSERS = "】]〗）)」》"
_SEPARATORS = _SPACES + ":：、.．·-—_|" + _OPENERS + _CLOSERS
_TITLE_LEAD = _SPACES + ":：、.．·-—_|" + _CLOSERS
_SENTENCE_PUNCTUATION = set('。，！？；…“”"「」,!?;')
_KNOWN_JUNK = re.compile(
    rf"(?:正文|VIP章节|VIP|vip|最新章节|免费章节|章节目录|卷[{NUMERAL_CHARS}]+|第[{NUMERAL_CHARS}]+卷)+"
)
_WS = f"[{_SPACES}]*"
_CHINESE = re.compile(rf"第{_WS}([{NUMERAL_CHARS}]+){_WS}([章回节])(?!合|课)")
_PROLOGUE = re.compile("|".join(PROLOGUE_WORDS))
_ENGLISH = re.compile(r"chapter[ \t]*", re.IGNORECASE)
_MARKDOWN_EDGE = re.compile(r"^[#*=>\s\u3000]+|[#*=\s\u3000]+$")
_WHITESPACE_RUN = re.compile(f"[{_SPACES}]+")
_QUICK_FILTER = re.compile(r"第|楔子|序章|引子|chapter", re.IGNORECASE)


@dataclass(frozen=True)
class Heading:
    """A recognised chapter heading: its number and title (junk and numbering removed), and
    the heading as the author wrote it (第一回 宴桃园…, Chapter One: …), without the junk."""

    number: int
    title: str
    label: str = ""


@dataclass(frozen=True)
class SplitChapter:
    """One chapter of a split manuscript."""

    number: int
    title: str
    line: int  # 1-based line of the heading in the manuscript
    heading_line: str  # the original heading line, without its line ending
    body: str  # the manuscript text after the heading line, up to the next heading
    label: str = ""  # the heading as written (第一回 …); "" gives 第N章 title
    volume: str = ""  # the volume heading this chapter is under, as written

    def heading(self) -> str:
        """The Markdown heading the chapter file starts with: the author's own words."""
        return f"# {self.label}" if self.label else f"# 第{self.number}章 {self.title}".rstrip()

    def file_text(self, newline: str = "\n") -> str:
        """The chapter file: the generated heading line, then the body exactly."""
        return self.heading() + newline + self.body


@dataclass(frozen=True)
class SetAside:
    """A manuscript line kept out of the chapter text (a volume heading, a dropped platform
    line), recorded with its line number in the import log."""

    line: int  # 1-based
    text: str  # the line, without its line ending
    kind: str  # 卷, or the platform line's kind (更新时间, 字数, 求票, 网址, 站点)


@dataclass
class ManuscriptSplit:
    """A manuscript cut at its headings, ready to preview or write."""

    source: Path
    encoding: str
    newline: str
    front_matter: str
    chapters: list[SplitChapter]
    warnings: list[str] = field(default_factory=list)
    volumes: list[SetAside] = field(default_factory=list)  # volume headings, recorded
    boilerplate: list[SetAside] = field(default_factory=list)  # platform lines found
    strip_boilerplate: bool = False  # whether those lines were left out of the chapters

    def zi(self, chapter: SplitChapter) -> int:
        """字 count of the chapter file as it will be written."""
        return count_zi(chapter.file_text(self.newline))


def _junk_ok(junk: str) -> bool:
    core = junk.strip(_SPACES)
    if not core:
        return True
    if len(core) > MAX_JUNK_LENGTH or _SENTENCE_PUNCTUATION & set(core):
        return False
    # Junk must be set off from the heading, unless it is a word scrapers are known to add.
    if junk[-1] in _SEPARATORS:
        return True
    return bool(_KNOWN_JUNK.fullmatch(core.strip(_SEPARATORS)))


def _clean_title(rest: str, opened: bool) -> str | None:
    title = rest.lstrip(_TITLE_LEAD)
    title = _MARKDOWN_EDGE.sub("", title)
    if opened:
        title = title.rstrip(_CLOSERS + _SPACES)
    if "。" in title or "；" in title or title.endswith(("，", "、", ",")):
        return None
    return _WHITESPACE_RUN.sub(" ", title).strip()


def parse_heading(line: str) -> Heading | None:
    """The heading on this line, or None when the line is not a chapter heading."""
    text = line.strip(_SPACES + "\r\n")
    if not text or len(text) > MAX_HEADING_LENGTH or not _QUICK_FILTER.search(text):
        return None
    text = _MARKDOWN_EDGE.sub("", text)
    for pattern in (_CHINESE, _PROLOGUE, _ENGLISH):
        match = pattern.search(text)
        if match is None or not _junk_ok(text[: match.start()]):
            continue
        english = english_number(text[match.end() :]) if pattern is _ENGLISH else None
        if pattern is _ENGLISH and english is None:
            continue
        rest = text[match.end() + english[1] :] if english else text[match.end() :]
        if pattern is not _CHINESE and rest and rest[0] not in _SEPARATORS:
            continue  # 引子就是…, Chapter 1st: a word, not a heading
        opened = any(ch in _OPENERS for ch in text[: match.start()])
        title = _clean_title(rest, opened)
        if title is None:
            continue
        label = _as_written(match.group(0), rest, opened)
        if pattern is _PROLOGUE:
            return Heading(0, f"{match.group(0)} {title}".strip(), label)
        if english:
            written = text[match.start() : match.end() + english[1]]
            return Heading(english[0], title, _as_written(written, rest, opened))
        try:
            number = parse_number(match.group(1))
        except ValueError:
            continue
        return Heading(number, title, label)
    return None


def _as_written(numbering: str, rest: str, opened: bool) -> str:
    """The heading from its numbering on, spacing and punctuation kept; only brackets that
    wrapped the numbering (【第五章】 风起) become one space."""
    title = _MARKDOWN_EDGE.sub("", rest.lstrip(_TITLE_LEAD))
    if opened:
        title = title.rstrip(_CLOSERS + _SPACES)
    lead = rest[: len(rest) - len(rest.lstrip(_TITLE_LEAD))]
    if any(ch in _CLOSERS for ch in lead):
        lead = " "
    return (numbering + (lead if title else "") + title).rstrip(_SPACES)


def split_text(
    text: str, source: Path, encoding: str = "utf-8", *, strip_boilerplate: bool = False
) -> ManuscriptSplit:
    """Cut a manuscript's text into front matter and chapters at its heading lines.

    Volume headings are set aside (recorded, never glued into a chapter); platform lines are
    found and, with `strip_boilerplate`, set aside too.
    """
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines(keepends=True)
    found: list[tuple[int, Heading]] = []
    for index, line in enumerate(lines):
        heading = parse_heading(line)
        if heading is not None:
            found.append((index, heading))
    found = _without_table_of_contents(found, lines)
    volumes, boilerplate = _set_aside(lines, {index for index, _ in found})
    skipped = {entry.line - 1 for entry in volumes}
    if strip_boilerplate:
        skipped |= {entry.line - 1 for entry in boilerplate}

    def kept(start: int, end: int) -> str:
        return "".join(lines[i] for i in range(start, end) if i not in skipped)

    chapters = []
    for position, (index, heading) in enumerate(found):
        end_index = found[position + 1][0] if position + 1 < len(found) else len(lines)
        above = [volume_heading(entry.text) for entry in volumes if entry.line - 1 < index]
        chapters.append(
            SplitChapter(
                number=heading.number,
                title=heading.title,
                line=index + 1,
                heading_line=lines[index].rstrip("\r\n"),
                body=kept(index + 1, end_index),
                label=heading.label,
                volume=(above[-1] or "") if above else "",
            )
        )
    for chapter in chapters:
        if chapter.number > MAX_CHAPTER:
            raise FileProblem(
                source,
                f"line {chapter.line}: 第{chapter.number}章 is past the {MAX_CHAPTER} chapters "
                "a book may have; is this line really a heading? nothing imported",
            )
    front = kept(0, found[0][0] if found else len(lines))
    split = ManuscriptSplit(source, encoding, newline, front, chapters)
    split.volumes, split.boilerplate = volumes, boilerplate
    split.strip_boilerplate = strip_boilerplate
    _renumber_repeats(split)
    _refuse_unreadable_chapters(split)
    return split


def _refuse_unreadable_chapters(split: ManuscriptSplit) -> None:
    """Refuse, before anything is written, a split that would write a file every other
    command refuses: a chapter or front matter past the size a book file may be, or (after
    renumbering repeats) a chapter number past the limit."""
    if len(split.chapters) > MAX_CHAPTER:
        raise FileProblem(
            split.source,
            f"{len(split.chapters)} chapter headings, more than the {MAX_CHAPTER} chapters a book "
            "may have; nothing imported",
        )
    limit = gate.MAX_FILE_BYTES
    for chapter in split.chapters:
        size = len(chapter.file_text(split.newline).encode("utf-8"))
        if size > limit:
            raise FileProblem(
                split.source,
                f"line {chapter.line}: 第{chapter.number}章 would be a {gate.size_text(size)} "
                f"file, larger than the {gate.size_text(limit)} a chapter may be (no command "
                "could read it); is a heading missing? nothing imported",
            )
        if chapter.number > MAX_CHAPTER:
            raise FileProblem(
                split.source,
                f"line {chapter.line}: numbered in order, this heading would be chapter "
                f"{chapter.number}, past the {MAX_CHAPTER} chapters a book may have; "
                "nothing imported",
            )
    if len(split.front_matter.encode("utf-8")) > limit:
        raise FileProblem(
            split.source,
            f"the text before the first heading is larger than the {gate.size_text(limit)} "
            f"{FRONT_MATTER_FILE} may be; is a heading missing? nothing imported",
        )


def _set_aside(lines: list[str], headings: set[int]) -> tuple[list[SetAside], list[SetAside]]:
    """The volume heading lines and the platform lines, outside the chapter headings."""
    volumes, boilerplate = [], []
    for index, line in enumerate(lines):
        if index in headings or not line.strip(_SPACES + "\r\n"):
            continue
        text = line.rstrip("\r\n")
        if volume_heading(line) is not None:
            volumes.append(SetAside(index + 1, text, VOLUME_KIND))
        elif (kind := boilerplate_kind(line)) is not None:
            boilerplate.append(SetAside(index + 1, text, kind))
    return volumes, boilerplate


def _without_table_of_contents(
    found: list[tuple[int, Heading]], lines: list[str]
) -> list[tuple[int, Heading]]:
    # A contents list before the text repeats every heading with nothing under it; those
    # lines belong to the front matter, not to chapters of their own.
    remaining = Counter(heading.number for _, heading in found)
    start = 0
    while start + 1 < len(found):
        index, heading = found[start]
        between = lines[index + 1 : found[start + 1][0]]
        blank = all(not line.strip(_SPACES + "\r\n") for line in between)
        remaining[heading.number] -= 1
        if not blank or remaining[heading.number] == 0:
            break
        start += 1
    return found[start:]


def _renumber_repeats(split: ManuscriptSplit) -> None:
    counts = Counter(chapter.number for chapter in split.chapters)
    repeated = sorted(number for number, count in counts.items() if count > 1)
    numbers = [chapter.number for chapter in split.chapters]
    if repeated:
        start = 0 if numbers[0] == 0 else 1
        split.chapters = [replace(c, number=start + i) for i, c in enumerate(split.chapters)]
        shown = "、".join(str(n) for n in repeated[:5])
        split.warnings.append(
            f"chapter numbers repeat ({shown}); chapters are numbered in order of appearance"
        )
        return
    backwards = [c for prev, c in pairwise(split.chapters) if c.number < prev.number]
    for chapter in backwards[:5]:
        split.warnings.append(
            f"line {chapter.line}: 第{chapter.number}章 comes after a higher number: "
            "is this line really a heading?"
        )
    first = min((n for n in numbers if n > 0), default=1)
    gaps = [(a, b) for a, b in gap_ranges(sorted(set(numbers))) if a >= first]
    if gaps:
        shown = "、".join(
            "、".join(map(str, range(a, b + 1))) if b - a < 2 else f"{a}-{b}" for a, b in gaps[:10]
        )
        more = "…" if len(gaps) > 10 else ""
        split.warnings.append(f"no heading for chapter(s) {shown}{more}")


def read_manuscript(path: Path | str, *, strip_boilerplate: bool = False) -> ManuscriptSplit:
    """Read a manuscript — TXT/Markdown in its encoding (UTF-8, UTF-8 with BOM, GB18030/GBK),
    or a .docx document, one line a paragraph — and split it."""
    path = Path(path)
    if path.suffix.lower() == ".docx":
        document = read_docx(path)
        split = split_text(document.text, path, DOCX, strip_boilerplate=strip_boilerplate)
        log.debug("split %s into %d chapters", path, len(split.chapters))
        return split
    loaded = gate.read_text(path, root=None, limit=MAX_MANUSCRIPT_BYTES, what="a manuscript")
    text = loaded.text.removeprefix("\ufeff")
    split = split_text(text, loaded.path, loaded.encoding, strip_boilerplate=strip_boilerplate)
    log.debug("split %s into %d chapters", path, len(split.chapters))
    return split


class ImportConflict(WorkbenchError):
    """An import would replace files that already exist; nothing has been written."""

    def __init__(self, paths: list[str]) -> None:
        self.paths = paths
        listed = ", ".join(paths[:10]) + (f" and {len(paths) - 10} more" if len(paths) > 10 else "")
        super().__init__(f"would overwrite {listed}; use --force to replace them")


@dataclass
class ImportPlan:
    """Where each part of a split manuscript goes in a project, and what already exists."""

    split: ManuscriptSplit
    project: Project
    chapter_paths: list[Path]  # one per chapter of the split, in order
    front_matter_path: Path | None
    templates: list[tuple[Path, str]]  # layout files missing from the project
    conflicts: list[Path]  # existing files the import would replace

    def relative(self, path: Path) -> str:
        """A path as the author sees it, relative to the project."""
        return self.project.relative(path)


def _project_for(into: Path) -> Project:
    into = into.resolve()
    if into.exists() and not into.is_dir():
        raise LayoutProblem(f"{into}: not a folder")
    layout: Layout
    try:
        layout = detect_layout(into)
    except LayoutProblem:
        layout = default_layout()  # a new or non-project folder gets the default layout
    return Project(into, layout)


def plan_import(split: ManuscriptSplit, into: Path | str) -> ImportPlan:
    """Decide every target path without writing; existing chapters of the same number conflict."""
    project = _project_for(Path(into))
    chapter_paths, conflicts = [], []
    for chapter in split.chapters:
        existing = project.chapter(chapter.number)
        path = existing.path if existing else project.new_chapter_path(chapter.number)
        gate.resolve(path, root=project.root, entry=project.relative(path))
        if path.exists():
            conflicts.append(path)
        chapter_paths.append(path)
    front_matter_path = None
    if split.front_matter.strip(_SPACES + "\r\n"):
        front_matter_path = project.root / FRONT_MATTER_FILE
        if front_matter_path.exists():
            conflicts.append(front_matter_path)
    templates = missing_templates(project.root, project.layout, examples=False)
    for path, _ in templates:
        gate.resolve(path, root=project.root, entry=project.relative(path))
    return ImportPlan(split, project, chapter_paths, front_matter_path, templates, conflicts)


def write_import(plan: ImportPlan, *, force: bool = False) -> list[Path]:
    """Write the chapters, front matter, missing layout files and the import log.

    Raises ImportConflict, before writing anything, when files would be replaced and not force.
    """
    if plan.conflicts and not force:
        raise ImportConflict([plan.relative(path) for path in plan.conflicts])
    split = plan.split
    texts = [chapter.file_text(split.newline) for chapter in split.chapters]
    # Each file is still written atomically; writing them side by side lets the file system
    # fold the many fsyncs of a long book into few journal commits (about 5x faster).
    root = plan.project.root

    def write(path: Path, text: str) -> None:
        gate.write_text(path, text, UTF8, root=root, entry=plan.relative(path))

    for path in [*plan.chapter_paths, plan.front_matter_path, *(p for p, _ in plan.templates)]:
        if path is not None:  # every target checked before the first file is written
            gate.resolve(path, root=root, entry=plan.relative(path))
    _keep_replaced(plan)
    with ThreadPoolExecutor(max_workers=WRITE_THREADS) as pool:
        list(pool.map(write, plan.chapter_paths, texts))
    written = list(plan.chapter_paths)
    if plan.front_matter_path is not None:
        write(plan.front_matter_path, split.front_matter)
        written.append(plan.front_matter_path)
    for path, text in plan.templates:
        if not path.exists():
            write(path, text)
            written.append(path)
    written.append(_append_import_log(plan))
    plan.project.rescan()
    log.info("imported %d chapters from %s", len(split.chapters), split.source)
    return written


def _keep_replaced(plan: ImportPlan) -> None:
    """The texts an import with --force replaces go to the history first."""
    from workbench.history.keeping import keep, keeps_history  # with the first write

    for path in plan.conflicts:
        if path.is_file() and keeps_history(plan.project, path):
            keep(plan.project, path, plan.project.read(path).text, "import")


def _append_import_log(plan: ImportPlan) -> Path:
    # Every line not in a chapter file's text, verbatim with its line number: the original
    # heading lines, the volume headings and the dropped platform lines. With the front
    # matter and the chapter bodies they give back the manuscript exactly.
    split = plan.split
    path = plan.project.root / IMPORT_LOG_FILE
    set_aside = [
        (chapter.line, plan.relative(target), chapter.heading_line)
        for chapter, target in zip(split.chapters, plan.chapter_paths, strict=True)
    ]
    set_aside += [(v.line, f"（{VOLUME_KIND}）", v.text) for v in split.volumes]
    if split.strip_boilerplate:
        set_aside += [(b.line, f"（删除：{b.kind}）", b.text) for b in split.boilerplate]
    volumes = _volume_starts(split)
    lines = [
        f"## {split.source.name}",
        "",
        f"- 编码：{split.encoding}；章节：{len(split.chapters)}",
        *(f"- 分卷：{volume}（从第{number}章起）" for volume, number in volumes),
        *(
            [
                f"- 删除了 {len(split.boilerplate)} 行平台附加文字"
                "（更新时间、字数、求票、网址等），见下表"
            ]
            if split.strip_boilerplate and split.boilerplate
            else []
        ),
        "- 下面是不在章节正文里的每一行（行号、去处、原文）：每章原来的标题行、分卷标题、删除的行；"
        "各章正文逐字保存在章节文件中，标题行之前的文字保存在 "
        + (FRONT_MATTER_FILE if plan.front_matter_path else "（无）"),
        "",
        "```text",
        *(f"{line}\t{where}\t{text}" for line, where, text in sorted(set_aside)),
        "```",
        "",
    ]
    entry = "\n".join(lines)
    if path.exists():
        previous = plan.project.read(path).text
        plan.project.write(path, previous.rstrip("\n") + "\n\n" + entry)
    else:
        gate.write_text(path, "# 导入记录\n\n" + entry, UTF8, root=plan.project.root)
    return path


def _volume_starts(split: ManuscriptSplit) -> list[tuple[str, int]]:
    """Each volume heading with the number of the first chapter under it."""
    starts: list[tuple[str, int]] = []
    for chapter in split.chapters:
        if chapter.volume and (not starts or starts[-1][0] != chapter.volume):
            starts.append((chapter.volume, chapter.number))
    return starts
