"""Where the history lives: compressed blobs named by their content, and an index log.

A version's text is cut into parts at line ends the text itself chooses (a line whose
checksum says so, once a part holds 2 KB; never past 16 KB), so a small edit changes one
part and the rest are the blobs the last version already stored: 1,000 saves of a
30,000-字 chapter take a few MB, not a hundred. Each part is a zlib blob named by the
sha256 of its bytes, `.workbench/history/objects/ab/cdef….z`; the version's list of parts is
a blob named by the sha256 of the whole text, written after its parts, and the text put back
together is checked against that name, so a damaged or poisoned blob is known as such.
Blobs are written whole or not at all (temp file, rename) before the version's line goes
into `index.jsonl`, an append-only log of one JSON object per version written in one call.
A kill between the two leaves blobs nobody names (removed at the next pruning); a kill during
the append leaves at most a partial line, which reading skips and `check` names. Pruning
rewrites the log atomically. Blobs and log are not fsynced: a power cut may cost a version,
never a byte of the book, and a save on the GUI thread does not wait for the disk twice.
"""

from __future__ import annotations

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
MIN_PART = 2 * 1024
MAX_PART = 16 * 1024
MAX_PARTS_BYTES = 65 * (MAX_TEXT_BYTES // MAX_PART + 2)  # a list of parts: a line per part
PARTS_HEAD = b"workbench-history-parts 1\n"
PART = ".z"  # a part of a text
LIST = ".v"  # a version: the list of its text's parts
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


def blob_path(root: Path, sha: str, kind: str = PART) -> Path:
    """Where the blob with this sha256 is: a part (PART), or a version's list (LIST)."""
    return history_dir(root) / "objects" / sha[:2] / f"{sha[2:]}{kind}"


def parts(data: bytes) -> list[bytes]:
    """`data` cut where its own lines say (see the module's docstring)."""
    cut: list[bytes] = []
    pending: list[bytes] = []
    size = 0
    for line in data.splitlines(keepends=True):  # at \r and the like too: as good a place
        while size + len(line) > MAX_PART:  # a part never grows past MAX_PART
            room = MAX_PART - size
            pending.append(line[:room])
            cut.append(b"".join(pending))
            pending, size, line = [], 0, line[room:]
        if line:
            pending.append(line)
            size += len(line)
        if size >= MIN_PART and zlib.crc32(line) % 4 == 0:
            cut.append(b"".join(pending))
            pending, size = [], 0
    if pending:
        cut.append(b"".join(pending))
    return cut


def put_text(root: Path, text: str) -> tuple[str, int]:
    """Store a text (only the parts not stored yet); (its sha256, the bytes newly written)."""
    data = text.encode("utf-8")
    sha = content_hash(data)
    if blob_path(root, sha, LIST).is_file():
        return sha, 0
    names, written = [], 0
    objects = os.path.join(history_dir(root), "objects")
    for part in parts(data):
        name = content_hash(part)
        names.append(name)
        # A plain path test: a save asks this of every part of its chapter.
        if not os.path.isfile(os.path.join(objects, name[:2], name[2:] + PART)):
            written += _put_blob(blob_path(root, name), part, root)
    listing = PARTS_HEAD + "\n".join(names).encode("ascii")
    written += _put_blob(blob_path(root, sha, LIST), listing, root)
    return sha, written


def _put_blob(path: Path, data: bytes, root: Path) -> int:
    packed = zlib.compress(data, 6)
    gate.write_bytes(path, packed, root=root, synced=False)
    return len(packed)


def _unpacked(root: Path, path: Path, limit: int) -> bytes:
    try:
        packed = gate.read_bytes(path, root=root, limit=gate.MAX_FILE_BYTES, what="a version")
    except FileNotFoundError:
        raise HistoryDamaged(path, "missing: this version is lost") from None
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, limit + 1)
    except zlib.error as error:
        raise HistoryDamaged(path, f"not a compressed version ({error})") from None
    if len(data) > limit or inflater.unconsumed_tail:
        raise HistoryDamaged(path, "unpacks past the size of any book file; not read")
    return data


