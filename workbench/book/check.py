"""`workbench check`: what is missing, broken or over its cap in a project, as Problem values.

Severities: ERROR (a file cannot be read or parsed), WARNING (something a feed will miss or
get wrong: a missing layout file, a chapter gap or duplicate, a part over its cap, stale
fixed context) and INFO (worth knowing, not wrong: files kept in GB18030, fixed context not
generated yet). A project is clean when there are no errors and no warnings.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from workbench.book import webnovel
from workbench.book.characters import (
    CharacterFile,
    characters_in_card,
    characters_in_file,
    is_card,
    protagonist_in_file,
)
from workbench.book.counting import count_zi
from workbench.book.fixed_context import CAPS, FixedPart, parse_fixed_context, stale_sources
from workbench.book.layout import Role
from workbench.book.naming import MAX_CHAPTER, chapter_number_from_name, gap_ranges
from workbench.book.plans import plan_from_file, split_front_matter
from workbench.book.project import CHAPTER_SUFFIXES, Project
from workbench.book.rolling_summary import SUMMARY_CAP, RollingSection, rolling_sections
from workbench.book.style_anchor import fix_hint
from workbench.book.template_check import template_findings
from workbench.book.templates import CONTENT_ROLES, without_template
from workbench.book.textio import UTF8, TextFile
from workbench.errors import DecodeProblem, FileProblem

log = logging.getLogger(__name__)

OUTLINE_CAP = CAPS[FixedPart.OUTLINE]

ROLE_DESCRIPTIONS = {
    Role.WORLD: "the world and its 力量体系",
    Role.PROTAGONIST: "the protagonist",
    Role.CHARACTERS: "the cast, one ## section per character",
    Role.OUTLINE: "the whole-book outline",
    Role.STYLE_ANCHOR: "the style anchor MainWriter always gets",
    Role.ROLLING_SUMMARY: "the rolling summaries",
    Role.PLOT_TRACKER: "the foreshadowing ledger",
    Role.RELATIONSHIP_TRACKER: "relationship changes",
    Role.STATE_TRACKER: "the protagonist's state",
}


class Severity(StrEnum):
    """How much a problem matters."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One finding: how bad, which file (relative to the project, '.' for the project) and what."""

    severity: Severity
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.path}: {self.message}"


def is_clean(problems: list[Problem]) -> bool:
    """Whether nothing worse than INFO was found."""
    return all(problem.severity is Severity.INFO for problem in problems)


