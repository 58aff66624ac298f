"""Cells cut at a word: a row too long for its column ends at its last whole English word
(or at any Chinese character) and "…", never mid-word ("payoff planned fo…"). The whole text
stays in the cell's tooltip where the model gives one."""

from __future__ import annotations

import re

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem

ELLIPSIS = "…"
# Where a line may be cut: after a space or a mark, or beside a CJK character.
BREAK = re.compile(r"(?<=[\s·,;:)(（）：；，、])|(?<=[\u3400-\u9fff])|(?=[\u3400-\u9fff])")


def elide_words(text: str, metrics: QFontMetrics, room: int) -> str:
    """`text` if it fits in `room` pixels; else its longest prefix ending at a word that
    fits with "…" after it (a word longer than the room is cut where it must)."""
    if metrics.horizontalAdvance(text) <= room:
        return text
    best = ""
    for found in BREAK.finditer(text):
        prefix = text[: found.start()].rstrip(" ·,;:")
        if not prefix:
            continue
        if metrics.horizontalAdvance(prefix + ELLIPSIS) > room:
            break
        best = prefix
    if best:
        return best + ELLIPSIS
    return metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)


class WordElideDelegate(QStyledItemDelegate):
    """Shows each cell's text as `elide_words` cuts it for the cell's width."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        super().initStyleOption(option, index)
        if not option.text:
            return
        style = option.widget.style() if option.widget is not None else None
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 1 if style else 3
        room = option.rect.width() - 2 * margin
        if option.features & QStyleOptionViewItem.ViewItemFeature.HasDecoration:
            room -= option.decorationSize.width() + 2 * margin
        option.text = elide_words(option.text, option.fontMetrics, max(room, 0))
