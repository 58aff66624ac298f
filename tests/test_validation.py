"""Plain data checked into dataclasses: every problem found, each with where it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from workbench.validation import Invalid, from_data, setting


@dataclass(frozen=True)
class Inner:
    share: float = setting(ge=0, le=1)
    global_: float = setting(0.0, alias="global")


@dataclass(frozen=True)
class Outer:
    count: int = setting(3, gt=0)
    on: bool = True
    mode: Literal["a", "b"] = "a"
    words: tuple[str, ...] = ()
    limit: int | None = setting(None, le=10)
    parts: dict[str, Inner] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.limit is not None and self.limit < self.count:
            raise ValueError("limit must not be below count")


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(Invalid) as raised:
        from_data(Outer, data)
    return raised.value.problems


def test_plain_data_becomes_the_dataclass():
    data = {"count": 2, "words": ["x"], "limit": 5, "parts": {"p": {"share": 1, "global": 0.5}}}
    assert from_data(Outer, data) == Outer(
        count=2, words=("x",), limit=5, parts={"p": Inner(share=1.0, global_=0.5)}
    )
    assert from_data(Outer, {}) == Outer()


def test_every_problem_is_named_with_where_it_is():
    found = problems(
        {"count": 0, "cuont": 1, "on": 1, "mode": "c", "words": ["x", 2], "parts": {"p": {}}}
    )
    assert found == [
        ("cuont", "unknown setting"),
        ("count", "must be greater than 0, not 0"),
        ("on", "must be true or false, not 1"),
        ("mode", "must be one of 'a', 'b', not 'c'"),
        ("words.1", "must be a string, not 2"),
        ("parts.p.share", "required"),
    ]


def test_a_bool_is_not_a_number_and_a_string_is_not_read_as_one():
    assert problems({"count": True}) == [("count", "must be an integer, not True")]
    assert problems({"count": "3"}) == [("count", "must be an integer, not '3'")]
    assert problems({"parts": {"p": {"share": "1"}}}) == [
        ("parts.p.share", "must be a number, not '1'")
    ]


def test_checks_across_fields_are_reported_like_the_others():
    assert problems({"count": 5, "limit": 4}) == [("", "limit must not be below count")]
    assert problems({"limit": 11}) == [("limit", "must be at most 10, not 11")]
    assert problems([]) == [("", "must be a table")]
    assert str(Invalid(problems({"count": -1, "on": "yes"}))) == (
        "count: must be greater than 0, not -1; on: must be true or false, not 'yes'"
    )


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_a_number_that_is_not_finite_is_refused(value):
    with pytest.raises(Invalid) as raised:
        from_data(Outer, {"parts": {"a": {"share": value}}})
    assert raised.value.problems == [("parts.a.share", f"must be a finite number, not {value}")]


def test_a_long_string_value_is_described_not_quoted():
    with pytest.raises(Invalid) as raised:
        from_data(Outer, {"count": "sk-a-key-someone-pasted-here"})
    assert raised.value.problems == [("count", "must be an integer, not a string of 28 characters")]
