"""Decoding text in the encoding it was written in, and writing bytes back atomically (the
primitives book/gate.py reads and writes every project file with)."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from workbench.book.checked_replace import NO_FILE as NO_FILE  # where writers look for it
from workbench.book.checked_replace import replace_if_unchanged
from workbench.errors import DecodeProblem

UTF8 = "utf-8"
UTF8_BOM = "utf-8-sig"
GB18030 = "gb18030"


@dataclass(frozen=True)
class TextFile:
    """A decoded file: its text, the encoding to write it back in, and a hash of its bytes."""

    path: Path
    text: str
    encoding: str
    sha256: str


def content_hash(data: bytes) -> str:
    """The hash used to notice that another program changed a file."""
    return hashlib.sha256(data).hexdigest()


def decode(data: bytes, path: Path | str = "<bytes>") -> tuple[str, str]:
    """Decode bytes as UTF-8 (with or without BOM), else GB18030/GBK; never replace bytes."""
    encodings = (UTF8_BOM,) if data.startswith(b"\xef\xbb\xbf") else (UTF8, GB18030)
    first_error: UnicodeDecodeError | None = None
    for encoding in encodings:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError as error:
            first_error = first_error or error
    assert first_error is not None
    import charset_normalizer  # only to name the encoding of a file that cannot be read

    guess = charset_normalizer.from_bytes(data).best()
    hint = f"; it looks like {guess.encoding}" if guess and guess.encoding else ""
    raise DecodeProblem(path, first_error.start, f"not UTF-8 or GB18030{hint}")


def encode(text: str, encoding: str) -> bytes:
    """Encode text for writing; UTF-8 with BOM keeps its BOM."""
    return text.encode(encoding)


def write_bytes_atomic(
    path: Path | str, data: bytes, *, expect: str | None = None, synced: bool = True
) -> None:
    """Replace a file's bytes all at once: temp file in the same folder, fsync, rename. A file
    this process may not write is refused (PermissionError, or EROFS on a read-only mount).
    Not `synced`: no fsync, so whole after a killed process but not after a power cut (for
    copies that a lost write costs nothing of the book: the history's versions).

    With `expect` (the sha256 of the bytes the new ones were made from, or NO_FILE), the file
    is checked again after the temp file is written, with no gap before the rename another
    program's save could slip into (book/checked_replace.py), and ChangedOnDisk is raised,
    nothing replaced, when another program changed it since."""
    path = Path(path)
    if not path.parent.is_dir():  # a stat, not a mkdir that fails: cheaper on every write
        path.parent.mkdir(parents=True, exist_ok=True)
    mode = path.stat().st_mode & 0o777 if path.exists() else None
    if mode is not None:
        _check_writable(path)
    else:  # a new file gets what open() would give it, not mkstemp's private 0600
        mode = 0o666 & ~process_umask()
    tmp_name = _synced_temp(path, data, mode, synced=synced)
    try:
        if expect is not None:
            replace_if_unchanged(tmp_name, path, expect)
        else:
            os.replace(tmp_name, path)
    except BaseException:
        _remove(tmp_name)
        raise
    if synced:
        _fsync_directory(path.parent)


def create_bytes_atomic(path: Path | str, data: bytes) -> bool:
    """Create a file holding `data`, all of it at once, only if nothing is there yet: the
    bytes are written beside it, synced, and hard-linked under its name (a link never
    replaces). False, nothing changed, when the file exists already (another thread or
    process made it first). Where a folder cannot hold hard links, an exclusive create."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp_name = _synced_temp(path, data, 0o666 & ~process_umask())
    try:
        try:
            os.link(tmp_name, path)
        except FileExistsError:
            return False
        except OSError:  # no hard links here (FAT, some network shares)
            if not _create_exclusive(path, data):
                return False
    finally:
        _remove(tmp_name)
    _fsync_directory(path.parent)  # the new name is durable only once its folder is synced
    return True


def _synced_temp(path: Path, data: bytes, mode: int, *, synced: bool = True) -> str:
    """`data` in a new temporary file beside `path`, synced to disk, with `mode`: its name.
    Nothing is left behind when writing it fails."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        _write_synced(fd, data, synced=synced)
        os.chmod(tmp_name, mode)
    except BaseException:
        _remove(tmp_name)
        raise
    return tmp_name


def _create_exclusive(path: Path, data: bytes) -> bool:
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags, 0o666)  # as open() would (os.open's default is 0o777)
    except FileExistsError:
        return False
    try:
        _write_synced(fd, data)
    except BaseException:  # the file is ours: a half-written one would stand for good
        _remove(str(path))
        raise
    return True


def _write_synced(fd: int, data: bytes, *, synced: bool = True) -> None:
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        if synced:
            os.fsync(handle.fileno())


def _remove(name: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(name)


def process_umask() -> int:
    """The process's umask, read without changing it where the OS says (Linux; setting and
    restoring it elsewhere races with other threads creating files)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _check_writable(path: Path) -> None:
    """Refuse a file this process may not write, as writing it in place would: the rename
    alone would replace a read-only file in a writable folder."""
    # The effective ids decide what this process may write (they differ from the real ones
    # under seteuid, as in the tests that drop root's rights).
    if os.access in os.supports_effective_ids:
        writable = os.access(path, os.W_OK, effective_ids=True)
    else:
        writable = os.access(path, os.W_OK)
    if writable:
        return
    if hasattr(os, "statvfs") and os.statvfs(path).f_flag & os.ST_RDONLY:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
    reason = f"{os.strerror(errno.EACCES)} (the file is read-only)"
    raise PermissionError(errno.EACCES, reason, str(path))


def _fsync_directory(folder: Path) -> None:
    # The rename is durable only once the directory entry is; not every OS allows this.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_text(
    path: Path | str, text: str, encoding: str = UTF8, *, expect: str | None = None
) -> TextFile:
    """Write text atomically in the given encoding and return what is now on disk (`expect`:
    see write_bytes_atomic)."""
    data = encode(text, encoding)
    write_bytes_atomic(path, data, expect=expect)
    return TextFile(Path(path), text, encoding, content_hash(data))
