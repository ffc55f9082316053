from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field

from slidewright.core.schemas import ApiModel, OutModel, ReadModel
from slidewright.jobs.schemas import JobRead

FileType = Literal["pptx", "key"]


class TemplateCreate(ApiModel):
    name: str = Field(max_length=255, description="required; trimmed")
    description: str = Field(default="", max_length=5000)
    type: str = Field(default="Custom", max_length=50)
    source_file_id: str = Field(max_length=26, description="one of your uploaded files")
    source_index: int = Field(description="1-based slide number in that file")


class TemplateRead(ReadModel):
    name: str
    description: str
    type: str
    source_file_id: str
    source_index: int
    created_at: datetime


class UploadedFileRead(ReadModel):
    name: str
    type: FileType
    size: int = Field(description="bytes, of the original upload")
    created_at: datetime
    slide_count: int
    thumbnail_paths: list[str] = Field(
        description="`/api/files/{id}/thumbnails/{n}` for every slide that has a thumbnail"
    )


class FileSlide(OutModel):
    slide_number: int
    thumbnail_path: str | None = Field(description="null while the slide has no thumbnail")
    templates: list[TemplateRead] = Field(description="Templates made from this slide")


class UploadedFileDetail(UploadedFileRead):
    slides: list[FileSlide]
    render_job: JobRead | None = Field(default=None, description="the latest thumbnail job")


class PptxTemplateCreated(OutModel):
    pptx_file_id: str = Field(description="the new PPTX template (`/api/pptx-files/{id}`)")