class _Checker:
    def __init__(self, project: Project) -> None:
        self.project = project
        self.problems: list[Problem] = []
        self.readable: dict[Path, TextFile] = {}

    def add(self, severity: Severity, path: Path | str, message: str) -> None:
        shown = self.project.relative(path) if isinstance(path, Path) else path
        self.problems.append(Problem(severity, shown, message))

    def read_all(self) -> None:
        encodings: Counter[str] = Counter()
        for path in self.project.all_files():
            try:
                loaded = self.project.read(path)
            except DecodeProblem as error:
                self.add(Severity.ERROR, path, f"undecodable: {error.problem}")
                continue
            except FileProblem as error:  # outside the project, a folder, a broken symlink
                self.add(Severity.ERROR, path, f"not read: {error.problem}")
                continue
            except OSError as error:
                self.add(Severity.ERROR, path, f"unreadable: {error.strerror or error}")
                continue
            self.readable[path] = loaded
            encodings[loaded.encoding] += 1
            if loaded.encoding != UTF8:
                self.add(Severity.INFO, path, f"encoding {loaded.encoding} (kept when saving)")
        if encodings:
            summary = ", ".join(f"{count} {name}" for name, count in sorted(encodings.items()))
            self.add(Severity.INFO, ".", f"{sum(encodings.values())} files read: {summary}")

    def text(self, role: Role) -> str | None:
        return getattr(self.readable.get(self.project.role_path(role)), "text", None)

    def layout_files(self) -> None:
        try:
            memory = webnovel.stand_ins(self.project)
        except FileProblem as error:
            self.add(Severity.ERROR, error.path, error.problem)
            memory = {}
        for role, description in ROLE_DESCRIPTIONS.items():
            path = self.project.role_path(role)
            if not path.is_file() and role in memory:
                self.add(Severity.INFO, path, f"absent; {description} read from {memory[role]}")
            elif not path.is_file():
                self.add(Severity.WARNING, path, f"missing ({description}){self.fix(role)}")
        if not self.project.role_path(Role.FIXED_CONTEXT).is_file():
            self.add(
                Severity.INFO,
                self.project.role_path(Role.FIXED_CONTEXT),
                "not generated yet (`workbench fixed-context DIR`)",
            )
        config = self.project.role_path(Role.CONFIG)
        if config in self.readable:
            try:
                self.project.config()
            except FileProblem as error:
                self.add(Severity.ERROR, config, error.problem)

    def chapters(self) -> None:
        refs = self.project.chapters
        folder = self.project.root / self.project.layout.chapters_dir
        if not refs:
            self.add(Severity.WARNING, folder, "no chapter files (named like ch001.md)")
            return
        by_number: dict[int, list[Path]] = defaultdict(list)
        for ref in refs:
            by_number[ref.number].append(ref.path)
        for number, paths in sorted(by_number.items()):
            if len(paths) > 1:
                names = ", ".join(self.project.relative(p) for p in paths)
                self.add(Severity.WARNING, paths[1], f"chapter {number} is duplicated: {names}")
        for start, end in gap_ranges(sorted(by_number)):
            which = f"chapter {start}" if start == end else f"chapters {start}-{end}"
            self.add(Severity.WARNING, folder, f"gap: {which} missing")
        if folder.is_dir() and not self.project.layout.recursive_chapters:
            for path in sorted(folder.iterdir()):
                named = chapter_number_from_name(path.stem) is not None
                if path.suffix.lower() in CHAPTER_SUFFIXES and path.is_file() and not named:
                    self.add(Severity.WARNING, path, "not named like a chapter; not listed")

    def plans(self) -> None:
        folder = self.project.root / self.project.layout.plans_dir
        if not folder.is_dir():
            return
        for path in sorted(folder.iterdir()):
            parsed = chapter_number_from_name(path.stem)
            if (
                not parsed
                or path.suffix.lower() not in CHAPTER_SUFFIXES
                or path not in self.readable
            ):
                continue
            text = self.readable[path].text
            try:
                meta, _ = split_front_matter(text, path)
                plan_from_file(parsed[0], path, text)
            except FileProblem as error:
                self.add(Severity.ERROR, path, error.problem)
                continue
            if "act_end" in meta and not isinstance(meta["act_end"], bool):
                self.add(
                    Severity.ERROR, path, f"act_end must be true or false, not {meta['act_end']!r}"
                )
            characters = meta.get("characters")
            if characters is not None and not isinstance(characters, list | str):
                self.add(Severity.ERROR, path, "characters must be a list, like [林风, 苏瑶]")

    def templates(self) -> None:
        """Files still holding the text `new` or `import` wrote, with the sections that do."""
        for path, message in template_findings(self.project, self.readable, ROLE_DESCRIPTIONS):
            role = next((r for r in CONTENT_ROLES if self.project.role_path(r) == path), None)
            fix = self.fix(role) if role is not None and "counts as missing" in message else ""
            self.add(Severity.WARNING, path, message + fix)

    def fix(self, role: Role) -> str:
        """The one step for a missing style anchor: it from a passage of your own chapters."""
        return f"; {fix_hint(self.project, english=True)}" if role is Role.STYLE_ANCHOR else ""

    def characters(self) -> None:
        """A protagonist file that names no one, and cast headings not taken as characters."""
        protagonist = self.project.role_path(Role.PROTAGONIST)
        for path in self.project.character_files():
            if path not in self.readable:
                continue
            source = self.project.relative(path)
            role = Role.PROTAGONIST if path == protagonist else Role.CHARACTERS
            text = self.readable[path].text
            if path in (protagonist, self.project.role_path(Role.CHARACTERS)):
                text = without_template(role, text)
                if not text:
                    continue  # still only the template: reported by templates()
            if path == protagonist:
                self.protagonist(path, protagonist_in_file(text, source))
                continue
            read = characters_in_card if is_card(self.project, path) else characters_in_file
            for skipped in read(text, source).skipped:
                self.add(Severity.INFO, path, f"not a character: {skipped}")

    def protagonist(self, path: Path, described: CharacterFile) -> None:
        """A protagonist file naming no one: fine when webnovel-writer's memory names him."""
        if described.characters:
            return
        try:
            name, where = webnovel.memory_protagonist(self.project)
        except FileProblem:
            name, where = "", ""  # the memory's own problem is reported where it is read
        if name:
            named = f"names no one; the protagonist is {name}, named in {where}"
            self.add(Severity.INFO, path, named)
            return
        self.add(
            Severity.WARNING,
            path,
            f"{described.skipped[0]}; the protagonist has no name, so no relationship of "
            "theirs reaches a feed: write the name in the heading (`# 林风`, or `## 林风` "
            "under the title) or a `姓名：林风` line",
        )

    def stale_summary(self, section: RollingSection) -> None:
        """A generated rolling-summary section one of whose chapters changed since."""
        changed = section.changed_chapters(self.project)
        if changed:
            path = self.project.role_path(Role.ROLLING_SUMMARY)
            self.add(Severity.WARNING, path, _stale_message(section, changed, self.project.root))

    def caps(self) -> None:
        fixed_text = self.text(Role.FIXED_CONTEXT)
        fixed = parse_fixed_context(fixed_text) if fixed_text is not None else None
        if fixed is not None:
            fixed_path = self.project.role_path(Role.FIXED_CONTEXT)
            for part, cap in CAPS.items():
                zi = count_zi(fixed.parts.get(part, ""))
                if zi > cap:
                    self.add(Severity.WARNING, fixed_path, f"{part} is {zi} 字, over its {cap}")
            stale = stale_sources(self.project, fixed)
            if stale:
                changed = ", ".join(stale)
                self.add(Severity.WARNING, fixed_path, f"stale: changed since made: {changed}")
        summary = self.text(Role.ROLLING_SUMMARY)
        if summary is not None:
            for section in rolling_sections(summary):
                self.stale_summary(section)
                zi = count_zi(section.body)
                if zi > SUMMARY_CAP:
                    self.add(
                        Severity.WARNING,
                        self.project.role_path(Role.ROLLING_SUMMARY),
                        f"line {section.line}: {section.section.title} is {zi} 字, "
                        f"over its {SUMMARY_CAP}",
                    )
        outline = self.text(Role.OUTLINE)
        if outline is not None:
            zi = count_zi(outline)
            if zi > OUTLINE_CAP and not (fixed and fixed.outline_compressed):
                self.add(
                    Severity.WARNING,
                    self.project.role_path(Role.OUTLINE),
                    f"{zi} 字, over {OUTLINE_CAP}, and fixed-context.md has no 全书大纲摘要",
                )


