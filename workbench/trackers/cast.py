"""The cast (names and 别名 aliases from the character files) and who appears in a text.

Chinese has no word boundaries, so names are found as substrings, with one rule: an
occurrence inside an occurrence of a longer known name (龙王 inside 西海龙王) does not count
for the shorter one. One regex pass finds, at each position, the longest name starting there.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.book.webnovel import is_webnovel, memory_files
from workbench.trackers.cache import project_cache

log = logging.getLogger(__name__)

_FIELD = r"^[ \t]*(?:[-*+][ \t]+)?(?:\*\*)?{key}(?:\*\*)?[ \t]*(?:\*\*)?[：:](?:\*\*)?[ \t]*(.*)$"
_ALIAS_LINE = re.compile(_FIELD.format(key="(?:别名|别称|外号|alias(?:es)?)"), re.M | re.I)
_NAME_LINE = re.compile(_FIELD.format(key="(?:姓名|名字|name)"), re.M | re.I)
_PARENTHETICAL = re.compile(r"[（(][^（）()]*[)）]")
_NUMBERING = re.compile(r"^\s*(?:\d+|[一二三四五六七八九十]+)\s*[.、．)）]\s*")
_TITLE_SEPARATORS = re.compile(r"[\s—–\-:：|/／,，、]+")
_LIST_SEPARATORS = re.compile(r"[、，,;；/／|\s]+")
_NOT_ALIASES = {"", "无", "-", "—", "暂无", "none"}


@dataclass(frozen=True)
class Character:
    """A character and every name the text may call them by."""

    name: str
    aliases: tuple[str, ...] = ()
    protagonist: bool = False
    source: str = ""


@dataclass(frozen=True)
class Cast:
    """Everyone the project knows by name."""

    characters: tuple[Character, ...]

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
        return Cast(self.characters + tuple(extra)) if extra else self


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


def _clean_name(text: str) -> str:
    text = _NUMBERING.sub("", _PARENTHETICAL.sub(" ", text.replace("*", "").replace("`", "")))
    parts = [part for part in _TITLE_SEPARATORS.split(text) if part]
    return parts[0] if parts else ""


def _aliases(text: str) -> tuple[str, ...]:
    found: list[str] = []
    for match in _ALIAS_LINE.finditer(text):
        value = _PARENTHETICAL.sub(" ", match.group(1).replace("*", ""))
        found += [a for a in _LIST_SEPARATORS.split(value) if a.casefold() not in _NOT_ALIASES]
    return tuple(dict.fromkeys(found))


def _single_character(text: str, source: str, protagonist: bool) -> Character | None:
    """A file about one character: a 姓名： line names them, else the first heading."""
    name_line = _NAME_LINE.search(text)
    if name_line:
        name = _clean_name(name_line.group(1))
    else:
        headings = sections(text)
        name = _clean_name(headings[0].title) if headings else ""
    if not name:
        return None
    return Character(name, _aliases(text), protagonist, source)


def characters_in_file(text: str, source: str, protagonist: bool = False) -> list[Character]:
    """The characters one file describes: one per `##` section, or the whole file as one."""
    level_two = [section for section in sections(text) if section.level == 2]
    if protagonist or not level_two:
        single = _single_character(text, source, protagonist)
        return [single] if single else []
    result = []
    for section in level_two:
        body = section.body(text)
        name_line = _NAME_LINE.search(body)
        name = _clean_name(name_line.group(1) if name_line else section.title)
        if name:
            result.append(Character(name, _aliases(body), False, source))
    return result


def load_cast(project: Project) -> Cast:
    """The project's cast, re-read only when a character file's bytes change."""
    files = [project.read(path) for path in project.character_files()]
    key = tuple(f"{loaded.path}:{loaded.sha256}" for loaded in files)
    # webnovel-writer's state.json and index.db name the protagonist and more characters.
    key += tuple(_stat_key(path) for path in memory_files(project))
    cache = project_cache(project)
    if cache.cast is not None and cache.cast[0] == key:
        return cache.cast[1]
    protagonist_path = project.role_path(Role.PROTAGONIST)
    merged: dict[str, Character] = {}
    for loaded in files:
        source = project.relative(loaded.path)
        is_protagonist = loaded.path == protagonist_path
        for character in characters_in_file(loaded.text, source, is_protagonist):
            merged[character.name] = _merge(merged.get(character.name), character)
    cast = Cast(tuple(merged.values()))
    if is_webnovel(project):
        # Imported here: that module builds on Cast, so it cannot be imported before it.
        from workbench.trackers.webnovel import with_memory

        cast = with_memory(project, cast)
    cache.cast = (key, cast)
    log.debug("cast: %d characters", len(cast.characters))
    return cast


def _stat_key(path: Path) -> str:
    stat = path.stat() if path.exists() else None
    return f"{path}:{stat.st_mtime_ns}:{stat.st_size}" if stat else f"{path}:-"


def _merge(old: Character | None, new: Character) -> Character:
    """One character described in two files (the protagonist also in characters.md)."""
    if old is None:
        return new
    aliases = tuple(dict.fromkeys(old.aliases + new.aliases))
    return Character(old.name, aliases, old.protagonist or new.protagonist, old.source)


def scan_chapters(project: Project, scanner: Scanner) -> dict[int, frozenset[str]]:
    """Chapter number -> the scanner's terms found in it, each chapter scanned once per
    content (cached by sha256, so a warm call only reads file stats)."""
    results = project_cache(project).scan_results(scanner.key)
    presence: dict[int, frozenset[str]] = {}
    for ref in project.chapters:
        if ref.number in presence:
            continue  # a duplicated number: the first file is the chapter, as Project.chapter
        loaded = project.read(ref.path)
        found = results.get(loaded.sha256)
        if found is None:
            found = results[loaded.sha256] = scanner.scan(loaded.text)
        presence[ref.number] = found
    return presence
