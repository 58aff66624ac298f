"""Plan front matter read without PyYAML gives exactly what yaml.safe_load gives, or is left
to it."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import example, given
from hypothesis import strategies as st

from workbench.book.plain_yaml import plain_mapping
from workbench.book.plans import _FRONT_MATTER

SAMPLE_PLANS = Path(__file__).resolve().parents[2] / "resources/sample-novel/outline/chapters"
TRICKY = [
    "",
    "~",
    "null",
    "Null",
    "yes",
    "No",
    "on",
    "OFF",
    "true",
    "False",
    "y",
    "n",
    "0",
    "-0",
    "007",
    "0x1F",
    "1_000",
    "1:30",
    "12",
    "-5",
    "+5",
    "1e3",
    ".5",
    ".inf",
    "nan",
    "2024-01-01",
    "=",
    "<<",
    "&a",
    "*a",
    "!tag",
    "|",
    ">",
    "%",
    "@",
    "`x",
    "'q'",
    '"q"',
    "- a",
    "? a",
    "a: b",
    "a #c",
    "a#b",
    "[a, b]",
    "[a, [b]]",
    "[]",
    "[ ]",
    "[a,]",
    "{a: b}",
    "a  b",
    "陆照",
    "长明殿、药庐",
    "玄灯宗　长明殿",
    "（注）",
    "a,b",
    "a\tb",
    "a\rb",
    "a\x85b",
    "\ufeffa",
    "\ue000",
    "😀",
    "battle",
]
alphabet = st.sampled_from(list("ab 陆照、，：:#-,[]{}'\"&*!|>%@`=<+.~01239\t\r\x85\u3000_yYnN"))
plain_words = st.text(st.sampled_from(list("ab陆照、，：长明殿 xyz")), min_size=1, max_size=6)
words = st.one_of(st.sampled_from(TRICKY), st.text(alphabet, max_size=8))
known_keys = ["type", "act_end", "characters", "location", "_k", "k2", "k3"]
wild_keys = st.one_of(st.sampled_from(["on", "Null", "1a", "k 2"]), st.text(alphabet, max_size=4))


def listed(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.lists(items, max_size=3).map(lambda found: "[" + ", ".join(found) + "]")


# A plan's lines, with one wild one among them (a wild key, separator, value or line): each
# block is plain but for at most that line, so both what is read and what is refused is seen.
plain_line = st.tuples(
    st.sampled_from(known_keys), st.one_of(plain_words, listed(plain_words), words)
).map(lambda pair: f"{pair[0]}: {pair[1]}")
wild_line = st.one_of(
    st.tuples(wild_keys, st.sampled_from([": ", ":", " : ", ":  "]), words).map("".join),
    st.tuples(st.sampled_from(known_keys), listed(words)).map(lambda pair: ": ".join(pair)),
    st.sampled_from(["", "  ", "# 注释: [a]", "  # a", "---", "...", "  x: y", "\t", "- a"]),
)
blocks = st.tuples(
    st.lists(plain_line, max_size=4, unique_by=lambda line: line.split(":")[0]),
    st.lists(wild_line, max_size=1),
    st.integers(0, 4),
    st.sampled_from(["\n", "\r\n"]),
).map(lambda parts: parts[3].join(parts[0][: parts[2]] + parts[1] + parts[0][parts[2] :]))


@given(blocks)
@example("type: battle\nact_end: false\ncharacters: [陆照, 谢灵]\nlocation: 黑松林、长明殿\n")
@example("on: 1\nchapter: 12\nnote:\n")
def test_what_is_read_without_pyyaml_is_what_pyyaml_reads(block):
    fast = plain_mapping(block)
    if fast is not None:
        # repr tells True from 1 and a list from a tuple.
        assert repr(fast) == repr(yaml.safe_load(block) or {})


def test_the_sample_novels_plans_are_read_without_pyyaml():
    for path in sorted(SAMPLE_PLANS.glob("*.md")):
        block = _FRONT_MATTER.match(path.read_text(encoding="utf-8")).group(1)
        assert plain_mapping(block) == yaml.safe_load(block), path.name
