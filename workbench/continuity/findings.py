"""A continuity finding, the rules' names, and the findings an author dismissed."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.gate import MAX_JSON_BYTES
from workbench.book.project import Project
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

DEAD_ACTS = "dead-acts"
NAME_DRIFT = "name-drift"
REALM_REGRESSION = "realm-regression"
REALM_JUMP = "realm-jump"
PAID_TWICE = "paid-twice"
PAID_UNPLANTED = "paid-unplanted"
RULES = (DEAD_ACTS, NAME_DRIFT, REALM_REGRESSION, REALM_JUMP, PAID_TWICE, PAID_UNPLANTED)
QUESTIONS = frozenset({REALM_JUMP})  # asked, not asserted: the author may mean it

DISMISSALS_FILE = "continuity.json"


@dataclass(frozen=True)
class Finding:
    """One contradiction: where (chapter, 1-based line, the offending text and its span in
    the chapter's text) and why, with the records it contradicts (`refs`, "file:line")."""

    rule: str
    chapter: int
    line: int
    text: str
    reason: str
    refs: tuple[str, ...] = ()
    start: int = 0  # offset of `text` in the chapter's text
    end: int = 0
    lines: tuple[int, ...] = field(default=(), compare=False)  # every line it occurs on

    @property
    def is_question(self) -> bool:
        """A finding the author is asked about rather than told of."""
        return self.rule in QUESTIONS

    @property
    def key(self) -> tuple[str, int, str]:
        """What a dismissal remembers: rule, chapter and text."""
        return (self.rule, self.chapter, self.text)

    def as_json(self) -> dict:
        """The finding as `workbench continuity --format json` prints it."""
        return {
            "rule": self.rule,
            "chapter": self.chapter,
            "line": self.line,
            "text": self.text,
            "reason": self.reason,
            "refs": list(self.refs),
        }


def dismissals_path(project: Project) -> Path:
    """`.workbench/continuity.json`."""
    return project.state_dir / DISMISSALS_FILE


def load_dismissed(project: Project) -> frozenset[tuple[str, int, str]]:
    """The (rule, chapter, text) of every dismissed finding; a damaged file dismisses
    nothing (and is logged; `workbench check` names it), so findings reappear rather than
    vanish."""
    try:
        return read_dismissed(project)
    except FileProblem as error:
        log.warning("%s", error)
        return frozenset()


def read_dismissed(project: Project) -> frozenset[tuple[str, int, str]]:
    """The dismissed findings; a FileProblem naming the file when it cannot be read."""
    path = dismissals_path(project)
    if not path.is_file():
        return frozenset()
    # Leading out, a pipe, too large: the gate says so itself.
    raw = gate.read_bytes(path, root=project.root, limit=MAX_JSON_BYTES, what="a dismissals file")
    try:
        data = parse_json(raw, path)
        return frozenset(
            (str(item["rule"]), int(item["chapter"]), str(item["text"]))
            for item in data["dismissed"]
        )
    # ArithmeticError: int() of a hand-edited Infinity
    except (FileProblem, ValueError, TypeError, KeyError, AttributeError, ArithmeticError) as error:
        why = (
            error.problem if isinstance(error, FileProblem) else f"{type(error).__name__}: {error}"
        )
        raise FileProblem(
            path,
            f"not a list of dismissed findings ({why}); "
            "nothing is dismissed until it is fixed or deleted",
        ) from error


def dismiss(project: Project, finding: Finding) -> None:
    """Remember a dismissed finding in `.workbench/continuity.json`; a file that cannot be
    read is a FileProblem and is left as it is (never replaced by a list of one)."""
    keys = set(read_dismissed(project)) | {finding.key}
    items = [
        {"rule": rule, "chapter": chapter, "text": text}
        for rule, chapter, text in sorted(keys, key=lambda k: (k[1], k[0], k[2]))
    ]
    path = dismissals_path(project)
    text = json.dumps({"dismissed": items}, ensure_ascii=False, indent=1) + "\n"
    gate.write_text(path, text, root=project.root)
