"""Chapter numbers written in Arabic or Chinese numerals (第一百二十回, 第0012章)."""

from __future__ import annotations

DIGITS = {
    "零": 0, "〇": 0, "○": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4,
    "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
    "壹": 1, "贰": 2, "叁": 3, "肆": 4, "伍": 5, "陆": 6, "柒": 7, "捌": 8, "玖": 9,
}  # fmt: skip
UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
MYRIAD = {"万": 10_000, "萬": 10_000}
FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")

NUMERAL_CHARS = "0-9０-９" + "".join(DIGITS) + "".join(UNITS) + "".join(MYRIAD)


def parse_number(token: str) -> int:
    """Parse '12', '０１２', '十二', '一百零五', '二〇一' or '一千两百' into an int."""
    token = token.strip().translate(FULL_WIDTH)
    if not token:
        raise ValueError("empty number")
    if token.isdigit():
        return int(token)
    if all(ch in DIGITS for ch in token):
        # Digit-by-digit form, as in 二〇一.
        return int("".join(str(DIGITS[ch]) for ch in token))
    total = section = 0
    digit: int | None = None
    for ch in token:
        if ch in DIGITS:
            digit = DIGITS[ch]
        elif ch in UNITS:
            # A bare unit means one of it (十二); so does 零 before one (一万零十 = 10010).
            section += (digit or 1) * UNITS[ch]
            digit = None
        elif ch in MYRIAD:
            total += (section + (digit or 0)) * MYRIAD[ch]
            section, digit = 0, None
        else:
            raise ValueError(f"not a number: {token!r}")
    return total + section + (digit or 0)
