"""Files Workbench ships beside its code: the sample novel and the application icon.

Their one source is the repository's `resources/`. A wheel and the PyInstaller bundle carry a
copy inside the package, at `workbench/resources/` (put there by `packaging/build_hooks.py` and
`packaging/workbench.spec`); a source checkout or an editable install has no such copy and reads
`resources/` beside the package. The packaged copy wins when both exist.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from workbench.errors import WorkbenchError

PACKAGE_DIR = Path(__file__).resolve().parent
PACKAGED_RESOURCES = PACKAGE_DIR / "resources"
SOURCE_RESOURCES = PACKAGE_DIR.parent / "resources"
APP_ID = "io.github.workbench.Workbench"


class ResourceMissing(WorkbenchError):
    """A file Workbench ships is not where the installation should have put it."""


def resources_dir() -> Path:
    """The folder holding the sample novel and the icons, packaged or in the source tree."""
    for folder in (PACKAGED_RESOURCES, SOURCE_RESOURCES):
        if (folder / "sample-novel").is_dir():
            return folder
    raise ResourceMissing(
        f"the bundled resources are in neither {PACKAGED_RESOURCES} nor {SOURCE_RESOURCES}; "
        "reinstall Workbench"
    )


def sample_novel_dir() -> Path:
    """The bundled sample novel 《烬灯录》 (read it, or copy it with copy_sample_novel)."""
    return resources_dir() / "sample-novel"


def icon_files() -> list[Path]:
    """The application icon: every PNG size, smallest first, then the SVG."""
    icons = resources_dir() / "icons" / "hicolor"
    pngs = sorted(icons.glob(f"*/apps/{APP_ID}.png"), key=lambda p: int(p.parts[-3].split("x")[0]))
    return [*pngs, icons / "scalable" / "apps" / f"{APP_ID}.svg"]


def copy_sample_novel(target: Path) -> list[Path]:
    """Copy the sample novel into `target` (new or empty) and return the files written."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise WorkbenchError(f"{target}: exists and is not an empty folder")
    # A source checkout's sample may hold caches from runs on it; they are not the book.
    shutil.copytree(
        sample_novel_dir(), target, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".workbench")
    )
    return sorted(path for path in target.rglob("*") if path.is_file())
