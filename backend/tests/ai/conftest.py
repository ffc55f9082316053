"""AI test fixtures: built-in templates, a deck on one of them, project materials, and a fake
OpenAI-compatible server on loopback with the real provider pointed at it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from slidewright.ai.fake_server import FakeOpenAI
from slidewright.ai.providers.openai_compat import OpenAICompatProvider
from slidewright.core.config import Settings
from slidewright.core.db import unit_of_work
from slidewright.materials import service as materials_service
from slidewright.materials.models import MaterialScope
from slidewright.templates.builtins import install_builtins
from tests.helpers import SignedIn, signup

REVIEW_EN = """# Q3 Business Review

This review covers the third quarter for the leadership team.

## Revenue growth

Revenue grew 18% year over year to $42.5M.
- North America: 12%
- Europe: 9%
- Asia Pacific: 32%
- Latin America: 5%

## Cloud vs On-premise

Cloud subscriptions now make up 61% of new bookings.
- Cloud: faster onboarding, recurring revenue
- On-premise: higher upfront deals, longer sales cycles

## Customer feedback

“Support response times improved dramatically this quarter.” — Dana Wu, CIO of Northwind

## Quarterly figures

| Metric | Q1 | Q2 | Q3 |
| --- | --- | --- | --- |
| Revenue ($M) | 35.1 | 38.0 | 42.5 |
| Gross margin (%) | 61 | 62 | 64 |
| New customers | 120 | 135 | 161 |

## Hiring

We added 45 engineers and opened an office in Singapore.

## Next steps

Expand the partner program and launch the analytics add-on.
"""

REVIEW_ZH = """# 年度经营回顾

本报告面向管理层，总结全年经营情况。

## 营收增长

全年营收同比增长18%，达到4.2亿元。
- 华东地区：增长25%
- 华南地区：增长12%
- 华北地区：增长8%

## 云服务与本地部署对比

云服务订阅占新签合同的61%。本地部署收入下降，但利润率依然较高。

## 客户反馈

“本季度的支持响应速度明显提升。”——王丽，某制造企业信息总监

## 下一步

扩大合作伙伴计划，推出数据分析插件。
"""


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The suite's settings with the offline assistant, whatever SLIDEWRIGHT_AI_* the
    environment holds (tests that want a model point the provider at the fake server)."""
    settings.ai_provider = "offline"
    return settings


@pytest.fixture
def builtins(app: FastAPI, client: TestClient) -> dict[str, str]:
    """Installs the built-in templates; their ids by key."""
    with unit_of_work(app.state.session_factory) as session:
        install_builtins(session, app.state.services)
    from slidewright.templates.models import PptxFile

    with unit_of_work(app.state.session_factory) as session:
        return {
            f.builtin_key: f.id
            for f in session.query(PptxFile).filter(PptxFile.builtin_key.is_not(None))
        }


@pytest.fixture
def admin(client: TestClient) -> SignedIn:
    """The first account (an Admin), so that Alice and Bob are ordinary users."""
    return signup(client, "admin@example.com", name="Admin")


@pytest.fixture
def alice(client: TestClient, admin: SignedIn) -> SignedIn:
    return signup(client, "alice@example.com", name="Alice")


@pytest.fixture
def bob(client: TestClient, alice: SignedIn) -> SignedIn:
    return signup(client, "bob@example.com", name="Bob")


@dataclass
class Deck:
    id: str
    who: SignedIn
    body: dict[str, Any]


def create_project(
    client: TestClient,
    who: SignedIn,
    template_id: str | None,
    *,
    lang: str = "en",
    num_slides: int = 10,
    title: str = "Q3 Business Review",
    description: str = "Quarterly review for the leadership team",
) -> Deck:
    response = client.post(
        "/api/projects",
        json={
            "title": title,
            "description": description,
            "lang": lang,
            "numSlides": num_slides,
            "pptxFileId": template_id,
        },
        headers=who.headers,
    )
    assert response.status_code == 201, response.text
    return Deck(response.json()["_id"], who, response.json())


def add_material(
    app: FastAPI,
    who: SignedIn,
    text: str,
    *,
    project_id: str | None,
    filename: str = "review.md",
    enabled: bool = True,
) -> str:
    """A material in the project (or the library): through the materials service, as the
    project-materials routes do."""
    scope = MaterialScope(owner_id=who.user["_id"], project_id=project_id)
    with unit_of_work(app.state.session_factory) as session:
        material = materials_service.create_text(session, scope, filename=filename, content=text)
        if not enabled:
            materials_service.update_material(session, material, enabled=False)
        return material.id


def outlined_deck(
    app: FastAPI, client: TestClient, who: SignedIn, template: str, fake: FakeOpenAI
) -> Deck:
    """A deck on `template` with the review as its material and its outline saved; the fake
    server's record emptied."""
    deck = create_project(client, who, template)
    add_material(app, who, REVIEW_EN, project_id=deck.id)
    apply_outline(client, deck)
    fake.reset()
    return deck


def apply_outline(client: TestClient, deck: Deck) -> dict[str, Any]:
    """Generates the outline and saves it as the project's slides; returns the project."""
    outline = client.get(f"/api/projects/{deck.id}/suggest-outline", headers=deck.who.headers)
    assert outline.status_code == 200, outline.text
    current = client.get(f"/api/projects/{deck.id}", headers=deck.who.headers).json()
    response = client.put(
        f"/api/projects/{deck.id}",
        json={"version": current["version"], "slides": outline.json()["slides"]},
        headers=deck.who.headers,
    )
    assert response.status_code == 200, response.text
    return response.json()


@pytest.fixture(scope="session")
def fake_server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def fake(fake_server: FakeOpenAI, app: FastAPI) -> Iterator[FakeOpenAI]:
    """The fake server, reset, with the app's provider pointed at it (json_schema mode)."""
    fake_server.reset()
    use_openai(app, fake_server)
    yield fake_server
    fake_server.reset()


def use_openai(app: FastAPI, server: FakeOpenAI, **options: Any) -> OpenAICompatProvider:
    settings: dict[str, Any] = {
        "base_url": server.base_url,
        "api_key": "test-key",
        "model": "fake-model",
        "vision_model": "fake-vision",
        "image_model": "fake-image",
        "json_mode": "json_schema",
        "timeout_seconds": 5.0,
        # A large window, as a cloud model's: the prompts are tested whole here (cutting them
        # for a small window is tested in test_prompt_budget.py).
        "context_tokens": 32_000,
    }
    settings.update(options)
    provider = OpenAICompatProvider(**settings)
    app.state.services.ai = provider
    return provider


def has_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def all_text(value: Any) -> str:
    """Every string inside a JSON value, joined (to check its language)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return " ".join(all_text(v) for k, v in value.items() if k != "provider")
    if isinstance(value, list):
        return " ".join(all_text(v) for v in value)
    return ""
