"""What the book records about its characters, by chapter: deaths and departures (the state
tracker, the cast cards, the relationship tracker) and realms (the state tracker's 修为).

A state tracker is any table of `references/state-tracker.md` with a 章节 column and a
状态 (or 修为 / 境界) column; a 角色 column names whose row it is, else the row is the
protagonist's, and a cell naming someone before a death word (目睹周德全被掐灯灭口) records
that person's death.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.continuity import words
from workbench.errors import FileProblem
from workbench.feed.power import character_sections
from workbench.trackers.cast import Cast
from workbench.trackers.columns import normalise_header, parse_chapter, plain
from workbench.trackers.model import Trackers
from workbench.trackers.tables import find_tables, split_lines

DEAD, GONE, BACK = "dead", "gone", "back"
_CHAPTER_COLUMN = ("章节", "章", "chapter", "回")
_WHO_COLUMN = ("角色", "人物", "姓名", "character", "name")
_STATE_COLUMN = ("状态", "处境", "事件", "备注", "state", "status", "说明")
_REALM_COLUMN = ("修为", "境界", "realm", "level")
_CARD_FIELD = re.compile(r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:状态|当前状态|现状|结局|下场)")
_CARD_CHAPTER = re.compile(r"第\s*([0-9一二三四五六七八九十百千零〇两]+)\s*[章回]")
_NAME_REACH = 8  # a name this many characters or fewer before a death word is its subject


@dataclass(frozen=True)
class Fate:
    """A character recorded dead, gone or back at a chapter, and where that is written."""

    name: str
    chapter: int
    kind: str  # DEAD, GONE or BACK
    ref: str  # "references/state-tracker.md:14"
    words: str  # the cell or line that says so


@dataclass(frozen=True)
class RealmRecord:
    """A realm the state tracker records for a character at a chapter."""

    name: str
    chapter: int
    realm: int  # index into the book's realm order
    fell: bool  # the cell says why it is lower (跌落, 封印 …)
    ref: str


@dataclass(frozen=True)
class BookRecords:
    """Everything the rules read from the trackers and cards, for the whole book; each rule
    takes only what is recorded up to the chapter it checks."""

    fates: tuple[Fate, ...]
    realms: tuple[RealmRecord, ...]


def read_records(
    project: Project, cast: Cast, trackers: Trackers, order: tuple[str, ...]
) -> BookRecords:
    """The fates and realms recorded anywhere in the book."""
    fates: list[Fate] = []
    realms: list[RealmRecord] = []
    state = project.read_role(Role.STATE_TRACKER)
    if state is not None:
        source = project.relative(state.path)
        _state_tables(state.text, source, cast, order, fates, realms)
    fates += _card_fates(project, cast)
    fates += _relationship_fates(trackers, cast)
    return BookRecords(tuple(fates), tuple(realms))


def _column(headers: list[str], names: tuple[str, ...]) -> int | None:
    wanted = {normalise_header(name) for name in names}
    return next((i for i, h in enumerate(headers) if normalise_header(h) in wanted), None)


def _state_tables(
    text: str,
    source: str,
    cast: Cast,
    order: tuple[str, ...],
    fates: list[Fate],
    realms: list[RealmRecord],
) -> None:
    forms = cast.forms()
    for table in find_tables(text):
        headers = table.header.values()
        chapter_at = _column(headers, _CHAPTER_COLUMN)
        state_at = _column(headers, _STATE_COLUMN)
        realm_at = _column(headers, _REALM_COLUMN)
        who_at = _column(headers, _WHO_COLUMN)
        if chapter_at is None or (state_at is None and realm_at is None):
            continue
        for row in table.rows:
            cells = row.values()
            if len(cells) != len(headers):
                continue
            try:
                chapter = parse_chapter(cells[chapter_at])
            except ValueError:
                continue  # `workbench check` is where a broken row is reported
            if chapter is None:
                continue
            who = cast.canonical(plain(cells[who_at])) if who_at is not None else cast.protagonist
            ref = f"{source}:{row.line}"
            if state_at is not None:
                row_text = "；".join(
                    plain(cell) for i, cell in enumerate(cells) if i not in (chapter_at, who_at)
                )
                fates += [
                    replace(fate, words=row_text)
                    for fate in cell_fates(cells[state_at], who, chapter, ref, forms)
                ]
            if realm_at is not None and who:
                realm = realm_in(cells[realm_at], order)
                if realm is not None:
                    fell = bool(words.FALL.search(cells[realm_at]))
                    realms.append(RealmRecord(who, chapter, realm, fell, ref))


def realm_in(text: str, order: tuple[str, ...]) -> int | None:
    """The highest realm of the order named in a cell."""
    found = [index for index, realm in enumerate(order) if realm in text]
    return max(found) if found else None


def cell_fates(
    cell: str, subject: str | None, chapter: int, ref: str, forms: dict[str, str]
) -> list[Fate]:
    """The deaths, departures and returns one cell records: of the name just before each
    word (within the clause), else of the row's subject."""
    found: list[Fate] = []
    spans = [(s, e, DEAD) for s, e in words.death_spans(cell)]
    spans += [(*m.span(), GONE) for m in words.GONE.finditer(cell)]
    spans += [(*m.span(), BACK) for m in words.RETURN.finditer(cell)]
    for start, _end, kind in sorted(spans):
        name = _name_before(cell, start, forms) or subject
        if name:
            found.append(Fate(name, chapter, kind, ref, cell.strip()))
    return found


