"""The lexicon cut down to one text segments and tags it exactly as jieba does with its whole
dictionary and model (the summary process loads only the cut-down one, to load less)."""

from __future__ import annotations

import json
import subprocess
import sys

import jieba
import jieba.posseg

from workbench.book.project import Project
from workbench.lexicon import Lexicon

# Invented names the dictionary lacks (the HMM finds them), digits, Latin letters, symbols,
# blank lines and a long dictionary word: every branch of jieba's cutting and tagging.
WEB_NOVEL = (
    "林风握紧玉佩，苏瑶低声道：“师兄，第3层的阵法还剩12.5息！”\n\n"
    "青云宗宗主叶无尘冷笑一声：this is 100% 没有用的。C++ 与 R&D、v2.0_beta 都不懂。"
    "中华人民共和国成立以来，\r\n沧澜剑派的慕容秋水前来拜山。"
)


def jieba_tags(text: str) -> list[tuple[str, str]]:
    return [(pair.word, pair.flag) for pair in jieba.posseg.cut(text)]


def test_cut_and_tags_match_jieba_on_the_corpus(corpus_book):
    project = Project.open(corpus_book)
    chapters = [project.chapter_text(ref.number) for ref in project.chapters[:5]]
    jieba.initialize()
    for text in ["\n".join(chapters), WEB_NOVEL]:
        lexicon = Lexicon(text)
        assert list(lexicon.cut(text)) == list(jieba.cut(text))
        assert list(lexicon.tagged(text)) == jieba_tags(text)
        part = text[len(text) // 3 : len(text) // 2]  # any part of its text
        assert list(lexicon.cut(part)) == list(jieba.cut(part))
        assert list(lexicon.tagged(part)) == jieba_tags(part)


def test_the_lexicon_holds_only_what_the_text_uses():
    lexicon = Lexicon(WEB_NOVEL)
    frequencies = lexicon.tokenizer.FREQ
    assert frequencies["中华人民共和国"] > 0 and frequencies["中华人民"] >= 0  # word, prefix
    assert "天下" not in frequencies and len(frequencies) < 500
    jieba.initialize()
    assert lexicon.tokenizer.total == jieba.dt.total  # the whole dictionary's, for the odds
    assert ("林风", "nr") in list(lexicon.tagged(WEB_NOVEL))


def test_jieba_posseg_imported_after_a_lexicon_is_the_whole_model():
    """The lexicon's copy of jieba.posseg (imported without its tables) is its own: a later
    `import jieba.posseg` in the same process gets jieba's whole model and the same tags."""
    script = (
        "import json, sys\n"
        "from workbench.lexicon import Lexicon\n"
        f"text = {WEB_NOVEL!r}\n"
        "ours = list(Lexicon(text).tagged(text))\n"
        "assert 'jieba.posseg' not in sys.modules\n"
        "import jieba.posseg\n"
        "assert len(jieba.posseg.char_state_tab_P) > 1000\n"
        "print(json.dumps([ours, [list(p) for p in jieba.posseg.cut(text)]]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    ours, theirs = json.loads(done.stdout)
    assert ours == theirs and ["林风", "nr"] in ours
