"""The browser and system named from real User-Agent headers."""

from __future__ import annotations

from typing import get_args

import pytest

from slidewright.auth import user_agent
from slidewright.auth.schemas import BrowserCode, SystemCode

CASES = [
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36",
        "chrome",
        "windows",
    ),
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
        "edge",
        "windows",
    ),
    (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0",
        "firefox",
        "macos",
    ),
    (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like "
        "Gecko) Version/18.1 Safari/605.1.15",
        "safari",
        "macos",
    ),
    (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
        "like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "safari",
        "ios",
    ),
    (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
        "like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
        "chrome",
        "ios",
    ),
    (
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.6778.81 Mobile Safari/537.36",
        "chrome",
        "android",
    ),
    (
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "firefox",
        "linux",
    ),
    (
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "HeadlessChrome/131.0.6778.33 Safari/537.36",
        "chrome",
        "linux",
    ),
    (
        "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36",
        "chrome",
        "chromeos",
    ),
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
        "opera",
        "windows",
    ),
    (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, "
        "like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN",
        "wechat",
        "ios",
    ),
    (
        "Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) "
        "WindowsWechat(0x63090c11) XWEB/11275 Flue wxwork/4.1.33 (MicroMessenger/6.2) "
        "WeChat/2.0.4",
        "wecom",
        "windows",
    ),
    (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Lark/7.30.10 Chrome/120.0.6099.291 Electron/28.3.3 Safari/537.36 LarkLocale/zh_CN",
        "feishu",
        "macos",
    ),
    (
        "Mozilla/5.0 (Linux; Android 13; V2241A) AppleWebKit/537.36 (KHTML, like Gecko) "
        "Version/4.0 Chrome/109.0.5414.86 Mobile Safari/537.36 Feishu/7.29.5",
        "feishu",
        "android",
    ),
    (
        "Mozilla/5.0 (Linux; U; Android 12; zh-CN; M2012K11AC) AppleWebKit/537.36 (KHTML, like "
        "Gecko) Version/4.0 Chrome/91.0.4472.114 Mobile Safari/537.36 AliApp(DingTalk/7.6.15) "
        "com.alibaba.android.rimet/36520397 Channel/700159 language/zh-CN",
        "dingtalk",
        "android",
    ),
    (
        "Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like "
        "Gecko) Chrome/99.0.4844.88 Mobile Safari/537.36",
        "chrome",
        "harmonyos",
    ),
    ("curl/8.5.0", "other", "other"),
    ("", "other", "other"),
]


@pytest.mark.parametrize(("header", "browser", "system"), CASES)
def test_common_browsers_and_systems_are_named(header: str, browser: str, system: str) -> None:
    assert user_agent.describe(header) == user_agent.Device(browser=browser, os=system)


def test_a_missing_header_is_other() -> None:
    assert user_agent.describe(None) == user_agent.Device(browser="other", os="other")


def test_every_code_the_parser_answers_is_in_the_api_schema() -> None:
    browsers = {name for name, _ in user_agent._BROWSERS} | {user_agent.OTHER}
    systems = {name for name, _ in user_agent._SYSTEMS} | {user_agent.OTHER}
    assert browsers == set(get_args(BrowserCode))
    assert systems == set(get_args(SystemCode))


def test_the_stored_header_is_truncated_and_blank_is_none() -> None:
    assert user_agent.truncate("x" * 2000) == "x" * user_agent.USER_AGENT_MAX_LENGTH
    assert user_agent.truncate("   ") is None
    assert user_agent.truncate(None) is None
