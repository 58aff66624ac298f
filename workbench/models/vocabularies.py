"""Vocabulary files inside installed packages: found without importing the package, parsed
once per machine, and checked against a pinned hash where one is known.

Parsing a quarter of a million base64 lines costs more than the rest of a cold feed, so the
parsed ranks are kept in the user's cache folder (`WORKBENCH_CACHE_DIR` moves it), named by the
sha256 of the file they came from: a new package version is a new file and a new entry, and a
cache entry can never stand for a file it was not made from. The cache is `marshal` data
(plain bytes and ints; loading it runs no code) and is never needed: unreadable, foreign or
unwritable, it is ignored and the file is parsed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import marshal
import os
import struct
from binascii import a2b_base64
from collections.abc import Callable
from pathlib import Path

from workbench.book.textio import write_bytes_atomic

log = logging.getLogger(__name__)

Ranks = dict[bytes, int]


class VocabularyUnavailable(Exception):
    """A tokenizer's package or vocabulary file is not on this machine (or not the expected one)."""


def cache_dir() -> Path:
    """Where parsed vocabularies are kept."""
    override = os.environ.get("WORKBENCH_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs  # only when a vocabulary is loaded and the folder is not given

    return Path(platformdirs.user_cache_dir("workbench"))


def package_file(module: str, *parts: str) -> Path:
    """A file inside an installed package, located without importing the package."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):  # ValueError: sys.modules[module] is None
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise VocabularyUnavailable(f"未安装 Python 包 {module}")
    path = Path(next(iter(spec.submodule_search_locations)), *parts)
    if not path.is_file():
        raise VocabularyUnavailable(f"{module} 包中缺少 {'/'.join(parts)}")
    return path


def tiktoken_ranks(data: bytes) -> Ranks:
    """A `.tiktoken` file (base64 token, rank per line), parsed as tiktoken.load does
    (a2b_base64 is what base64.b64decode calls, without its per-call argument checks)."""
    return {
        a2b_base64(token): int(rank)
        for token, rank in (line.split() for line in data.splitlines() if line)
    }


def quicktok_ranks(data: bytes) -> Ranks:
    """quicktok's vocabulary file: a u32 count, then per token a u16 length, bytes, u32 rank."""
    (entries,) = struct.unpack_from("<I", data, 0)
    offset, ranks = 4, {}
    for _ in range(entries):
        (length,) = struct.unpack_from("<H", data, offset)
        token = data[offset + 2 : offset + 2 + length]
        (rank,) = struct.unpack_from("<I", data, offset + 2 + length)
        ranks[token] = rank
        offset += 6 + length
    return ranks


def load_ranks(path: Path, parse: Callable[[bytes], Ranks], sha256: str | None = None) -> Ranks:
    """The ranks in `path` (from the cache when it has them); VocabularyUnavailable when the
    file's sha256 is not the pinned one."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if sha256 is not None and digest != sha256:
        raise VocabularyUnavailable(f"{path.name} 不是核验过的词表（sha256 不符）")
    cached = cache_dir() / "vocabularies" / f"{digest}.marshal"
    try:
        ranks = marshal.loads(cached.read_bytes())
        if isinstance(ranks, dict):
            return ranks
    except FileNotFoundError:
        pass
    except (OSError, ValueError, EOFError, TypeError) as error:
        log.warning("ignoring unreadable vocabulary cache %s: %s", cached, error)
    ranks = parse(data)
    try:
        write_bytes_atomic(cached, marshal.dumps(ranks))
    except OSError as error:
        log.info("cannot cache the parsed vocabulary in %s: %s", cached, error)
    return ranks
