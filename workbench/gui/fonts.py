"""The editor font: the author's choice, else a CJK font that is installed, else Qt's default."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontDatabase

# Serif first: long-form Chinese prose reads best in a Song/Ming face.
PREFERRED_CJK_FAMILIES = (
    "Noto Serif CJK SC",
    "Source Han Serif SC",
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Songti SC",
    "SimSun",
    "PingFang SC",
    "Microsoft YaHei",
    "WenQuanYi Micro Hei",
)

# Proportional line height (percent): CJK glyphs fill the em box, so default leading is cramped.
EDITOR_LINE_HEIGHT = 150


def available_cjk_family() -> str | None:
    """The first preferred CJK family installed on this machine, if any."""
    installed = set(QFontDatabase.families())
    return next((family for family in PREFERRED_CJK_FAMILIES if family in installed), None)


def editor_font(family: str, size: int) -> QFont:
    """The font for editors: `family` if given and installed, else the best CJK family."""
    installed = set(QFontDatabase.families())
    chosen = family if family and family in installed else available_cjk_family()
    font = (
        QFont(chosen) if chosen else QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont)
    )
    font.setPointSize(size)
    return font
