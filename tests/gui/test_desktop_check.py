"""Desktop prerequisites: a library Qt's X11 plugin links against that is not installed is
named with the package to install, and `workbench open` says so instead of letting Qt abort;
no font with Chinese glyphs is named with fonts-noto-cjk (a real fontconfig with an empty
font folder); `workbench self-test` reports both."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.gui import desktop_check

GONE = "libworkbench-gone.so.0"


@pytest.fixture
def plugin_missing_a_library(tmp_path: Path) -> Path:
    """A shared object linked against a library that is then removed, as libqxcb.so is on
    a desktop without libxcb-cursor0."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("no C compiler to build the stand-in plugin")
    source = tmp_path / "empty.c"
    source.write_text("int workbench_stand_in(void) { return 0; }\n")
    library = tmp_path / GONE
    build = [gcc, "-shared", "-fPIC", f"-Wl,-soname,{GONE}", "-o", str(library), str(source)]
    subprocess.run(build, check=True)
    plugin = tmp_path / "libqxcb.so"
    link = [gcc, "-shared", "-fPIC", "-o", str(plugin), str(source), "-Wl,--no-as-needed"]
    link.append(str(library))
    subprocess.run(link, check=True)
    library.unlink()
    return plugin


def test_a_missing_library_of_the_x11_plugin_is_named(plugin_missing_a_library) -> None:
    assert desktop_check.missing_xcb_libraries(plugin_missing_a_library) == [GONE]
    assert desktop_check.packages_for(["libxcb-cursor.so.0"]) == ["libxcb-cursor0"]


def test_the_real_plugin_finds_its_libraries_here() -> None:
    assert desktop_check.xcb_plugin() is not None
    assert desktop_check.missing_xcb_libraries() == []


def test_open_says_what_to_install_instead_of_aborting(
    plugin_missing_a_library, monkeypatch, capsys
) -> None:
    from workbench.gui.app import run_app

    monkeypatch.setattr(desktop_check, "xcb_plugin", lambda: plugin_missing_a_library)
    monkeypatch.setattr(desktop_check, "XCB_PACKAGES", {GONE: "libworkbench-gone0"})
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert run_app(None) == 1
    said = capsys.readouterr().err
    assert f"{GONE} not found" in said and "sudo apt install libworkbench-gone0" in said


def test_no_desktop_session_is_said_in_words(monkeypatch) -> None:
    env = {"PATH": os.environ["PATH"]}
    assert "neither DISPLAY nor WAYLAND_DISPLAY" in desktop_check.xcb_problem(env)
    assert desktop_check.xcb_problem({**env, "QT_QPA_PLATFORM": "offscreen"}) == ""


def test_no_chinese_font_names_the_package(tmp_path: Path, monkeypatch) -> None:
    if shutil.which("fc-list") is None:
        pytest.skip("no fontconfig here")
    assert desktop_check.font_problem() == ""  # this machine has fonts-noto-cjk
    empty = tmp_path / "fonts"
    empty.mkdir()
    config = tmp_path / "fonts.conf"
    config.write_text(
        f'<?xml version="1.0"?><fontconfig><dir>{empty}</dir>'
        f"<cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>"
    )
    monkeypatch.setenv("FONTCONFIG_FILE", str(config))
    assert desktop_check.cjk_font_installed() is False
    assert "sudo apt install fonts-noto-cjk" in desktop_check.font_problem()


def test_self_test_reports_the_desktop(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "WORKBENCH_CONFIG_DIR": str(tmp_path)}
    code = "from workbench.cli.self_test_cmd import _desktop; print(_desktop(None))"
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert "a font with Chinese characters is installed" in result.stdout