def part_names(root: Path, sha: str) -> list[str]:
    """The names of the parts the text with this sha256 is made of; HistoryDamaged naming
    its list when that is missing or is not a list of parts."""
    listing = _unpacked(root, blob_path(root, sha, LIST), MAX_PARTS_BYTES)
    names = listing.removeprefix(PARTS_HEAD).decode("ascii", "replace").split("\n")
    if not listing.startswith(PARTS_HEAD) or not all(map(is_sha, names)):
        raise HistoryDamaged(blob_path(root, sha, LIST), "not a version's list of parts; damaged")
    return names


def get_part(root: Path, name: str) -> bytes:
    """One part's bytes, checked against its name."""
    data = _unpacked(root, blob_path(root, name), MAX_PART)
    if content_hash(data) != name:
        raise HistoryDamaged(blob_path(root, name), "does not hold what its name says; damaged")
    return data


def get_text(root: Path, sha: str) -> str:
    """The text of a version; HistoryDamaged naming the blob when one is missing, is not
    zlib data, is larger than it may be, or does not hash to its name."""
    pieces, total = [], 0
    for name in part_names(root, sha):
        piece = get_part(root, name)
        total += len(piece)
        if total > MAX_TEXT_BYTES:
            raise HistoryDamaged(
                blob_path(root, sha, LIST), "past the size of a book file; not read"
            )
        pieces.append(piece)
    data = b"".join(pieces)
    if content_hash(data) != sha:
        raise HistoryDamaged(blob_path(root, sha, LIST), "does not make the text it names; damaged")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise HistoryDamaged(
            blob_path(root, sha, LIST), f"not UTF-8 at byte {error.start}"
        ) from None


def is_sha(name: str) -> bool:
    """Whether `name` is a sha256 in hex (nothing else may name a blob's path)."""
    return len(name) == 64 and all(c in "0123456789abcdef" for c in name)


def blob_sizes(root: Path) -> dict[str, int]:
    """Every blob's bytes on disk, by its key (sha256 and kind: `ab12….z`)."""
    objects = history_dir(root) / "objects"
    sizes: dict[str, int] = {}
    if objects.is_dir():
        for folder in objects.iterdir():
            if folder.is_dir() and not folder.is_symlink():
                for blob in folder.iterdir():
                    if blob.name.endswith((PART, LIST)) and not blob.name.startswith("."):
                        sizes[folder.name + blob.name] = blob.stat().st_size
    return sizes


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
    if not is_sha(value["sha"]):
        return None  # the blob's name comes from it: nothing but a hash may make a path
    return Version(**value)


def rewrite_index(root: Path, versions: list[Version]) -> None:
    """Replace the index with these versions' lines, atomically."""
    lines = (
        json.dumps(asdict(v), ensure_ascii=False, separators=(",", ":")) + "\n" for v in versions
    )
    data = "".join(lines).encode("utf-8")
    gate.write_bytes(history_dir(root) / INDEX, data, root=root)  # synced: rarely, and whole


def remove_unnamed_blobs(root: Path, named: set[str]) -> int:
    """Delete every blob whose key (as blob_sizes gives it) is not in `named`, and what a
    killed blob write left (its temp file); how many went."""
    objects = history_dir(root) / "objects"
    if not objects.is_dir():
        return 0
    removed = 0
    for folder in objects.iterdir():
        if not folder.is_dir() or folder.is_symlink():
            continue
        for blob in folder.iterdir():
            key = folder.name + blob.name
            left_over = blob.name.startswith(".") and blob.name.endswith(".tmp")
            if left_over or (blob.name.endswith((PART, LIST)) and key not in named):
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
    gate.write_bytes(history_dir(root) / STATUS, data, root=root, synced=False)


def index_size(root: Path) -> int:
    """The index log's bytes now (0 when there is none)."""
    try:
        return os.stat(history_dir(root) / INDEX).st_size
    except FileNotFoundError:
        return 0
