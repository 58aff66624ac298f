"""Pinned context: what the author always wants in a feed, in the author's order.

Stored in the project at `meta/pins.json` (so it travels with the book):

    {"version": 1, "pins": ["worldbuilding/world.md#力量体系", "F001", "block:fixed.world"]}

A pin is a file (`path`), a section (`path#heading`), a tracker entry (`F001`, `林风—苏瑶`)
or a feed block (`block:<id>`). Pinned items are never dropped to fit the budget. A pin whose
target is gone (a deleted file or section, an entry no tracker has) stays in the list as
broken, with the reason (`check_pins`); the feed lists it as missing and still builds.

The trackers load where an entry pin is checked or fed, not with this module: the context
panel lists and edits pins at the window's first paint, which reads no tracker (issue #28).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from workbench.book.bounded_json import parse_json
from workbench.book.containment import OutsideProject
from workbench.book.project import Project
from workbench.book.sections import find_section
from workbench.book.textio import TextFile
from workbench.errors import FileProblem, WorkbenchError
from workbench.feed.model import Block, Item, Layer, Status
from workbench.feed.trim import demote_headings
from workbench.reasons import Reason

PINS_FILE = "meta/pins.json"
FORMAT_VERSION = 1
MAX_PINS = 500  # each pin is a block of every feed: far past what any budget holds
BLOCK_PREFIX = "block:"


@dataclass(frozen=True)
class Pin:
    """One pinned item, by reference."""

    ref: str

    @property
    def kind(self) -> str:
        """block / section / file / entry."""
        if self.ref.startswith(BLOCK_PREFIX):
            return "block"
        path, _, section = self.ref.partition("#")
        if "/" in path or Path(path).suffix.lower() in (".md", ".txt"):
            return "section" if section else "file"
        return "entry"

    @property
    def path(self) -> str:
        """The project-relative file of a file or section pin."""
        return self.ref.partition("#")[0]

    @property
    def section(self) -> str:
        """The heading of a section pin."""
        return self.ref.partition("#")[2]

    @property
    def block_id(self) -> str:
        """The block id of a block pin."""
        return self.ref.removeprefix(BLOCK_PREFIX)


class PinProblem(WorkbenchError):
    """A reference that cannot be pinned (outside the project, a chapter file, gone)."""


@dataclass(frozen=True)
class PinCheck:
    """A pin and what is wrong with its target ("" when nothing is)."""

    pin: Pin
    problem: str = ""

    @property
    def broken(self) -> bool:
        """Whether the pin's target no longer exists (or never could be fed)."""
        return bool(self.problem)


def pin_ref(project: Project, path: Path, section: str = "") -> str:
    """The reference that pins a file of the project, or one of its sections."""
    relative = project.relative(Path(path))
    return f"{relative}#{section.strip()}" if section.strip() else relative


def pins_path(project: Project) -> Path:
    """Where the project's pins are stored."""
    return project.root / PINS_FILE


def load_pins(project: Project) -> list[Pin]:
    """The pins in order ([] when none); a malformed file is a FileProblem."""
    path = pins_path(project)
    if not path.is_file():
        return []
    return _parse_pins(path, project.read(path))


def _parse_pins(path: Path, loaded: TextFile | None) -> list[Pin]:
    if loaded is None:
        return []
    data = parse_json(loaded.text, path)
    refs = data.get("pins") if isinstance(data, dict) else None
    if not isinstance(refs, list) or not all(isinstance(r, str) and r.strip() for r in refs):
        raise FileProblem(path, 'expected {"version": 1, "pins": ["<reference>", ...]}')
    if len(refs) > MAX_PINS:
        raise FileProblem(
            path, f"{len(refs)} pins, more than the {MAX_PINS} a project may have; not read"
        )
    return [Pin(ref.strip()) for ref in dict.fromkeys(refs)]


def save_pins(project: Project, pins: list[Pin]) -> None:
    """Write the pins (atomically, in the given order)."""
    project.write(pins_path(project), _pins_text(pins))


def _pins_text(pins: list[Pin]) -> str:
    refs = list(dict.fromkeys(pin.ref for pin in pins))
    data = {"version": FORMAT_VERSION, "pins": refs}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _update_pins(project: Project, change: Callable[[list[Pin]], list[Pin]]) -> list[Pin]:
    """Read the pins, change them and write them back under pins.json's lock (the app and
    an agent host may both pin), checked again before the rename; returns the new pins."""
    path = pins_path(project)
    changed: list[Pin] = []

    def rewrite(loaded: TextFile | None) -> str:
        changed[:] = change(_parse_pins(path, loaded))
        return _pins_text(changed)

    project.update(path, rewrite)
    return changed


