"""The word lists the offline name finder reads: where a name stands, what a name may end
with, and what is never a name. Data, not code: a project adds its own words in
workbench.toml, each list extending the default one.

[upkeep.names]
titles = ["魔尊", "圣女"]        # 某某魔尊 names a person as 某某大王 does
generic_roles = ["圣女"]         # …but 圣女 alone is nobody in particular
not_names = ["灵识"]             # a word the book uses that is never a person
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import Invalid, from_data, setting


def _words(*lines: str) -> tuple[str, ...]:
    """The space-separated words of the lines (long word lists read better so)."""
    return tuple(word for line in lines for word in line.split())


# Speech and action right after a name: X道, X笑道, X闻言, X冷笑 … (longest wins).
ACTING = _words(
    "曰 道 说 问 答 笑 叹 喝 骂 叫 喊 怒 惊 哭 想 看 听 望 见 点头 摇头 笑道 说道 问道 答道 "
    "叹道 喝道 冷笑 冷道 冷冷道 淡淡道 低声 沉声 怒道 大喜 大怒 大惊 大笑 大喝 听罢 闻言 看了 "
    "看着 皱眉 一怔 一愣 抬头 低头 回头 转身 上前 出列 拱手 应道 喝令 引兵 引军 出马 拍马 "
    "挺枪 拜道 拜谢 跪地 合掌 高叫 叫道 嚷道 哼道 哭道 惊道 喜道 连忙 忙道 捋着 打量 扫了 "
    "冲 扑 站 坐 走 跑 退 跪 咧 抬 伸 握 拔 挥 摸 拍 推 拉 盯 瞪 皱 闭 哼 惨叫 嘿 愣 怔 "
    "没有 没 又 却 便 才 正 也 忽然 突然 一把 一声 慢悠悠 不答 沉默 自言自语 晃着 凑过来",
)
# Speech right after a name: what a word of the dictionary must do to count as a person.
SPEECH = _words(
    "曰 道 说 问 答 叫 喊 喝 骂 笑道 说道 问道 答道 叹道 喝道 冷笑 冷道 冷冷道 淡淡道 怒道 "
    "应道 拜道 叫道 嚷道 哼道 哭道 惊道 喜道 忙道 大喜 大怒 大惊 大笑 大喝 闻言 沉声 低声 高叫",
)
# Words a name follows: 名唤X, 人称X, 自称X (whatever stands there is a name) …
NAMING = _words("名叫 名唤 叫做 叫作 唤作 唤做 名为 人称 号称 法号 道号 外号 绰号 自称 号")
# … and 乃是X, 正是X (a name when it is shaped like one: 乃是黑水龙王, not 乃是庄主).
COPULAS = _words("乃是 便是 正是 就是 原是 本是")
# Words before a person spoken to or looked at: 对X道, 拜见X.
ADDRESSING = _words("对 向 问 拜见 参见 见过 叫住 唤 谓 望着 看着 盯着 打量着")
# What a title or epithet ends with: 血魔老祖, 赤练仙子, 墨大夫, 二长老, 灰鼠精.
TITLES = _words(
    "老祖 仙子 真人 真君 大仙 上人 道人 道长 散人 居士 尊者 老怪 老魔 魔君 魔尊 天王 元帅 "
    "大王 龙王 公主 娘娘 夫人 圣母 菩萨 法师 禅师 长老 执事 掌门 宗主 殿主 师兄 师姐 师弟 "
    "师妹 师叔 师伯 大夫 先生 员外 老爷 公子 小姐 姑娘 阿姨 大叔 大婶 大娘 总监 经理 将军 "
    "丞相 太守 刺史 都督 大人 使君 三娘 二老 精 妖 怪 总 公",
)
# One-character titles need a two-character name before them (灰鼠精, not 鼠精).
SHORT_TITLE_QUALIFIER = 2
# A role that is nobody in particular until something names whose it is (东海龙王).
GENERIC_ROLES = _words(
    "龙王 大王 国王 王子 公主 童子 土地 山神 长老 师父 师傅 师尊 师兄 师姐 师弟 师妹 弟子 "
    "徒弟 掌门 宗主 执事 老祖 仙子 真人 大仙 道人 道长 夫人 娘娘 菩萨 小妖 妖精 妖怪 老怪 "
    "和尚 老者 少年 女子 男子 众人 大夫 先生 员外 庄主 老爷 公子 小姐 姑娘 阿姨 总监 经理 "
    "将军 丞相 太守 大人 使君 皇帝 天子 太后 老人 老头 实习生 助理 同事 左右 军士 从人",
)
# A run ending so is a place, a building, a troop or a thing, not a person.
PLACE_ENDS = tuple(
    "国洞寺观庄城府村镇宫殿峰谷岭州县郡关阁楼宗门派院堂台亭桥路街营寨军兵坊窑崖列家里上下中内"
    "外前后声音们人道曰某将驾"
)
# Ends of places that also end given names (周德海, 林江): a place only in a run without a
# surname (黑风山, 落霞林).
NATURE_ENDS = tuple("山林河江湖海")
# Second characters that make a surname-led run a phrase: 那一, 周围的.
NOT_SECOND = tuple("一二三四五六七八九十几个些这那之其的了着是在和与也都就入足路曰")
# Words jieba's dictionary files as names although a book uses them as verbs or adverbs.
NOT_NAMES = _words(
    "闻言 冷笑 张口 高叫 却又 居于 于此 王来 大喜 大怒 大惊 大笑 连忙 不语 不答 只见 原来 "
    "如此 于是 此时 忽然 突然 众将 众人 二人 三人 两人 诸将 主公 明公 将军 丞相 天子 "
    "单膝 双膝 单手 双手 满脸 满面 全身 高声 连声 齐声 常常 时时 向来 毛骨",
)
# Pronouns: a run right after one is what the person does (他闻言), not a name.
PRONOUNS = tuple("他她我你它其吾汝尔")
# What cannot qualify a title: 那长老, 众弟子, 一个少年 name nobody.
NOT_QUALIFIERS = tuple("那这此众诸各每该几某一两其")
# What a one-character qualifier of a title may be besides a surname: 二长老, 大师兄, 老祖宗.
RANKS = tuple("大二三四五六七八九十小老")
# Before a noun, not a name: 一片叶子, 那条黑布, 两盏灯.
NOUN_BEFORE = tuple("个片条棵株盏只块把根件本枚颗座间那这些")
# Around a place, not a person: 回许昌, 到乌巢, 许昌城 (a run this often so is a place).
PLACE_BEFORE = tuple("到往至回入赴离屯返驻抵")
PLACE_AFTER = tuple("城界郡县境")
PLACE_SHARE = 0.25
# Kin and familiarity before a surname (老陈, 小谢, 阿照): another name for someone known.
FAMILIAR = tuple("老小阿")
# Parts of speech that never begin or hold a name (pronouns, prepositions, particles …).
FUNCTION_TAGS = frozenset(_words("r rr rz p c u uj ul uz ud ug uv y e o q f t d"))
# Multi-character words of these tags inside a run make it a predicate (皱眉, 跪地).
PREDICATE_TAGS = frozenset(_words("v vn vd ad l i a d"))
# Words of these tags never stand after a name's first word (怀里一, 周围).
NOT_INSIDE_TAGS = FUNCTION_TAGS | {"m", "mq", "s"}
# Surnames: a run led by one and shaped like a name (韩立, 南宫婉) is a candidate.
COMPOUND_SURNAMES = frozenset(
    _words(
        "欧阳 司马 诸葛 夏侯 公孙 皇甫 慕容 上官 东方 令狐 独孤 长孙 宇文 尉迟 澹台 南宫 司徒 "
        "西门 轩辕 太史 淳于 百里 呼延 端木 万俟 钟离 赫连 闻人 第五 申屠 濮阳 拓跋",
    )
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
    "后荆红游竺权逯盖益桓公祢淳墨"
)
PERSON_TAGS = frozenset({"nr", "nrfg", "nrt"})
PLACE_TAGS = frozenset({"ns"})


@dataclass(frozen=True)
class NamePatterns:
    """The lists the finder reads; a project's `[upkeep.names]` adds to each."""

    acting: tuple[str, ...] = setting(())
    speech: tuple[str, ...] = setting(())
    naming: tuple[str, ...] = setting(())
    copulas: tuple[str, ...] = setting(())
    addressing: tuple[str, ...] = setting(())
    titles: tuple[str, ...] = setting(())
    generic_roles: tuple[str, ...] = setting(())
    place_ends: tuple[str, ...] = setting(())
    not_names: tuple[str, ...] = setting(())

    def extended(self) -> NamePatterns:
        """The defaults with this project's words added (longest first where that matters)."""
        defaults = {
            "acting": ACTING,
            "speech": SPEECH,
            "naming": NAMING,
            "copulas": COPULAS,
            "addressing": ADDRESSING,
            "titles": TITLES,
            "generic_roles": GENERIC_ROLES,
            "place_ends": PLACE_ENDS,
            "not_names": NOT_NAMES,
        }
        merged = {
            f.name: tuple(
                sorted(
                    set(defaults[f.name]) | set(getattr(self, f.name)), key=lambda w: (-len(w), w)
                )
            )
            for f in fields(self)
        }
        return NamePatterns(**merged)


DEFAULT_PATTERNS = NamePatterns().extended()


def load_name_patterns(project: Project) -> NamePatterns:
    """The defaults plus workbench.toml's `[upkeep.names]`; a bad value is a FileProblem
    naming the file and the key (`upkeep.names.titles: …`)."""
    upkeep = project.config().get("upkeep", {})
    table = upkeep.get("names", {}) if isinstance(upkeep, dict) else None
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, "[upkeep.names] must be a table")
    try:
        return from_data(NamePatterns, table).extended()
    except Invalid as error:
        problems = "; ".join(
            f"upkeep.names.{where}: {what}" if where else what for where, what in error.problems
        )
        raise FileProblem(path, f"invalid [upkeep.names] settings: {problems}") from None
