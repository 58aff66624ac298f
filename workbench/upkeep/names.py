"""Who is new in a range of chapters, found without a model: words jieba tags as personal
names (nr), and the book's own ways of naming someone — 名叫X, 唤作X, 姓X名Y, X字Y — and of
having them act (X道, X曰, X冷笑 …), checked against a list of surnames and words that end
like places, troops or titles. Honest, not clever: what it cannot tell from a common noun it
leaves out, and it ranks what it keeps by how often and how early each name appears.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from workbench.upkeep.text import Chapter, Sentence


def _words(*lines: str) -> frozenset[str]:
    """The space-separated words of the lines (long word lists read better so)."""
    return frozenset(word for line in lines for word in line.split())


PERSON_TAGS = frozenset({"nr", "nrfg", "nrt"})
MIN_RECURRING = 3  # a run of characters seen fewer times is not worth a guess
BOUND_SHARE = 0.75  # 厉无 followed by 咎 this often is part of 厉无咎
MIN_ACTING = 1
MIN_MENTIONS = 2
# The author's naming patterns: the token after one of these is a name.
NAMING = frozenset({"名叫", "名唤", "叫做", "叫作", "唤作", "唤做", "名为", "人称", "号称"})
# What a person does right after being named: speech, feeling, a glance.
ACTING = _words(
    "曰 道 说 问 答 笑 叹 喝 骂 叫 喊 怒 惊 哭 想 看 听 望 见 点头 摇头 笑道 说道 问道 答道 "
    "叹道 喝道 冷笑 冷道 低声 沉声 怒道 大喜 大怒 大惊 大笑 听罢 看了 看着 皱眉 一怔 一愣 "
    "抬头 低头 回头 转身 上前 出列 拱手 应道 喝令 引兵 引军 出马 拍马 挺枪 拜道 "
    "冲 扑 站 坐 走 跑 退 跪 咧 抬 伸 握 拔 挥 摸 拍 推 拉 盯 瞪 皱 闭 哼 惨叫 嘿 愣 怔 "
    "没有 没 又 却 便 才 正 也 忽然 突然 一把 一声 慢悠悠 不答 沉默 自言自语",
)
# Words before a person spoken to or looked at: 对X, 向X, 问X, 看着X.
ADDRESSING = ("对", "向", "问", "叫", "喊", "跟", "替", "拜", "骂", "望着", "看着", "盯着", "谓")
# Words that end like a place, a troop, a building or a thing, not like a person.
NOT_A_NAME_END = frozenset(
    "兵军营寨城殿宗门峰山林崖州县郡阁楼堂府谷坳窑列村河江湖关岭国朝院台亭桥灯剑刀家声音们人上下里中"
    "曰道说某将路昌驾"
)
# A second character that makes the run a phrase, not a name: 那一, 成一, 周围的.
NOT_A_NAME_SECOND = frozenset("一二三四五六七八九十几个些这那之其的了着是在和与也都就入足路曰")
# A title after a surname (曹将军, 周执事, 谢师兄): a way of naming someone already known.
TITLES = (
    "将军", "丞相", "太守", "使君", "刺史", "都督", "先生", "公子", "小姐", "夫人", "大人",
    "长老", "执事", "师兄", "师姐", "师弟", "师妹", "师父", "师叔", "师伯", "殿主", "宗主",
    "掌门", "前辈", "道长", "真人", "姑娘", "老爷", "少爷", "公", "伯", "兄",
)  # fmt: skip
COMPOUND_SURNAMES = _words(
    "欧阳 司马 诸葛 夏侯 公孙 皇甫 慕容 上官 东方 令狐 独孤 长孙 宇文 尉迟 澹台 南宫 司徒 "
    "西门 轩辕 太史 淳于 百里 呼延 端木 万俟 钟离 赫连 闻人 第五 申屠 濮阳 拓跋",
)
SURNAMES = frozenset(
    "赵钱孙李周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜戚谢邹喻柏水窦章云苏潘葛"
    "奚范彭郎鲁韦昌马苗凤花方俞任袁柳酆鲍史唐费廉岑薛雷贺倪汤滕殷罗毕郝邬安常乐于时傅皮卞齐康"
    "伍余元卜顾孟平黄和穆萧尹姚邵湛汪祁毛禹狄米贝明臧计伏成戴谈宋茅庞熊纪舒屈项祝董梁杜阮蓝闵"
    "席季麻强贾路娄危江童颜郭梅盛林刁钟徐邱骆高夏蔡田樊胡凌霍虞万支柯昝管卢莫经房裘缪干解应宗"
    "丁宣贲邓郁单杭洪包诸左石崔吉钮龚程嵇邢滑裴陆荣翁荀羊於惠甄曲家封芮羿储靳汲邴糜松井段富巫"
    "乌焦巴弓牧隗山谷车侯宓蓬全郗班仰秋仲伊宫宁仇栾暴甘钭厉戎祖武符刘景詹束龙叶幸司韶郜黎蓟薄"
    "印宿白怀蒲邰从鄂索咸籍赖卓蔺屠蒙池乔阴胥能苍双闻莘党翟谭贡劳逄姬申扶堵冉宰郦雍却璩桑桂濮"
    "牛寿通边扈燕冀郏浦尚农温别庄晏柴瞿阎充慕连茹习宦艾鱼容向古易慎戈廖庾终暨居衡步都耿满弘匡"
    "国文寇广禄阙东殴殳沃利蔚越夔隆师巩厍聂晁勾敖融冷訾辛阚简饶空曾毋沙乜养鞠须丰巢关蒯相查"
    "后荆红游竺权逯盖益桓公祢淳"
)


@dataclass
class Candidate:
    """A would-be new character in a range, with what speaks for it."""

    name: str
    tagged: int = 0  # times jieba tagged it as a personal name
    named: int = 0  # times a naming pattern introduced it
    acting: int = 0  # times it was directly followed by speech or an action
    mentions: int = 0  # whole-name occurrences in the range
    first: tuple[int, int] = (0, 0)  # (chapter, sentence index) of its first mention
    appearances: list[tuple[int, Sentence]] = field(default_factory=list)

    @property
    def score(self) -> float:
        """How strongly the text says this is a person who matters here."""
        return self.mentions + 2 * self.acting + 5 * self.named


@dataclass(frozen=True)
class AliasHint:
    """The text gives a known character another name: 刘备，字玄德 / 周德全，人称周胖子."""

    character: str
    alias: str
    chapter: int
    sentence: Sentence


_STYLE_NAME = re.compile(
    r"姓([\u4e00-\u9fff])[，,]?名([\u4e00-\u9fff]{1,2})[，,]字([\u4e00-\u9fff]{2})"
)
_COURTESY = re.compile(r"([\u4e00-\u9fff]{2,3})[，,]字([\u4e00-\u9fff]{2})(?=[，,。；;])")
_CALLED = re.compile(
    r"([\u4e00-\u9fff]{2,4})[，,]?(?:人称|号称|外号|绰号|人唤|号)([\u4e00-\u9fff]{2,4}?)(?=[，,。；;”」])"
)
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")


def has_surname(word: str) -> bool:
    """Whether the word begins with a Chinese surname (single or compound)."""
    return word[:1] in SURNAMES or word[:2] in COMPOUND_SURNAMES


def is_title_form(word: str) -> bool:
    """A surname followed by a title (曹将军, 周执事): a way of naming, not a new name."""
    return any(word.endswith(title) and 1 <= len(word) - len(title) <= 2 for title in TITLES)


def plausible(word: str) -> bool:
    """Could the word be a personal name at all?"""
    return (
        2 <= len(word) <= 4
        and bool(_HAN.match(word))
        and has_surname(word)
        and word[-1] not in NOT_A_NAME_END
        and word[1] not in NOT_A_NAME_SECOND
        and not is_title_form(word)
    )


def gather(
    chapters: list[Chapter],
    tagged: Iterable[tuple[str, str]],
    dictionary: Mapping[str, str],
    known: Iterable[str],
) -> tuple[list[Candidate], list[AliasHint]]:
    """Candidates for new characters in the chapters, and the aliases the text gives the
    characters in `known`. `tagged`: the range's text as jieba tags it; `dictionary`: word ->
    jieba's dictionary tag, for the words of the range that are in it."""
    forms = set(known)
    candidates: dict[str, Candidate] = {}

    def candidate(word: str) -> Candidate:
        return candidates.setdefault(word, Candidate(word))

    words = list(tagged)
    for index, (word, tag) in enumerate(words):
        if tag in PERSON_TAGS and plausible(word):
            candidate(word).tagged += 1
        if word in NAMING and index + 1 < len(words) and plausible(words[index + 1][0]):
            candidate(words[index + 1][0]).named += 1
    for word in recurring_units(chapters):
        candidate(word)
    hints: list[AliasHint] = []
    for chapter in chapters:
        for sentence in chapter.sentences:
            for match in _STYLE_NAME.finditer(sentence.text):
                candidate(match.group(1) + match.group(2)).named += 1
            for pattern in (_COURTESY, _CALLED):
                for match in pattern.finditer(sentence.text):
                    name, alias = _trim_to_known(match.group(1), forms), match.group(2)
                    if name in forms and alias not in forms:
                        hints.append(AliasHint(name, alias, chapter.number, sentence))
                    elif pattern is _COURTESY and plausible(name):
                        candidate(name).named += 1
    kept = [c for c in candidates.values() if plausible(c.name) and _new(c.name, forms)]
    _count_mentions(kept, chapters, forms)
    return [c for c in kept if c.mentions and _personal(c, dictionary)], hints