def add_pin(project: Project, ref: str, index: int | None = None) -> list[Pin]:
    """Pin `ref` (at `index`, else last); pinning it again moves it there. A target that
    cannot be pinned is a PinProblem saying why, and nothing is written."""
    ref = ref.strip()
    problem = pin_problem(project, Pin(ref)) if ref else Reason("pin.empty_ref")
    if problem:
        raise PinProblem(f"{ref}: {problem}")

    def pinned(pins: list[Pin]) -> list[Pin]:
        pins = [pin for pin in pins if pin.ref != ref]
        if len(pins) >= MAX_PINS:
            raise PinProblem(f"{ref}: already {len(pins)} pins, the most a project may have")
        pins.insert(len(pins) if index is None else max(0, index), Pin(ref))
        return pins

    return _update_pins(project, pinned)


def move_pin(project: Project, ref: str, index: int) -> list[Pin]:
    """Move one pin to `index` (clamped), keeping the others in their order."""

    def moved(pins: list[Pin]) -> list[Pin]:
        moving = next((pin for pin in pins if pin.ref == ref), None)
        if moving is None:
            raise PinProblem(f"{ref}: {Reason('pin.not_pinned')}")
        pins.remove(moving)
        pins.insert(max(0, min(index, len(pins))), moving)
        return pins

    return _update_pins(project, moved)


def remove_pin(project: Project, ref: str) -> list[Pin]:
    """Unpin `ref` (no error when it was not pinned)."""
    return _update_pins(project, lambda pins: [pin for pin in pins if pin.ref != ref])


def reorder_pins(project: Project, refs: list[str]) -> list[Pin]:
    """Put the pins in this order (what a drag in the context panel does)."""

    def reordered(pins: list[Pin]) -> list[Pin]:
        current = {pin.ref for pin in pins}
        if set(refs) != current or len(refs) != len(current):
            raise FileProblem(pins_path(project), "a new order must list every pin exactly once")
        return [Pin(ref) for ref in refs]

    return _update_pins(project, reordered)


def check_pins(project: Project, pins: list[Pin] | None = None) -> list[PinCheck]:
    """Each pin (the project's, in order) with what is wrong with its target."""
    pins = load_pins(project) if pins is None else pins
    return [PinCheck(pin, pin_problem(project, pin)) for pin in pins]


def pin_problem(project: Project, pin: Pin) -> str:
    """Why this pin's target cannot be fed ("" when it can). Block pins name a block of
    whichever feed is built, so only the feed can say whether it is there."""
    if pin.kind == "block":
        return "" if pin.block_id.strip() else Reason("pin.no_block")
    if pin.kind == "entry":
        return _entry_problem(project, pin.ref)
    try:
        path = project.contained(pin.path, entry=f"置顶项 {pin.ref}")
    except OutsideProject:
        return Reason("pin.outside", pin.path)
    if _is_chapter_text(project, path):
        return Reason("pin.chapter_text")
    if not path.is_file():
        return Reason("missing.file", pin.path)
    if pin.section and _section_text(project.read(path).text, pin.section) is None:
        return Reason("pin.no_section", pin.path, pin.section)
    return ""


def _section_text(text: str, heading: str) -> str | None:
    found = find_section(text, lambda title, want=heading: title.strip() == want)
    return found.whole(text) if found else None


def _entry_problem(project: Project, ref: str) -> str:
    from workbench.trackers.cast import load_cast
    from workbench.trackers.relevance import load_trackers

    try:
        trackers = load_trackers(project)
    except WorkbenchError as error:
        return Reason("missing.tracker_unparsable", str(error))
    pair = _pair(ref)
    if pair is None:
        return "" if trackers.find(ref) else Reason("pin.no_entry", ref)
    canonical = load_cast(project).including(trackers.characters()).canonical
    if trackers.pair_history(pair[0], pair[1], None, canonical):
        return ""
    return Reason("pin.no_pair", pair[0], pair[1])


