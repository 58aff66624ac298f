"""What `workbench check` says of files still holding template text: which file, and which of
its sections. Template text is left out of every feed (book/template_text.py); these findings
say where it still stands, so the author can write those parts or delete them."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.naming import chapter_number_from_name
from workbench.book.plans import plan_from_file
from workbench.book.project import Project
from workbench.book.templates import (
    CONTENT_ROLES,
    EXAMPLE_CHAPTER,
    plan_template_left,
    plan_without_template,
    read_template_file,
    role_holds_only_template,
    template_left,
)
from workbench.book.textio import TextFile
from workbench.errors import FileProblem

ONLY_TEMPLATE = "still only template text ({what}): counts as missing until you write it"
PARTLY_TEMPLATE = (
    "still holds template text in {sections} (left out of every feed): write those parts "
    "or delete the template's lines"
)
BEFORE_HEADINGS = "（开头）"


def template_findings(
    project: Project, readable: Mapping[Path, TextFile], descriptions: Mapping[Role, str]
) -> list[tuple[Path, str]]:
    """(file, message) for every content file, plan and first chapter still holding template
    text: only template (it counts as missing), or template text beside the author's."""
    found: list[tuple[Path, str]] = []
    for role in CONTENT_ROLES:
        path = project.role_path(role)
        if path not in readable:
            continue
        text = readable[path].text
        if role_holds_only_template(role, text):
            found.append((path, ONLY_TEMPLATE.format(what=descriptions[role])))
        elif left := template_left(role, text):
            found.append((path, _partly(left)))
    found += _plans(project, readable)
    first = project.chapter(1)
    if first is not None and first.path in readable:
        reading = read_template_file(readable[first.path].text, EXAMPLE_CHAPTER)
        if reading.has_template and not reading.text:
            found.append((first.path, ONLY_TEMPLATE.format(what="the example first chapter")))
        elif reading.partly_template:
            found.append((first.path, _partly(reading.template_sections)))
    return found


def _plans(project: Project, readable: Mapping[Path, TextFile]) -> list[tuple[Path, str]]:
    folder = project.root / project.layout.plans_dir
    found: list[tuple[Path, str]] = []
    for path, loaded in sorted(readable.items()):
        parsed = chapter_number_from_name(path.stem)
        if path.parent != folder or not parsed:
            continue
        try:
            plan = plan_from_file(parsed[0], path, loaded.text)
        except FileProblem:
            continue  # reported as an error by the plan check
        if plan_without_template(plan) is None:
            found.append((path, ONLY_TEMPLATE.format(what="the example plan's skeleton")))
        elif left := plan_template_left(plan):
            found.append((path, _partly(left)))
    return found


def _partly(sections: tuple[str, ...]) -> str:
    named = "、".join(title or BEFORE_HEADINGS for title in sections)
    return PARTLY_TEMPLATE.format(sections=named)
