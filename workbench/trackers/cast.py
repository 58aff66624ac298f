"""The cast (names and 别名 aliases from the character files, read by book.characters) and
who appears in a text.

Chinese has no word boundaries, so names are found as substrings, with one rule: an
occurrence inside an occurrence of a longer known name (龙王 inside 西海龙王) does not count
for the shorter one. One regex pass finds, at each position, the longest name starting there.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from workbench.book import webnovel
from workbench.book.chapter_stats import Stat, file_stat
from workbench.book.characters import (
    Character,
    SkippedHeading,
    characters_in_card,
    characters_in_file,
    is_card,
    is_role_word,
    protagonist_in_file,
)
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.templates import without_template
from workbench.book.webnovel import is_webnovel, memory_files
from workbench.trackers.cache import project_cache

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Cast:
    """Everyone the project knows by name."""

    characters: tuple[Character, ...]
    skipped: tuple[SkippedHeading, ...] = ()  # headings of character files that name no one

    @property
    def protagonist(self) -> str | None:
        """The protagonist's name, when characters/protagonist.md names one."""
        return next((c.name for c in self.characters if c.protagonist), None)

    def forms(self) -> dict[str, str]:
        """Every name and alias -> the character's name (a name beats another's alias)."""
        return self._forms

    @cached_property
    def _forms(self) -> dict[str, str]:
        result: dict[str, str] = {}
        for character in self.characters:
            for alias in character.aliases:
                result.setdefault(alias, character.name)
        for character in self.characters:
            result[character.name] = character.name
        return result

    def canonical(self, name: str) -> str:
        """The character's name for a name or alias; unknown names stay as they are."""
        return self.forms().get(name, name)

    def including(self, names: Iterable[str]) -> Cast:
        """The cast plus characters known only by name (from the trackers, say)."""
        known = self.forms()
        extra = [Character(name) for name in dict.fromkeys(names) if name and name not in known]
        return Cast(self.characters + tuple(extra), self.skipped) if extra else self


class Scanner:
    """Finds which of a fixed set of terms occur in texts.

    As names (`whole_names=True`) an occurrence inside a longer term's occurrence does not
    count; as keywords every occurrence counts (雷 is in 雷雨夜 whether or not 雷雨 is a term).
    """

    def __init__(self, terms: Iterable[str], whole_names: bool = True) -> None:
        # Longest first, so at any position the alternation matches the longest term there.
        self.terms = tuple(sorted(set(filter(None, terms)), key=lambda t: (-len(t), t)))
        self.whole_names = whole_names
        self.key = ("names" if whole_names else "keywords", *self.terms)
        self._regex = re.compile("|".join(map(re.escape, self.terms))) if self.terms else None

    def scan(self, text: str) -> frozenset[str]:
        """The terms occurring in the text."""
        if self._regex is None:
            return frozenset()
        found: set[str] = set()
        search = self._regex.search
        position = end_so_far = 0
        # Step one character past each match start rather than past its end, so an
        # occurrence overlapping the previous one (but not inside it) is still seen.
        while match := search(text, position):
            start, end = match.span()
            if end > end_so_far or not self.whole_names:
                found.add(match.group())
                end_so_far = max(end, end_so_far)
            position = start + 1
        if self.whole_names:
            return frozenset(found)
        # Only the longest term at each position was matched; shorter terms there are in it.
        return frozenset(term for term in self.terms if any(term in hit for hit in found))


def load_cast(project: Project) -> Cast:
    """The project's cast, re-read only when a character file's bytes change."""
    files = [project.read(path) for path in project.character_files()]
    key = tuple(f"{loaded.path}:{loaded.sha256}" for loaded in files)
    # webnovel-writer's state.json and index.db name the protagonist and more characters.
    key += tuple(_stat_key(path) for path in memory_files(project))
    cache = project_cache(project)
    if cache.cast is not None and cache.cast[0] == key:
        return cache.cast[1]
    merged: dict[str, Character] = {}
    skipped: list[SkippedHeading] = []
    for loaded in files:
        source = project.relative(loaded.path)
        text = character_text(project, loaded.path, loaded.text)
        if text is None:
            continue  # still the template: its example people are no one in this book
        if loaded.path == project.role_path(Role.PROTAGONIST):
            described = protagonist_in_file(text, source)
        elif is_card(project, loaded.path):
            described = characters_in_card(text, source)
        else:
            described = characters_in_file(text, source)
        skipped += described.skipped
        for character in described.characters:
            merged[character.name] = _merge(merged.get(character.name), character)
    cast = Cast(tuple(merged.values()), tuple(skipped))
    if is_webnovel(project):
        cast = with_memory(project, cast)
    cache.cast = (key, cast)
    log.debug("cast: %d characters", len(cast.characters))
    return cast


