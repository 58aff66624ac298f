"""A 33-chapter, three-volume serial written the way webnovel-writer writes one, chapter by
chapter, as that tool's own commands leave it (lingfengQAQ/webnovel-writer):

- `init` (init_project.py): the folders (.webnovel/backups, archive, summaries; 设定集, 大纲,
  正文, 审查报告), state.json with `_ensure_state_schema`'s keys (disambiguation_warnings /
  _pending, chapter_meta, strand_tracker …), 世界观 / 力量体系 / 主角卡 / 女主卡 / 反派设计 /
  总纲, `.env.example`, the `.gitignore` its `git init` writes (which does not ignore
  `.workbench/`). 女主卡.md and 反派设计.md are its output templates with only the labels
  init fills (姓名, 与主角关系定位; the 反派分层 table): their `##` headings are the ones
  issue #27 lists. `cards="filled"` replaces 反派设计.md with the author's own, one `##`
  section per tier (小反派 / 中反派 / 大反派), each naming its villain with a 名称 line.
- `update-state` for the three volumes (`progress.volumes_planned`), foreshadowing
  (`plot_threads.foreshadowing`, `resolve` setting 已回收 + resolved_chapter) and the
  protagonist's state.
- `chapter-commit` ×33: the chapter file, `.webnovel/summaries/chNNNN.md`, `chapter_meta`
  (hook, hook_type, hook_strength), `strand_tracker.history`, `memory_scratchpad.json`'s
  story_facts (open loops among them), `.story-system/commits/`, index.db's entities
  (first/last appearance), `state_changes`, `relationships` (one row per (from, to, type):
  committing it again moves its `chapter` and description, data_modules/index_manager.py) and,
  with `events=True`, `relationship_events` (create/update rows, v5.5).
- `index register-alias` ×13, the automatic 主角 / protagonist of the protagonist among them.

`make_serial(root, through=N)` is the project as it stood after chapter N was committed: the
book as of N, built by the same steps, which the time-travel property compares against.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

LAST_CHAPTER = 33
NEXT_CHAPTER = 34
VOLUMES = [(1, "1-12"), (2, "13-24"), (3, "25-40")]

# (title, text, summary, location, hook, dominant strand)
CHAPTERS = {
    1: ("雷雨夜", "雷雨夜，林风在青石镇外的破庙里捡到一块玉佩。玉佩贴着掌心发热。",
        "林风在破庙捡到会发热的玉佩。", "青石镇", "玉佩为何发热？", "quest"),
    2: ("山门", "陈长老在山门外救下昏倒的林风，让他留在外门做杂役。",
        "陈长老救下林风，留他在外门。", "青云宗外门", "陈长老为何另眼相看？", "quest"),
    3: ("同门", "苏瑶与林风同日入门，两人一起抵御了闯进山门的妖兽。",
        "苏瑶与林风结为同门，合力退妖兽。", "青云宗外门", "妖兽从何而来？", "fire"),
    4: ("灭门", "赵无极夜袭苏家，苏瑶侥幸逃出。她只记得那人左臂有一道旧伤。",
        "赵无极灭苏家，苏瑶记住他左臂旧伤。", "苏家庄", "左臂旧伤从何而来？", "quest"),
    5: ("古井", "青石镇的古井里浮出一具尸首，林风在井底找到半截断剑。",
        "古井浮尸，林风得半截断剑。", "青石镇", "断剑的主人是谁？", "quest"),
    6: ("夜谈", "苏瑶对林风说起苏家旧事，林风第一次见她哭。",
        "苏瑶向林风吐露苏家旧事。", "青云宗外门", "", "fire"),
    7: ("黑风寨", "林风下山采药，误入黑风寨地界，远远望见赵无极。",
        "林风误入黑风寨，望见赵无极。", "黑风寨", "赵无极为何在此？", "quest"),
    8: ("断剑", "陈长老看了断剑，只说剑上有血煞门的印记。",
        "陈长老认出断剑上的血煞门印记。", "青云宗外门", "血煞门是什么来路？", "quest"),
    9: ("密信", "林风在古井边捡到一封密信，信上只有一个“煞”字。",
        "林风得密信，上书“煞”字。", "青石镇", "“煞”字指谁？", "quest"),
    10: ("小比", "外门小比，林风连胜三场，苏瑶在台下看着。",
         "外门小比林风三连胜。", "青云宗演武场", "", "fire"),
    11: ("伤", "小比决赛林风受伤，苏瑶守了他一夜。",
         "林风负伤，苏瑶照料。", "青云宗外门", "", "fire"),
    12: ("卷终", "赵无极派人混入外门，林风识破了他的眼线。",
         "林风识破赵无极的眼线。", "青云宗外门", "眼线背后还有谁？", "quest"),
    13: ("入内门", "林风入内门，见到传功殿的铜钟。",
         "林风升入内门。", "青云宗内门", "铜钟为何无人敢敲？", "constellation"),
    14: ("拜师", "陈长老正式收林风为徒，师徒名分自此而定。",
         "陈长老收林风为徒，师徒名分自此而定。", "青云宗内门", "陈长老的旧伤何来？", "quest"),
    15: ("马厩", "林风扮作马监混进黑风寨的马厩，探到赵无极的粮道。",
         "林风扮马监探黑风寨粮道。", "黑风寨", "粮道通向哪里？", "quest"),
    16: ("粮道", "粮道尽头是一座废弃矿坑，坑底有血煞门的旗子。",
         "粮道尽头是血煞门的矿坑。", "废矿", "", "quest"),
    17: ("血煞", "血煞老祖在矿坑深处闭关，赵无极每月送去十个活人。",
         "血煞老祖闭关矿坑，赵无极供人。", "废矿", "血煞老祖何时出关？", "quest"),
    18: ("星图", "藏经阁顶层的星图缺了一角，缺口形状与玉佩相同。",
         "星图缺角与玉佩同形。", "藏经阁", "玉佩是星图的一角？", "constellation"),
    19: ("瑶儿", "苏瑶说小时候家里人都叫她瑶儿，让林风也这么叫。",
         "苏瑶让林风叫她瑶儿。", "青云宗内门", "", "fire"),
    20: ("复仇", "苏瑶独闯黑风寨，与赵无极交手，被林风救回。",
         "苏瑶独闯黑风寨，被林风救回。", "黑风寨", "赵无极认出了苏瑶？", "fire"),
    21: ("闭关", "林风闭关，玉佩里传来一段残缺的口诀。",
         "林风闭关得玉佩口诀。", "青云宗内门", "口诀的下半段在哪？", "constellation"),
    22: ("出关", "林风出关，筑基初成。陈长老咳了血。",
         "林风筑基，陈长老咳血。", "青云宗内门", "", "quest"),
    23: ("告密", "外门执事向赵无极告密，说林风就是当年的马监。",
         "执事告密林风即马监。", "青云宗外门", "", "quest"),
    24: ("卷终", "赵无极带人围山，陈长老一人守住山门。",
         "陈长老一人守山门，退赵无极。", "青云宗山门", "陈长老还能撑多久？", "quest"),
    25: ("心意", "苏瑶在后山对林风说，她不想再一个人报仇。两人心意相通。",
         "苏瑶与林风心意相通。", "青云宗后山", "", "fire"),
    26: ("下山", "林风与苏瑶下山追查血煞门。", "林风与苏瑶下山。", "官道", "", "quest"),
    27: ("矿坑", "两人再入废矿，血煞老祖的闭关石室空了。",
         "废矿石室已空，血煞老祖出关。", "废矿", "血煞老祖去了哪里？", "quest"),
    28: ("星落", "夜里天上落下一颗星，正落在青石镇。",
         "流星落在青石镇。", "官道", "星落之处有什么？", "constellation"),
    29: ("归镇", "林风回到青石镇，破庙已被人翻过。",
         "林风回青石镇，破庙被翻。", "青石镇", "谁在找玉佩？", "quest"),
    30: ("对峙", "赵无极在破庙等着林风，两人第一次正面交手。",
         "林风与赵无极首次正面交手。", "青石镇", "赵无极的旧伤会发作吗？", "quest"),
    31: ("旧伤", "林风一剑刺中赵无极左臂旧伤，赵无极败走。陈长老当众认下这个徒弟，师徒情更深。",
         "林风击中赵无极旧伤，陈长老当众认徒，师徒情深。", "青石镇", "", "quest"),
    32: ("余波", "苏瑶替林风包扎，说起苏家的仇还没完。",
         "苏瑶说苏家之仇未了。", "青石镇", "", "fire"),
    33: ("血煞现", "血煞老祖现身青石镇外，一掌震碎古井。",
         "血煞老祖现身，震碎古井。", "青石镇", "血煞老祖要的是什么？", "quest"),
}  # fmt: skip

# The volume outlines, one `### 第N章：标题` section a chapter; chapter 34 is next.
OUTLINE = {
    **{n: (CHAPTERS[n][0], CHAPTERS[n][2]) for n in CHAPTERS},
    34: ("决战前夜", "主角林风与瑶儿在古井废墟前商量对策，血煞老祖约他三日后决战。"),
    35: ("决战", "林风与血煞老祖决战。"),
}

# (content, planted, target, tier, resolved at): 12 entries, 3 overdue at chapter 34.
FORESHADOWING = [
    ("玉佩在雷雨夜发热", 1, 18, "核心", 18),
    ("赵无极左臂的旧伤", 4, 31, "核心", 31),  # due at 30 (target 31), resolved at 31
    ("断剑上的血煞门印记", 5, 8, "支线", 8),
    ("密信上的“煞”字", 9, 20, "支线", None),  # overdue at 34
    ("陈长老为何另眼相看林风", 2, 28, "核心", None),  # overdue at 34
    ("眼线背后还有谁", 12, 30, "支线", None),  # overdue at 34
    ("传功殿的铜钟无人敢敲", 13, 60, "装饰", None),
    ("陈长老的旧伤", 14, 36, "支线", None),  # due at 34
    ("粮道通向废矿", 15, 16, "支线", 16),
    ("星图缺角与玉佩同形", 18, 80, "核心", None),
    ("玉佩口诀的下半段", 21, 70, "核心", None),
    ("星落青石镇", 28, 45, "支线", None),
]  # fmt: skip

# Open loops only the writing skill's commits record (memory_scratchpad.json).
OPEN_LOOPS = [
    ("外门执事为何知道马监的事", 23, None),
    ("血煞老祖要的是什么", 33, None),
    ("破庙是谁翻的", 29, 33),  # closed at 33
]

# (id, type, name, tier, is_protagonist, first appearance)
ENTITIES = [
    ("lin_feng", "角色", "林风", "核心", 1, 1),
    ("su_yao", "角色", "苏瑶", "核心", 0, 3),
    ("chen", "角色", "陈长老", "重要", 0, 2),
    ("zhao", "角色", "赵无极", "重要", 0, 4),
    ("xuesha", "角色", "血煞老祖", "重要", 0, 17),
    ("qingshi", "地点", "青石镇", "重要", 0, 1),
    ("heifeng", "势力", "黑风寨", "次要", 0, 7),
]
# `index register-alias` ×13; 主角 and protagonist are what that tool registers itself.
ALIASES = [
    (1, "主角", "lin_feng"), (1, "protagonist", "lin_feng"), (1, "风哥", "lin_feng"),
    (15, "马监", "lin_feng"), (3, "苏姑娘", "su_yao"), (19, "瑶儿", "su_yao"),
    (2, "陈老", "chen"), (4, "赵老魔", "zhao"), (7, "无极", "zhao"),
    (17, "老祖", "xuesha"), (17, "血煞", "xuesha"), (1, "青石", "qingshi"),
    (7, "寨子", "heifeng"),
]  # fmt: skip
# (chapter, from, to, type, action, description): committed in this order.
RELATIONS = [
    (3, "lin_feng", "su_yao", "同门", "create", "同日入门，合力退妖兽"),
    (4, "su_yao", "zhao", "仇敌", "create", "赵无极灭苏家满门"),
    (14, "lin_feng", "chen", "师徒", "create", "陈长老收林风为徒"),
    (20, "su_yao", "zhao", "仇敌", "update", "苏瑶独闯黑风寨复仇未果"),
    (25, "lin_feng", "su_yao", "恋人", "create", "后山心意相通"),
    (31, "lin_feng", "chen", "师徒", "update", "陈长老当众认徒，师徒情深"),
]
# (chapter, entity, field, old, new)
STATE_CHANGES = [
    (1, "lin_feng", "location", "", "青石镇"),
    (2, "lin_feng", "location", "青石镇", "青云宗外门"),
    (13, "lin_feng", "location", "青云宗外门", "青云宗内门"),
    (22, "lin_feng", "realm", "练气", "筑基"),
    (26, "lin_feng", "location", "青云宗内门", "官道"),
    (29, "lin_feng", "location", "官道", "青石镇"),
]
DISAMBIGUATION = [
    (17, "老祖", ["血煞老祖", "青云宗太上老祖"], "血煞老祖"),
    (27, "老祖", ["血煞老祖", "青云宗太上老祖"], "血煞老祖"),
]

HEROINE_CARD = """# 女主卡

