"""Token counting: offline only, visible fallback, counts cached and persisted."""

from __future__ import annotations

import hashlib
import json

import pytest
import tiktoken

from workbench.feed import tokens
from workbench.feed.tokens import (
    KNOWN_VOCABULARIES,
    OFFLINE_ENCODING,
    TokenCounter,
    resolve_encoding,
    vocabulary_available,
)


def test_missing_vocabulary_falls_back_visibly(offline_tiktoken):
    resolved = resolve_encoding("o200k_base")
    assert resolved.name == OFFLINE_ENCODING
    assert "o200k_base" in resolved.note and OFFLINE_ENCODING in resolved.note
    counter = TokenCounter("o200k_base")
    assert counter.fell_back and counter.name == OFFLINE_ENCODING


def test_cl100k_base_uses_the_bundled_copy_without_a_note():
    resolved = resolve_encoding("cl100k_base")
    assert (resolved.name, resolved.note) == (OFFLINE_ENCODING, "")


def test_a_corrupt_cached_vocabulary_is_not_used_and_not_touched(offline_tiktoken):
    url, _ = KNOWN_VOCABULARIES["o200k_base"]
    cached = offline_tiktoken / hashlib.sha1(url.encode()).hexdigest()
    cached.write_bytes(b"not a vocabulary")
    assert not vocabulary_available("o200k_base")
    assert cached.read_bytes() == b"not a vocabulary"  # tiktoken would delete and download


def test_a_cached_vocabulary_with_the_right_hash_is_available(offline_tiktoken, monkeypatch):
    fake = b"pretend vocabulary"
    url = "https://example.invalid/fake.tiktoken"
    monkeypatch.setitem(KNOWN_VOCABULARIES, "fake_base", (url, hashlib.sha256(fake).hexdigest()))
    (offline_tiktoken / hashlib.sha1(url.encode()).hexdigest()).write_bytes(fake)
    assert vocabulary_available("fake_base")


def test_an_empty_cache_dir_setting_means_nothing_is_cached(monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    assert not vocabulary_available("o200k_base")
    assert resolve_encoding("o200k_base").name == OFFLINE_ENCODING


def test_counts_match_tiktoken_and_persist_atomically(tmp_path):
    text = "林风握紧长剑，望向远处的山门。"
    counter = TokenCounter("cl100k_base", tmp_path)
    expected = len(tiktoken.get_encoding(OFFLINE_ENCODING).encode(text))
    assert counter.count(text) == expected
    assert counter.count("") == 0
    counter.save()
    saved = json.loads((tmp_path / "token-cache.json").read_text(encoding="utf-8"))
    assert list(saved[OFFLINE_ENCODING].values()) == [expected]
    assert not list(tmp_path.glob("*.tmp"))


def test_persisted_counts_are_loaded_and_used(tmp_path, monkeypatch):
    text = "一段已经数过的文字。"
    counter = TokenCounter("cl100k_base", tmp_path)
    counter.count(text)
    counter.save()
    # A new process: forget what this one loaded, and poison the cached count to prove
    # that the next counter reads it instead of counting again.
    monkeypatch.setattr(tokens, "_FILES", {})
    data = json.loads((tmp_path / "token-cache.json").read_text(encoding="utf-8"))
    key = next(iter(data[OFFLINE_ENCODING]))
    data[OFFLINE_ENCODING][key] = 999
    (tmp_path / "token-cache.json").write_text(json.dumps(data), encoding="utf-8")
    assert TokenCounter("cl100k_base", tmp_path).count(text) == 999


def test_an_unreadable_cache_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setattr(tokens, "_FILES", {})
    (tmp_path / "token-cache.json").write_text("{broken", encoding="utf-8")
    assert TokenCounter("cl100k_base", tmp_path).count("你好") > 0


@pytest.mark.parametrize("special", ["<|endoftext|>", "<|fim_prefix|>"])
def test_special_token_text_is_counted_as_text(special):
    assert TokenCounter("cl100k_base").count(f"正文{special}正文") > 0


def test_the_cache_keeps_the_most_recently_used_counts(tmp_path, monkeypatch):
    monkeypatch.setattr(tokens, "MAX_ENTRIES", 3)
    counter = TokenCounter("cl100k_base", tmp_path / "fresh")
    for text in ("一", "二", "三"):
        counter.count(text)
    counter.count("一")  # used again: now the most recent
    counter.count("四")  # evicts 二, the least recently used
    counter.save()
    saved = json.loads((tmp_path / "fresh" / "token-cache.json").read_text(encoding="utf-8"))

    def key(text: str) -> str:
        return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()

    assert list(saved[OFFLINE_ENCODING]) == [key("三"), key("一"), key("四")]


def test_a_read_only_state_folder_does_not_break_counting(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    counter = TokenCounter("cl100k_base", blocked / "state")
    assert counter.count("你好") > 0
    counter.save()  # logged, not raised
