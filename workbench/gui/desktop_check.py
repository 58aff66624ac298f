"""What a Linux desktop needs before the window can open, said in words an author can act on.

Qt's X11 platform plugin (libqxcb.so) links against libraries a minimal desktop may lack,
libxcb-cursor0 first among them; without one, Qt prints "could not load the Qt platform
plugin xcb" and aborts. Without a CJK font every Chinese character is drawn as a box. Both
are checked here, before Qt is asked for anything (`workbench open`, `make run`) and by
`workbench self-test`; each missing piece is named with the Debian/Ubuntu package to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

# A library the xcb plugin needs (as ldd names it) -> the Debian/Ubuntu package with it.
XCB_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxcb.so.1": "libxcb1",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libOpenGL.so.0": "libopengl0",
    "libfontconfig.so.1": "libfontconfig1",
    "libdbus-1.so.3": "libdbus-1-3",
}
CJK_FONT_PACKAGE = "fonts-noto-cjk"


def xcb_plugin() -> Path | None:
    """PySide6's X11 platform plugin, if this Qt has one."""
    import PySide6

    plugin = Path(PySide6.__file__).parent / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def uses_xcb(environ: dict[str, str] | None = None) -> bool:
    """Whether Qt would pick its X11 plugin here (Linux, an X display, no other choice)."""
    env = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return False
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        return chosen.split(":")[0] == "xcb"
    return not env.get("WAYLAND_DISPLAY")


def missing_xcb_libraries(plugin: Path | None = None) -> list[str]:
    """The libraries the xcb plugin links against that the loader cannot find ([] when
    none is missing, or there is no plugin or no ldd to ask)."""
    plugin = plugin or xcb_plugin()
    ldd = shutil.which("ldd")
    if plugin is None or ldd is None:
        return []
    listing = subprocess.run([ldd, str(plugin)], capture_output=True, text=True, check=False)
    return [
        line.split("=>")[0].strip() for line in listing.stdout.splitlines() if "not found" in line
    ]


def cjk_font_installed() -> bool | None:
    """Whether fontconfig knows a font with Chinese glyphs (None: no fc-list to ask)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    listing = subprocess.run(
        [fc_list, ":lang=zh", "family"], capture_output=True, text=True, check=False
    )
    return bool(listing.stdout.strip())


def packages_for(libraries: list[str]) -> list[str]:
    """The packages to install for these libraries (a library not in the table by name)."""
    return sorted({XCB_PACKAGES.get(library, library) for library in libraries})


def xcb_problem(environ: dict[str, str] | None = None) -> str:
    """What stops the window from opening on X11, with the command that fixes it ('' when
    nothing does)."""
    env = os.environ if environ is None else environ
    if not uses_xcb(env):
        return ""
    if not env.get("DISPLAY"):
        return (
            "No desktop session: neither DISPLAY nor WAYLAND_DISPLAY is set. Start Workbench "
            "from a desktop session (or set QT_QPA_PLATFORM=offscreen to run it without one)."
        )
    missing = missing_xcb_libraries()
    if not missing:
        return ""
    packages = " ".join(packages_for(missing))
    return (
        f"Qt cannot open a window on X11: {', '.join(missing)} not found.\n"
        f"Install it with:  sudo apt install {packages}\n"
        "(Fedora: sudo dnf install xcb-util-cursor; Arch: sudo pacman -S xcb-util-cursor)"
    )


def font_problem() -> str:
    """What makes Chinese text draw as boxes, with the fix ('' when a CJK font is there)."""
    if cjk_font_installed() is False:
        return (
            "No font with Chinese characters is installed: Chinese text would be drawn as "
            f"boxes. Install one with:  sudo apt install {CJK_FONT_PACKAGE}\n"
            "(Fedora: sudo dnf install google-noto-sans-cjk-fonts; "
            "Arch: sudo pacman -S noto-fonts-cjk)"
        )
    return ""
