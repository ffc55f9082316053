from __future__ import annotations

from slidewright.core.errors import AppError


class PreviewNotFoundError(AppError):
    code, status = "preview_not_found", 404
    en = "This slide preview does not exist (it may not be rendered yet)."
    zh = "此幻灯片预览不存在（可能尚未渲染）。"
