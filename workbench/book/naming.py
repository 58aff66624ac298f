"""Chapter numbers and titles from file names and headings."""

from __future__ import annotations

import re

from workbench.book.numerals import NUMERAL_CHARS, parse_number

# Past this a number is a typo or a hostile name, not a chapter: no novel has 100,000, and
# everything that walks chapter numbers stays bounded by it.
MAX_CHAPTER = 100_000

_FILE_PATTERNS = (
    re.compile(r"^ch(?:apter)?[ _-]?(\d+)(?:[ _-]+(.*))?$", re.IGNORECASE),
    re.compile(rf"^第([{NUMERAL_CHARS}]+)[章回节](?:[ _\-—:：]+(.*))?$"),
    re.compile(r"^(\d+)(?:[ _\-—]+(.*))?$"),
)
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_HEADING_NUMBER = re.compile(
    rf"^(?:第[{NUMERAL_CHARS}]+[章回节]|chapter\s*\d+|ch\s*\d+)[ \t:：、.\-—]*", re.IGNORECASE
)


def chapter_number_from_name(stem: str) -> tuple[int, str] | None:
    """(number, title from the name or '') for a chapter file stem, or None if it is not one."""
    for pattern in _FILE_PATTERNS:
        match = pattern.match(stem.strip())
        if match:
            try:
                number = parse_number(match.group(1))
            except ValueError:
                return None
            return number, (match.group(2) or "").strip()
    return None


def title_from_heading(text: str) -> str:
    """The title in a chapter's first heading, without its '第N章' prefix; '' if none."""
    match = _HEADING.search(text[:2000])
    if not match:
        return ""
    return _HEADING_NUMBER.sub("", match.group(1).strip()).strip()


def gap_ranges(numbers: list[int]) -> list[tuple[int, int]]:
    """The missing stretches (first, last) between 1 and the highest of sorted `numbers`,
    found between neighbours, never by listing every missing number."""
    gaps = []
    previous = 0
    for number in numbers:
        if number > previous + 1:
            gaps.append((previous + 1, number - 1))
        previous = max(previous, number)
    return gaps
