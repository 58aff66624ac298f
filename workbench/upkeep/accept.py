"""Accepting proposals: each kind written through its lossless path — TrackerDocument for the
trackers, castfile for the character files, one appended row for the state tracker — and
nothing written at all when any file is broken, changed on disk since it was read, or open
with unsaved edits, or when a proposal no longer fits the book as it now stands."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from workbench.book import gate
from workbench.book.gate import ChangingFile
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.textio import NO_FILE, TextFile
from workbench.errors import FileProblem
from workbench.trackers.cast import load_cast
from workbench.trackers.columns import Status
from workbench.trackers.document import TrackerDocument
from workbench.trackers.dormancy import LAST_SEEN
from workbench.trackers.errors import TrackerEditError, TrackerParseError
from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP
from workbench.trackers.ledger import next_id
from workbench.trackers.tables import split_lines
from workbench.upkeep.castfile import (
    OWNED_CAST_FILE,
    with_alias,
    with_new_character,
    with_owned_alias,
)
from workbench.upkeep.errors import AcceptRefused
from workbench.upkeep.proposals import Kind, Proposal, Review
from workbench.upkeep.state_file import with_state_row
from workbench.upkeep.store import Queue, update_queue

log = logging.getLogger(__name__)

TRACKER_OF = {
    Kind.RELATIONSHIP: "relationship",
    Kind.PLANTED: "plot",
    Kind.PAID: "plot",
    Kind.SIGHTING: "plot",
}
ROLES = {"plot": Role.PLOT_TRACKER, "relationship": Role.RELATIONSHIP_TRACKER}
Blocked = Callable[[Path], bool]


@dataclass
class _Files:
    """What one accept reads and writes, each file read once."""

    project: Project
    documents: dict[str, TrackerDocument]
    texts: dict[Path, TextFile] = field(default_factory=dict)  # character / state files
    edited: dict[Path, str] = field(default_factory=dict)

    def document(self, key: str) -> TrackerDocument:
        if key not in self.documents:
            path = self.project.role_path(ROLES[key])
            if not path.is_file():
                raise AcceptRefused(
                    f"{self.project.relative(path)} does not exist; create it first — "
                    "nothing was written"
                )
            loaded = self.read(path)
            try:
                document = TrackerDocument(
                    path, loaded.text, loaded.sha256, self.project.relative(path)
                )
            except TrackerParseError as error:
                raise AcceptRefused(f"{error}; fix the file first — nothing was written") from error
            if not document.text.strip():
                raise AcceptRefused(
                    f"{document.source} is empty; if another program is saving it, try again "
                    "once it is saved, else give it its table first — nothing was written"
                )
            self.documents[key] = document
        return self.documents[key]

    def text(self, path: Path) -> str:
        if path in self.edited:
            return self.edited[path]
        if path not in self.texts:
            self.texts[path] = self.read(path)
        return self.texts[path].text

    def read(self, path: Path) -> TextFile:
        """Never built on: a file another program is in the middle of saving."""
        try:
            return self.project.read_settled(path)
        except ChangingFile as error:
            raise AcceptRefused(f"{error} — nothing was written") from error


def accept(
    project: Project,
    proposals: Iterable[Proposal],
    *,
    documents: dict[str, TrackerDocument] | None = None,
    blocked: Blocked | None = None,
) -> list[str]:
    """Write the proposals (as given: edited ones as edited) and mark them accepted in the
    queue; returns one line per proposal. `documents`: the tracker documents the caller
    shows (refused if their file changed on disk since); `blocked(path)`: the file is open
    with unsaved edits. AcceptRefused (nothing written) when any of them cannot be applied."""
    chosen = list(proposals)
    files = _Files(project, dict(documents or {}))
    for document in files.documents.values():
        if document.changed_on_disk(project.root):
            raise AcceptRefused(
                f"{document.source} changed on disk since it was read; reload it and try "
                "again — nothing was written"
            )
    done = []
    try:
        for proposal in chosen:
            if proposal.review is not Review.PENDING:
                raise AcceptRefused(f"{proposal.id} is already {proposal.review}")
            done.append(_apply(files, proposal))
    except (TrackerEditError, ValueError) as error:
        _discard(files)
        raise AcceptRefused(f"{error} — nothing was written") from error
    except AcceptRefused:
        _discard(files)
        raise
    targets = [d.path for d in files.documents.values() if d.modified] + list(files.edited)
    for path in targets:
        if blocked is not None and blocked(path):
            _discard(files)
            raise AcceptRefused(
                f"{project.relative(path)} is open with unsaved edits; save or discard them "
                "first — nothing was written"
            )
    _save(files)
    update_queue(project, partial(_mark, proposals=chosen, review=Review.ACCEPTED))
    return done


def reject(project: Project, proposals: Iterable[Proposal]) -> int:
    """Mark proposals rejected: never proposed again for their range. Writes only the queue."""
    return update_queue(project, partial(_mark, proposals=list(proposals), review=Review.REJECTED))


def _mark(queue: Queue, proposals: list[Proposal], review: Review) -> int:
    """Record the decision on every proposal the queue holds; how many it held."""
    count = 0
    for proposal in proposals:
        if queue.find(proposal.id) is not None:
            queue.mark(proposal, review)
            count += 1
    return count


def _apply(files: _Files, proposal: Proposal) -> str:
    values = proposal.fields
    if proposal.kind in (Kind.CHARACTER, Kind.ALIAS):
        return _apply_cast(files, proposal)
    if proposal.kind is Kind.STATE:
        path = files.project.role_path(Role.STATE_TRACKER)
        if not path.is_file():
            raise AcceptRefused(f"{files.project.relative(path)} does not exist")
        source = files.project.relative(path)
        protagonist = load_cast(files.project).protagonist
        files.edited[path] = with_state_row(files.text(path), source, proposal, protagonist)
        return (
            f"{proposal.id}: {source}: 第{proposal.chapter}章 {values['field']} {values['value']}"
        )
    document = files.document(TRACKER_OF[proposal.kind])
    if proposal.kind is Kind.RELATIONSHIP:
        row = {
            "chapter": str(proposal.chapter),
            "a": str(values["a"]),
            "b": str(values["b"]),
            "relation": str(values.get("relation") or ""),
            "change": str(values.get("change") or ""),
            "note": str(values.get("note") or ""),
        }
        document.add(RELATIONSHIP, row)
        return f"{proposal.id}: {document.source}: {values['a']}—{values['b']} {row['relation']}"
    if proposal.kind is Kind.PLANTED:
        entry_id = next_id(entry.id for entry in document.foreshadowing)
        line = document.add(
            FORESHADOWING,
            {
                "id": entry_id,
                "content": str(values["content"]),
                "planted": str(values.get("planted") or proposal.chapter),
                "payoff": str(values.get("payoff") or ""),
                "status": Status.OPEN,
                "tier": str(values.get("tier") or ""),
                "characters": ", ".join(_listed(values.get("characters"))),
                "keywords": ", ".join(_listed(values.get("keywords"))),
            },
            table=_open_table(document),
        )
        return (
            f"{proposal.id}: {document.source}: {entry_id} planted in chapter "
            f"{proposal.chapter}, line {line}{_under_heading(document.text, line)}"
        )
    entry = next((e for e in document.foreshadowing if e.id == values["entry"]), None)
    if entry is None:
        raise AcceptRefused(f"{document.source} has no entry {values['entry']}")
    if entry.status is not Status.OPEN or not entry.candidate_at(proposal.chapter):
        raise AcceptRefused(
            f"{entry.id} is not open at chapter {proposal.chapter} ({entry.status}); "
            "the tracker has changed since the proposal"
        )
    if proposal.kind is Kind.PAID:
        document.resolve(entry.id, proposal.chapter)
        return f"{proposal.id}: {document.source}: {entry.id} 已回收@{proposal.chapter}"
    if LAST_SEEN not in entry.extra:
        document.add_column(entry.line, LAST_SEEN)
    document.update(entry.id, LAST_SEEN, str(proposal.chapter))
    return f"{proposal.id}: {document.source}: {entry.id} {LAST_SEEN} {proposal.chapter}"


def _open_table(document: TrackerDocument) -> int:
    """Which foreshadowing table a new entry goes in: the one holding the most open entries
    (the first of those), never a table of entries given up that happens to come last."""
    tables = [table for table in document.parsed.tables if table.kind == FORESHADOWING]
    open_lines = {entry.line for entry in document.foreshadowing if entry.status is Status.OPEN}
    counts = [sum(row.line in open_lines for row in table.table.rows) for table in tables]
    return counts.index(max(counts)) if counts else -1


def _under_heading(text: str, line: int) -> str:
    """` (under 「# heading」)`: the nearest Markdown heading above 1-based `line`, if any."""
    above = split_lines(text)[: max(0, line - 1)]
    heading = next((row.text for row in reversed(above) if row.text.startswith("#")), "")
    return f" (under 「{heading.strip()}」)" if heading else ""


def _apply_cast(files: _Files, proposal: Proposal) -> str:
    project = files.project
    cast = load_cast(project)
    forms = cast.forms()
    values = proposal.fields
    if proposal.kind is Kind.CHARACTER:
        name = str(values["name"]).strip()
        if name in forms:
            raise AcceptRefused(f"{name} is in the cast already (as {forms[name]})")
        path = project.role_path(Role.CHARACTERS)
        source = project.relative(path)
        current = files.text(path) if path.is_file() else ""
        files.edited[path] = with_new_character(
            current, source, name, proposal.chapter, proposal.evidence
        )
        return f"{proposal.id}: {source}: ## {name}"
    alias = str(values["alias"]).strip()
    character = next((c for c in cast.characters if c.name == values["character"]), None)
    if character is None or not character.source:
        raise AcceptRefused(f"{values['character']} is not a cast member with a character file")
    if alias in forms:
        raise AcceptRefused(f"{alias} already names {forms[alias]}")
    path = project.root / character.source
    if gate.in_read_only_memory(path, project.root):
        path = project.root / project.layout.characters_dir / OWNED_CAST_FILE
        source = project.relative(path)
        current = files.text(path) if path.is_file() else ""
        files.edited[path] = with_owned_alias(current, source, character.name, alias)
        return (
            f"{proposal.id}: {source}: {character.name} 别名 {alias} (written here: "
            f"{character.source} leads into webnovel-writer's memory, which Workbench only reads)"
        )
    files.edited[path] = with_alias(files.text(path), character.source, character, alias)
    return f"{proposal.id}: {character.source}: {character.name} 别名 {alias}"


def _save(files: _Files) -> None:
    """Every edited file, each only if its bytes are still those that were read."""
    project = files.project
    for path in files.edited:
        read = files.texts.get(path)
        if read is not None and project.changed_on_disk(read):
            raise AcceptRefused(
                f"{project.relative(path)} changed on disk meanwhile; nothing more was written"
            )
        if read is None and path.exists():
            raise AcceptRefused(
                f"{project.relative(path)} appeared meanwhile; nothing more was written"
            )
    for document in files.documents.values():
        if document.modified and document.changed_on_disk(project.root):
            raise AcceptRefused(f"{document.source} changed on disk meanwhile; nothing was written")
    try:
        for document in files.documents.values():
            document.save(project)
        for path, text in files.edited.items():
            gate.make_folder(path.parent, root=project.root)
            read = files.texts.get(path)
            # Checked again under the file's lock, just before the rename.
            expect = read.sha256 if read is not None else NO_FILE
            project.write(path, text, expect=expect, origin="upkeep")
    except FileProblem as error:
        raise AcceptRefused(str(error)) from error
    for path in files.edited:
        log.info("upkeep wrote %s", project.relative(path))


def _discard(files: _Files) -> None:
    for document in files.documents.values():
        document.discard()
    files.edited.clear()


def _listed(value: object) -> list[str]:
    if isinstance(value, str):
        return [part.strip() for part in value.replace("，", ",").split(",") if part.strip()]
    if isinstance(value, (list, tuple)):
        return [str(part).strip() for part in value if str(part).strip()]
    return []
