"""Where each part of a book lives, for each folder layout Workbench recognises.

The default layout is PRODUCT.md §1 (the 12agent-novel skill's). A webnovel-writer project
(`正文/`, `大纲/`, `设定集/`) is mapped onto the same roles; the files Workbench generates
(references/, meta/) sit where the default layout puts them in either case.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from workbench.errors import LayoutProblem


class Role(StrEnum):
    """A part of the book with one file of its own."""

    CONFIG = "workbench.toml"
    WORLD = "world"
    PROTAGONIST = "protagonist"
    CHARACTERS = "characters"
    OUTLINE = "outline"
    STYLE_ANCHOR = "style-anchor"
    FIXED_CONTEXT = "fixed-context"
    ROLLING_SUMMARY = "rolling-summary"
    PLOT_TRACKER = "plot-tracker"
    RELATIONSHIP_TRACKER = "relationship-tracker"
    STATE_TRACKER = "state-tracker"


SHARED_PATHS = {
    Role.CONFIG: "workbench.toml",
    Role.STYLE_ANCHOR: "meta/style-anchor.md",
    Role.FIXED_CONTEXT: "references/fixed-context.md",
    Role.ROLLING_SUMMARY: "references/rolling-summary.md",
    Role.PLOT_TRACKER: "references/plot-tracker.md",
    Role.RELATIONSHIP_TRACKER: "references/relationship-tracker.md",
    Role.STATE_TRACKER: "references/state-tracker.md",
}

DEFAULT_PATHS = {
    **SHARED_PATHS,
    Role.WORLD: "worldbuilding/world.md",
    Role.PROTAGONIST: "characters/protagonist.md",
    Role.CHARACTERS: "characters/characters.md",
    Role.OUTLINE: "outline/outline.md",
}

# webnovel-writer names vary between versions; the first existing candidate wins.
WEBNOVEL_CANDIDATES = {
    Role.WORLD: ("设定集/世界观.md", "设定集/世界设定.md", "设定集/world.md"),
    Role.PROTAGONIST: ("设定集/主角卡.md", "设定集/主角.md", "设定集/protagonist.md"),
    Role.CHARACTERS: ("设定集/角色.md", "设定集/角色卡.md", "设定集/人物.md"),
    Role.OUTLINE: ("大纲/总纲.md", "大纲/大纲.md", "大纲/outline.md"),
}
# webnovel-writer keeps the power system in a file of its own (init_project.py writes it).
WEBNOVEL_POWER_SYSTEM = "设定集/力量体系.md"
# The character cards beside 主角卡.md, as webnovel-writer's context_manager.py names its
# settings (女主卡, 主角组, 反派设计); the card library 设定集/角色库/ is read recursively.
WEBNOVEL_CHARACTER_CARDS = ("设定集/女主卡.md", "设定集/主角组.md", "设定集/反派设计.md")

DEFAULT_MARKERS = ("chapters/", "workbench.toml", "outline/outline.md", "worldbuilding/world.md")


@dataclass(frozen=True)
class Layout:
    """The paths of one project's parts, relative to its root."""

    kind: str
    paths: dict[Role, str]
    chapters_dir: str
    plans_dir: str
    characters_dir: str
    recursive_chapters: bool
    character_cards: tuple[str, ...] = ()
    recursive_characters: bool = False
    power_system_file: str = ""  # "": the 力量体系 section of the world file
    # One summary a chapter (ch0007.md), fed until rolled-up ChX-ChY sections cover them.
    chapter_summaries_dir: str = "references/chapter-summaries"

    def path(self, root: Path, role: Role) -> Path:
        """Absolute path of a role's file (which may not exist yet)."""
        return root / self.paths[role]


def default_layout() -> Layout:
    """The layout `workbench new` creates."""
    return Layout(
        kind="workbench",
        paths=dict(DEFAULT_PATHS),
        chapters_dir="chapters",
        plans_dir="outline/chapters",
        characters_dir="characters",
        recursive_chapters=False,
    )


def _webnovel_layout(root: Path) -> Layout:
    paths = dict(SHARED_PATHS)
    for role, candidates in WEBNOVEL_CANDIDATES.items():
        existing = [c for c in candidates if (root / c).is_file()]
        paths[role] = existing[0] if existing else candidates[0]
    return Layout(
        kind="webnovel-writer",
        paths=paths,
        chapters_dir="正文",
        plans_dir="大纲/章纲",
        characters_dir="设定集/角色库",
        recursive_chapters=True,
        character_cards=WEBNOVEL_CHARACTER_CARDS,
        recursive_characters=True,
        power_system_file=WEBNOVEL_POWER_SYSTEM,
        chapter_summaries_dir=".webnovel/summaries",
    )


def detect_layout(root: Path) -> Layout:
    """Recognise a folder's layout, or raise LayoutProblem naming what was looked for."""
    if not root.is_dir():
        raise LayoutProblem(f"{root}: not a folder")
    found = [marker for marker in DEFAULT_MARKERS if (root / marker.rstrip("/")).exists()]
    # workbench.toml sits at the root in every layout, so alone it does not outvote 正文/.
    if any(marker != Role.CONFIG.value for marker in found):
        return default_layout()
    if (root / "正文").is_dir():
        return _webnovel_layout(root)
    if found:
        return default_layout()
    looked_for = ", ".join([*DEFAULT_MARKERS, "正文/ (webnovel-writer)"])
    raise LayoutProblem(f"{root}: not a novel project; looked for {looked_for}")
