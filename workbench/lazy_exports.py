"""A package's names that load with the submodule holding them, when first asked for.

`workbench.feed`, `workbench.trackers` and `workbench.llm` name their public parts at the top
so callers write `from workbench.feed import build_feed`, but importing the package must not
import the builder, the parsers or httpx: the window's first paint needs none of them (#28).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, submodule_of: Mapping[str, str]) -> Callable[[str], Any]:
    """The package's module `__getattr__`: `name` from `package.<submodule_of[name]>`."""

    def exported(name: str) -> Any:
        if name in submodule_of:
            return getattr(importlib.import_module(f"{package}.{submodule_of[name]}"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return exported