## 基本信息
- 姓名：苏瑶
- 年龄：
- 身份：
- 初始状态：

## 核心标签
- 三个核心关键词：
- 读者第一印象：

## 性格与底色
- 核心性格：
- 行为原则：
- 情绪触发点：
- 易怒点：
- 易心软点：

## 动机与目标
- 个人目标（非恋爱）：
- 情感目标（如有）：
- 真正渴望（可能不自知）：

## 缺陷与代价
- 性格缺陷：
- 能力限制：
- 心理创伤：
- 代价承受上限：

## 关系与定位
- 与主角关系定位（对手/盟友/共谋/牵制）：盟友
- 核心冲突：
- 核心助力：
- 核心羁绊：

## 行为模式
- 惯用解决方式：
- 失败时的本能反应：
- 破局特长：

## 成长弧线（阶段）
- 阶段1（起点）：
- 阶段2（转变）：
- 阶段3（蜕变）：

## OOC 边界
- 绝对不能做的事：
- 需要提前铺垫的事：
"""

VILLAIN_TEMPLATE = """# 反派设计

## 基本信息
- 名称：
- 身份/势力：
- 出场时机：

## 反派分层（必填）
| 层级 | 名称 | 阶段 | 目标 | 与主角关系 |
|------|------|------|------|----------|
| 小反派 | 赵无极 | 前期 | | |
| 中反派 | 血煞老祖 | 中期 | | |
| 大反派 | | 后期 | | |

