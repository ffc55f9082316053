"""The model's status for admins (`GET /api/ai/status`), the Test connection they can run
(`POST /api/ai/check`, `slidewright ai check`), and the short form `/api/health` shows."""

from __future__ import annotations

from typing import Any

from slidewright.ai import structured_modes
from slidewright.ai.provider import AiProvider
from slidewright.ai.providers.openai_compat import OpenAICompatProvider

_SUMMARY = {
    "offline": (
        "The built-in offline assistant is in use: no model is connected, nothing to test.",
        "正在使用内置的离线助手：未连接 AI 模型，无需测试。",
    ),
    "unreachable": (
        "The model server at {baseUrl} does not answer. Until it does, AI actions fail and "
        "offer the offline assistant.",
        "位于 {baseUrl} 的模型服务器没有响应。"
        "在其恢复之前，AI 操作会失败，并提供改用离线助手的选项。",
    ),
    "structured": (
        "Connected to {server} with {model}: answers are held to each task's JSON schema "
        "({mode}); context window {context} tokens.",
        "已连接 {server}，模型 {model}：回答受各任务的 JSON 结构约束（{mode}）；"
        "上下文窗口 {context} 个词元。",
    ),
    "loose": (
        "Connected to {server} with {model}, but it cannot be held to a JSON schema: answers "
        "are read from its text ({mode}) and what is wrong is completed by the offline "
        "assistant. Context window {context} tokens.",
        "已连接 {server}，模型 {model}，但无法约束其按 JSON 结构回答："
        "将从文本中读取回答（{mode}），有误的部分由离线助手补全。"
        "上下文窗口 {context} 个词元。",
    ),
}
_SERVER_NAMES = {
    "llama.cpp": "llama.cpp",
    "llama-cpp-python": "llama.cpp (Python)",
    "ollama": "Ollama",
    "vllm": "vLLM",
    "unknown": "an OpenAI-compatible server",
}
_SERVER_NAMES_ZH = {**_SERVER_NAMES, "unknown": "兼容 OpenAI 的服务器"}


def _model(provider: AiProvider) -> OpenAICompatProvider | None:
    return provider if isinstance(provider, OpenAICompatProvider) else None


def status(provider: AiProvider, *, probe: bool = False) -> dict[str, Any]:
    """What is connected and how it has been doing. `probe`: ask the server first when it has
    not been asked yet (the admin page); `/api/health` never does."""
    model = _model(provider)
    if model is None:
        return {"provider": provider.name, "model": None, "health": None, "endpoint": None}
    endpoint = model.profile().summary() if probe else model.cached_profile_summary()
    return {
        "provider": provider.name,
        "model": model.model,
        "baseUrl": model.base_url,
        "deadlineSeconds": model.deadline_seconds,
        "maxConcurrent": model.max_concurrent,
        "endpoint": endpoint,
        "health": model.health.snapshot(),
    }


def check(provider: AiProvider, lang: str) -> dict[str, Any]:
    """Test connection: every structured-output mode tried, a verdict in `lang`."""
    zh = lang.lower().startswith("zh")
    model = _model(provider)
    if model is None:
        return {"ok": True, "summary": _SUMMARY["offline"][zh], "status": status(provider)}
    profile = model.check()
    if not profile.reachable:
        key, ok = "unreachable", False
    else:
        ok = True
        key = "structured" if profile.mode in structured_modes.CONSTRAINED else "loose"
    names = _SERVER_NAMES_ZH if zh else _SERVER_NAMES
    summary = _SUMMARY[key][zh].format(
        baseUrl=model.base_url,
        server=names.get(profile.server, profile.server),
        model=model.model,
        mode=profile.mode,
        context=profile.context_tokens,
    )
    return {"ok": ok, "summary": summary, "status": status(provider)}


def health_line(provider: AiProvider) -> dict[str, Any]:
    """For `/api/health`: no model name or address, which are for admins."""
    model = _model(provider)
    if model is None:
        return {"provider": provider.name, "state": "ok"}
    snapshot = model.health.snapshot()
    profile = model.cached_profile_summary()
    return {
        "provider": provider.name,
        "state": snapshot["state"],
        "mode": profile["mode"] if profile else None,
        "lastSuccessAt": snapshot["lastSuccessAt"],
        "medianLatencyMs": snapshot["medianLatencyMs"],
    }
