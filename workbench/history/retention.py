"""Which versions retention keeps: a pure function of the versions, the time and the
settings, so a test can hand it any clock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from workbench.history.config import HistoryConfig

DAY = 86400.0


@dataclass(frozen=True)
class Version:
    """One kept text of one file: what a write replaced at `at` (seconds since the epoch)."""

    id: str
    file: str  # relative to the project, forward slashes
    at: float
    sha: str  # sha256 of the text's UTF-8 bytes: the blob's name
    zi: int
    size: int  # the blob's compressed bytes
    origin: str


def _day(at: float) -> tuple[int, int, int]:
    return datetime.fromtimestamp(at, UTC).timetuple()[:3]


def _week(at: float) -> tuple[int, int]:
    year, week, _ = datetime.fromtimestamp(at, UTC).isocalendar()
    return year, week


def by_retention(versions: Sequence[Version], now: float, config: HistoryConfig) -> set[Version]:
    """The versions of ONE file that retention keeps: all of the last `every_days`, the
    newest of each day for `daily_days` before that, the newest of each week before that,
    and always the newest version of all."""
    kept: set[Version] = set()
    seen_days: set[tuple[int, int, int]] = set()
    seen_weeks: set[tuple[int, int]] = set()
    every = config.every_days * DAY
    daily = (config.every_days + config.daily_days) * DAY
    for version in sorted(versions, key=lambda v: v.at, reverse=True):
        age = now - version.at
        if not kept or age <= every:
            kept.add(version)
        elif age <= daily:
            if _day(version.at) not in seen_days:
                kept.add(version)
        elif _week(version.at) not in seen_weeks:
            kept.add(version)
        seen_days.add(_day(version.at))
        seen_weeks.add(_week(version.at))
    return kept


@dataclass(frozen=True)
class Pruned:
    """What a pruning keeps, and whether the size cap made it drop versions (or could not be
    met by dropping all but each file's newest)."""

    kept: list[Version]
    cap_reached: bool
    size: int  # the blobs the kept versions use, each counted once


def prune(
    versions: Sequence[Version],
    now: float,
    config: HistoryConfig,
    blobs: Mapping[str, Mapping[str, int]] | None = None,
) -> Pruned:
    """Retention per file, then the size cap across files (oldest first, never a file's
    newest version); the kept versions in their original order. `blobs` maps a version's
    sha to the blobs it uses and their bytes (parts are shared between versions); without
    it, each version is one blob of `size` bytes."""
    files: dict[str, list[Version]] = {}
    for version in versions:
        files.setdefault(version.file, []).append(version)
    kept: set[Version] = set()
    newest: set[Version] = set()
    for of_file in files.values():
        kept |= by_retention(of_file, now, config)
        newest.add(max(of_file, key=lambda v: v.at))

    def used(version: Version) -> Mapping[str, int]:
        return blobs.get(version.sha, {}) if blobs is not None else {version.sha: version.size}

    users: dict[str, int] = {}
    sizes: dict[str, int] = {}
    for version in kept:
        for name, size in used(version).items():
            users[name] = users.get(name, 0) + 1
            sizes[name] = size
    size = sum(sizes.values())
    cap_reached = size > config.max_bytes
    for version in sorted(kept - newest, key=lambda v: v.at):
        if size <= config.max_bytes:
            break
        kept.discard(version)
        for name in used(version):
            users[name] -= 1
            if not users[name]:
                size -= sizes[name]
    return Pruned([v for v in versions if v in kept], cap_reached, size)
