"""Which browser and system a sign-in came from, read from its User-Agent header.

The answer is a pair of short codes (`chrome`, `windows`, ...), not text: the web app names them
in the interface language (WeChat is 微信 to a Chinese user). Only the families people need to
recognise their own sessions are named; anything else is `other`. No parser library is a
dependency, and these few rules are enough for that purpose (not for analytics).

Order matters: in-app browsers (WeChat, Feishu, DingTalk) and Edge/Opera also say "Chrome" or
"Safari", iPads and iPhones say "like Mac OS X", Android and HarmonyOS say "Linux".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

# Kept, truncated, so a user can tell two sessions of the same browser apart; never parsed again.
USER_AGENT_MAX_LENGTH: Final = 500
OTHER: Final = "other"

_BROWSERS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    # WeCom (企业微信) says MicroMessenger too.
    ("wecom", re.compile(r"\bwxwork/", re.IGNORECASE)),
    ("wechat", re.compile(r"\bMicroMessenger/", re.IGNORECASE)),
    # Lark is Feishu's international edition: the same product.
    ("feishu", re.compile(r"\b(Feishu|Lark)/", re.IGNORECASE)),
    ("dingtalk", re.compile(r"\bDingTalk/", re.IGNORECASE)),
    ("edge", re.compile(r"\b(Edg|EdgA|EdgiOS|Edge)/")),
    ("opera", re.compile(r"\b(OPR|Opera)/")),
    ("firefox", re.compile(r"\b(Firefox|FxiOS)/")),
    ("chrome", re.compile(r"\b(HeadlessChrome|Chrome|CriOS|Chromium)/")),
    ("safari", re.compile(r"\bVersion/[\d.]+.*\bSafari/")),
)

_SYSTEMS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("harmonyos", re.compile(r"\b(HarmonyOS|OpenHarmony)\b", re.IGNORECASE)),
    ("ios", re.compile(r"\b(iPhone|iPad|iPod)\b")),
    ("android", re.compile(r"\bAndroid\b")),
    ("windows", re.compile(r"\bWindows\b")),
    ("chromeos", re.compile(r"\bCrOS\b")),
    ("macos", re.compile(r"\b(Macintosh|Mac OS X)\b")),
    ("linux", re.compile(r"\b(Linux|X11)\b")),
)


@dataclass(frozen=True)
class Device:
    browser: str
    os: str


def _first_match(rules: tuple[tuple[str, re.Pattern[str]], ...], user_agent: str) -> str:
    return next((name for name, pattern in rules if pattern.search(user_agent)), OTHER)


def describe(user_agent: str | None) -> Device:
    """The browser and system families of a User-Agent header; `other` for what is not known."""
    text = (user_agent or "")[:USER_AGENT_MAX_LENGTH]
    return Device(browser=_first_match(_BROWSERS, text), os=_first_match(_SYSTEMS, text))


def truncate(user_agent: str | None) -> str | None:
    """The header as stored: at most `USER_AGENT_MAX_LENGTH` characters; None when absent.
    NUL characters are dropped (PostgreSQL cannot store them)."""
    cleaned = (user_agent or "").replace("\x00", "").strip()
    return cleaned[:USER_AGENT_MAX_LENGTH] or None
