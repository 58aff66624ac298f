"""The one rule for every path that project content names: it stays inside the project.

Pins, plans, trackers, chapters, `workbench.toml`'s files and `.workbench/` are resolved with
every symlink followed, and anything that lands outside the project root is refused. A
symlink inside a project may point anywhere inside the same project, never out of it; the
user's settings folder (which may hold a model key) is never project content, even when it
sits inside a project folder.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from workbench.config_location import config_dir
from workbench.errors import FileProblem


class OutsideProject(FileProblem):
    """A path that project content names resolves outside the project folder."""


def resolve_inside(root: Path, path: Path | str, *, entry: str = "") -> Path:
    """`path` (relative to `root`, or absolute) with symlinks resolved; OutsideProject,
    naming `entry` (else the path), when it leaves `root` or is the user's settings folder."""
    root = _real_root(str(root))
    joined = root / path
    resolved = Path(os.path.realpath(joined))
    named = entry or str(path)
    if not resolved.is_relative_to(root):
        raise OutsideProject(joined, f"{named} points outside the project folder ({resolved})")
    settings = settings_folder()
    if settings is not None and resolved.is_relative_to(settings):
        raise OutsideProject(joined, f"{named} is the user's settings folder, not project content")
    return resolved


def is_inside(root: Path, path: Path | str) -> bool:
    """Whether `path` resolves inside `root` (see `resolve_inside`)."""
    try:
        resolve_inside(root, path)
    except OutsideProject:
        return False
    return True


# Resolved once per root, not once per file: with the settings folder's look-up, resolving
# again for every chapter was most of what listing and reading a 400-chapter book cost.
@lru_cache(maxsize=64)
def _real_root(root: str) -> Path:
    return Path(os.path.realpath(root))


def settings_folder() -> Path | None:
    """The user's settings folder, resolved (None while it does not exist)."""
    folder = _settings_location(
        os.environ.get("WORKBENCH_CONFIG_DIR"),
        os.environ.get("XDG_CONFIG_HOME"),
        os.environ.get("HOME"),
        os.environ.get("APPDATA"),
    )
    return folder if folder.exists() else None


@lru_cache(maxsize=8)
def _settings_location(*environment: str | None) -> Path:
    """The settings folder, resolved, for these environment values (platformdirs and
    realpath once per value, not once per file read)."""
    return Path(os.path.realpath(config_dir()))
