"""Other presentation formats -> .pptx with LibreOffice (today: Apple Keynote, via libetonyek).

Pure engine code, beside `render.py` and sandboxed exactly like its `SofficeRenderer`: a fresh
hardened profile per conversion (macros off, linked content blocked, dead proxy), a minimal
environment, LibreOffice's own process group SIGKILLed on timeout and after the run, and an empty
network namespace when the kernel allows it. The import filter is forced, so LibreOffice never
guesses the format from the bytes.

Keynote files come in two shapes that LibreOffice reads: Keynote 2-5 (`index.apxl`, XML, maybe
gzipped) and Keynote 6+ (`Index/*.iwa` or `Index.zip`, protobuf). Both are zip packages when
uploaded; a zipped bundle folder (`Deck.key/index.apxl`) is unwrapped first.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
import time
import zipfile
from pathlib import Path
from typing import ClassVar

from slidewright.pptx_engine.render import (
    RenderError,
    RenderUnavailable,
    _one_line,
    _run,
    _sandbox_env,
    find_soffice,
    network_isolation_prefix,
    write_profile,
)

KEYNOTE_IMPORT_FILTER = "Apple Keynote"
PPTX_EXPORT_FILTER = "Impress MS PowerPoint 2007 XML"
_IMPORT_FILTERS = {"key": KEYNOTE_IMPORT_FILTER}
# The entries that make a zip a Keynote document for libetonyek (at the package root).
_KEYNOTE_MARKERS = (
    "index.apxl",
    "index.apxl.gz",
    "presentation.apxl",
    "presentation.apxl.gz",
    "Index.zip",
    "Index/Document.iwa",
)


class ConversionError(RenderError):
    """LibreOffice could not turn the file into a presentation (unknown or damaged content)."""

    code: ClassVar[str] = "conversion_failed"


class NotKeynoteError(ConversionError):
    """The bytes are not a Keynote package LibreOffice knows how to open."""

    code: ClassVar[str] = "not_keynote"


def keynote_package(data: bytes) -> bytes:
    """The Keynote package LibreOffice expects: `data` itself, or a zipped bundle folder
    (`Deck.key/...`) re-packed with that folder removed. Raises `NotKeynoteError`.

    Expects bytes that already passed the upload zip guard (sizes, names, ratio).
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            names = [info.filename for info in package.infolist() if not info.is_dir()]
            if any(marker in names for marker in _KEYNOTE_MARKERS):
                return data
            roots = {name.split("/", 1)[0] for name in names}
            if len(roots) == 1 and all("/" in name for name in names):
                root = next(iter(roots))
                inner = {name[len(root) + 1 :] for name in names}
                if root.lower().endswith(".key") and any(m in inner for m in _KEYNOTE_MARKERS):
                    return _repack(package, root + "/")
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError, OSError) as exc:
        raise NotKeynoteError("The file is not a readable Keynote package.") from exc
    raise NotKeynoteError("The package has no Keynote document inside.")


def _repack(package: zipfile.ZipFile, prefix: str) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as repacked:
        for info in package.infolist():
            if info.is_dir() or not info.filename.startswith(prefix):
                continue
            repacked.writestr(info.filename[len(prefix) :], package.read(info))
    return out.getvalue()


def convert_to_pptx(
    data: bytes,
    source_ext: str,
    *,
    timeout_s: float,
    soffice: str | None = None,
    work_root: str | os.PathLike[str] | None = None,
    isolate_network: bool = True,
) -> bytes:
    """Converts a presentation in another format (`source_ext`: 'key') to .pptx bytes.

    One sandboxed `soffice --convert-to pptx` with its own profile, at most `timeout_s` seconds.
    Raises `RenderUnavailable` (no LibreOffice), `RenderTimeout` (killed at the time limit) or
    `ConversionError` (LibreOffice could not open the file or wrote nothing); `ValueError` for a
    format it has no import filter for.
    """
    ext = source_ext.lower().lstrip(".")
    import_filter = _IMPORT_FILTERS.get(ext)
    if import_filter is None:
        raise ValueError(f"no LibreOffice import filter for .{ext}")
    exe = soffice or find_soffice()
    if exe is None:
        raise RenderUnavailable(
            "LibreOffice (soffice) is not installed; install libreoffice-impress-nogui."
        )
    deadline = time.monotonic() + timeout_s
    root = Path(work_root) if work_root is not None else None
    if root is not None:
        root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(
        prefix="slidewright-convert-", dir=root, ignore_cleanup_errors=True
    ) as tmp:
        workdir = Path(tmp)
        profile = workdir / "profile"
        write_profile(profile)
        source = workdir / "in" / f"deck.{ext}"
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_bytes(data)
        outdir = workdir / "out"
        cmd = [
            *(network_isolation_prefix() if isolate_network else ()),
            exe,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--invisible",
            "--nocrashreport",
            "--nodefault",
            "--nologo",
            "--nofirststartwizard",
            "--norestore",
            "--nolockcheck",
            f"--infilter={import_filter}",
            "--convert-to",
            f"pptx:{PPTX_EXPORT_FILTER}",
            "--outdir",
            str(outdir),
            str(source),
        ]
        result = _run(
            cmd, deadline=deadline, env=_sandbox_env(workdir), cwd=workdir, what="LibreOffice"
        )
        converted = outdir / "deck.pptx"
        with contextlib.suppress(OSError):
            if converted.is_file() and converted.stat().st_size > 0:
                return converted.read_bytes()
        output = (result.stdout + result.stderr).decode("utf-8", "replace")
        output = "\n".join(line for line in output.splitlines() if "javaldx" not in line)
        raise ConversionError(
            f"LibreOffice could not convert the .{ext} file: {_one_line(output) or 'no output'}"
        )


__all__ = [
    "KEYNOTE_IMPORT_FILTER",
    "ConversionError",
    "NotKeynoteError",
    "convert_to_pptx",
    "keynote_package",
]
