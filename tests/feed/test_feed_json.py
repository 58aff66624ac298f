"""A feed's JSON is written without pydantic; it must stay exactly what the schema's pydantic
model (`workbench feed --schema`) validates and writes."""

from __future__ import annotations

import pydantic_core
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.book.project import Project
from workbench.feed import AGENTS, build_feed
from workbench.feed.render import feed_json, json_number, json_text
from workbench.feed.schema import FeedModel

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.floats())
def test_a_float_is_written_as_pydantic_writes_it(value):
    assert json_number(value) == pydantic_core.to_json(value, inf_nan_mode="null").decode()


@given(plain)
def test_plain_data_is_written_as_pydantic_writes_it(value):
    assert json_text(value) == pydantic_core.to_json(value, indent=2, inf_nan_mode="null").decode()


@pytest.mark.parametrize("agent", list(AGENTS))
def test_every_feed_validates_against_the_schema_and_dumps_back_the_same(sample_copy, agent):
    project = Project.open(sample_copy)
    feed = build_feed(project, agent, 12, debug_scores=True, passage=(0, 200))
    text = feed_json(feed)
    again = FeedModel.model_validate_json(text).model_dump_json(indent=2) + "\n"
    assert again == text
    assert any(b.score for b in feed.blocks)  # the scores' floats are in it
