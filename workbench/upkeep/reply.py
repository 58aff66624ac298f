"""The JSON a model must answer an upkeep request with, validated by pydantic: one list of
proposals, each naming its kind, its chapter, the exact sentence it rests on and its fields."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Quote = Annotated[str, Field(min_length=1, max_length=400)]
Short = Annotated[str, Field(max_length=200)]


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid")

    chapter: int = Field(ge=0, le=100_000)
    evidence: Quote


class CharacterReply(_Base):
    kind: Literal["character"]
    name: Annotated[str, Field(min_length=1, max_length=20)]


class AliasReply(_Base):
    kind: Literal["alias"]
    character: Annotated[str, Field(min_length=1, max_length=20)]
    alias: Annotated[str, Field(min_length=1, max_length=20)]


class RelationshipReply(_Base):
    kind: Literal["relationship"]
    a: Annotated[str, Field(min_length=1, max_length=20)]
    b: Annotated[str, Field(min_length=1, max_length=20)]
    relation: Short
    change: Short = ""
    note: Short = ""


class PlantedReply(_Base):
    kind: Literal["foreshadowing_planted"]
    content: Annotated[str, Field(min_length=1, max_length=200)]
    payoff: int | None = Field(default=None, ge=0, le=100_000)
    tier: Literal["核心", "支线", "装饰"] = "支线"
    characters: list[Short] = Field(default_factory=list, max_length=10)
    keywords: list[Short] = Field(default_factory=list, max_length=10)


class PaidReply(_Base):
    kind: Literal["foreshadowing_paid"]
    entry: Annotated[str, Field(min_length=1, max_length=20)]


class SightingReply(_Base):
    kind: Literal["foreshadowing_sighting"]
    entry: Annotated[str, Field(min_length=1, max_length=20)]


class StateReply(_Base):
    kind: Literal["state"]
    character: Annotated[str, Field(min_length=1, max_length=20)]
    field: Literal["位置", "修为", "物品", "状态"]
    value: Short


Item = Annotated[
    CharacterReply
    | AliasReply
    | RelationshipReply
    | PlantedReply
    | PaidReply
    | SightingReply
    | StateReply,
    Field(discriminator="kind"),
]


class UpkeepReply(BaseModel):
    """The whole answer for one range."""

    model_config = ConfigDict(extra="forbid")

    proposals: list[Item] = Field(max_length=200)
