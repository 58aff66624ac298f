"""Caches under `.workbench/` are hints, never truth: each is sealed by this user's machine.

A project folder travels (a zip, a git repository, a synced folder) and `.workbench/` with
it; a cache that says where a tracker's tables are, what a chapter mentions or what a text
costs in tokens decides what the agents are told. So every cache file is written as a seal
line — an HMAC-SHA256, with a key kept in the user's settings folder, of the exact bytes that
follow — and then its JSON. A file whose seal does not verify (written on another machine or
by another user, edited by hand, damaged, or from before the seal) is ignored whole and
rebuilt from the files it describes; `check` lists it. Inside a verified file each entry is
still keyed by the sha256 of the bytes it describes, and its structure is checked against
those bytes where that is cheap (tables name lines that exist and hold pipes).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from pathlib import Path

from workbench.book import gate
from workbench.book.gate import MAX_JSON_BYTES
from workbench.cache_key import cache_key
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

SEAL = b"workbench-cache-seal-1 "
CACHE_FILES = ("table-cache.json", "scan-cache.json", "token-cache.json")


class Unsealed(ValueError):
    """A cache file whose seal is missing or does not verify; the message says which."""


def sealed(payload: bytes) -> bytes:
    """The bytes to write for a cache whose JSON is `payload`."""
    return SEAL + _mac(payload).encode("ascii") + b"\n" + payload


def unsealed(data: bytes) -> bytes:
    """The JSON of a sealed cache file; Unsealed when its seal is missing or wrong."""
    if not data.startswith(SEAL):
        raise Unsealed("it carries no seal of this machine's")
    line, newline, payload = data[len(SEAL) :].partition(b"\n")
    if not newline or not hmac.compare_digest(line, _mac(payload).encode("ascii")):
        raise Unsealed("its seal does not verify (written elsewhere or changed since)")
    return payload


def _cache_bytes(path: Path) -> bytes:
    """A cache file's bytes through the gate: inside the project that holds `.workbench/`,
    a regular file, bounded (a pipe or a symlink out is a FileProblem)."""
    limit = MAX_JSON_BYTES + len(SEAL) + 65  # the seal line, then the JSON
    return gate.read_bytes(path, root=path.parent.parent, limit=limit, what="a cache")


def read_sealed(path: Path) -> bytes | None:
    """A cache file's JSON; None when there is none, or (logged) when it does not verify."""
    try:
        return unsealed(_cache_bytes(path))
    except FileNotFoundError:
        return None
    except FileProblem as error:
        log.warning("ignoring cache %s: %s; it is rebuilt", path, error.problem)
        return None
    except Unsealed as error:
        # Every project's caches from before the seal say "no seal" once: not worth a warning
        # on each command's stderr. One sealed elsewhere or changed is; `check` lists both.
        level = logging.INFO if not data_sealed(path) else logging.WARNING
        log.log(level, "ignoring cache %s: %s; it is rebuilt", path, error)
        return None


def data_sealed(path: Path) -> bool:
    """Whether the file starts with a seal line (of any key)."""
    try:
        return _cache_bytes(path).startswith(SEAL)
    except (OSError, FileProblem):
        return False


def seal_problem(path: Path) -> str:
    """Why a cache file is ignored ("" when it verifies or is absent), for `check`."""
    try:
        unsealed(_cache_bytes(path))
    except FileNotFoundError:
        return ""
    except FileProblem as error:
        return error.problem
    except OSError as error:
        return f"cannot be read ({error.strerror or error})"
    except Unsealed as error:
        return str(error)
    return ""


def _mac(payload: bytes) -> str:
    return hmac.new(cache_key(), payload, hashlib.sha256).hexdigest()
