from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.book.numerals import parse_number

CHINESE_DIGITS = "零一二三四五六七八九"


def to_chinese(n: int, leading: bool = True) -> str:
    """How a chapter heading writes n (十二, 一百零五, 一千二百三十四, 一万零一十)."""
    if n < 10:
        return CHINESE_DIGITS[n]
    if n >= 10_000:
        high, low = divmod(n, 10_000)
        tail = "" if low == 0 else ("零" if low < 1000 else "") + to_chinese(low, leading=False)
        return to_chinese(high) + "万" + tail
    result, zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit = n // value % 10
        if digit == 0:
            zero = bool(result)
            continue
        if zero:
            result += "零"
            zero = False
        bare_ten = leading and unit == "十" and digit == 1 and not result
        result += ("" if bare_ten else CHINESE_DIGITS[digit]) + unit
    return result


@pytest.mark.parametrize(
    ("token", "number"),
    [
        ("0", 0),
        ("12", 12),
        ("0012", 12),
        ("０１２", 12),
        ("零", 0),
        ("〇", 0),
        ("十", 10),
        ("十二", 12),
        ("二十", 20),
        ("一百", 100),
        ("一百零五", 105),
        ("一百十八", 118),
        ("一百二十", 120),
        ("两百", 200),
        ("一千两百", 1200),
        ("一千零一", 1001),
        ("二〇一", 201),
        ("一二三", 123),
        ("壹佰贰拾", 120),
        ("一万", 10_000),
        ("一万零一", 10_001),
        ("一万零一十", 10_010),
        ("一万零十", 10_010),
        ("十二万三千", 123_000),
    ],
)
def test_parse_number(token, number):
    assert parse_number(token) == number


@pytest.mark.parametrize("token", ["", "  ", "十a", "章"])
def test_parse_number_rejects_non_numbers(token):
    with pytest.raises(ValueError):
        parse_number(token)


@given(st.integers(min_value=0, max_value=999_999))
def test_chinese_numerals_round_trip(n):
    assert parse_number(to_chinese(n)) == n
    assert parse_number(str(n)) == n
