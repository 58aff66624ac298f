"""BattleAgent's material: the passage with context, character power, the power system."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from workbench.book.characters import (
    card_entries,
    characters_in_file,
    is_card,
    protagonist_in_file,
)
from workbench.book.layout import Role
from workbench.book.project import ChapterRef, Project
from workbench.book.sections import find_section, sections
from workbench.book.webnovel import STATE_FILE, protagonist_state_text
from workbench.errors import FileProblem
from workbench.feed.config import FeedConfig
from workbench.feed.model import Block, Group, Layer, Status
from workbench.feed.trim import demote_headings
from workbench.reasons import Reason
from workbench.trackers.as_of import protagonist_state_as_of, state_text_as_of
from workbench.trackers.cast import Scanner, character_text, load_cast

POWER_SYSTEM = "力量体系"


def _extend(text: str, index: int, zi_wanted: int, step: int) -> int:
    """Move from `index` by `step` (±1) until `zi_wanted` non-blank characters are passed."""
    passed = 0
    while passed < zi_wanted:
        if step < 0:
            if index == 0:
                break
            index -= 1
            char = text[index]
        else:
            if index >= len(text):
                break
            char = text[index]
            index += 1
        if not char.isspace():
            passed += 1
    return index


def passage_text(project: Project, ref: ChapterRef, passage: tuple[int, int], context: int) -> str:
    """The passage (character offsets into chapter N) and `context` 字 either side, labelled."""
    text = project.read(ref.path).text
    start, end = passage
    if not 0 <= start < end <= len(text):
        raise FileProblem(
            ref.path, f"passage {start}:{end} is outside the chapter's text (0:{len(text)})"
        )
    before_start = _extend(text, start, context, -1)
    after_end = _extend(text, end, context, +1)
    parts = []
    if before_start < start:
        lead = "……" if before_start > 0 else ""
        before = lead + _piece(text, before_start, start)
        parts += [f"**前文（选段之前 {context} 字以内）**", before]
    parts += [f"**选段（字符 {start}–{end}）**", _piece(text, start, end)]
    if end < after_end:
        tail = "……" if after_end < len(text) else ""
        parts += [f"**后文（选段之后 {context} 字以内）**", _piece(text, end, after_end) + tail]
    return "\n\n".join(parts)


def _piece(text: str, start: int, end: int) -> str:
    return demote_headings(text[start:end]).strip("\n")


@dataclass(frozen=True)
class CharacterSection:
    """One character's entry: their name and their text in a character file."""

    name: str
    source: str
    section: str
    text: str


@lru_cache(maxsize=32)
def _sections_of(source: str, text: str, whole_file: bool) -> tuple[CharacterSection, ...]:
    """The file's entries, named as the trackers' cast names them (one reading of 别名)."""
    if whole_file:
        pieces = [("", text)]
    else:
        pieces = [(s.title, s.whole(text)) for s in sections(text) if s.level == 2]
    read = protagonist_in_file if whole_file else characters_in_file
    return tuple(
        CharacterSection(character.name, source, title, body)
        for title, body in pieces
        for character in read(body, source).characters
    )


@lru_cache(maxsize=32)
def _card_sections(source: str, text: str) -> tuple[CharacterSection, ...]:
    """A setting card's people, each with their part of it (the whole card for one person)."""
    entries, _ = card_entries(text, source)
    found = []
    for entry in entries:
        headings = sections(entry.text) if len(entries) > 1 else []
        title = headings[0].title.strip() if headings else ""
        found.append(CharacterSection(entry.character.name, source, title, entry.text))
    return tuple(found)


def character_sections(project: Project) -> list[CharacterSection]:
    """Every character entry: the protagonist's whole file, a setting card's people with
    their part of it, one per `##` section elsewhere."""
    protagonist = project.role_path(Role.PROTAGONIST)
    result = []
    for path in project.character_files():
        text = character_text(project, path, project.read(path).text)
        if text is None:
            continue
        source = project.relative(path)
        if is_card(project, path):
            result += _card_sections(source, text)
        else:
            result += _sections_of(source, text, path == protagonist)
    return result


