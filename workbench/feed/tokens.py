"""Token counts with a model profile's tokenizer, cached by content hash and tokenizer.

The tokenizers themselves (offline, each from a package that ships its vocabulary, with a
visible fallback) are in `workbench.models.tokenizers`. Counts are kept per tokenizer, under
`.workbench/token-cache.json`, so switching profiles never mixes one tokenizer's counts into
another's.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from pathlib import Path

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.cache_seal import read_sealed, sealed
from workbench.errors import FileProblem
from workbench.models.profiles import BUILTIN_PROFILES, DEFAULT_PROFILE
from workbench.models.tokenizers import TOKENIZERS, Count, Loaded, load_tokenizer

log = logging.getLogger(__name__)

DEFAULT_TOKENIZER = BUILTIN_PROFILES[DEFAULT_PROFILE].tokenizer
CACHE_FILE = "token-cache.json"
# Counts kept per tokenizer, least recently used dropped first: an editor session makes a new
# text (and count) per keystroke, and the file is rewritten on every save.
MAX_ENTRIES = 20_000
_LOCK = threading.Lock()


class TokenCounter:
    """Counts tokens of texts, remembering each count by the text's hash.

    With a `state_dir` the counts persist in `<state_dir>/token-cache.json`, loaded once per
    process and written atomically by `save()`. Thread-safe, so the GUI can count off-thread.
    """

    def __init__(self, tokenizer: str = DEFAULT_TOKENIZER, state_dir: Path | None = None) -> None:
        self.requested = tokenizer
        self._path = Path(state_dir) / CACHE_FILE if state_dir is not None else None
        self._counts = _persistent_counts(self._path, tokenizer)
        self._dirty = False
        self._lock = threading.Lock()
        # Loaded on the first count the cache does not hold: a one-shot `workbench feed`
        # whose texts were all counted before never pays the tokenizer's load (≈ 0.4 s).
        # The counts cached under its name were made by it, so until then it is the one
        # counting; a name no tokenizer has falls back at once.
        self._loaded: Loaded | None = None
        if tokenizer not in TOKENIZERS:
            self._tokenizer()

    @property
    def name(self) -> str:
        """The tokenizer counting: the requested one, or the fallback when it cannot load."""
        return self._loaded.name if self._loaded is not None else self.requested

    @property
    def note(self) -> str:
        """Why the counts are approximate ("" when they are exact)."""
        return self._loaded.note if self._loaded is not None else ""

    @property
    def exact(self) -> bool:
        """Whether the requested tokenizer is counting (no fallback)."""
        return not self.note

    def _tokenizer(self) -> Count:
        if self._loaded is None:
            loaded = load_tokenizer(self.requested)
            with self._lock:
                if loaded.name != self.requested:  # fell back: its own counts, not these
                    self._counts = _persistent_counts(self._path, loaded.name)
                self._loaded = loaded
        return self._loaded.count

    def count(self, text: str) -> int:
        """Tokens in `text` under this counter's tokenizer."""
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
        return self._tokenizer()(text)

    def save(self) -> None:
        """Persist new counts to `.workbench/token-cache.json` (atomic); no-op when unchanged.
        A cache that cannot be written (read-only folder) is logged, never an error."""
        if self._path is None or not self._dirty:
            return
        with self._lock:
            try:
                _save_counts(self._path)
            except (OSError, FileProblem) as error:
                log.warning("cannot save token cache %s: %s", self._path, error)
            self._dirty = False


# Counts per cache file, then per tokenizer: {path: {tokenizer: {hash: tokens}}}.
_FILES: dict[Path, dict[str, dict[str, int]]] = {}


def _persistent_counts(path: Path | None, tokenizer: str) -> dict[str, int]:
    if path is None:
        return {}
    with _LOCK:
        if path not in _FILES:
            _FILES[path] = _load_counts(path)
        return _FILES[path].setdefault(tokenizer, {})


def _load_counts(path: Path) -> dict[str, dict[str, int]]:
    try:
        payload = read_sealed(path)
        if payload is None:  # none yet, or not sealed by this machine: counted again
            return {}
        data = parse_json(payload, path)
    except (OSError, FileProblem) as error:
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
    gate.write_bytes(path, sealed(data.encode("utf-8")), root=path.parent.parent)
