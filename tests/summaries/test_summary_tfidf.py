"""Our TF-IDF keywords are jieba.analyse's, word for word and weight for weight, on the corpus
(the summary process computes them without importing jieba.analyse, to load less)."""

from __future__ import annotations

import jieba
import jieba.analyse

from workbench.book.project import Project
from workbench.summaries import tfidf


def test_keywords_match_jieba_analyse_on_the_corpus(corpus_book):
    project = Project.open(corpus_book)
    chapters = [project.chapter_text(ref.number) for ref in project.chapters[:12]]
    jieba.initialize()
    for text in ["\n".join(chapters[:5]), chapters[7], chapters[11][:300], "the 刘备 and 关羽"]:
        expected = jieba.analyse.extract_tags(text, topK=80, withWeight=True)
        assert tfidf.extract_tags(text, 80) == expected
        assert len(expected) > 1