## 核心驱动
- 核心欲望：
- 核心恐惧：
- 行动原则：

## 镜像对抗
- 与主角共享的欲望/缺陷：
- 反派道路：
- 价值观冲突点：

## 能力与资源
- 实力层级：
- 关键能力/手段：
- 组织/资源支持：

## 规则与代价
- 被限制的规则：
- 代价机制：
- 反制点（主角可利用）：

## 关键剧情节点
- 第一次正面交锋：
- 中期压制点：
- 失败/反转节点：
- 终局命运：

## 复杂度
- 是否可洗白/转化：
- 是否存在更高层反派：

## 反派进阶路径
- 反派升级/换挡节奏（每 N 章）：
- 权力阶梯/势力扩张方式：
"""

VILLAINS_FILLED = """# 反派设计

## 小反派
- 名称：赵无极
- 身份/势力：黑风寨寨主
- 动机：夺取林风的玉佩

## 中反派
- 名称：血煞老祖
- 身份/势力：血煞门门主
- 动机：以活人炼丹，冲击元婴

## 大反派
- 名称：（未定）
- 身份/势力：星图背后的势力
"""

PROTAGONIST_CARD = """# 主角卡

## 基本信息
- 姓名：林风
- 别名：风哥
- 身份：青云宗弟子

## 三要素
- 欲望：查清玉佩来历
- 弱点：太信人
"""

GITIGNORE = """# Python
__pycache__/
*.py[cod]

