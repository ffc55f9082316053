"""One deck's journey through every AI action of the spec, in en or zh-CN, through the HTTP API
(issue 18), against the llama.cpp server of tools/llama-server. The real-model stage
(test_every_action.py) judges each action; the real-model bench (bench/bench_real_model.py)
measures it: each runs `every_action` with its own Recorder.
"""

from __future__ import annotations

import importlib.util
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from pptx import Presentation

TOOLS = Path(__file__).resolve().parents[3] / "tools" / "llama-server"
NUM_SLIDES = 4


@dataclass(frozen=True)
class Case:
    """What a user of one language types and uploads."""

    title: str
    description: str
    material: str
    pitch: str  # what the create dialog's AI path is told
    edit: str  # an outline edit
    deck: tuple[tuple[str, str], ...]  # (title, body) of each slide of an uploaded template


CASES = {
    "en": Case(
        title="Harbor Analytics year in review",
        description="For the board meeting",
        material=(
            "# Harbor Analytics: year in review\n\n"
            "Revenue 2025: 4.2 million, 312 customers, 18 staff.\n\n"
            "## Customers\n\nMost customers are regional retailers who open the dashboards "
            "every week.\n\n"
            "## Next year\n\nWe plan to open an office in Lisbon and launch a mobile app.\n"
        ),
        pitch="A year in review for the board: revenue, customers and the plan for next year",
        edit="Add a slide about our customers after slide 2",
        deck=(
            ("Quarterly update", "Harbor Analytics"),
            ("Goals", "Grow revenue\nKeep customers\nHire carefully"),
            ("Team", "Engineers, sales and support in one office"),
        ),
    ),
    "zh-CN": Case(
        title="海港数据年度回顾",
        description="董事会会议汇报",
        material=(
            "# 海港数据：年度回顾\n\n"
            "2025年营收：420万元，客户312家，员工18人。\n\n"
            "## 客户\n\n大多数客户是区域零售商，每周都会打开数据看板。\n\n"
            "## 明年计划\n\n我们计划在里斯本开设办公室，并推出移动应用。\n"
        ),
        pitch="面向董事会的年度回顾：营收、客户和明年的计划",
        edit="在第2页后面加一页介绍我们的客户",
        deck=(
            ("季度汇报", "海港数据"),
            ("目标", "提升营收\n留住客户\n稳步招聘"),
            ("团队", "工程、销售和支持团队在同一间办公室"),
        ),
    ),
}


class Recorder(Protocol):
    """What the journey runs through: the user's requests (Accept-Language set by the
    recorder) and what it learns on the way."""

    def request(self, method: str, path: str, **kwargs: Any) -> Any:
        """A request that is no AI action (creating the project, uploading a file)."""

    def call(self, action: str, method: str, path: str, **kwargs: Any) -> dict[str, Any] | None:
        """An AI action: its answer, or None when it failed."""

    def job(self, action: str, path: str, **kwargs: Any) -> dict[str, Any] | None:
        """An AI action run as a job, POSTed then followed to its end: the answer (its
        "result"), or None when it failed."""

    def read(self, texts: list[str]) -> None:
        """Text the user typed or the deck holds: an input of every action after it."""

    def problem(self, action: str, what: str) -> None:
        """Something wrong with an action that its answer does not say."""


