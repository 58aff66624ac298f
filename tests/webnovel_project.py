"""A webnovel-writer project built as that tool lays one out (lingfengQAQ/webnovel-writer:
init_project.py, chapter_paths.py, chapter_outline_loader.py, update_state.py,
data_modules/index_manager.py and context_manager.py), for the tests of its mapping.

Five chapters in a volume folder; chapter 6 is next. Its plan (the volume's 详细大纲) names
赵无极 and 苏瑶 by her alias 瑶儿, which only index.db knows.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

NEXT_CHAPTER = 6
PLAN_6 = "林风带着瑶儿重返青石镇，半路遭赵无极截杀。苏家的旧账第一次被摆上台面。"

CHAPTERS = {
    1: ("雷雨夜", "雷雨夜，林风在青石镇外的破庙里捡到一块玉佩。玉佩贴着掌心发热。"),
    2: ("拜师", "陈长老收林风为记名弟子。苏瑶与林风同门，一起抵御了闯进山门的妖兽。"),
    3: ("古井", "青石镇的古井里浮出一具尸首，林风在井底找到半截断剑。"),
    4: ("灭门", "赵无极夜袭苏家，苏瑶侥幸逃出。她只记得那人左臂有一道旧伤。"),
    5: ("下山", "林风与苏瑶下山。玉佩又热了一次，林风却没有细想。"),
}

OUTLINE_SECTIONS = {
    5: ("下山", "林风与苏瑶下山。"),
    6: ("重返青石镇", PLAN_6),
    7: ("养伤", "林风在青石镇养伤，陈长老传信。"),
}

FORESHADOWING = [
    # overdue at chapter 6: 计划回收 4 < 6
    {"content": "玉佩在雷雨夜发热", "status": "未回收", "planted_chapter": 1,
     "target_chapter": 4, "tier": "核心", "added_at": "2026-01-03"},
    # named by the plan: 赵无极
    {"content": "赵无极左臂的旧伤", "status": "未回收", "planted_chapter": 4,
     "target_chapter": 40, "tier": "支线", "added_at": "2026-01-05"},
    # due: 计划回收 10 is within 6–11
    {"content": "苏家灭门另有内情", "status": "未回收", "planted_chapter": 4,
     "target_chapter": 10, "tier": "支线", "added_at": "2026-01-05"},
    # resolved at 3: closed at 6
    {"content": "古井里的尸首", "status": "已回收", "planted_chapter": 3,
     "target_chapter": 3, "resolved_chapter": 3, "tier": "装饰", "added_at": "2026-01-04"},
    # open, far, and its character is not in the plan: not relevant
    {"content": "陈长老的酒葫芦", "status": "未回收", "planted_chapter": 2,
     "target_chapter": 80, "tier": "装饰", "added_at": "2026-01-04"},
]  # fmt: skip

STATE = {
    "project_info": {"title": "雷火劫", "genre": "修仙", "target_chapters": 600},
    "progress": {
        "current_chapter": 5,
        "total_words": 500,
        "current_volume": 1,
        "volumes_planned": [{"volume": 1, "chapters_range": "1-50"}],
    },
    "protagonist_state": {
        "name": "林风",
        "power": {"realm": "练气", "layer": 3, "bottleneck": "灵根驳杂"},
        "location": {"current": "青石镇", "last_chapter": 5},
        "golden_finger": {"name": "雷纹玉佩", "level": 1, "cooldown": 0, "skills": []},
        "attributes": {},
    },
    "relationships": {},
    "world_settings": {"power_system": [], "factions": [], "locations": []},
    "plot_threads": {"active_threads": [], "foreshadowing": FORESHADOWING},
    "review_checkpoints": [],
    "chapter_meta": {"0005": {"title": "下山", "location": "青石镇"}},
}

ENTITIES = [
    ("char_lin", "角色", "林风", "核心", 1),
    ("char_su", "角色", "苏瑶", "核心", 0),
    ("char_zhao", "角色", "赵无极", "重要", 0),
    ("char_chen", "角色", "陈长老", "次要", 0),
    ("loc_qingshi", "地点", "青石镇", "重要", 0),
]
ALIASES = [("瑶儿", "char_su", "角色"), ("赵老魔", "char_zhao", "角色")]
RELATIONSHIPS = [
    ("char_lin", "char_chen", "师徒", "陈长老收林风为记名弟子", 2),
    ("char_su", "char_zhao", "仇敌", "赵无极灭苏家满门", 4),
]

FILES = {
    "大纲/总纲.md": "# 总纲\n\n## 卷结构\n\n### 第1卷（第1-50章）\n- 核心冲突：卷入苏家灭门案\n",
    "设定集/世界观.md": "# 世界观\n\n## 一句话世界观\n- 灵气复苏的山野小镇，宗门林立。\n",
    "设定集/力量体系.md": "# 力量体系\n\n## 等级/境界划分\n- 练气、筑基、金丹，每境九层。\n",
    "设定集/主角卡.md": "# 主角卡\n\n- 姓名：林风\n- 欲望：查清玉佩来历\n",
    "设定集/女主卡.md": "# 女主卡\n\n- 姓名：苏瑶\n- 身份：苏家遗孤\n",
    "设定集/角色库/反派角色/赵无极.md": "# 赵无极\n\n- 姓名：赵无极\n- 动机：夺取雷纹玉佩\n",
}


def _volume_outline() -> str:
    parts = ["# 第1卷 详细大纲\n"]
    for number, (title, body) in OUTLINE_SECTIONS.items():
        parts.append(f"### 第{number}章：{title}\n\n{body}\n")
    return "\n".join(parts)


def _index_db(path: Path) -> None:
    connection = sqlite3.connect(path)
    # WAL, the harder case: even a mode=ro connection leaves -wal/-shm files beside it.
    connection.execute("PRAGMA journal_mode=WAL")
    with connection:
        # The columns index_manager.py creates (a subset: the ones Workbench reads and more).
        connection.executescript(
            """
            CREATE TABLE entities (id TEXT PRIMARY KEY, type TEXT NOT NULL,
                canonical_name TEXT NOT NULL, tier TEXT DEFAULT '装饰', desc TEXT,
                current_json TEXT, first_appearance INTEGER DEFAULT 0,
                last_appearance INTEGER DEFAULT 0, is_protagonist INTEGER DEFAULT 0,
                is_archived INTEGER DEFAULT 0);
            CREATE TABLE aliases (alias TEXT NOT NULL, entity_id TEXT NOT NULL,
                entity_type TEXT NOT NULL, PRIMARY KEY (alias, entity_id, entity_type));
            CREATE TABLE relationships (id INTEGER PRIMARY KEY AUTOINCREMENT,
                from_entity TEXT NOT NULL, to_entity TEXT NOT NULL, type TEXT NOT NULL,
                description TEXT, chapter INTEGER NOT NULL,
                UNIQUE(from_entity, to_entity, type));
            """
        )
        connection.executemany(
            "INSERT INTO entities (id, type, canonical_name, tier, is_protagonist)"
            " VALUES (?, ?, ?, ?, ?)",
            ENTITIES,
        )
        connection.executemany("INSERT INTO aliases VALUES (?, ?, ?)", ALIASES)
        connection.executemany(
            "INSERT INTO relationships (from_entity, to_entity, type, description, chapter)"
            " VALUES (?, ?, ?, ?, ?)",
            RELATIONSHIPS,
        )
    connection.close()


def make_webnovel_project(root: Path) -> Path:
    """Write the project under `root` and return it."""
    files = dict(FILES)
    for number, (title, text) in CHAPTERS.items():
        files[f"正文/第1卷/第{number:03d}章-{title}.md"] = f"# 第{number}章 {title}\n\n{text}\n"
        files[f".webnovel/summaries/ch{number:04d}.md"] = (
            f"# 第{number}章摘要\n\n## 剧情摘要\n{text[:24]}\n"
        )
    files["大纲/第1卷-详细大纲.md"] = _volume_outline()
    files[".webnovel/state.json"] = json.dumps(STATE, ensure_ascii=False, indent=2)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    _index_db(root / ".webnovel" / "index.db")
    return root


def memory_hashes(root: Path) -> dict[str, str]:
    """Every file under `.webnovel/` with the hash of its bytes (what must never change)."""
    folder = root / ".webnovel"
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
