"""Project templates: the files `workbench new` (and `import`) lay down, shipped as real files.

The templates live in `workbench/templates/project/`, laid out as a default-layout project.
Files with a role are written to wherever the target project's layout keeps that role, so
filling in a webnovel-writer project never scatters default-layout folders into it.

Template text is not content (PRODUCT.md §1): a world, cast, outline or style anchor that
still holds only its template's lines — or placeholder lines like `性格：（两三句话）` —
counts as missing. One line the author wrote makes it count, whatever template text is left.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from workbench.book import gate
from workbench.book.layout import DEFAULT_PATHS, Layout, Role, default_layout, detect_layout
from workbench.book.sections import sections
from workbench.book.textio import UTF8
from workbench.errors import LayoutProblem, WorkbenchError

log = logging.getLogger(__name__)

# Example content a real book replaces; an import leaves these out.
EXAMPLE_CHAPTER = "chapters/ch001.md"
EXAMPLE_PLAN = "outline/chapters/ch001.md"
_ROLE_BY_PATH = {path: role for role, path in DEFAULT_PATHS.items()}
# Files whose template is example content; the trackers' templates are real (empty) tables.
CONTENT_ROLES = (Role.WORLD, Role.PROTAGONIST, Role.CHARACTERS, Role.OUTLINE, Role.STYLE_ANCHOR)
# A line that is only a （placeholder）, optionally after a list marker and a `label：`.
_PLACEHOLDER_LINE = re.compile(
    r"^(?:[-*+>][ \t]*)?(?:[^：:（(]{1,20}[：:][ \t]*)?（[^）]*）[。.]?$"
)


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
def _template_lines(relative: str) -> frozenset[str]:
    template = next((t for t in project_templates() if t.relative == relative), None)
    if template is None:
        return frozenset()
    return frozenset(line.strip() for line in template.text.splitlines() if line.strip())


def template_relative(role: Role) -> str | None:
    """The default-layout path of a content role's template (None for other roles)."""
    return DEFAULT_PATHS[role] if role in CONTENT_ROLES else None


@lru_cache(maxsize=256)
def holds_only_template(text: str, relative: str) -> bool:
    """Whether every non-blank line of `text` is a line of the template at `relative` (a
    default-layout path) or a placeholder line: nothing the author wrote."""
    lines = _template_lines(relative)
    written = [line for raw in text.splitlines() if (line := raw.strip())]
    if not lines or not written:
        return False  # an empty file is empty, not a template
    return all(line in lines or _PLACEHOLDER_LINE.match(line) for line in written)


def without_template_sections(text: str, role: Role) -> str:
    """The text with every `##` section that holds only template text cut out (the example
    characters of a new cast list), everything else byte for byte."""
    relative = template_relative(role)
    if relative is None:
        return text
    cut = [
        s for s in sections(text) if s.level == 2 and holds_only_template(s.whole(text), relative)
    ]
    for section in reversed(cut):
        text = text[: section.start] + text[section.end :]
    return text


def role_holds_only_template(role: Role, text: str) -> bool:
    """Whether a content role's file text is still only its template (counts as missing)."""
    relative = template_relative(role)
    return relative is not None and holds_only_template(text, relative)
