"""Property: whatever the key, in whatever encoding an endpoint echoes it (reversed, ROT13,
hex, base32, base64 and two of them one after another) and however it is dressed (separators,
accents, tag characters, variation selectors, braille blanks, zero-width characters, full
width, case), the mask finds it, masks it whole, and a stream cut anywhere passes none of it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from key_disguises import carries, echoes

from workbench.llm.secrets import KeyMask, StreamMask

BEFORE, AFTER = "林风看见一行字：", "。苏瑶不语。"


@settings(max_examples=100, deadline=None)
@given(echo=echoes(), cuts=st.lists(st.integers(1, 40), min_size=1, max_size=60))
def test_every_disguise_of_every_key_is_found_and_masked(echo, cuts):
    key, encoded, disguise = echo
    text = BEFORE + disguise + AFTER
    mask = KeyMask(key)
    assert mask.found(text)
    masked = mask.mask(text)
    assert not carries(masked, encoded) and not carries(masked, key)
    assert masked.startswith(BEFORE[:4]) and masked.endswith(AFTER[-3:])
    stream, passed, position = StreamMask(mask), [], 0
    for cut in cuts * (len(text) // sum(cuts) + 1):
        passed.append(stream.feed(text[position : position + cut]))
        position += cut
        if position >= len(text):
            break
    passed.append(stream.flush())
    assert not carries("".join(passed), encoded)


@settings(max_examples=30, deadline=None)
@given(key=echoes().map(lambda echo: echo[0]))
def test_prose_without_the_key_is_left_alone(key):
    prose = "滚滚长江东逝水，浪花淘尽英雄。是非成败转头空 (sk-model, base64, hex)。" * 8
    assert not KeyMask(key).found(prose)
