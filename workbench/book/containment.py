"""The one rule for every path that project content names: it stays inside the project.

Pins, plans, trackers, chapters, `workbench.toml`'s files and `.workbench/` are resolved with
every symlink followed, and anything that lands outside the project root is refused. A
symlink inside a project may point anywhere inside the same project, never out of it; the
user's settings folder (which may hold a model key) is never project content, even when it
sits inside a project folder.
"""

from __future__ import annotations

import os
from pathlib import Path

from workbench.errors import FileProblem


class OutsideProject(FileProblem):
    """A path that project content names resolves outside the project folder."""


def resolve_inside(root: Path, path: Path | str, *, entry: str = "") -> Path:
    """`path` (relative to `root`, or absolute) with symlinks resolved; OutsideProject,
    naming `entry` (else the path), when it leaves `root` or is the user's settings folder."""
    root = Path(os.path.realpath(root))
    joined = root / path
    resolved = Path(os.path.realpath(joined))
    named = entry or str(path)
    if not resolved.is_relative_to(root):
        raise OutsideProject(joined, f"{named} points outside the project folder ({resolved})")
    if _settings_folder() is not None and resolved.is_relative_to(_settings_folder()):
        raise OutsideProject(joined, f"{named} is the user's settings folder, not project content")
    return resolved


def is_inside(root: Path, path: Path | str) -> bool:
    """Whether `path` resolves inside `root` (see `resolve_inside`)."""
    try:
        resolve_inside(root, path)
    except OutsideProject:
        return False
    return True


def _settings_folder() -> Path | None:
    # Imported here: settings sits above the book package and imports its atomic writes.
    from workbench.settings import config_dir

    folder = config_dir()
    return Path(os.path.realpath(folder)) if folder.exists() else None
