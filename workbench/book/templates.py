"""Project templates: the files `workbench new` (and `import`) lay down, shipped as real files.

The templates live in `workbench/templates/project/`, laid out as a default-layout project.
Files with a role are written to wherever the target project's layout keeps that role, so
filling in a webnovel-writer project never scatters default-layout folders into it.

Template text is not content (PRODUCT.md §1): wherever a world, cast, outline, style
anchor, plan or first chapter is read as content, its template's lines (and placeholder lines
like `性格：（两三句话）`) are left out and the author's lines kept (book/template_text.py); a
file holding nothing else counts as missing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from workbench.book import gate
from workbench.book.layout import DEFAULT_PATHS, Layout, Role, default_layout, detect_layout
from workbench.book.plans import Plan, plan_from_file
from workbench.book.template_text import TemplateReading, read_against
from workbench.book.textio import UTF8
from workbench.errors import LayoutProblem, WorkbenchError

log = logging.getLogger(__name__)

# Example content a real book replaces; an import leaves these out.
EXAMPLE_CHAPTER = "chapters/ch001.md"
EXAMPLE_PLAN = "outline/chapters/ch001.md"
FRONT_MATTER = "front matter"  # how a plan's example front matter is named among sections
_ROLE_BY_PATH = {path: role for role, path in DEFAULT_PATHS.items()}
# Files whose template is example content; the trackers' templates are real (empty) tables.
CONTENT_ROLES = (Role.WORLD, Role.PROTAGONIST, Role.CHARACTERS, Role.OUTLINE, Role.STYLE_ANCHOR)


class ProjectExists(WorkbenchError):
    """`new` was pointed at a folder that already holds a novel project."""


@dataclass(frozen=True)
class Template:
    """One template file: its path in the default layout, its role (if any) and its text."""

    relative: str
    role: Role | None
    text: str

    @property
    def is_example(self) -> bool:
        """Whether this is example content (a first chapter and its plan), not a layout file."""
        return self.relative in (EXAMPLE_CHAPTER, EXAMPLE_PLAN)

    def target(self, root: Path, layout: Layout) -> Path:
        """Where this template goes in a project with the given layout."""
        if self.role is not None:
            return layout.path(root, self.role)
        if self.relative == EXAMPLE_CHAPTER:
            return root / layout.chapters_dir / "ch001.md"
        if self.relative == EXAMPLE_PLAN:
            return root / layout.plans_dir / "ch001.md"
        return root / self.relative


def _walk(folder: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    found = []
    for entry in folder.iterdir():
        relative = f"{prefix}{entry.name}"
        if entry.is_dir():
            found += _walk(entry, relative + "/")
        elif entry.is_file():
            found.append((relative, entry))
    return found


def project_templates() -> list[Template]:
    """Every project template, ordered by path."""
    folder = resources.files("workbench") / "templates" / "project"
    return [
        Template(relative, _ROLE_BY_PATH.get(relative), entry.read_text(encoding=UTF8))
        for relative, entry in sorted(_walk(folder))
    ]


def missing_templates(root: Path, layout: Layout, *, examples: bool) -> list[tuple[Path, str]]:
    """(target path, text) for every template whose file does not exist yet in the project."""
    wanted = [t for t in project_templates() if examples or not t.is_example]
    targets = [(t.target(root, layout), t.text) for t in wanted]
    return [(path, text) for path, text in targets if not path.exists()]


def write_templates(root: Path, layout: Layout, *, examples: bool) -> list[Path]:
    """Write every missing template file (UTF-8, atomically); existing files are left alone."""
    written = []
    for path, text in missing_templates(root, layout, examples=examples):
        gate.write_text(path, text, UTF8, root=root)
        log.debug("wrote template %s", path)
        written.append(path)
    return written


def create_project(root: Path | str) -> list[Path]:
    """Lay down a new project (full default layout with examples) in a new or non-project folder.

    Raises ProjectExists when the folder is already a project, LayoutProblem when it is a file.
    """
    root = Path(root)
    if root.exists() and not root.is_dir():
        raise LayoutProblem(f"{root}: exists and is not a folder")
    if root.is_dir():
        try:
            layout = detect_layout(root)
        except LayoutProblem:
            pass  # a plain folder (empty, or holding other files): fine to fill in
        else:
            raise ProjectExists(f"{root}: already a novel project ({layout.kind} layout)")
    return write_templates(root, default_layout(), examples=True)


@cache
def template_lines(relative: str) -> frozenset[str]:
    """The stripped, non-blank lines of the template at `relative` (a default-layout path)."""
    template = next((t for t in project_templates() if t.relative == relative), None)
    if template is None:
        return frozenset()
    return frozenset(line.strip() for line in template.text.splitlines() if line.strip())


def template_relative(role: Role) -> str | None:
    """The default-layout path of a content role's template (None for other roles)."""
    return DEFAULT_PATHS[role] if role in CONTENT_ROLES else None