def memory_characters(project: Project) -> tuple[list[Character], str | None]:
    """index.db's 角色 entities with their aliases, and the protagonist's name (state.json's
    `protagonist_state.name`, else the entity flagged `is_protagonist`)."""
    protagonist, _ = webnovel.memory_protagonist(project)
    source = webnovel.INDEX_FILE
    characters = []
    for entity in webnovel.read_index(project).entities:
        if entity.type != webnovel.CHARACTER_TYPE:
            continue
        # That tool registers 主角 and protagonist for its protagonist by itself: a role
        # word is never a name, so 主角 in a plan names no one.
        aliases = tuple(alias for alias in entity.aliases if not is_role_word(alias))
        characters.append(Character(entity.name, aliases, False, source))
    return characters, protagonist or None


def with_memory(project: Project, cast: Cast) -> Cast:
    """The cards' cast plus index.db's characters; the protagonist as the memory names him."""
    extra, protagonist = memory_characters(project)
    merged: dict[str, Character] = {c.name: c for c in cast.characters}
    for character in extra:
        old = merged.get(character.name)
        if old is None:
            merged[character.name] = character
        else:
            aliases = tuple(dict.fromkeys(old.aliases + character.aliases))
            merged[character.name] = Character(old.name, aliases, old.protagonist, old.source)
    if protagonist:
        merged = {
            name: Character(c.name, c.aliases, c.name == protagonist, c.source)
            for name, c in merged.items()
        }
        if protagonist not in merged:
            merged[protagonist] = Character(protagonist, (), True, webnovel.STATE_FILE)
    return Cast(tuple(merged.values()), cast.skipped)


def _stat_key(path: Path) -> str:
    stat = path.stat() if path.exists() else None
    return f"{path}:{stat.st_mtime_ns}:{stat.st_size}" if stat else f"{path}:-"


def character_text(project: Project, path: Path, text: str) -> str | None:
    """A character file's text without its template's lines (the example characters, the
    placeholders); None when nothing but template text is left (the file counts as missing)."""
    role = next(
        (r for r in (Role.PROTAGONIST, Role.CHARACTERS) if project.role_path(r) == path), None
    )
    if role is None:
        return text
    return without_template(role, text) or None


def _merge(old: Character | None, new: Character) -> Character:
    """One character described in two files (the protagonist also in characters.md)."""
    if old is None:
        return new
    aliases = tuple(dict.fromkeys(old.aliases + new.aliases))
    return Character(old.name, aliases, old.protagonist or new.protagonist, old.source)


def scan_chapters(
    project: Project,
    scanner: Scanner,
    stats: Mapping[Path, Stat | None] | None = None,
    chapters: Mapping[int, Path] | None = None,
    *,
    reread: bool = False,
) -> dict[int, frozenset[str]]:
    """Chapter number -> the scanner's terms found in it, for every chapter or for these
    `chapters` (number -> file), each scanned once per content (cached by sha256, and kept
    across processes by stat and hash in `.workbench/scan-cache.json`, so a warm call, or a
    new process, only reads file stats — `stats`, when the caller took them already).
    `reread`: the chapters are known to have changed, so read them (through the project's
    cache) rather than trust the hash recorded for their stat: a save within one tick of the
    clock at the same size keeps the stat."""
    cache = project_cache(project)
    results = cache.scan_results(scanner.key)
    buffered = {path for path, _ in project.buffer_hashes()}
    skip = len(str(project.root)) + 1  # chapters are listed inside the root: its relative path
    presence: dict[int, frozenset[str]] = {}
    for number, file in (listed_chapters(project) if chapters is None else chapters).items():
        path = str(file)
        on_disk = path not in buffered
        name = path[skip:]
        stat = stats[file] if stats is not None else file_stat(file)
        found = None
        if on_disk and not reread:
            found = results.get(cache.store.known_hash(name, stat) or "")
        if found is None:
            loaded = project.read(file)
            found = results.get(loaded.sha256)
            if found is None:
                found = results[loaded.sha256] = scanner.scan(loaded.text)
            if on_disk and stat is not None:
                cache.store.remember(name, stat, loaded.sha256, scanner.key, found)
        presence[number] = found
    return presence


def listed_chapters(project: Project) -> dict[int, Path]:
    """Chapter number -> its file; of a duplicated number the first, as Project.chapter."""
    listed: dict[int, Path] = {}
    for ref in project.chapters:
        listed.setdefault(ref.number, ref.path)
    return listed
