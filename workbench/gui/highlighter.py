"""Light Markdown highlighting: per-block regular expressions, nothing that scans the document."""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument


def _format(color: str, *, bold: bool = False, italic: bool = False) -> QTextCharFormat:
    fmt = QTextCharFormat()
    fmt.setForeground(QColor(color))
    if bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    fmt.setFontItalic(italic)
    return fmt


HEADING = re.compile(r"^#{1,6}\s.*$")
CHAPTER_LINE = re.compile(r"^\s*第[0-9零〇一二两三四五六七八九十百千万]+[章回].*$")
QUOTE = re.compile(r"^\s*>.*$")
LIST_MARKER = re.compile(r"^\s*(?:[-*+]|\d+\.)\s")
RULE = re.compile(r"^(?:-{3,}|\*{3,})\s*$")
STRONG = re.compile(r"\*\*[^*\n]+\*\*|__[^_\n]+__")
EMPHASIS = re.compile(r"(?<![*\w])\*[^*\n]+\*(?!\*)")
CODE = re.compile(r"`[^`\n]+`")
TABLE_PIPE = re.compile(r"\|")


class MarkdownHighlighter(QSyntaxHighlighter):
    """Headings, chapter lines, quotes, list markers, emphasis, code and table pipes."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self._heading = _format("#1f4e79", bold=True)
        self._quote = _format("#6a6a6a", italic=True)
        self._marker = _format("#a0522d", bold=True)
        self._strong = _format("#000000", bold=True)
        self._emphasis = _format("#333333", italic=True)
        self._code = _format("#8b1a1a")
        self._pipe = _format("#9a9a9a")

    def highlightBlock(self, text: str) -> None:
        """Format one block; runs on every edit, so only cheap regexes over this block."""
        if HEADING.match(text) or CHAPTER_LINE.match(text):
            self.setFormat(0, len(text), self._heading)
            return
        if RULE.match(text):
            self.setFormat(0, len(text), self._pipe)
            return
        if QUOTE.match(text):
            self.setFormat(0, len(text), self._quote)
        marker = LIST_MARKER.match(text)
        if marker:
            self.setFormat(0, marker.end(), self._marker)
        for pattern, fmt in (
            (STRONG, self._strong),
            (EMPHASIS, self._emphasis),
            (CODE, self._code),
        ):
            for match in pattern.finditer(text):
                self.setFormat(match.start(), match.end() - match.start(), fmt)
        if text.lstrip().startswith("|"):
            for match in TABLE_PIPE.finditer(text):
                self.setFormat(match.start(), 1, self._pipe)
