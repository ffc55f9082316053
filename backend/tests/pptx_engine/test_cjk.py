"""Text cut into runs per script, so Chinese gets its own language mark and East Asian font."""

from __future__ import annotations

import pytest

from slidewright.pptx_engine.cjk import split_by_script


@pytest.mark.parametrize(
    ("text", "runs"),
    [
        ("", []),
        ("Revenue grew 12% in 2025.", [("Revenue grew 12% in 2025.", False)]),
        ("  2025 ", [("  2025 ", False)]),  # neutral alone: one Latin run, never dropped
        ("Revenue 收入 2025", [("Revenue ", False), ("收入 2025", True)]),
        ("2025 收入", [("2025 收入", True)]),  # leading neutral joins the first real run
        ("收入，Revenue", [("收入，", True), ("Revenue", False)]),
        ("Café 咖啡", [("Café ", False), ("咖啡", True)]),  # Latin beyond ASCII stays Latin
    ],
)
def test_text_is_cut_where_the_script_changes(text: str, runs: list[tuple[str, bool]]) -> None:
    assert split_by_script(text) == runs
