"""The wheel an author installs with pip or pipx carries everything the app needs at run time.

Built here without build isolation (the test environment has the build requirements, and
nothing downloads in tests) from a copy of the source tree, then installed into a fresh virtual
environment whose only Workbench is the wheel's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "sample-novel"
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "run", "*.egg-info", "__pycache__", ".*_cache", ".workbench"
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel built from a copy of this source tree (the tree itself is not written to)."""
    source = tmp_path_factory.mktemp("source") / "workbench"
    shutil.copytree(REPO, source, ignore=NOT_SOURCE)
    for built in (source / "workbench" / "gui" / "i18n").glob("*.qm"):
        built.unlink()  # as on a fresh clone: the build must compile the translations itself
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out)]
    subprocess.run([*command, str(source)], check=True, capture_output=True)
    (found,) = out.glob("workbench-*.whl")
    return found


def test_wheel_carries_sample_translations_icons_and_templates(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    sample = {
        "workbench/resources/sample-novel/" + path.relative_to(SAMPLE).as_posix()
        for path in SAMPLE.rglob("*")
        if path.is_file() and ".workbench" not in path.parts
    }
    assert sample <= names
    assert not [name for name in names if "/.workbench/" in name]
    assert "workbench/gui/i18n/workbench_zh_CN.qm" in names
    icons = "workbench/resources/icons/hicolor/"
    assert f"{icons}scalable/apps/io.github.workbench.Workbench.svg" in names
    assert f"{icons}256x256/apps/io.github.workbench.Workbench.png" in names
    assert "workbench/templates/project/workbench.toml" in names


def test_installed_wheel_runs_feed_on_its_sample_without_the_source_tree(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet"]
    subprocess.run([*pip, "--no-deps", "--no-index", str(wheel)], check=True)
    # The dependencies come from this test environment, which has no Workbench of its own in
    # site-packages (an editable install is a finder that a path added by .pth never runs).
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    work = tmp_path / "work"
    work.mkdir()

    def workbench(*args: str) -> str:
        done = subprocess.run(
            [venv / "bin" / "workbench", *args], cwd=work, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = subprocess.check_output(
        [
            python,
            "-c",
            "import workbench.bundled as b; print(b.__file__); print(b.sample_novel_dir())",
        ],
        cwd=work,
        env=env,
        text=True,
    ).splitlines()
    assert all(Path(path).is_relative_to(site) for path in where)
    assert workbench("new", "novel", "--sample").startswith("copied the sample novel to novel")
    feed = workbench("feed", "novel", "--agent", "MainWriter", "--chapter", "13")
    assert feed.startswith("# 上下文喂入\n") and "## 本次任务概要 · MainWriter · 第13章" in feed
    assert "**上下文准备完成**" in feed
    assert "回退" not in feed  # counted with the default profile's own tokenizer

    # The whole installation: vocabularies, translations, icon, the window and its summary
    # child process, run from the wheel.
    checks = workbench("self-test").splitlines()
    assert [line.split(":")[0] for line in checks] == [
        "ok   sample novel", "ok   desktop", "ok   tokenizers", "ok   feed", "ok   app window",
    ]  # fmt: skip
    assert f"from {site}" in checks[0]

    for built in (site / "workbench" / "gui" / "i18n").glob("*.qm"):
        built.unlink()
    broken = subprocess.run(
        [venv / "bin" / "workbench", "self-test"], cwd=work, env=env, capture_output=True, text=True
    )
    assert broken.returncode == 1
    assert "FAIL app window: WindowCheckFailed: the zh_CN translation did not load" in broken.stdout
