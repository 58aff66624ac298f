"""This user's key for sealing caches (book/cache_seal.py): made once and kept, 0600, in the
user's Workbench folder beside the settings; never project content, so its file calls are
the settings folder's, not the gate's."""

from __future__ import annotations

import logging
import os
import secrets
import threading
from pathlib import Path

from workbench.config_location import config_dir

log = logging.getLogger(__name__)

KEY_FILE = "cache-key"
_keys: dict[str, bytes] = {}
_keys_lock = threading.Lock()


def cache_key() -> bytes:
    """This user's cache key: made once, kept (0600) in the settings folder; a folder that
    cannot hold it gives a key of this process alone (its caches then help only itself)."""
    path = config_dir() / KEY_FILE
    with _keys_lock:
        known = _keys.get(str(path))
        if known is None:
            known = _keys[str(path)] = _load_or_make_key(path)
        return known


def _load_or_make_key(path: Path) -> bytes:
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError) as error:
        log.warning("%s: unreadable (%s); caches sealed for this process only", path, error)
        return secrets.token_bytes(32)
    key = secrets.token_bytes(32)
    # Written whole under another name, then linked in: a process starting at the same
    # moment reads either no key (and links its own, one of which wins) or a whole one.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(key.hex() + "\n")
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink()
        return _read_key(path)
    except (OSError, ValueError) as error:
        log.warning("cannot keep %s (%s); caches sealed for this process only", path, error)
        return key


def _read_key(path: Path) -> bytes:
    key = bytes.fromhex(path.read_text(encoding="ascii").strip())
    if len(key) < 16:
        raise ValueError("shorter than 16 bytes")
    return key