def recurring_units(chapters: list[Chapter]) -> set[str]:
    """Two- and three-character runs that start with a surname, recur, and stand on their
    own: 厉无咎 (its first two characters are always followed by 咎) rather than 厉无, 孙闯
    (followed by anything) rather than 孙闯的, and not 明殿 (always inside 长明殿)."""
    counts: Counter[str] = Counter()
    left: dict[str, Counter[str]] = {}
    for chapter in chapters:
        for sentence in chapter.sentences:
            text = sentence.text
            for at in range(len(text) - 1):
                if not has_surname(text[at:]):
                    continue
                for size in (2, 3):
                    gram = text[at : at + size]
                    if len(gram) == size and _HAN.match(gram):
                        counts[gram] += 1
                        left.setdefault(gram, Counter())[text[at - 1] if at else "^"] += 1
    units = set()
    for gram, count in counts.items():
        if len(gram) != 2 or count < MIN_RECURRING:
            continue
        longer = max(
            ((other, n) for other, n in counts.items() if len(other) == 3 and other[:2] == gram),
            key=lambda pair: pair[1],
            default=("", 0),
        )
        unit = longer[0] if longer[1] >= BOUND_SHARE * count else gram
        if left[unit].most_common(1)[0][1] <= BOUND_SHARE * counts[unit]:
            units.add(unit)
    return units


