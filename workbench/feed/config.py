"""`[feed]` in workbench.toml: every knob of PRODUCT.md §3, typed, with the seeds' defaults.

[feed]
budget = 32000                 # characters (字) per feed, unless a recipe says otherwise
summary_sections = 1           # recent 滚动摘要 sections in the rolling layer
skeleton_interval = 20         # story skeleton: one excerpt every 20 chapters back …
skeleton_excerpt = 400         # … of at most 400 字 …
skeleton_count = 5             # … at most 5 of them
early_stage_max = 30           # chapter ≤ 30: early stage
late_stage_min = 120           # chapter ≥ 120: late stage
[feed.templates.battle]        # base template weights; templates_early / templates_late
core = 0.35                    # hold the stage tables (each must sum to 1)
scene = 0.45
global = 0.20
[feed.ranker]
enabled = true                 # false: plain recency order
recency = 0.7
[feed.recipes.MainWriter]
raw_chapters = 3
budget = 40000
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

from workbench.book.config_tables import config_table
from workbench.book.plans import CHAPTER_TYPES
from workbench.book.project import Project
from workbench.feed.recipes import AGENTS, Recipe
from workbench.validation import Invalid, setting

WEIGHT_TOLERANCE = 0.005


@dataclass(frozen=True)
class GroupWeights:
    """Shares of the budget for the three groups: core (rolling + plan), scene, global."""

    core: float = setting(ge=0, le=1)
    scene: float = setting(ge=0, le=1)
    global_: float = setting(alias="global", ge=0, le=1)

    def __post_init__(self) -> None:
        """Shares must add up to 1."""
        total = self.core + self.scene + self.global_
        if abs(total - 1) > WEIGHT_TOLERANCE:
            raise ValueError(f"core + scene + global must be 1, not {total:g}")


def _weights(core: float, scene: float, global_: float) -> GroupWeights:
    return GroupWeights(core=core, scene=scene, global_=global_)


# webnovel-writer's context_weights.py: base and dynamic (early / late) tables.
BASE_TEMPLATES = {
    "plot": _weights(0.40, 0.35, 0.25),
    "battle": _weights(0.35, 0.45, 0.20),
    "emotion": _weights(0.45, 0.35, 0.20),
    "transition": _weights(0.50, 0.25, 0.25),
}
EARLY_TEMPLATES = {
    "plot": _weights(0.48, 0.39, 0.13),
    "battle": _weights(0.42, 0.50, 0.08),
    "emotion": _weights(0.52, 0.38, 0.10),
    "transition": _weights(0.56, 0.28, 0.16),
}
LATE_TEMPLATES = {
    "plot": _weights(0.36, 0.29, 0.35),
    "battle": _weights(0.31, 0.39, 0.30),
    "emotion": _weights(0.41, 0.29, 0.30),
    "transition": _weights(0.46, 0.21, 0.33),
}


@dataclass(frozen=True)
class RankerConfig:
    """The ranker's weights (PRODUCT.md §3) and the words its bonuses look for."""

    enabled: bool = True
    recency: float = 0.7
    frequency: float = 0.3
    frequency_saturation: int = setting(10, ge=1)  # mentions at which frequency reaches 1
    hook: float = 0.2
    doubtful: float = 0.15  # subtracted
    severity: float = 0.3
    conflict: float = 0.3
    excerpt: float = 0.2  # a summary/skeleton excerpt's length score, for the frequency value
    excerpt_saturation: int = setting(1200, ge=1)  # 字 at which the length term is full
    hook_words: tuple[str, ...] = ("？", "?", "悬念", "钩子", "反转", "冲突")
    doubtful_words: tuple[str, ...] = ("存疑", "待澄清", "doubtful")
    conflict_words: tuple[str, ...] = ("冲突", "矛盾", "违规", "断裂", "critical", "break")
    severe_levels: tuple[str, ...] = ("critical", "high")


@dataclass(frozen=True)
class RecipeChanges:
    """What `[feed.recipes.NAME]` may change in a recipe."""

    fixed_layer: bool | None = None
    rolling_summary: bool | None = None
    raw_chapters: int | None = setting(None, ge=0, le=50)
    include_current: bool | None = None
    skeleton: bool | None = None
    on_demand: bool | None = None
    recall: bool | None = None
    plan: bool | None = None
    passage: bool | None = None
    power: bool | None = None
    style_anchor: bool | None = None
    budget: int | None = setting(None, gt=0)


@dataclass(frozen=True)
class FeedConfig:
    """Every feed knob, with PRODUCT.md §3's defaults."""

    budget: int = setting(32000, gt=0)
    summary_sections: int = setting(1, ge=1, le=20)
    skeleton_interval: int = setting(20, ge=1)
    skeleton_excerpt: int = setting(400, ge=20)
    skeleton_count: int = setting(5, ge=0, le=50)
    early_stage_max: int = setting(30, ge=0)
    late_stage_min: int = setting(120, ge=1)
    passage_context: int = setting(500, ge=0)  # characters either side of a BattleAgent passage
    power_cap: int = setting(3000, gt=0)  # character power: state tracker + characters' sections
    power_system_cap: int = setting(1500, gt=0)  # the 力量体系 section of world.md
    min_trim: int = setting(100, ge=1)  # less room than this: drop instead of trimming
    templates: dict[str, GroupWeights] = field(default_factory=dict)
    templates_early: dict[str, GroupWeights] = field(default_factory=dict)
    templates_late: dict[str, GroupWeights] = field(default_factory=dict)
    ranker: RankerConfig = RankerConfig()
    debug_scores: bool = False
    recipes: dict[str, RecipeChanges] = field(default_factory=dict)

    def __post_init__(self) -> None:
        """Known chapter types and agents only; stages must not overlap."""
        problems = []
        for name in ("templates", "templates_early", "templates_late"):
            unknown = sorted(set(getattr(self, name)) - set(CHAPTER_TYPES))
            if unknown:
                known = list(CHAPTER_TYPES)
                problems.append((name, f"unknown chapter types {unknown}; known: {known}"))
        unknown = sorted(set(self.recipes) - set(AGENTS))
        if unknown:
            problems.append(("recipes", f"unknown agents {unknown}; known: {list(AGENTS)}"))
        if self.early_stage_max >= self.late_stage_min:
            problems.append(("", "early_stage_max must be below late_stage_min"))
        if problems:
            raise Invalid(problems)

    def stage(self, chapter: int) -> Literal["early", "mid", "late"]:
        """The story stage of a chapter: early ≤ 30 < mid < 120 ≤ late (by default)."""
        if chapter <= self.early_stage_max:
            return "early"
        if chapter >= self.late_stage_min:
            return "late"
        return "mid"

    def weights(self, chapter_type: str, stage: str) -> GroupWeights:
        """The template's group shares for this chapter type at this stage."""
        tables = {
            "early": (self.templates_early, EARLY_TEMPLATES),
            "mid": (self.templates, BASE_TEMPLATES),
            "late": (self.templates_late, LATE_TEMPLATES),
        }
        configured, default = tables[stage]
        return configured.get(chapter_type) or default[chapter_type]

    def recipe(self, agent: str) -> Recipe:
        """An agent's recipe with this project's changes applied."""
        changes = self.recipes.get(agent)
        base = AGENTS[agent]
        if changes is None:
            return base
        return base.adjusted(**{k: v for k, v in asdict(changes).items() if v is not None})

    def budget_for(self, recipe: Recipe) -> int:
        """The total character budget of a feed for this recipe."""
        return recipe.budget or self.budget


def load_feed_config(project: Project) -> FeedConfig:
    """The project's `[feed]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "feed", FeedConfig)