def _stale_message(section: RollingSection, changed: list[int], root: Path) -> str:
    chapters = ", ".join(map(str, changed))
    which = "chapter" if len(changed) == 1 else "chapters"
    return (
        f"line {section.line}: {section.title} is stale: {which} {chapters} changed "
        f"since it was made (`workbench summarize {root} --stale`)"
    )


def _numbers_past_the_limit(checker: _Checker) -> None:
    """Chapter files numbered past MAX_CHAPTER: not listed, so say so."""
    project = checker.project
    folder = project.root / project.layout.chapters_dir
    if not folder.is_dir():
        return
    candidates = folder.rglob("*") if project.layout.recursive_chapters else folder.iterdir()
    for path in sorted(candidates):
        parsed = chapter_number_from_name(path.stem)
        if parsed and parsed[0] > MAX_CHAPTER and path.suffix.lower() in CHAPTER_SUFFIXES:
            checker.add(Severity.WARNING, path, f"chapter number is past {MAX_CHAPTER}; not listed")


def check_project(project: Project) -> list[Problem]:
    """Every problem found in an open project, errors first, then by path."""
    checker = _Checker(project)
    checker.read_all()
    checker.layout_files()
    checker.chapters()
    _numbers_past_the_limit(checker)
    checker.plans()
    checker.templates()
    checker.characters()
    checker.caps()
    log.debug("checked %s: %d findings", project.root, len(checker.problems))
    return sorted_problems(checker.problems)


def sorted_problems(problems: list[Problem]) -> list[Problem]:
    """Errors first, then warnings, then info; by path within each, the project last."""
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    return sorted(problems, key=lambda p: (order[p.severity], p.path == ".", p.path))