# Env (keep .env.example)
.env
.env.*
!.env.example

# Don't ignore .webnovel (we need to track state.json)
# But ignore cache files
.webnovel/context_cache.json
.webnovel/*.lock
.webnovel/*.bak
"""

NOT_CARRIED = (".story-system/", "vectors.db", "entity_state", "memory_scratchpad.json")


def _volume_of(chapter: int) -> int:
    return next(v for v, r in VOLUMES if int(r.split("-")[0]) <= chapter <= int(r.split("-")[1]))


def _write(root: Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _init(root: Path, cards: str) -> None:
    for folder in (".webnovel/backups", ".webnovel/archive", ".webnovel/summaries", "审查报告"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    _write(
        root,
        "设定集/世界观.md",
        "# 世界观\n\n## 一句话世界观\n- 宗门林立的山野，星图藏着飞升之路。\n",
    )
    _write(
        root, "设定集/力量体系.md", "# 力量体系\n\n## 等级/境界划分\n- 练气、筑基、金丹、元婴。\n"
    )
    _write(root, "设定集/主角卡.md", PROTAGONIST_CARD)
    _write(root, "设定集/女主卡.md", HEROINE_CARD)
    _write(root, "设定集/反派设计.md", VILLAINS_FILLED if cards == "filled" else VILLAIN_TEMPLATE)
    outline = ["# 总纲", "", "## 卷结构", ""]
    for volume, span in VOLUMES:
        outline += [f"### 第{volume}卷（第{span}章）", "- 核心冲突：玉佩与星图", ""]
    _write(root, "大纲/总纲.md", "\n".join(outline))
    _write(root, ".env.example", "# Webnovel Writer 配置示例\nEMBED_API_KEY=\n")
    _write(root, ".gitignore", GITIGNORE)


def _state(through: int) -> dict:
    last_location = max(c for c, *_ in STATE_CHANGES if c <= through and _[1] == "location")
    location = next(c[4] for c in reversed(STATE_CHANGES) if c[0] <= through and c[2] == "location")
    realm = next(
        (c[4] for c in reversed(STATE_CHANGES) if c[0] <= through and c[2] == "realm"), "练气"
    )
    foreshadowing = []
    # update_state.py appends an entry when it is planted: the list is in planting order.
    for content, planted, target, tier, resolved in sorted(FORESHADOWING, key=lambda f: f[1]):
        if planted > through:
            continue
        item = {"content": content, "status": "未回收", "planted_chapter": planted,
                "target_chapter": target, "tier": tier, "added_at": "2026-11-01"}  # fmt: skip
        if resolved is not None and resolved <= through:
            item.update(status="已回收", resolved_chapter=resolved)
        foreshadowing.append(item)
    history = [{"chapter": n, "dominant": CHAPTERS[n][5]} for n in range(1, through + 1)]
    last = {s: max((n for n in range(1, through + 1) if CHAPTERS[n][5] == s), default=0)
            for s in ("quest", "fire", "constellation")}  # fmt: skip
    meta = {
        f"{n:04d}": {
            "title": CHAPTERS[n][0],
            "location": CHAPTERS[n][3],
            "hook": CHAPTERS[n][4],
            "hook_type": "悬念" if CHAPTERS[n][4] else "",
            "hook_strength": "strong" if CHAPTERS[n][4] else "weak",
        }
        for n in range(1, through + 1)
    }
    return {
        "project_info": {
            "title": "星图劫",
            "genre": "修仙",
            "created_at": "2026-11-01",
            "target_chapters": 600,
        },
        "progress": {
            "current_chapter": through,
            "total_words": sum(len(CHAPTERS[n][1]) for n in range(1, through + 1)),
            "current_volume": _volume_of(through),
            "volumes_completed": [v for v, r in VOLUMES if int(r.split("-")[1]) <= through],
            "volumes_planned": [{"volume": v, "chapters_range": r} for v, r in VOLUMES],
        },
        "protagonist_state": {
            "name": "林风",
            "power": {"realm": realm, "layer": 1, "bottleneck": ""},
            "location": {"current": location, "last_chapter": last_location},
            "golden_finger": {"name": "星图玉佩", "level": 1, "cooldown": 0, "skills": []},
            "attributes": {},
        },
        "relationships": {},
        "disambiguation_warnings": [
            {"chapter": c, "mention": m, "candidates": cands, "chosen": chosen, "confidence": 0.6}
            for c, m, cands, chosen in DISAMBIGUATION
            if c <= through
        ],
        "disambiguation_pending": [],
        "world_settings": {"power_system": [], "factions": [], "locations": []},
        "plot_threads": {"active_threads": [], "foreshadowing": foreshadowing},
        "review_checkpoints": [],
        "chapter_meta": meta,
        "strand_tracker": {
            "last_quest_chapter": last["quest"],
            "last_fire_chapter": last["fire"],
            "last_constellation_chapter": last["constellation"],
            "current_dominant": CHAPTERS[through][5],
            "chapters_since_switch": 1,
            "history": history,
        },
        "entity_state": {"lin_feng": {"realm": realm, "location": location}},
    }


def _scratchpad(through: int) -> dict:
    facts = []
    for content, chapter, closed in OPEN_LOOPS:
        if chapter > through:
            continue
        row = {"category": "open_loop", "content": content, "source_chapter": chapter,
               "status": "open", "freshness": 5,
               "evidence": [f"memory_facts:open_loop:ch{chapter:04d}"]}  # fmt: skip
        if closed is not None and closed <= through:
            row.update(status="closed", resolved_chapter=closed)
        facts.append(row)
    facts.append({"category": "world_rule", "content": "星图缺角者不得飞升", "source_chapter": 18,
                  "status": "active", "evidence": ["memory_facts:world_rule:ch0018"]})  # fmt: skip
    return {"story_facts": [f for f in facts if f["source_chapter"] <= through]}


def _index(path: Path, through: int, events: bool) -> None:
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    with connection:
        connection.executescript(
            """
            CREATE TABLE entities (id TEXT PRIMARY KEY, type TEXT NOT NULL,
                canonical_name TEXT NOT NULL, tier TEXT DEFAULT '装饰', desc TEXT,
                current_json TEXT, first_appearance INTEGER DEFAULT 0,
                last_appearance INTEGER DEFAULT 0, is_protagonist INTEGER DEFAULT 0,
                is_archived INTEGER DEFAULT 0, created_at TIMESTAMP, updated_at TIMESTAMP);
            CREATE TABLE aliases (alias TEXT NOT NULL, entity_id TEXT NOT NULL,
                entity_type TEXT NOT NULL, created_at TIMESTAMP,
                PRIMARY KEY (alias, entity_id, entity_type));
            CREATE TABLE state_changes (id INTEGER PRIMARY KEY AUTOINCREMENT,
                entity_id TEXT NOT NULL, field TEXT NOT NULL, old_value TEXT, new_value TEXT,
                reason TEXT, chapter INTEGER NOT NULL, created_at TIMESTAMP);
            CREATE TABLE relationships (id INTEGER PRIMARY KEY AUTOINCREMENT,
                from_entity TEXT NOT NULL, to_entity TEXT NOT NULL, type TEXT NOT NULL,
                description TEXT, chapter INTEGER NOT NULL, created_at TIMESTAMP,
                UNIQUE(from_entity, to_entity, type));
            CREATE TABLE relationship_events (id INTEGER PRIMARY KEY AUTOINCREMENT,
                from_entity TEXT NOT NULL, to_entity TEXT NOT NULL, type TEXT NOT NULL,
                action TEXT NOT NULL DEFAULT 'update', polarity INTEGER DEFAULT 0,
                strength REAL DEFAULT 0.5, description TEXT, chapter INTEGER NOT NULL,
                scene_index INTEGER DEFAULT 0, evidence TEXT, confidence REAL DEFAULT 1.0,
                created_at TIMESTAMP);
            CREATE TABLE chapters (chapter INTEGER PRIMARY KEY, title TEXT, location TEXT,
                word_count INTEGER, characters TEXT, summary TEXT, created_at TIMESTAMP);
            """
        )
        present = [e for e in ENTITIES if e[5] <= through]
        connection.executemany(
            "INSERT INTO entities (id, type, canonical_name, tier, is_protagonist,"
            " first_appearance, last_appearance) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(*e, through) for e in present],
        )
        types = {e[0]: e[1] for e in present}
        connection.executemany(
            "INSERT INTO aliases (alias, entity_id, entity_type) VALUES (?, ?, ?)",
            [(a, e, types[e]) for c, a, e in ALIASES if c <= through and e in types],
        )
        connection.executemany(
            "INSERT INTO state_changes (chapter, entity_id, field, old_value, new_value, reason)"
            " VALUES (?, ?, ?, ?, ?, 'chapter-commit')",
            [c for c in STATE_CHANGES if c[0] <= through],
        )
        for chapter, source, target, kind, action, description in RELATIONS:
            if chapter > through:
                continue
            # index_manager.upsert_relationship: one row per (from, to, type), moved along.
            connection.execute(
                "INSERT INTO relationships (from_entity, to_entity, type, description, chapter)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT(from_entity, to_entity, type)"
                " DO UPDATE SET description = excluded.description, chapter = excluded.chapter",
                (source, target, kind, description, chapter),
            )
            if events:
                connection.execute(
                    "INSERT INTO relationship_events (from_entity, to_entity, type, action,"
                    " description, chapter, evidence) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (source, target, kind, action, description, chapter, CHAPTERS[chapter][2]),
                )
        connection.executemany(
            "INSERT INTO chapters (chapter, title, location, word_count, summary)"
            " VALUES (?, ?, ?, ?, ?)",
            [
                (n, CHAPTERS[n][0], CHAPTERS[n][3], len(CHAPTERS[n][1]), CHAPTERS[n][2])
                for n in range(1, through + 1)
            ],
        )
    connection.close()


def make_serial(
    root: Path, through: int = LAST_CHAPTER, *, events: bool = True, cards: str = "init"
) -> Path:
    """The serial as it stood after chapter `through` was committed; returns `root`."""
    root.mkdir(parents=True, exist_ok=True)
    _init(root, cards)
    for volume, span in VOLUMES:
        first, last = map(int, span.split("-"))
        parts = [f"# 第{volume}卷 详细大纲\n"]
        for number in range(first, last + 1):
            if number in OUTLINE:
                title, body = OUTLINE[number]
                parts.append(f"### 第{number}章：{title}\n\n{body}\n")
        _write(root, f"大纲/第{volume}卷-详细大纲.md", "\n".join(parts))
    for number in range(1, through + 1):
        title, text, summary, *_ = CHAPTERS[number]
        volume = _volume_of(number)
        _write(
            root,
            f"正文/第{volume}卷/第{number:03d}章-{title}.md",
            f"# 第{number}章 {title}\n\n{text}\n",
        )
        _write(
            root,
            f".webnovel/summaries/ch{number:04d}.md",
            f"# 第{number}章摘要\n\n## 剧情摘要\n{summary}\n",
        )
        meta = {"schema_version": "story-system/v1", "chapter": number, "status": "accepted"}
        commit = {"meta": meta, "summary_text": summary}
        _write(
            root,
            f".story-system/commits/chapter_{number:03d}.commit.json",
            json.dumps(commit, ensure_ascii=False),
        )
    _write(root, ".story-system/MASTER_SETTING.json", "{}")
    _write(root, ".webnovel/state.json", json.dumps(_state(through), ensure_ascii=False, indent=2))
    _write(
        root,
        ".webnovel/memory_scratchpad.json",
        json.dumps(_scratchpad(through), ensure_ascii=False, indent=2),
    )
    (root / ".webnovel/vectors.db").write_bytes(b"")
    sqlite3.connect(root / ".webnovel/vectors.db").close()
    _index(root / ".webnovel/index.db", through, events)
    return root


def memory_bytes(root: Path) -> dict[str, bytes]:
    """Every file of the serial's `.webnovel/` memory, byte for byte (what opening it in the
    app must leave as it was)."""
    folder = root / ".webnovel"
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}