def _name_before(text: str, at: int, forms: dict[str, str]) -> str | None:
    """The character named last before `at` in the same clause, within reach: the form
    ending latest, the longest of those. The few pieces of the short clause are looked up,
    not every form (a cast may have 100,000 aliases)."""
    window_start = max(0, at - _NAME_REACH - 6)
    clause = text[window_start:at]
    breaks = list(words.CLAUSE_BREAK.finditer(clause))
    if breaks:
        clause = clause[breaks[-1].end() :]
    for end in range(len(clause), max(0, len(clause) - _NAME_REACH - 1), -1):
        for start in range(end):
            name = forms.get(clause[start:end])
            if name is not None:
                return name
    return None


def _card_fates(project: Project, cast: Cast) -> list[Fate]:
    """A cast card's 状态 / 结局 line with a death word and the chapter: 第9章…自尽."""
    found: list[Fate] = []
    texts: dict[str, list[str]] = {}
    for entry in character_sections(project):
        for line in entry.text.splitlines():
            if not _CARD_FIELD.match(line) or not words.death_spans(line):
                continue
            chapter_match = _CARD_CHAPTER.search(line)
            if chapter_match is None:
                continue  # a death with no chapter says nothing about which chapters follow it
            try:
                chapter = parse_chapter(chapter_match.group())
            except ValueError:
                continue
            if chapter is None:
                continue
            lines = texts.setdefault(entry.source, _file_lines(project, entry.source))
            number = next((i for i, text in enumerate(lines, 1) if text == line), 0)
            ref = f"{entry.source}:{number}" if number else entry.source
            found.append(Fate(cast.canonical(entry.name), chapter, DEAD, ref, line.strip()))
    return found


def _file_lines(project: Project, source: str) -> list[str]:
    try:
        return [line.text for line in split_lines(project.read(project.root / source).text)]
    except (FileProblem, OSError):
        return []


def _relationship_fates(trackers: Trackers, cast: Cast) -> list[Fate]:
    """A relationship row recording a death: of the one it names before the word, else
    (死别, 阴阳两隔) of the one who is not the protagonist."""
    found: list[Fate] = []
    forms = cast.forms()
    protagonist = cast.protagonist
    for row in trackers.relationships:
        a, b = cast.canonical(row.a), cast.canonical(row.b)
        other = b if a == protagonist else a if b == protagonist else None
        ref = f"{row.source}:{row.line}"
        for cell in (row.relation, row.change, row.note):
            for start, _end in words.death_spans(cell):
                name = _name_before(cell, start, forms)
                if name in (a, b) or (name is None and other):
                    found.append(Fate(name or other, row.chapter, DEAD, ref, cell.strip()))
                    break
    return found