def power_blocks(project: Project, config: FeedConfig, chapter: int, passage: str) -> list[Block]:
    """角色战力 (state tracker + the sections of the characters in play) and 力量体系."""
    cast = load_cast(project)
    plan = project.plan(chapter)
    # Named in the plan's front matter, or in the passage under any name or alias (a name
    # only inside a longer known name does not count: 谢灵 in 谢灵均).
    in_play = {cast.canonical(name) for name in (plan.characters if plan else ())}
    in_play |= {cast.canonical(form) for form in Scanner(cast.forms()).scan(passage)}
    entries = [entry for entry in character_sections(project) if entry.name in in_play]
    state = project.read_role(Role.STATE_TRACKER)
    parts, sources = [], []
    unknown = ""
    if state is not None:
        # The state as the book stood at N: no row or 截至 section of a later chapter.
        parts.append(demote_headings(state_text_as_of(state.text, chapter)).strip("\n"))
        sources.append(project.relative(state.path))
    else:
        # webnovel-writer's state.json: the protagonist as the book stood at N.
        restored, why = protagonist_state_as_of(project, chapter)
        if memory_state := protagonist_state_text({"protagonist_state": restored}):
            parts.append(demote_headings(memory_state).strip("\n"))
            sources.append(f"{STATE_FILE}#protagonist_state")
        elif why:
            unknown = why
    for entry in entries:
        parts.append(demote_headings(entry.text).strip("\n"))
        sources.append(entry.source + (f"#{entry.section}" if entry.section else ""))
    power = Block(
        id="task.power",
        layer=Layer.TASK,
        kind="power",
        title=Reason("title.power"),
        source="、".join(sources),
        text="\n\n".join(parts),
        cap=config.power_cap,
        group=Group.SCENE,
        required=True,
        chapter=chapter,
    )
    if unknown:
        power.notes.append(Reason("note.protagonist_unstated", unknown))
    if not parts:
        state_path = project.relative(project.role_path(Role.STATE_TRACKER))
        power.set_text("", Status.MISSING, Reason("missing.power", state_path))
        power.fix = Reason("fix.power", state_path)
    return [power, power_system_block(project, config)]


def power_system_block(project: Project, config: FeedConfig) -> Block:
    """The `力量体系` section of world.md, or webnovel-writer's 设定集/力量体系.md whole."""
    own_path = project.root / project.layout.power_system_file
    own_exists = bool(project.layout.power_system_file) and own_path.is_file()
    own = project.read(own_path) if own_exists else None
    if own is not None and own.text.strip():
        return Block(
            id="task.power_system",
            layer=Layer.TASK,
            kind="power_system",
            title=Reason("title.power_system"),
            source=project.relative(own.path),
            text=demote_headings(own.text),
            cap=config.power_system_cap,
            group=Group.GLOBAL,
            required=True,
        )
    world = project.role_content(Role.WORLD)  # the template's example realms are none
    world_path = project.relative(project.role_path(Role.WORLD))
    block = Block(
        id="task.power_system",
        layer=Layer.TASK,
        kind="power_system",
        title=Reason("title.power_system"),
        source=world_path,
        section=POWER_SYSTEM,
        cap=config.power_system_cap,
        group=Group.GLOBAL,
        required=True,
    )
    section = find_section(world, lambda t: POWER_SYSTEM in t) if world else None
    if section is None:
        lacks = (
            Reason("missing.file", world_path)
            if world is None
            else Reason("missing.power_section", world_path, POWER_SYSTEM)
        )
        block.set_text("", Status.MISSING, lacks)
        block.fix = Reason("fix.power_section", world_path, POWER_SYSTEM)
    else:
        block.section = section.title.strip()
        block.set_text(demote_headings(section.whole(world)), Status.COMPLETE, "")
    return block
