"""Which paths belong to a book: what no command may write over on a path it was handed.

A path an agent host passes (`feed --out`, `new DIR`, `import --into`, `migrate --into`) is
checked against every project folder it lies in, not only the one the command works on: a
feed written to `../other-book/chapters/ch012.md` replaces that book's chapter just the same.
Inside a project, its layout's files (settings, world, cast, outline, style anchor, fixed
context, rolling summary, trackers, pins, the agents' system prompt) and everything under its
folders (chapters, plans, cast cards, references, meta, `.workbench/`, `.webnovel/`) are the
project's; the user's settings folder (which holds the model key) is never a target either.
"""

from __future__ import annotations

import os
from pathlib import Path

from workbench.book.layout import Layout, Role, detect_layout
from workbench.errors import LayoutProblem

# Files and folders every layout keeps beside its role files.
PROJECT_FILES = ("meta/pins.json", "meta/agent-system.md")
PROJECT_FOLDERS = (".workbench", ".webnovel", "references", "meta")
ROLE_NAMES = {
    Role.CONFIG: "the project's settings (workbench.toml)",
    Role.WORLD: "the world file",
    Role.PROTAGONIST: "the protagonist's file",
    Role.CHARACTERS: "the cast",
    Role.OUTLINE: "the outline",
    Role.STYLE_ANCHOR: "the style anchor",
    Role.FIXED_CONTEXT: "the fixed context",
    Role.ROLLING_SUMMARY: "the rolling summary",
    Role.PLOT_TRACKER: "the foreshadowing tracker",
    Role.RELATIONSHIP_TRACKER: "the relationship tracker",
    Role.STATE_TRACKER: "the state tracker",
}


def project_claim(path: Path | str) -> str:
    """Why `path` belongs to a book or to the user's settings ("" when it belongs to none):
    e.g. "chapter text of the project /books/a (chapters/)". Symlinks are resolved first."""
    resolved = Path(os.path.realpath(path))
    settings = _settings_folder()
    if settings is not None and resolved.is_relative_to(settings):
        return f"inside Workbench's settings folder ({settings})"
    for root in reversed(resolved.parents):  # the outermost book first: a plan folder holds
        # a chapters/ of its own, which would make outline/ look like a project
        try:
            layout = detect_layout(root)
        except (LayoutProblem, OSError):
            continue
        what = _known_part(layout, resolved.relative_to(root))
        if what:
            return f"{what} of the project {root}"
    return ""


def _known_part(layout: Layout, relative: Path) -> str:
    """What part of a project of this layout `relative` is ("" when none)."""
    posix = relative.as_posix()
    for role, where in layout.paths.items():
        if posix == where:
            return ROLE_NAMES[role]
    named_files = (*PROJECT_FILES, *layout.character_cards, layout.power_system_file)
    if posix in [name for name in named_files if name]:
        return f"a book file ({posix})"
    folders = {
        layout.chapters_dir: "chapter text",
        layout.plans_dir: "chapter plans",
        layout.characters_dir: "character cards",
        layout.chapter_summaries_dir: "chapter summaries",
        **{folder: "project data" for folder in PROJECT_FOLDERS},
        **{Path(where).parent.as_posix(): "book files" for where in layout.paths.values()},
    }
    for folder, what in sorted(folders.items(), key=lambda item: -len(item[0])):
        if folder not in ("", ".") and (posix == folder or posix.startswith(folder + "/")):
            return f"{what} ({folder}/)"
    return ""


def _settings_folder() -> Path | None:
    # Imported here: settings_file sits above the book package.
    from workbench.settings_file import config_dir

    folder = Path(os.path.realpath(config_dir()))
    return folder if folder.exists() else None