def launcher() -> ModuleType | str:
    """tools/llama-server/llama_server.py, loaded; or why no server can run (not installed, no
    model, no binary)."""
    path = TOOLS / "llama_server.py"
    if not path.exists():
        return f"{TOOLS} is missing"
    spec = importlib.util.spec_from_file_location("llama_server", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["llama_server"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    reason: str | None = module.missing()
    return reason or module


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _deck_bytes(slides: tuple[tuple[str, str], ...]) -> bytes:
    prs = Presentation()
    for title, body in slides:
        slide = prs.slides.add_slide(prs.slide_layouts[1])  # title and content
        slide.shapes.title.text = title
        slide.placeholders[1].text_frame.text = body
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def _template_text(
    recorder: Recorder, template_id: str, *, samples: bool = True
) -> list[dict[str, Any]]:
    """What the model is told of a template, an input of the actions that show it: its name,
    description, slide numbers and slide descriptions, and with `samples` the slides' own text
    (in the reader's language, as the app gives them). Returns its parsed slides."""
    detail = recorder.request("GET", f"/api/pptx-files/{template_id}").json()
    slides = detail["parsedSlides"]
    recorder.read([detail["filename"], detail["description"]])
    recorder.read([str(s["slideNumber"]) for s in slides])
    recorder.read(_strings(slides) if samples else [str(s["description"]) for s in slides])
    return list(slides)


def _every_template_text(recorder: Recorder) -> None:
    """The recommendation chooses among every template the user can use, told of each all
    but its sample text."""
    for summary in recorder.request("GET", "/api/pptx-files").json():
        _template_text(recorder, summary["_id"], samples=False)


def _text_element(parsed: list[dict[str, Any]], number: int | None) -> str | None:
    for slide in parsed:
        if slide["slideNumber"] == number:
            for element in slide["elements"]:
                if element["type"] == "text" and not element["isLocked"] and not element["hidden"]:
                    return str(element["name"])
    return None


def _fallback_slides(parsed: list[dict[str, Any]], case: Case) -> list[dict[str, Any]]:
    """Slides written by hand when the outline failed, so that the actions after it still
    run: the first template slides with a text element to fill."""
    lines = [line for line in case.material.splitlines() if line and not line.startswith("#")]
    usable = [s["slideNumber"] for s in parsed if _text_element(parsed, s["slideNumber"])]
    return [
        {"contentDescription": lines[i % len(lines)], "pptxSlideNumber": usable[i % len(usable)]}
        for i in range(NUM_SLIDES)
    ]


def every_action(recorder: Recorder, lang: str, builtins: dict[str, str]) -> None:
    """One project on the built-in Jade template of `lang` (builtins: ids by key, "jade@zh-CN"),
    every AI action once, then a template upload described by the Generate All Missing job."""
    case = CASES[lang]
    template_id = builtins.get(f"jade@{lang}", builtins["jade"])
    parsed = _template_text(recorder, template_id)
    _every_template_text(recorder)
    # The talk's minutes are an input of the recommendation itself.
    recorder.read([case.title, case.description, case.material, case.pitch, case.edit, "10"])
    recorder.call(
        "recommendSlideshow",
        "POST",
        "/api/projects/recommend-slideshow",
        json={"description": case.pitch, "durationMinutes": 10, "lang": lang},
    )
    created = recorder.request(
        "POST",
        "/api/projects",
        json={
            "title": case.title,
            "description": case.description,
            "lang": lang,
            "numSlides": NUM_SLIDES,
            "pptxFileId": template_id,
        },
    )
    assert created.status_code == 201, created.text
    project = created.json()
    base = f"/api/projects/{project['_id']}"
    material = recorder.request(
        "POST",
        f"{base}/materials",
        files={"file": ("review.md", case.material.encode(), "text/markdown")},
        data={"type": "text"},
    )
    assert material.status_code == 201, material.text

    outline = recorder.call("suggestOutline", "GET", f"{base}/suggest-outline")
    slides = outline["slides"] if outline and outline["slides"] else _fallback_slides(parsed, case)
    saved = recorder.request("PUT", base, json={"version": project["version"], "slides": slides})
    assert saved.status_code == 200, saved.text
    slides = saved.json()["slides"]
    recorder.read(_strings(slides))  # the deck's own text is an input of what follows

    recorder.call(
        "suggestOutlineEdits",
        "POST",
        f"{base}/suggest-outline-edits",
        json={"instruction": case.edit},
    )
    index = 1 if len(slides) > 1 else 0
    recorder.call(
        "generateSlideData", "POST", f"{base}/generate-slide-data", json={"slideIndex": index}
    )
    recorder.call(
        "suggestTemplateSlideNumber",
        "POST",
        f"{base}/suggest-template-slide-number",
        json={"slideIndex": index},
    )
    filled = next(
        (
            (i, name)
            for i, slide in enumerate(slides)
            if (name := _text_element(parsed, slide.get("pptxSlideNumber")))
        ),
        None,
    )
    if filled is None:
        recorder.problem("suggestSlideElementValue", "no slide to fill")
    else:
        recorder.call(
            "suggestSlideElementValue",
            "POST",
            f"{base}/slides/{filled[0]}/suggest-slide-element-value",
            json={"elementName": filled[1], "instruction": "rewrite"},
        )
    recorder.call(
        "recommendSlideDescription",
        "POST",
        f"{base}/recommend-slide-description",
        json={"slideIndex": 0},
    )
    recorder.call(
        "batchRecommendSlideDescriptions",
        "POST",
        f"{base}/batch-recommend-slide-descriptions",
        json={"slideIndices": list(range(min(3, len(slides))))},
    )
    template = f"/api/pptx-files/{template_id}"
    recorder.call(
        "generatePptxDescription", "GET", f"{template}/generate-description", params={"lang": lang}
    )
    recorder.call(
        "generatePptxSlideDescription",
        "GET",
        f"{template}/slides/2/generate-description",
        params={"lang": lang},
    )

    upload = recorder.request(
        "POST",
        "/api/pptx-files",
        files={"file": ("update.pptx", _deck_bytes(case.deck), "application/octet-stream")},
    )
    assert upload.status_code == 201, upload.text
    assert upload.json()["slidesMissingDescription"], "the uploaded deck needs descriptions"
    _template_text(recorder, upload.json()["_id"])
    described = recorder.job(
        "generateMissingSlideDescriptions",
        f"/api/pptx-files/{upload.json()['_id']}/generate-missing-descriptions",
        params={"lang": lang},
    )
    if described is not None and not (described.get("result") or {}).get("descriptions"):
        recorder.problem("generateMissingSlideDescriptions", "no description")
