"""`slidewright pptx fill`: the export engine from the command line, one-line errors, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slidewright.builtin import build
from slidewright.cli import main
from tests.pptx_engine.builders import png_bytes
from tests.pptx_engine.fill_builders import open_deck, shape_named
from tests.pptx_engine.package_checks import package_problems


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SLIDEWRIGHT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("SLIDEWRIGHT_DATABASE_URL", raising=False)
    return tmp_path


@pytest.fixture
def template(tmp_path: Path) -> Path:
    path = tmp_path / "template.pptx"
    path.write_bytes(build("midnight"))
    return path


def write_deck(folder: Path, data: object) -> Path:
    path = folder / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_fill_writes_the_deck_and_prints_warnings(
    template: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "photo.png").write_bytes(png_bytes(60, 40))
    deck = write_deck(
        tmp_path,
        {
            "slides": [
                {"templateSlide": 1, "values": {"Title": "From the CLI", "Missing": "x"}},
                {"templateSlide": 6, "values": {"Picture": {"image": "photo.png"}}},
            ]
        },
    )
    out = tmp_path / "out.pptx"
    assert main(["pptx", "fill", str(template), str(deck), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "warning: slide 1, 'Missing': template slide 1 has no element named 'Missing'" in printed
    # The deck JSON gives the photo no "alt": screen readers would have nothing to read.
    assert "warning: slide 2, 'Picture': the picture has no alternative text" in printed
    assert f"2 slide(s) written to {out} with 2 warning(s)" in printed
    data = out.read_bytes()
    assert package_problems(data) == []
    assert shape_named(open_deck(data).slides[0], "Title").text_frame.text == "From the CLI"
    assert not (tmp_path / "out.pptx.partial").exists()


def test_fill_json_summary(
    template: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = write_deck(tmp_path, {"slides": [{"templateSlide": 2}]})
    out = tmp_path / "out.pptx"
    assert main(["pptx", "fill", str(template), str(deck), "-o", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == {"output": str(out), "slides": 1, "warnings": []}


@pytest.mark.parametrize(
    ("deck_text", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"slides": [{"templateSlide": 42}]}', "there is no slide 42"),
        ('{"slides": [{"templateSlide": 1, "values": {"P": {"image": "gone.png"}}}]}', "gone.png"),
        ('{"slides": "all"}', "slides: expected a list"),
    ],
)
def test_bad_deck_json_is_one_line_and_exit_2(
    template: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    deck_text: str,
    message: str,
) -> None:
    deck = tmp_path / "deck.json"
    deck.write_text(deck_text, encoding="utf-8")
    assert main(["pptx", "fill", str(template), str(deck), "-o", str(tmp_path / "o.pptx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"slidewright: {deck}: ") and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "o.pptx").exists()


def test_bad_template_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bogus = tmp_path / "bogus.pptx"
    bogus.write_bytes(b"not a zip")
    deck = write_deck(tmp_path, {"slides": []})
    assert main(["pptx", "fill", str(bogus), str(deck), "-o", str(tmp_path / "o.pptx")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"slidewright: {bogus}: Not a PowerPoint file")


@pytest.mark.parametrize("doc", ["deck-json.md", "deck-json-zh-cn.md"])
def test_documented_example_fills_a_builtin_template(
    doc: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (Path(__file__).resolve().parents[3] / "docs" / doc).read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "workshop.jpg").write_bytes(png_bytes(90, 60))
    deck = tmp_path / "deck.json"
    deck.write_text(example, encoding="utf-8")
    template = tmp_path / "terracotta.pptx"
    template.write_bytes(build("terracotta"))
    out = tmp_path / "out.pptx"
    assert main(["pptx", "fill", str(template), str(deck), "-o", str(out)]) == 0
    assert "warning" not in capsys.readouterr().out
    assert package_problems(out.read_bytes()) == []
    assert len(open_deck(out.read_bytes()).slides) == 6
