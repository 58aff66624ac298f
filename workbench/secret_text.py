"""A string that never shows itself: the model key in the settings, in a repr, a log line or
a traceback's locals, reads as asterisks; `get_secret_value()` is the only way to the text."""

from __future__ import annotations

MASK = "**********"


class SecretStr:
    """A secret string (the interface of pydantic's SecretStr, which the settings used)."""

    __slots__ = ("_value",)

    def __init__(self, value: str = "") -> None:
        self._value = value

    def get_secret_value(self) -> str:
        """The text itself."""
        return self._value

    def __repr__(self) -> str:
        return f"SecretStr('{MASK if self._value else ''}')"

    def __str__(self) -> str:
        return MASK if self._value else ""

    def __len__(self) -> int:
        return len(self._value)

    def __eq__(self, other: object) -> bool:
        get = getattr(other, "get_secret_value", None)
        return get is not None and get() == self._value

    def __hash__(self) -> int:
        return hash(self._value)

    def __deepcopy__(self, _memo: dict) -> SecretStr:
        return self  # immutable
