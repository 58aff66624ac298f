"""三国演义 for upkeep tests: a cast written by hand for chapters 1-10 (who an author would
have listed by then, with the 字 and titles the text calls them by), and the principal
newcomers of chapters 11-30, listed by hand from the text before any upkeep was run: every
person first named in 11-30 and named at least ten times by the end of 30 (counted in the
imported chapters with grep)."""

from __future__ import annotations

from pathlib import Path

# name: aliases, chapters 1-10.
CAST_1_10 = {
    "刘备": "玄德、刘玄德、刘皇叔", "关羽": "云长、关公、关云长", "张飞": "翼德、张翼德",
    "曹操": "孟德、曹孟德、阿瞒", "董卓": "仲颖、董太师", "吕布": "奉先、吕奉先、吕温侯",
    "孙坚": "文台、孙文台", "袁绍": "本初、袁本初", "袁术": "公路、袁公路",
    "王允": "子师、王司徒", "貂蝉": "", "李傕": "", "郭汜": "", "张济": "", "樊稠": "",
    "李儒": "", "李肃": "", "丁原": "建阳、丁建阳", "何进": "遂高、何国舅", "张角": "",
    "张宝": "", "张梁": "", "卢植": "子干", "皇甫嵩": "", "朱儁": "", "公孙瓒": "伯珪",
    "赵云": "子龙、赵子龙", "陈宫": "公台、陈公台", "荀彧": "文若", "荀攸": "公达",
    "郭嘉": "奉孝", "程昱": "仲德", "典韦": "", "于禁": "", "夏侯惇": "元让",
    "夏侯渊": "妙才", "曹仁": "子孝", "曹洪": "子廉", "乐进": "文谦", "李典": "曼成",
    "陶谦": "恭祖、陶恭祖", "孔融": "文举、孔北海", "马腾": "寿成", "韩遂": "文约",
    "刘表": "景升、刘景升", "孙策": "伯符", "黄盖": "公覆", "程普": "德谋",
    "韩当": "义公", "祖茂": "", "华雄": "", "颜良": "", "文丑": "", "刘岱": "",
    "黄祖": "", "蔡瑁": "", "蒯越": "", "贾诩": "文和", "杨彪": "", "张让": "",
    "蹇硕": "", "刘协": "陈留王、献帝", "刘辩": "少帝", "何太后": "", "曹嵩": "",
    "满宠": "伯宁", "曹豹": "", "许攸": "子远", "田丰": "元皓", "沮授": "", "逢纪": "",
    "淳于琼": "", "韩馥": "", "张邈": "孟卓", "鲍信": "", "王匡": "", "张杨": "",
}  # fmt: skip

EXPECTED_NEWCOMERS_11_30 = (
    "糜竺", "太史慈", "陈登", "陈珪", "许褚", "张辽", "高顺", "臧霸", "张绣", "杨奉",
    "董承", "徐晃", "周瑜", "张昭", "张纮", "于吉", "孙权", "纪灵", "吉平", "祢衡",
    "高览", "郭图", "韩福", "卞喜", "周仓", "孙乾", "简雍", "刘辟", "车胄", "王子服",
    "刘繇", "韩暹", "李乐", "王忠", "侯成", "宋宪", "魏续", "郝萌", "韩胤", "王朗", "审配",
)  # fmt: skip


def write_cast(book: Path) -> None:
    """characters/characters.md with CAST_1_10, one `##` section each."""
    parts = ["# 人物（截至第十回）", ""]
    for name, aliases in CAST_1_10.items():
        parts += [f"## {name}", "", f"别名：{aliases or '无'}", ""]
    (book / "characters" / "characters.md").write_text("\n".join(parts), encoding="utf-8")
