"""Where the history lives: compressed blobs named by their content, and an index log.

`.workbench/history/objects/ab/cdef….z` holds one text, zlib-compressed, named by the sha256
of its UTF-8 bytes: a text kept twice is stored once, and a blob that no longer hashes to
its name is known to be damaged. Each blob is written whole or not at all (temp file, fsync,
rename) before its line goes into `index.jsonl`, an append-only log of one JSON object per
version written in one call. A kill between the two leaves a blob nobody names (removed at
the next pruning); a kill during the append leaves at most a partial last line, which
reading skips and `check` names. Pruning rewrites the log atomically.
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from workbench.book import gate
from workbench.book.textio import content_hash
from workbench.errors import FileProblem
from workbench.history.retention import Version

HISTORY_DIR = "history"
INDEX = "index.jsonl"
STATUS = "status.json"
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_TEXT_BYTES = 4 * gate.MAX_FILE_BYTES  # a 16 MB GB18030 file grows in UTF-8
ID_LENGTH = 12
_FIELDS = {"id": str, "file": str, "at": float, "sha": str, "zi": int, "size": int, "origin": str}


class HistoryDamaged(FileProblem):
    """A history file that cannot be read or no longer holds what its name says."""


@dataclass
class IndexRead:
    """The versions the index names, and the lines it holds that are not versions."""

    versions: list[Version] = field(default_factory=list)
    bad_lines: list[int] = field(default_factory=list)  # 1-based


def history_dir(root: Path) -> Path:
    """The project's history folder (whether or not it exists yet)."""
    return root / gate.STATE_DIR / HISTORY_DIR


def blob_path(root: Path, sha: str) -> Path:
    """Where the blob of the text with this sha256 is."""
    return history_dir(root) / "objects" / sha[:2] / f"{sha[2:]}.z"


def put_text(root: Path, text: str) -> tuple[str, int]:
    """Store a text (once: an existing blob is left as it is); (its sha256, blob bytes)."""
    data = text.encode("utf-8")
    sha = content_hash(data)
    path = blob_path(root, sha)
    with contextlib.suppress(FileNotFoundError):
        return sha, path.stat().st_size
    packed = zlib.compress(data, 6)
    gate.write_bytes(path, packed, root=root)
    return sha, len(packed)


def get_text(root: Path, sha: str) -> str:
    """The text of a blob; HistoryDamaged naming the blob when it is missing, is not zlib
    data, is larger than any book file, or does not hash to its name."""
    path = blob_path(root, sha)
    try:
        packed = gate.read_bytes(path, root=root, limit=gate.MAX_FILE_BYTES, what="a version")
    except FileNotFoundError:
        raise HistoryDamaged(path, "missing: this version is lost") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_TEXT_BYTES + 1)
    except zlib.error as error:
        raise HistoryDamaged(path, f"not a compressed version ({error})") from None
    if len(data) > MAX_TEXT_BYTES or inflater.unconsumed_tail:
        raise HistoryDamaged(path, "unpacks past the size of any book file; not read")
    if content_hash(data) != sha:
        raise HistoryDamaged(path, "does not hold the text its name says; damaged")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise HistoryDamaged(path, f"not UTF-8 at byte {error.start}") from None


def append_version(root: Path, version: Version) -> None:
    """Add one version's line to the index, in one write. The line starts with a newline of
    its own: after a partial line a kill left, the version is still a line by itself (the
    empty lines this leaves are skipped)."""
    line = "\n" + json.dumps(asdict(version), ensure_ascii=False, separators=(",", ":")) + "\n"
    gate.append_bytes(history_dir(root) / INDEX, line.encode("utf-8"), root=root)


def read_index(root: Path) -> IndexRead:
    """Every version the index names, in the order kept; a line that is not a whole version
    is skipped and counted (a kill during an append, or a hand that edited the log)."""
    path = history_dir(root) / INDEX
    try:
        data = gate.read_bytes(path, root=root, limit=MAX_INDEX_BYTES, what="the history index")
    except FileNotFoundError:
        return IndexRead()
    read = IndexRead()
    for number, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        version = _version(line)
        if version is None:
            read.bad_lines.append(number)
        else:
            read.versions.append(version)
    return read


def _version(line: bytes) -> Version | None:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict) or set(value) != set(_FIELDS):
        return None
    for key, kind in _FIELDS.items():
        item = value[key]
        if kind is float and isinstance(item, int) and not isinstance(item, bool):
            value[key] = float(item)
        elif type(item) is not kind:
            return None
    sha = value["sha"]
    if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
        return None  # the blob's name comes from it: nothing but a hash may make a path
    return Version(**value)


def rewrite_index(root: Path, versions: list[Version]) -> None:
    """Replace the index with these versions' lines, atomically."""
    lines = (
        json.dumps(asdict(v), ensure_ascii=False, separators=(",", ":")) + "\n" for v in versions
    )
    gate.write_bytes(history_dir(root) / INDEX, "".join(lines).encode("utf-8"), root=root)


def remove_unnamed_blobs(root: Path, named: set[str]) -> int:
    """Delete every blob no version names, and what a killed blob write left (its temp
    file); how many went."""
    objects = history_dir(root) / "objects"
    if not objects.is_dir():
        return 0
    removed = 0
    for folder in objects.iterdir():
        if not folder.is_dir() or folder.is_symlink():
            continue
        for blob in folder.iterdir():
            sha = folder.name + blob.name.removesuffix(".z")
            left_over = blob.name.startswith(".") and blob.name.endswith(".tmp")
            if left_over or (blob.name.endswith(".z") and sha not in named):
                gate.remove(blob, root=root)
                removed += 1
    return removed


def read_status(root: Path) -> dict:
    """What the last pruning found ({} before the first, or when unreadable)."""
    try:
        value = gate.read_json(history_dir(root) / STATUS, root=root, limit=64 * 1024)
    except (FileNotFoundError, FileProblem, OSError):
        return {}
    return value if isinstance(value, dict) else {}


def write_status(root: Path, status: dict) -> None:
    """Record what this pruning found."""
    data = json.dumps(status, ensure_ascii=False).encode("utf-8")
    gate.write_bytes(history_dir(root) / STATUS, data, root=root)


def index_size(root: Path) -> int:
    """The index log's bytes now (0 when there is none)."""
    try:
        return os.stat(history_dir(root) / INDEX).st_size
    except FileNotFoundError:
        return 0
