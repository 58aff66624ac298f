"""The style anchor from a passage the author chooses (PRODUCT.md §3: MainWriter always gets
meta/style-anchor.md in full, and a feed without it is not ready).

A book that came from another tool (webnovel-writer has no such file) or an import has the
author's own chapters: the honest one-step fix is to take the 正面样例 (the passage the
model is to sound like) from a passage the author picks, and leave the other sections —
禁用词, 反面示例, 视角 — as the template's placeholders for them to write. The file then
counts (one line of the author's own makes a template count, templates.py) and says where
the sample came from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.book.counting import count_zi
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.templates import project_templates, role_holds_only_template
from workbench.errors import WorkbenchError
from workbench.reasons import Reason

SAMPLE_SECTION = "正面样例"
MIN_ZI = 30  # shorter than two sentences is no sample of a voice
MAX_ZI = 1500  # a sample, not a chapter: the anchor is fed whole on every call
SUGGESTED_ZI = 300
_HEADING = re.compile(r"^#{1,6}[ \t]")


class AnchorProblem(WorkbenchError):
    """The anchor cannot be made from this passage (nothing is written)."""


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of a chapter, with its character offsets (what `--passage` takes)."""

    chapter: int
    start: int
    end: int
    text: str

    @property
    def zi(self) -> int:
        """Its 字 count."""
        return count_zi(self.text)


def paragraphs(project: Project, chapter: int) -> list[Paragraph]:
    """The chapter's prose paragraphs (headings and blank lines left out), in order."""
    text = project.chapter_text(chapter)
    found, offset = [], 0
    for block in re.split(r"(\n[ \t]*\n)", text):
        start, offset = offset, offset + len(block)
        stripped = block.strip()
        if not stripped or _HEADING.match(stripped):
            continue
        lead = len(block) - len(block.lstrip())
        found.append(Paragraph(chapter, start + lead, start + lead + len(stripped), stripped))
    return found


def suggested_passage(project: Project, chapter: int) -> tuple[int, int] | None:
    """A starting choice in chapter N: paragraphs from the first one long enough, up to about
    300 字 (the author moves it where they like)."""
    every = paragraphs(project, chapter)
    found = [p for p in every if p.zi >= 20] or every  # past the one-line openings
    if not found:
        return None
    start, end, total = found[0].start, found[0].end, 0
    for paragraph in found:
        if total >= SUGGESTED_ZI:
            break
        end, total = paragraph.end, total + paragraph.zi
    return start, end


def anchor_needed(project: Project) -> bool:
    """Whether the style anchor is missing, empty or still only its template."""
    loaded = project.read_role(Role.STYLE_ANCHOR)
    if loaded is None or not loaded.text.strip():
        return True
    return role_holds_only_template(Role.STYLE_ANCHOR, loaded.text)


def anchor_text(sample: str, where: str) -> str:
    """The anchor template with its 正面样例 filled from `sample` (quoted from `where`)."""
    template = next(t for t in project_templates() if t.role is Role.STYLE_ANCHOR).text
    body = sample.strip("\n")
    filled = f"（摘自{where}，作者所选的本书正文。）\n\n{body}\n"
    pattern = re.compile(rf"(^##[ \t]*{SAMPLE_SECTION}[^\n]*\n)(.*?)(?=^##[ \t]|\Z)", re.M | re.S)
    if not pattern.search(template):
        return template.rstrip("\n") + f"\n\n## {SAMPLE_SECTION}\n\n{filled}"
    return pattern.sub(lambda m: m.group(1) + "\n" + filled + "\n", template, count=1)


def create_anchor_from_text(project: Project, chapter: int, sample: str) -> str:
    """As create_anchor, from the passage's text (what the app's selection gives), which must
    be a passage of chapter N."""
    if project.chapter(chapter) is None:
        raise AnchorProblem(f"there is no chapter {chapter} to take the passage from")
    text = project.chapter_text(chapter)
    start = text.find(sample.strip()) if sample.strip() else -1
    if start < 0:
        raise AnchorProblem(f"the passage is not in chapter {chapter} as saved; save it first")
    return create_anchor(project, chapter, (start, start + len(sample.strip())))


def create_anchor(project: Project, chapter: int, passage: tuple[int, int]) -> str:
    """Write meta/style-anchor.md with 正面样例 from chapter N's passage START:END; returns
    the project-relative path. Refused (AnchorProblem, nothing written) when the anchor
    already holds the author's text, or the passage is out of the chapter or of size."""
    path = project.role_path(Role.STYLE_ANCHOR)
    relative = project.relative(path)
    if not anchor_needed(project):
        raise AnchorProblem(f"{relative}: already written; edit it instead (nothing replaced)")
    ref = project.chapter(chapter)
    if ref is None:
        raise AnchorProblem(f"there is no chapter {chapter} to take the passage from")
    text = project.chapter_text(chapter)
    start, end = passage
    if not 0 <= start < end <= len(text):
        where = project.relative(ref.path)
        raise AnchorProblem(f"{where}: passage {start}:{end} is outside its text (0:{len(text)})")
    sample = text[start:end].strip()
    zi = count_zi(sample)
    if not MIN_ZI <= zi <= MAX_ZI:
        raise AnchorProblem(
            f"a sample of {zi} 字: choose between {MIN_ZI} and {MAX_ZI} 字 of your own prose"
        )
    project.write(path, anchor_text(sample, f"第{chapter}章"))
    return relative


def fix_hint(project: Project, *, english: bool = False) -> str:
    """What the checklist and the migration report say to do (the one step); `english` for
    `check`, whose lines are English."""
    relative = project.relative(project.role_path(Role.STYLE_ANCHOR))
    # The first chapter: there in the book as of any N (a feed must not name a later one).
    chapter = project.chapters[0].number if project.chapters else None
    command = f"workbench style-anchor {project.root} --chapter {chapter}"
    if english:
        if chapter is None:
            return f"write {relative} (banned words, a sample of the book's prose, point of view)"
        return (
            f"make it from a passage of your own chapters ({MIN_ZI}-{MAX_ZI} 字): in the app,"
            " Prepare feed > Style anchor from your own text; or `"
            + command
            + "` lists the paragraphs, then add --passage START:END"
        )
    if chapter is None:
        return Reason("fix.anchor_write", relative)
    return Reason("fix.anchor_passage", MIN_ZI, MAX_ZI, relative, command)
