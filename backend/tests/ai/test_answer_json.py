"""Reading a model's answer leniently: a cut answer keeps only its complete values."""

from __future__ import annotations

import pytest

from slidewright.ai.answer_json import complete_prefix, extract_json, lenient_json


def test_the_first_object_is_taken_from_prose_and_fences() -> None:
    assert extract_json('Sure! ```json\n{"a": {"b": 1}}\n``` and {"c": 2}') == {"a": {"b": 1}}
    assert extract_json('{not json} {"ok": true}') == {"ok": True}
    with pytest.raises(ValueError):
        extract_json("no json here")


@pytest.mark.parametrize(
    ("text", "prefix"),
    [
        ('{"a": "done", "b": "We plan to op', '{"a": "done"'),
        ('{"a": 1, "b": 12', '{"a": 1'),
        ('{"items": [{"t": "x"}, {"t": "y', '{"items": [{"t": "x"}'),
        # An item written in part is left out whole, with what is nested in it.
        ('{"items": [{"t": "x"}, {"t": "y", "u": {"v": 1}, "w": "z', '{"items": [{"t": "x"}'),
        ('{"items": ["a", "b", "c', '{"items": ["a", "b"'),
        # A member whose value is an object written in part is left out whole.
        ('{"value": {"name": "Title 1", "text": "Quarterly revenue grew by tw', ""),
        (
            '{"value": {"name": "T", "text": "ok"}, "reason": "Because',
            '{"value": {"name": "T", "text": "ok"}',
        ),
        ('{"a": "x, y", "b', '{"a": "x, y"'),  # a comma inside a string is no boundary
        ('{"a": "say \\"hi\\", ok", "b": "', '{"a": "say \\"hi\\", ok"'),
        ('{"a": "unfinished', ""),
    ],
)
def test_a_cut_answer_ends_at_its_last_complete_value(text: str, prefix: str) -> None:
    assert complete_prefix(text) == prefix


def test_a_cut_answer_never_keeps_a_half_written_string() -> None:
    cut = '{"title": "Year in review", "body": "Revenue grew by 4'
    assert lenient_json(cut, cut=True) == {"title": "Year in review"}
    # Not cut (a malformed but finished answer): the repair keeps what it can.
    assert lenient_json('{"title": "Year in review", "body": "ok"', cut=False) == {
        "title": "Year in review",
        "body": "ok",
    }
    assert lenient_json('{"title": "unfinished', cut=True) is None
    assert lenient_json("no object at all", cut=True) is None


def test_an_object_inside_a_cut_answer_is_not_taken_for_the_answer() -> None:
    cut = '{"values": [{"name": "Title", "text": "Revenue"}, {"name": "Body", "text": "Most'
    with pytest.raises(ValueError):
        extract_json(cut)
    assert lenient_json(cut, cut=True) == {"values": [{"name": "Title", "text": "Revenue"}]}


def test_a_brace_in_prose_before_a_cut_answer_is_not_its_start() -> None:
    cut = 'Here {is} the answer: {"title": "Plan", "reason": "We pl'
    assert lenient_json(cut, cut=True) == {"title": "Plan"}