def read_template_file(text: str, relative: str) -> TemplateReading:
    """A file made from the template at `relative`, read against it: the author's text and
    the sections still holding template text."""
    return read_against(text, template_lines(relative))


def holds_only_template(text: str, relative: str) -> bool:
    """Whether every non-blank line of `text` is a line of the template at `relative` (a
    default-layout path) or a placeholder line: nothing the author wrote."""
    if not template_lines(relative) or not text.strip():
        return False  # an empty file is empty, not a template
    return not read_template_file(text, relative).text


def role_holds_only_template(role: Role, text: str) -> bool:
    """Whether a content role's file text is still only its template (counts as missing)."""
    relative = template_relative(role)
    return relative is not None and holds_only_template(text, relative)


def without_template(role: Role, text: str) -> str:
    """A role's file text as content: the template's lines left out (section by section and
    line by line), the author's kept; '' when nothing of the author's is there. Files of
    other roles (trackers, summaries, settings) are returned as they are."""
    relative = template_relative(role)
    return text if relative is None else read_template_file(text, relative).text


def template_left(role: Role, text: str) -> tuple[str, ...]:
    """The sections of a role's file still holding template text beside the author's lines
    (() when the file is all the author's, or all template: then it counts as missing)."""
    relative = template_relative(role)
    if relative is None:
        return ()
    reading = read_template_file(text, relative)
    return reading.template_sections if reading.partly_template else ()


def plan_template_left(plan: Plan) -> tuple[str, ...]:
    """What of a plan file is still the example's: the skeleton's sections beside the author's
    lines, and the example front matter."""
    reading = read_template_file(plan.body, EXAMPLE_PLAN)
    if not reading.has_template:
        return ()
    left = reading.template_sections if reading.partly_template else ()
    example = _example_plan()
    if plan.characters == example.characters or plan.location == example.location:
        left = (*left, FRONT_MATTER)
    return left


def chapter_without_template(number: int, text: str) -> str:
    """A chapter's text as content: the example first chapter's heading and placeholder out."""
    return read_template_file(text, EXAMPLE_CHAPTER).text if number == 1 else text


def plan_without_template(plan: Plan) -> Plan | None:
    """A plan file's plan as content: its body without the skeleton's lines (None when only
    the skeleton is left) and, while skeleton lines are left, without the example front
    matter (林风, 苏瑶, 青云山): a plan the author wrote whole names whom they choose."""
    reading = read_template_file(plan.body, EXAMPLE_PLAN)
    if not reading.text.strip():
        return None
    if not reading.has_template:
        return plan
    example = _example_plan()
    return replace(
        plan,
        body=reading.text.strip("\n"),
        characters=() if plan.characters == example.characters else plan.characters,
        location="" if plan.location == example.location else plan.location,
    )


@cache
def _example_plan() -> Plan:
    template = next(t for t in project_templates() if t.relative == EXAMPLE_PLAN)
    return plan_from_file(1, Path(EXAMPLE_PLAN), template.text)
