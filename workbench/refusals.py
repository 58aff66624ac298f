"""What `feed`, `trackers` and `summarize` would refuse or skip, as `check` problems.

`workbench.book.check` sees the files; this module asks the layers above it (trackers, the
feed's settings and pins, the rolling summaries) what they cannot use, so `check` never says
"ok" for a project another command rejects. Each finding names the file, and the line where
there is one.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from workbench.book import webnovel
from workbench.book.cache_seal import CACHE_FILES, seal_problem
from workbench.book.check import Problem, Severity
from workbench.book.layout import Role
from workbench.book.project import STATE_DIR, Project
from workbench.book.rolling_summary import skipped_headings
from workbench.errors import FileProblem
from workbench.feed.config import load_feed_config
from workbench.feed.pins import check_pins, load_pins, pins_path
from workbench.recall.index_file import index_path, index_problem
from workbench.trackers.cast import Cast
from workbench.trackers.errors import TrackerParseError
from workbench.trackers.kinds import tracker_files
from workbench.trackers.parse import parse_tracker
from workbench.trackers.webnovel import memory_foreshadowing

# write_bytes_atomic's temp files: `.<name>.<8 random characters>.tmp` next to the file.
_TEMP_FILE = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")


def refused_inputs(project: Project) -> list[Problem]:
    """Every problem that makes another command refuse or skip part of the project."""
    problems: list[Problem] = []
    problems += _trackers(project)
    problems += _feed_settings(project)
    problems += _pins(project)
    problems += _summary_headings(project)
    problems += _leftover_temp_files(project)
    problems += _folders_in_place_of_files(project)
    problems += _unsealed_caches(project)
    problems += _webnovel_memory(project)
    problems += _folders_leading_out(project)
    return problems


def _problem(project: Project, severity: Severity, path: Path, message: str) -> Problem:
    return Problem(severity, project.relative(path), message)


def _trackers(project: Project) -> list[Problem]:
    found = []
    try:
        files = tracker_files(project)
    except FileProblem as error:  # a [trackers.kinds] declaration that does not hold
        return [_problem(project, Severity.ERROR, error.path, error.problem)]
    for spec in files:
        path = spec.path
        if not path.is_file():
            kind = spec.kinds[0]
            if kind.custom:  # declared in workbench.toml, so the author expects it
                declared = f"{kind.check_label} ({kind.title}) declared in [trackers.kinds]"
                found.append(_problem(project, Severity.WARNING, path, f"missing: {declared}"))
            continue
        try:
            parse_tracker(project.read(path).text, path, kinds=spec.kinds)
        except TrackerParseError as error:
            found += [
                _problem(project, Severity.ERROR, path, f"line {line}: {message}")
                for line, message in error.errors
            ]
        except FileProblem as error:
            found.append(_problem(project, Severity.ERROR, path, error.problem))
    return found


def _feed_settings(project: Project) -> list[Problem]:
    try:
        load_feed_config(project)
    except FileProblem as error:
        return [_problem(project, Severity.ERROR, error.path, error.problem)]
    return []


def _pins(project: Project) -> list[Problem]:
    try:
        pins = load_pins(project)
    except FileProblem as error:
        return [_problem(project, Severity.ERROR, error.path, error.problem)]
    return [
        _problem(project, Severity.WARNING, pins_path(project), f"pin {c.pin.ref}: {c.problem}")
        for c in check_pins(project, pins)
        if c.broken
    ]


def _summary_headings(project: Project) -> list[Problem]:
    """`## 滚动摘要 …` headings that name no chapter range: summaries and feeds skip them."""
    path = project.role_path(Role.ROLLING_SUMMARY)
    if not path.is_file():
        return []
    try:
        text = project.read(path).text
    except FileProblem:
        return []  # reported by book.check
    return [
        _problem(
            project, Severity.WARNING, path, f"line {skipped.line}: {skipped.problem}; skipped"
        )
        for skipped in skipped_headings(text)
    ]


def _leftover_temp_files(project: Project) -> list[Problem]:
    found = []
    for folder, dirnames, filenames in os.walk(project.root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") or d == STATE_DIR)
        for name in sorted(filenames):
            if _TEMP_FILE.match(name):
                found.append(
                    _problem(
                        project,
                        Severity.WARNING,
                        Path(folder) / name,
                        "left over from a save that was interrupted (the file it was saving "
                        "is intact); delete it",
                    )
                )
    return found


def _unsealed_caches(project: Project) -> list[Problem]:
    """A cache under `.workbench/` the commands ignore (and rebuild): not sealed here."""
    try:
        state = project.state_dir
    except FileProblem:
        return []  # `.workbench/` leading out of the project is reported where it is checked
    found = []
    for name in CACHE_FILES:
        problem = seal_problem(state / name)
        if problem:
            message = f"cache ignored (rebuilt when next needed): {problem}; it decides no feed"
            found.append(_problem(project, Severity.WARNING, state / name, message))
    problem = index_problem(project)
    if problem:
        message = f"passage index ignored (rebuilt when next needed): {problem}"
        found.append(_problem(project, Severity.WARNING, index_path(project), message))
    return found


# Folders of .workbench/ the app writes into: drafts, backups, saved feeds, autosaves.
STATE_FOLDERS = ("drafts", "backups", "feeds", "autosave")


def _folders_leading_out(project: Project) -> list[Problem]:
    """A book folder (chapters, plans, references, …) or a folder of .workbench/ that is a
    symlink leading outside the project: every read and write through it is refused."""
    layout = project.layout
    folders = {
        layout.chapters_dir,
        layout.plans_dir,
        layout.characters_dir,
        layout.chapter_summaries_dir,
        *(project.relative(project.role_path(role).parent) for role in Role),
        *(f"{STATE_DIR}/{name}" for name in STATE_FOLDERS),
    }
    found = []
    for folder in sorted(folders - {"."}):
        path = project.root / folder
        if not os.path.lexists(path):
            continue
        try:
            project.contained(path, entry=folder)
        except FileProblem as error:
            message = f"{error.problem}; nothing is read or written through it"
            found.append(_problem(project, Severity.ERROR, path, message))
    return found


def _webnovel_memory(project: Project) -> list[Problem]:
    """What of webnovel-writer's `.webnovel/` the feed and trackers refuse or leave out: a
    state.json, index.db or summary that leads outside the project, is no file, breaks a
    bound or does not parse, and index.db rows with no chapter."""
    if not webnovel.is_webnovel(project):
        return []
    found = []

    def refused(error: Exception, path: Path) -> None:
        if isinstance(error, FileProblem):
            found.append(_problem(project, Severity.ERROR, error.path, error.problem))
        else:  # OSError: permissions, a vanished file
            reason = getattr(error, "strerror", None) or str(error)
            found.append(_problem(project, Severity.ERROR, path, f"cannot be read: {reason}"))

    state_path = project.root / webnovel.STATE_FILE
    try:
        memory_foreshadowing(project, Cast(()))  # state.json, its bounds and its entries
    except (FileProblem, OSError) as error:
        refused(error, state_path)
    index_path = project.root / webnovel.INDEX_FILE
    try:
        skipped = webnovel.read_index(project).skipped
    except (FileProblem, OSError) as error:
        refused(error, index_path)
    else:
        found += [
            _problem(project, Severity.WARNING, index_path, f"{row}; left out")
            for row in skipped[:10]
        ]
        if len(skipped) > 10:
            more = f"{len(skipped) - 10} more rows with no chapter; left out"
            found.append(_problem(project, Severity.WARNING, index_path, more))
    summaries = project.root / project.layout.chapter_summaries_dir
    for path in sorted(summaries.glob("ch*.md")) if summaries.is_dir() else []:
        try:
            project.read(path)
        except (FileProblem, OSError) as error:
            refused(error, path)
    return list(dict.fromkeys(found))  # index.db's problem may come by two readers


def _folders_in_place_of_files(project: Project) -> list[Problem]:
    """A layout file, chapter or plan that is a folder: nothing can read it."""
    candidates = [project.role_path(role) for role in Role]
    for folder in (project.layout.chapters_dir, project.layout.plans_dir):
        if (project.root / folder).is_dir():
            candidates += sorted((project.root / folder).iterdir())
    return [
        _problem(project, Severity.ERROR, path, "is a folder, not a file")
        for path in dict.fromkeys(candidates)
        if path.is_dir() and path.suffix.lower() in (".md", ".txt", ".toml")
    ]