def pinned_blocks(project: Project, pins: list[Pin], notes: list[Reason]) -> list[Block]:
    """A task block for each file or section pin, in pin order. Chapter files cannot be
    pinned: chapter text enters a feed only through a recipe's window, however its path is
    spelled. Nothing outside the project folder is read."""
    blocks = []
    for index, pin in enumerate(pins, start=1):
        if pin.kind not in ("file", "section"):
            continue
        path = _pinned_path(project, pin, notes)
        if path is None:
            continue
        block = Block(
            id=f"pin.{index}",
            layer=Layer.TASK,
            kind="pin",
            title=Reason("title.pin", pin.section or Path(pin.path).name),
            source=pin.path,
            section=pin.section,
            pinned=True,
        )
        problem = pin_problem(project, pin)
        if problem:
            block.set_text("", Status.MISSING, Reason("pin.broken", problem))
            block.fix = Reason("fix.unpin", pin.ref)
        else:
            text = project.read(path).text
            if pin.section:
                text = _section_text(text, pin.section) or ""
            if text.strip():
                block.set_text(demote_headings(text), Status.COMPLETE, "")
            else:
                why = Reason("pin.broken", Reason("pin.empty_file", pin.path))
                block.set_text("", Status.MISSING, why)
        blocks.append(block)
    return blocks


def pin_entries(
    project: Project, blocks: list[Block], pins: list[Pin], chapter: int, notes: list[Reason]
) -> None:
    """Mark pinned tracker entries in the on-demand blocks; add those not relevant to N from
    their tracker rows (the latest row naming them at or before N)."""
    from workbench.feed.ondemand import item_line

    by_kind = {block.kind: block for block in blocks if block.layer is Layer.ON_DEMAND}
    for pin in pins:
        if pin.kind != "entry":
            continue
        pair = _pair(pin.ref)
        block = by_kind.get("relationship" if pair else "foreshadowing")
        if block is None or block.status is Status.MISSING:
            notes.append(Reason("pin.no_layer", pin.ref))
            continue
        found = next((item for item in block.items if item.key == pin.ref), None)
        if found is None:
            row = _tracker_line(project, pin.ref, pair, chapter)
            if row is None:
                notes.append(Reason("pin.no_row", pin.ref, chapter))
                continue
            pinned = (Reason("relevance.pinned"),)
            found = Item(key=pin.ref, text=item_line(row, pinned), chapter=None, reasons=pinned)
            block.items.append(found)
        found.pinned = True
        block.item_prefix = ""
        block.set_text(block.render_items(), block.status, block.reason)


def _pinned_path(project: Project, pin: Pin, notes: list[Reason]) -> Path | None:
    """The pinned file, resolved; None (with a note) when it is outside the project or is
    chapter text under any spelling (`./`, `//`, `..`, an absolute path, a symlink)."""
    try:
        path = project.contained(pin.path, entry=f"置顶项 {pin.ref}")
    except OutsideProject:
        notes.append(Reason("pin.outside_refused", pin.ref))
        return None
    if _is_chapter_text(project, path):
        notes.append(Reason("pin.chapter_refused", pin.ref))
        return None
    return path


def _is_chapter_text(project: Project, resolved: Path) -> bool:
    chapters = Path(os.path.realpath(project.root / project.layout.chapters_dir))
    return resolved.is_relative_to(chapters)


def _pair(ref: str) -> tuple[str, str] | None:
    for dash in ("—", "－", "-", "–", "/"):
        if dash in ref:
            first, _, second = ref.partition(dash)
            if first.strip() and second.strip():
                return first.strip(), second.strip()
    return None


def _tracker_line(
    project: Project, ref: str, pair: tuple[str, str] | None, chapter: int
) -> str | None:
    """A pinned entry not relevant to N, from the trackers: the foreshadowing entry once
    planted, or the pair's state at N (its latest row at or before N)."""
    from workbench.trackers.as_of import entry_as_of
    from workbench.trackers.cast import load_cast
    from workbench.trackers.relevance import foreshadowing_line, load_trackers, relationship_line

    trackers = load_trackers(project)
    if pair is None:
        entry = trackers.find(ref)
        # As the book stood at N: not yet planted, or not yet paid off (trackers/as_of.py).
        entry = entry_as_of(entry, chapter) if entry is not None else None
        planted = entry is not None and (entry.planted or 0) <= chapter
        return foreshadowing_line(entry) if planted else None
    canonical = load_cast(project).including(trackers.characters()).canonical
    row = trackers.pair_state(pair[0], pair[1], chapter, canonical)
    return relationship_line(row) if row else None
