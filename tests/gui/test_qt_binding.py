"""The installed Qt binding keeps Python's reference counts: PySide6 6.12.0 on Python 3.11
dropped a reference to None on every call of a method that returns nothing, and the app
aborted ("none_dealloc") after a few thousand calls. pyproject.toml keeps that release out."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject

CALLS = 2_000  # few enough that the old release fails this assertion rather than aborting


def test_a_qt_method_returning_nothing_keeps_none_alive() -> None:
    holder = QObject()
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        holder.setObjectName("workbench")
    assert sys.getrefcount(None) >= before - CALLS // 100