def _trim_to_known(text: str, forms: set[str]) -> str:
    """The known name a captured run of characters ends with (却说糜竺 -> 糜竺)."""
    return next((text[i:] for i in range(len(text)) if text[i:] in forms), text)


def _new(name: str, forms: set[str]) -> bool:
    """Not a known name, not part of one (灵均 of 谢灵均), not one with more after it (陆照顿)."""
    return name not in forms and not any(
        name in form or form in name for form in forms if len(form) >= 2
    )


def _personal(candidate: Candidate, dictionary: Mapping[str, str]) -> bool:
    """Introduced as a name, or acting as a person does; a word jieba's dictionary files as
    something else (那天, 方向) never is, and one it files as a name (叶子, 诸侯 are) must act."""
    if candidate.named:
        return True
    tag = dictionary.get(candidate.name)
    if tag is not None and tag not in PERSON_TAGS:
        return False
    return candidate.acting >= MIN_ACTING and candidate.mentions >= MIN_MENTIONS


def _count_mentions(candidates: list[Candidate], chapters: list[Chapter], forms: set[str]) -> None:
    """Whole-name occurrences: inside a longer candidate or known name they do not count."""
    by_name = {c.name: c for c in candidates}
    terms = sorted(set(by_name) | forms, key=lambda t: (-len(t), t))
    if not by_name:
        return
    regex = re.compile("|".join(map(re.escape, terms)))
    for chapter in chapters:
        for position, sentence in enumerate(chapter.sentences):
            hits = Counter(m.group() for m in regex.finditer(sentence.text))
            for name, count in hits.items():
                found = by_name.get(name)
                if found is None:
                    continue
                if not found.mentions:
                    found.first = (chapter.number, position)
                found.mentions += count
                found.acting += _acting(sentence.text, name)
                if len(found.appearances) < 3:
                    found.appearances.append((chapter.number, sentence))


def _acting(text: str, name: str) -> int:
    """How often the name is directly followed by speech or an action, or addressed."""
    count = 0
    for match in re.finditer(re.escape(name), text):
        after = text[match.end() : match.end() + 2]
        before = text[max(0, match.start() - 2) : match.start()]
        if any(after.startswith(word) for word in ACTING) or before.endswith(ADDRESSING):
            count += 1
    return count


def ranked(candidates: Iterable[Candidate]) -> Iterator[Candidate]:
    """Most telling first; ties go to the earlier first mention, then the name."""
    return iter(sorted(candidates, key=lambda c: (-c.score, c.first, c.name)))
