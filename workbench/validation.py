"""Plain data (a TOML table, a JSON object) checked into a frozen dataclass.

The settings every feed reads (workbench.toml's `[feed]`, the model profiles) are validated
here rather than by pydantic models: importing pydantic and building its models was a third of
what a one-shot `workbench feed` process cost (and of the app's start: its settings are checked
here too). Types come from the dataclass's annotations (bool, int, float, str, `X | None`,
`Literal[...]`, `tuple[str, ...]`, `list[str]`, `dict[str, X]`, nested dataclasses); bounds
and aliases from `setting(...)`; checks across fields from the class's `__post_init__`, which
raises ValueError or Invalid. Every problem is reported with where it
is (`templates.plot.core: must be at most 1`), all of them at once.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, TypeVar

T = TypeVar("T")
SHOWN_CHARACTERS = 12  # a string value longer than this is described in a message, not quoted
# No price, weight or budget is larger; an integer past it (TOML and JSON allow any number of
# digits) is refused before a float conversion overflows or a message prints 400 digits.
MAX_NUMBER = 10**15

_BOUNDS = {
    "gt": (lambda value, bound: value > bound, "greater than"),
    "ge": (lambda value, bound: value >= bound, "at least"),
    "lt": (lambda value, bound: value < bound, "less than"),
    "le": (lambda value, bound: value <= bound, "at most"),
}


class Invalid(ValueError):
    """Data that does not fit: every (location, problem) found."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        message = "; ".join(f"{where}: {what}" if where else what for where, what in problems)
        super().__init__(message)
        self.problems = problems


def setting(default: Any = dataclasses.MISSING, *, alias: str = "", **bounds: float) -> Any:
    """A dataclass field with bounds (`gt`, `ge`, `lt`, `le`) and the key it is read from when
    that is not its name (`global` for `global_`)."""
    return dataclasses.field(default=default, metadata={"alias": alias, "bounds": bounds})


def from_data(cls: type[T], data: object) -> T:
    """`data` as an instance of the dataclass `cls`; Invalid listing every problem."""
    return _convert(cls, data, "")


def _join(where: str, key: object) -> str:
    return f"{where}.{key}" if where and key != "" else where or str(key)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _convert(kind: Any, value: object, where: str) -> Any:
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        (inner,) = [arg for arg in args if arg is not type(None)]
        return _convert(inner, value, where)
    if dataclasses.is_dataclass(kind):
        return _dataclass(kind, value, where)
    if origin is Literal:
        if value not in args:
            choices = ", ".join(map(repr, args))
            raise Invalid([(where, f"must be one of {choices}, not {_shown(value)}")])
        return value
    if origin in (tuple, list):
        if not isinstance(value, list | tuple):
            raise Invalid([(where, "must be a list")])
        return origin(_convert(args[0], item, _join(where, n)) for n, item in enumerate(value))
    if origin is dict:
        if not isinstance(value, Mapping):
            raise Invalid([(where, "must be a table")])
        converted, problems = {}, []
        for key, item in value.items():
            try:
                converted[key] = _convert(args[1], item, _join(where, key))
            except Invalid as error:
                problems += error.problems
        if problems:
            raise Invalid(problems)
        return converted
    return _scalar(kind, value, where)


def _scalar(kind: type, value: object, where: str) -> Any:
    # TOML and JSON give each value its type: no strings read as numbers; a bool is no number.
    if kind is float and isinstance(value, int | float) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):  # TOML's inf and nan
            raise Invalid([(where, f"must be a finite number, not {value}")])
        if abs(value) > MAX_NUMBER:  # float() of a longer integer overflows
            raise Invalid([(where, f"must be at most {MAX_NUMBER:g}, not {_shown(value)}")])
        return float(value)
    if kind in (bool, int, str) and type(value) is kind:
        return value
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    raise Invalid([(where, f"must be {names[kind]}, not {_shown(value)}")])


def _shown(value: object) -> str:
    """A value as a message quotes it: a long string is described, never quoted (the
    settings file's strings include the model key)."""
    if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
        return f"a string of {len(value)} characters"
    if isinstance(value, int) and abs(value) > MAX_NUMBER:
        return f"a number of {value.bit_length()} bits"
    if isinstance(value, list | tuple | Mapping):
        return f"a {'table' if isinstance(value, Mapping) else 'list'}"
    return repr(value)


def _dataclass(cls: type, data: object, where: str) -> Any:
    if not isinstance(data, Mapping):
        raise Invalid([(where, "must be a table")])
    fields = {f.metadata.get("alias") or f.name: f for f in dataclasses.fields(cls) if f.init}
    values, problems = {}, []
    for key in data:
        if key not in fields:
            problems.append((_join(where, key), "unknown setting"))
    for key, field in fields.items():
        here = _join(where, key)
        if key not in data:
            missing = dataclasses.MISSING
            if field.default is missing and field.default_factory is missing:
                problems.append((here, "required"))
            continue
        try:
            values[field.name] = value = _convert(_hints(cls)[field.name], data[key], here)
        except Invalid as error:
            problems += error.problems
            continue
        for bound, limit in field.metadata.get("bounds", {}).items():
            holds, words = _BOUNDS[bound]
            if value is not None and not holds(value, limit):
                problems.append((here, f"must be {words} {limit:g}, not {_shown(value)}"))
    if problems:
        raise Invalid(problems)
    try:
        return cls(**values)
    except Invalid as error:
        raise Invalid([(_join(where, w), what) for w, what in error.problems]) from None
    except ValueError as error:
        raise Invalid([(where, str(error))]) from None
