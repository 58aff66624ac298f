"""The words the rules look for: deaths and departures in the trackers, what acting looks
like in prose, and what excuses it (a memory, a dream, a ghost)."""

from __future__ import annotations

import re

# Recorded in a tracker cell or a cast card: the character is dead from that chapter on.
DEATH_WORDS = (
    "死亡", "身死", "陨落", "身亡", "阵亡", "战死", "病死", "病逝", "病故", "亡故", "去世",
    "逝世", "身故", "殒命", "陨命", "毙命", "丧命", "遇害", "被杀", "被斩", "斩首",
    "自刎", "自尽", "自缢", "灭口", "已死", "死去", "归天", "气绝", "薨", "死别", "阴阳两隔",
    "天人永隔", "被害", "伏诛", "处死", "殉",
)  # fmt: skip
# Gone from the story's scene; a later return word for the same character ends it.
GONE_WORDS = ("离开", "离去", "远走", "出走", "封印", "被封", "闭关", "失踪", "下落不明", "归隐")
RETURN_WORDS = (
    "归来", "回来", "返回", "出关", "解封", "重返", "现身", "回归", "复出", "复活", "复生",
    "重生", "转世", "还阳", "苏醒",
)  # fmt: skip
# Phrases holding a death word that record no death.
NOT_A_DEATH = ("假死", "诈死", "未死", "没死", "不死", "生死不明", "死里逃生", "九死一生", "装死")

# A name followed by one of these (directly or after two characters at most, 冷笑道, 大怒曰)
# speaks or acts in the scene.
ACT_CHARS = "道说笑喝问走曰叫答骂喊哭叹吼应言"
# Between a name and the act, these mean the name is not the one acting (张飞之子, 张飞的).
NOT_THE_ACTOR = "之的与和及同被令使叫让请命教把将对向给替为遣差曾"
ACT_REACH = 2  # characters between the name and the act (大怒曰, 冷笑道)
# A name stands right after these (对吴用说, 与萧炎同行, 见刘备) and after a naming cue
# (唤作林动); in address it opens a quote and a pause follows (“萧炎，你来了”).
BEFORE_A_NAME = "对向和与同跟给叫问见让请令使随替遣"
NAMING_CUES = ("名叫", "名唤", "叫做", "唤作", "乃是", "便是", "就是")
OPEN_QUOTES = '“「『"‘'
ADDRESS_PAUSES = "，,！!？?、…—～"
# In the paragraph, these make a dead character's words a memory, a dream or a ghost.
EXCUSES = (
    "回忆", "梦", "想起", "幻象", "幻影", "幻觉", "复活", "转世", "忆起", "记起", "记得",
    "想到", "昔日", "当年", "当初", "往日", "往事", "生前", "遗言", "遗书", "遗命", "遗诏",
    "魂", "鬼", "显圣", "灵位", "灵前", "画像", "从前", "曾经", "前世", "幽灵", "亡灵",
    "尸", "祭", "追思", "念及", "重生", "还阳", "托梦",
)  # fmt: skip

# A realm below the one reached is no slip when the paragraph says why.
FALL_MARKERS = (
    "跌落", "跌回", "跌至", "废去", "被废", "自废", "散功", "压制", "封印", "伪装", "隐藏",
    "收敛", "假装", "掩饰", "重修", "倒退", "退回", "降为", "当年", "昔日", "当初", "曾经",
    "那时", "从前", "回忆", "梦",
)  # fmt: skip

CLAUSE_BREAK = re.compile(r"[，,。！？!?；;：:「」『』“”\"（）()、\n]")


def words_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One regex matching any of the words, longest first."""
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))


DEATH = words_pattern(DEATH_WORDS)
GONE = words_pattern(GONE_WORDS)
RETURN = words_pattern(RETURN_WORDS)
NOT_DEATH = words_pattern(NOT_A_DEATH)
EXCUSE = words_pattern(EXCUSES)
FALL = words_pattern(FALL_MARKERS)


def death_spans(text: str) -> list[tuple[int, int]]:
    """Where the text records a death, phrases such as 诈死 or 生死不明 left out."""
    masked = NOT_DEATH.sub(lambda m: "　" * len(m.group()), text)
    return [m.span() for m in DEATH.finditer(masked)]


def act_after(line: str, end: int) -> int | None:
    """Where the act right after a name ends, or None when the name is not acting."""
    for offset in range(ACT_REACH + 1):
        at = end + offset
        if at >= len(line):
            return None
        char = line[at]
        if char in ACT_CHARS:
            # 笑道, 问曰: the act and the speech verb after it are one
            return (
                at + 2 if line[at + 1 : at + 2] in ("道", "曰") and char not in "道曰" else at + 1
            )
        if not "\u4e00" <= char <= "\u9fff" or char in NOT_THE_ACTOR:
            return None
    return None
