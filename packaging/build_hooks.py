"""The build backend: setuptools, plus what a wheel needs that is not in the package's source.

pyproject.toml names this module as the PEP 517 backend (`backend-path = ["packaging"]`) and
its BuildPy as setuptools' `build_py`; it is run by the build frontend, never imported by the
app. A wheel (and so `pip install .`, `pipx install .`) gets, inside the package:
- `workbench/gui/i18n/*.qm`, compiled from the `.ts` sources with Qt's lrelease (from PySide6,
  which is therefore a build requirement of wheels), so a fresh clone needs no `make translations`;
- `workbench/resources/`: a copy of the repository's `resources/` (the sample novel, the icons),
  which `workbench/bundled.py` finds.
An editable install (`make test`, `make run`) needs neither: the source tree has them, and
PySide6 is not asked for in its build environment.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import build_meta
from setuptools.build_meta import (  # noqa: F401 - the rest of the backend is setuptools' own
    build_editable,
    build_sdist,
    build_wheel,
    get_requires_for_build_editable,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)
from setuptools.command.build_py import build_py

LRELEASE_PROVIDER = "PySide6-Essentials>=6.6"
RESOURCES = ("sample-novel", "icons")


def get_requires_for_build_wheel(config_settings: dict | None = None) -> list[str]:
    """setuptools' requirements plus PySide6, whose lrelease compiles the translations."""
    return [*build_meta.get_requires_for_build_wheel(config_settings), LRELEASE_PROVIDER]


class BuildPy(build_py):
    """build_py that also compiles the translations and copies resources/ into the package."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        package = Path(self.build_lib) / "workbench"
        for ts in sorted(Path("workbench/gui/i18n").glob("*.ts")):
            qm = package / "gui" / "i18n" / ts.with_suffix(".qm").name
            _lrelease(ts, qm)
        for name in RESOURCES:
            target = package / "resources" / name
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(
                Path("resources") / name, target, ignore=shutil.ignore_patterns(".workbench")
            )


def _lrelease(ts: Path, qm: Path) -> None:
    """Compile one translation; a failure stops the build rather than ship an English-only UI."""
    qm.parent.mkdir(parents=True, exist_ok=True)
    command = "import sys; from PySide6.scripts.pyside_tool import lrelease; sys.exit(lrelease())"
    subprocess.run([sys.executable, "-c", command, "-silent", str(ts), "-qm", str(qm)], check=True)
    if not qm.is_file():
        raise SystemExit(f"lrelease wrote no {qm} from {ts}")
