"""Manuscript lines that are not prose: volume headings, the lines web platforms add, and
English chapter numbers; and the text of a .docx manuscript.

Platform lines (更新时间, 本章字数, 求收藏/月票 pleas, site banners and addresses) are only ever
*detected* here; whether they are dropped is the author's choice at import, and a dropped line
is written to the import log, so nothing is lost.
"""

from __future__ import annotations

import re

from workbench.book.numerals import NUMERAL_CHARS

MAX_VOLUME_LENGTH = 60
MAX_BOILERPLATE_LENGTH = 80
_SPACES = " \t\u3000\xa0\ufeff"
_EDGE = re.compile(r"^[#*=>\s\u3000]+|[#*=\s\u3000]+$")
_GAP = "[ \t\u3000]*"
_VOLUME = re.compile(
    rf"^(?:正文{_GAP})?(?:第{_GAP}[{NUMERAL_CHARS}]+{_GAP}[卷部]|卷{_GAP}[{NUMERAL_CHARS}]+)"
    r"(?:$|[ \t\u3000:：、.．·\-—_|【】\[\]（）()《》]+(?P<title>.*)$)"
)
_BOILERPLATE = (
    ("更新时间", re.compile(r"(?:更新时间|发布时间|发表时间|上传时间)\s*[:：]")),
    ("字数", re.compile(r"(?:本章字数|字数)\s*[:：]\s*\d+")),
    # A plea ends at punctuation or the next plea: 求收藏家 is prose, 求收藏求月票 is not.
    (
        "求票",
        re.compile(r"求(?:收藏|月票|推荐票?|订阅|打赏|票|追读)(?=$|[求！!，,。、～~\s）)】])"),
    ),
    ("网址", re.compile(r"https?://|www\.|\.(?:com|net|org|cc|cn|la|info)\b", re.IGNORECASE)),
    (
        "站点",
        re.compile(r"首发|本站|笔趣阁|起点中文网|纵横中文网|手机用户请|一秒记住|最新章节|免费阅读"),
    ),
)
_ENGLISH_UNITS = {
    word: value
    for value, word in enumerate(
        (
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        )
    )
}
_ENGLISH_TENS = {
    word: 10 * value
    for value, word in enumerate(
        ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"), 2
    )
}
_ENGLISH_WORD = re.compile(r"[a-z]+", re.IGNORECASE)
_WORD_GAP = re.compile(r"[ \t-]")
_ROMAN = re.compile(r"^(?=[MDCLXVI])M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def volume_heading(line: str) -> str | None:
    """The volume heading on this line (第一卷 风起, 卷二, 第3部), as written, or None."""
    text = _EDGE.sub("", line.strip(_SPACES + "\r\n"))
    if not text or len(text) > MAX_VOLUME_LENGTH:
        return None
    match = _VOLUME.match(text)
    if match is None:
        return None
    title = match.group("title") or ""
    if "。" in title or "；" in title or re.search(r"第.*[章回节]", title):
        return None  # prose, or a chapter heading that names its volume first
    return text


def boilerplate_kind(line: str) -> str | None:
    """What kind of platform line this is (更新时间, 字数, 求票, 网址, 站点), or None."""
    text = line.strip(_SPACES + "\r\n")
    if not text or len(text) > MAX_BOILERPLATE_LENGTH:
        return None
    for kind, pattern in _BOILERPLATE:
        if pattern.search(text):
            return kind
    return None


def _roman(token: str) -> int | None:
    token = token.upper()
    if not _ROMAN.match(token):
        return None
    total = 0
    for char, following in zip(token, [*token[1:], ""], strict=True):
        value = _ROMAN_VALUES[char]
        total += -value if following and _ROMAN_VALUES[following] > value else value
    return total


def english_number(text: str) -> tuple[int, int] | None:
    """(number, characters used) for the English number starting `text`: digits, words
    (One, Twenty-One, One Hundred and Five) or Roman numerals (IV); None if there is none."""
    digits = re.match(r"\d+", text)
    if digits:
        return int(digits.group()), digits.end()
    total, current, end, position, seen = 0, 0, 0, 0, False
    while match := _ENGLISH_WORD.match(text, position):
        word = match.group().lower()
        if word in _ENGLISH_UNITS:
            current += _ENGLISH_UNITS[word]
        elif word in _ENGLISH_TENS:
            current += _ENGLISH_TENS[word]
        elif word == "hundred" and seen:
            current = max(current, 1) * 100
        elif word == "thousand" and seen:
            total, current = total + max(current, 1) * 1000, 0
        elif not (word == "and" and seen):
            break
        if word != "and":
            seen, end = True, match.end()
        position = match.end() + (1 if _WORD_GAP.match(text, match.end()) else 0)
    if seen:
        return total + current, end
    roman = re.match(r"[MDCLXVImdclxvi]+\b", text)
    value = _roman(roman.group()) if roman else None
    return (value, roman.end()) if value else None
