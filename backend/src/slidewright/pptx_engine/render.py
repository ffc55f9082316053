"""Slide thumbnails: PPTX -> PDF (LibreOffice) -> one 640x360 JPEG per slide (poppler + Pillow).

Pure engine code: no FastAPI, no database. Three renderers share the `Renderer` protocol:

- `UnoserverRenderer` keeps one LibreOffice warm behind a managed `unoserver` process (started
  lazily, restarted when it dies, recycled every `max_jobs_per_server` conversions) and falls back
  to `SofficeRenderer` for a job when the warm server times out, crashes or cannot start.
- `SofficeRenderer` runs one `soffice --headless --convert-to pdf` per job with its own fresh
  profile; simple, slower (LibreOffice starts every time), safe to run concurrently.
- `FakeRenderer` draws "Slide N" JPEGs with Pillow, for tests of the other layers.

Sandboxing of every LibreOffice we start:

- a fresh profile per job / per warm server, with `registrymodifications.xcu` written before the
  first start (`write_profile`): macros disabled (`MacroSecurityLevel` 3 = very high,
  `DisableMacrosExecution`), `BlockUntrustedRefererLinks` (LibreOffice otherwise fetches
  externally linked pictures over HTTP *and* reads `file://` links from the local disk while
  rendering: checked here, both blocked by this switch), and a manual proxy pointing at a dead
  local port for HTTP/HTTPS/FTP with no exceptions;
- forced PPTX import filter (LibreOffice never sniffs the bytes as HTML, RTF, ...), which also
  opens .potx/.ppsx/.pptm packages;
- a minimal environment: no inherited credentials, proxy variables pointing at the dead port,
  HOME and TMPDIR inside the job's directory;
- its own session / process group (`start_new_session=True`), killed as a group with SIGKILL on
  timeout and after every one-shot run (no stray `soffice.bin` survives a job);
- `SofficeRenderer` additionally runs LibreOffice in an empty network namespace (`unshare -n`,
  or `unshare -rn` without root) when the kernel allows it (probed once). The warm server cannot:
  unoserver talks to LibreOffice and to us over loopback TCP, so it relies on the profile
  settings and environment above.

Hidden slides are exported (`ExportHiddenSlides`), so PDF page N is slide N; the page count is
checked against the package's slide list. Slides that are not 16:9 are fitted and centred on a
white 640x360 canvas.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import http.client
import importlib.util
import io
import json
import logging
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import xmlrpc.client
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar, Final, Literal, Protocol, TypeVar, runtime_checkable
from xml.sax.saxutils import escape

from lxml import etree
from PIL import Image, ImageDraw, ImageFont, ImageOps

from slidewright.pptx_engine.errors import PptxEngineError
from slidewright.pptx_engine.tether import DEFAULT_MEMORY_MB, tethered

log = logging.getLogger("slidewright.render")

THUMB_WIDTH = 640
THUMB_HEIGHT = 360
PAD_COLOR = (255, 255, 255)
JPEG_QUALITY = 85
DEFAULT_TIMEOUT_S = 120.0

PPTX_IMPORT_FILTER = "Impress MS PowerPoint 2007 XML"
PDF_EXPORT_FILTER = "impress_pdf_Export"
# PDF export FilterData (name, UNO type, value): hidden slides too, so that page N is slide N.
# (ReduceImageResolution was measured: it costs LibreOffice more time than it saves poppler.)
PDF_FILTER_DATA: tuple[tuple[str, str, str], ...] = (("ExportHiddenSlides", "boolean", "true"),)
# Port 9 (discard) on loopback: nothing listens there, so any proxied request fails at once.
DEAD_PROXY_HOST = "127.0.0.1"
DEAD_PROXY_PORT = 9
DEAD_PROXY = f"http://{DEAD_PROXY_HOST}:{DEAD_PROXY_PORT}"

_SCRIPTING = "/org.openoffice.Office.Common/Security/Scripting"
_INET = "/org.openoffice.Inet/Settings"
PROFILE_SETTINGS: tuple[tuple[str, str, str], ...] = (
    (_SCRIPTING, "MacroSecurityLevel", "3"),
    (_SCRIPTING, "DisableMacrosExecution", "true"),
    (_SCRIPTING, "BlockUntrustedRefererLinks", "true"),
    (_INET, "ooInetProxyType", "2"),
    (_INET, "ooInetHTTPProxyName", DEAD_PROXY_HOST),
    (_INET, "ooInetHTTPProxyPort", str(DEAD_PROXY_PORT)),
    (_INET, "ooInetHTTPSProxyName", DEAD_PROXY_HOST),
    (_INET, "ooInetHTTPSProxyPort", str(DEAD_PROXY_PORT)),
    (_INET, "ooInetFTPProxyName", DEAD_PROXY_HOST),
    (_INET, "ooInetFTPProxyPort", str(DEAD_PROXY_PORT)),
    (_INET, "ooInetNoProxy", ""),
)

_PASS_ENV = {"PATH", "LANG", "LANGUAGE", "TZ", "FONTCONFIG_FILE", "FONTCONFIG_PATH"}
_PROXY_VARS = ("http_proxy", "https_proxy", "ftp_proxy", "all_proxy")
_MAX_XML_PART = 32 * 1024 * 1024
_T = TypeVar("_T")


# --------------------------------------------------------------------------------------- errors


class RenderError(PptxEngineError):
    """LibreOffice or poppler could not turn the presentation into thumbnails."""

    code: ClassVar[str] = "render_failed"


class RenderTimeout(RenderError):
    """The job ran past its time limit; its processes were killed."""

    code: ClassVar[str] = "render_timeout"


class RenderUnavailable(RenderError):
    """No renderer can run here (LibreOffice or poppler missing, warm server not starting)."""

    code: ClassVar[str] = "render_unavailable"


class SlideOutOfRange(RenderError, ValueError):
    """`slides` asked for a slide number the deck does not have."""

    code: ClassVar[str] = "slide_out_of_range"


# ------------------------------------------------------------------------------------- protocol


@runtime_checkable
class Renderer(Protocol):
    """Renders slides of a PPTX package to 640x360 JPEG bytes.

    `slides` (1-based) selects a subset, returned in the order asked; `None` means every slide,
    in deck order, hidden slides included. Raises `RenderError` (or a subclass) on failure.
    """

    def render(
        self, pptx_bytes: bytes, *, slides: Sequence[int] | None = None, timeout_s: float
    ) -> list[bytes]: ...

    def close(self) -> None:
        """Releases processes and temporary files; idempotent."""
        ...


# -------------------------------------------------------------------------------- package facts


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _parse_part(package: zipfile.ZipFile, name: str) -> Any:
    info = package.getinfo(name)
    if info.file_size > _MAX_XML_PART:
        raise ValueError(f"{name} is too large")
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    return etree.fromstring(package.read(info), parser)


def _main_part_name(package: zipfile.ZipFile) -> str:
    try:
        rels = _parse_part(package, "_rels/.rels")
    except KeyError:
        return "ppt/presentation.xml"
    for rel in rels:
        if str(rel.get("Type", "")).endswith("/officeDocument"):
            target = str(rel.get("Target", "")).lstrip("/")
            return str(PurePosixPath(target))
    return "ppt/presentation.xml"


def count_slides(pptx_bytes: bytes) -> int | None:
    """Number of slides in the package's slide list (hidden ones included); None if unreadable."""
    try:
        with zipfile.ZipFile(io.BytesIO(pptx_bytes)) as package:
            root = _parse_part(package, _main_part_name(package))
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, etree.XMLSyntaxError):
        return None
    if _local(root.tag) != "presentation":
        return None
    for child in root:
        if _local(child.tag) == "sldIdLst":
            return sum(1 for item in child if _local(item.tag) == "sldId")
    return 0


def _select(slides: Sequence[int] | None, count: int) -> list[int]:
    if slides is None:
        return list(range(1, count + 1))
    wanted = list(slides)
    bad = [
        n for n in wanted if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= count
    ]
    if bad:
        raise SlideOutOfRange(f"Slide numbers {bad} are outside 1..{count}.")
    return wanted


# ------------------------------------------------------------------------------------ processes


def _one_line(text: str, limit: int = 300) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else "…" + flat[-(limit - 1) :]


def _remaining(deadline: float) -> float:
    return deadline - time.monotonic()


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _sandbox_env(workdir: Path) -> dict[str, str]:
    """A minimal environment: nothing secret inherited, no usable proxy, HOME/TMPDIR private."""
    env = {k: v for k, v in os.environ.items() if k in _PASS_ENV or k.startswith("LC_")}
    env.setdefault("PATH", os.defpath)
    env.setdefault("LANG", "C.UTF-8")
    home = workdir / "home"
    tmp = workdir / "tmp"
    home.mkdir(parents=True, exist_ok=True)
    tmp.mkdir(parents=True, exist_ok=True)
    env.update(
        HOME=str(home),
        TMPDIR=str(tmp),
        SAL_USE_VCLPLUGIN="svp",
        PYTHONNOUSERSITE="1",
        PYTHONDONTWRITEBYTECODE="1",
        no_proxy="",
        NO_PROXY="",
    )
    for name in _PROXY_VARS:
        env[name] = DEAD_PROXY
        env[name.upper()] = DEAD_PROXY
    return env


def _run(
    cmd: Sequence[str], *, deadline: float, env: dict[str, str], cwd: Path, what: str
) -> subprocess.CompletedProcess[bytes]:
    """Runs `cmd` in its own process group; the whole group is SIGKILLed on timeout and after."""
    timeout = _remaining(deadline)
    if timeout <= 0:
        raise RenderTimeout(f"{what} did not start: the time limit was already used up.")
    proc = subprocess.Popen(
        list(cmd),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=10)
        raise RenderTimeout(f"{what} ran past the time limit and was stopped.") from None
    except BaseException:
        _kill_group(proc.pid)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.communicate(timeout=10)
        raise
    # Anything the leader left behind (LibreOffice's soffice.bin under oosplash) goes too.
    _kill_group(proc.pid)
    return subprocess.CompletedProcess(list(cmd), proc.returncode, out, err)


@functools.lru_cache(maxsize=1)
def network_isolation_prefix() -> tuple[str, ...]:
    """`unshare -n` (root) or `unshare -rn` (user namespaces) when the kernel allows it, else ()."""
    exe = shutil.which("unshare")
    if exe is None:
        return ()
    for flags in (("-n",), ("-r", "-n")):
        try:
            probe = subprocess.run(
                [exe, *flags, "true"], capture_output=True, timeout=10, check=False
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0:
            return (exe, *flags)
    log.warning("unshare is not permitted here: LibreOffice runs without a network namespace")
    return ()


def _profile_xcu() -> str:
    items = "".join(
        f'<item oor:path="{escape(path)}"><prop oor:name="{escape(name)}" oor:op="fuse">'
        f"<value>{escape(value)}</value></prop></item>\n"
        for path, name, value in PROFILE_SETTINGS
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        f"{items}</oor:items>\n"
    )


def write_profile(profile_dir: Path) -> Path:
    """Writes the hardened `user/registrymodifications.xcu` into a fresh LibreOffice profile."""
    user = profile_dir / "user"
    user.mkdir(parents=True, exist_ok=True)
    xcu = user / "registrymodifications.xcu"
    xcu.write_text(_profile_xcu(), encoding="utf-8")
    return xcu


def find_soffice() -> str | None:
    for name in ("soffice", "libreoffice"):
        if found := shutil.which(name):
            return found
    return None


@dataclass(frozen=True)
class _Poppler:
    pdftoppm: str
    pdfinfo: str

    @classmethod
    def find(cls) -> _Poppler:
        pdftoppm, pdfinfo = shutil.which("pdftoppm"), shutil.which("pdfinfo")
        if not pdftoppm or not pdfinfo:
            raise RenderUnavailable(
                "poppler-utils (pdftoppm, pdfinfo) is not installed; thumbnails cannot be drawn."
            )
        return cls(pdftoppm, pdfinfo)


# ------------------------------------------------------------------------------ PDF -> thumbnails


def fit_size(page_width: float, page_height: float) -> tuple[int, int]:
    """The page's size scaled to fit 640x360 keeping its aspect ratio."""
    if page_width <= 0 or page_height <= 0:
        raise RenderError("The PDF has an empty page size.")
    scale = min(THUMB_WIDTH / page_width, THUMB_HEIGHT / page_height)
    width = max(1, min(THUMB_WIDTH, round(page_width * scale)))
    height = max(1, min(THUMB_HEIGHT, round(page_height * scale)))
    return width, height


def _to_thumbnail(image: Image.Image) -> bytes:
    rgb = image.convert("RGB")
    if rgb.size != (THUMB_WIDTH, THUMB_HEIGHT):
        if rgb.width > THUMB_WIDTH or rgb.height > THUMB_HEIGHT:
            rgb = ImageOps.contain(rgb, (THUMB_WIDTH, THUMB_HEIGHT), Image.Resampling.LANCZOS)
        canvas = Image.new("RGB", (THUMB_WIDTH, THUMB_HEIGHT), PAD_COLOR)
        canvas.paste(rgb, ((THUMB_WIDTH - rgb.width) // 2, (THUMB_HEIGHT - rgb.height) // 2))
        rgb = canvas
    out = io.BytesIO()
    rgb.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def pdf_to_thumbnails(
    pdf: Path,
    *,
    workdir: Path,
    slides: Sequence[int] | None,
    expected: int | None,
    deadline: float,
    poppler: _Poppler,
) -> list[bytes]:
    """Rasterizes the wanted pages (pdftoppm, lossless PPM) and encodes 640x360 JPEGs once."""
    env = _sandbox_env(workdir)
    info = _run(
        [poppler.pdfinfo, str(pdf)], deadline=deadline, env=env, cwd=workdir, what="pdfinfo"
    )
    text = info.stdout.decode("utf-8", "replace")
    pages_match = re.search(r"^Pages:\s+(\d+)", text, re.MULTILINE)
    size_match = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", text, re.MULTILINE)
    if info.returncode != 0 or not pages_match:
        raise RenderError(
            f"The PDF from LibreOffice is unreadable: {_one_line(info.stderr.decode())}"
        )
    pages = int(pages_match.group(1))
    if expected is not None and pages != expected:
        raise RenderError(f"LibreOffice produced {pages} pages for {expected} slides.")
    wanted = _select(slides, pages)
    if not wanted:
        return []
    if not size_match:
        raise RenderError("The PDF from LibreOffice has no page size.")
    width, height = fit_size(float(size_match.group(1)), float(size_match.group(2)))
    prefix = workdir / "page"
    cmd = [
        poppler.pdftoppm,
        "-f",
        str(min(wanted)),
        "-l",
        str(max(wanted)),
        "-scale-to-x",
        str(width),
        "-scale-to-y",
        str(height),
        str(pdf),
        str(prefix),
    ]
    raster = _run(cmd, deadline=deadline, env=env, cwd=workdir, what="pdftoppm")
    if raster.returncode != 0:
        raise RenderError(f"pdftoppm failed: {_one_line(raster.stderr.decode('utf-8', 'replace'))}")
    # pdftoppm zero-pads page numbers to the width of the last page number: parse, don't guess.
    files = {
        int(match.group(1)): path
        for path in workdir.glob("page-*.ppm")
        if (match := re.fullmatch(r"page-(\d+)\.ppm", path.name))
    }
    thumbs: list[bytes] = []
    for number in wanted:
        if _remaining(deadline) <= 0:
            raise RenderTimeout("Encoding thumbnails ran past the time limit.")
        path = files.get(number)
        if path is None:
            raise RenderError(f"pdftoppm did not produce page {number}.")
        with Image.open(path) as image:
            thumbs.append(_to_thumbnail(image))
    return thumbs


# ---------------------------------------------------------------------------- SofficeRenderer


class SofficeRenderer:
    """One sandboxed `soffice --convert-to pdf` per job, with its own throwaway profile."""

    def __init__(
        self,
        *,
        soffice: str | None = None,
        work_root: str | os.PathLike[str] | None = None,
        isolate_network: bool = True,
        import_filter: str = PPTX_IMPORT_FILTER,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        found = soffice or find_soffice()
        if not found:
            raise RenderUnavailable(
                "LibreOffice (soffice) is not installed; install libreoffice-impress-nogui."
            )
        self.soffice = found
        self.poppler = _Poppler.find()
        self.work_root = Path(work_root) if work_root is not None else None
        self.isolate_network = isolate_network
        self.import_filter = import_filter
        self.memory_mb = memory_mb

    def render(
        self, pptx_bytes: bytes, *, slides: Sequence[int] | None = None, timeout_s: float
    ) -> list[bytes]:
        deadline = time.monotonic() + timeout_s
        expected = count_slides(pptx_bytes)
        if expected is not None and not _select(slides, expected):
            return []
        with self._workdir() as workdir:
            pdf = self.convert_to_pdf(pptx_bytes, workdir, deadline=deadline)
            return pdf_to_thumbnails(
                pdf,
                workdir=workdir,
                slides=slides,
                expected=expected,
                deadline=deadline,
                poppler=self.poppler,
            )

    def convert_to_pdf(self, pptx_bytes: bytes, workdir: Path, *, deadline: float) -> Path:
        """Writes `deck.pptx` into `workdir` and converts it to `out/deck.pdf`."""
        profile = workdir / "profile"
        write_profile(profile)
        deck = workdir / "in" / "deck.pptx"
        deck.parent.mkdir(parents=True, exist_ok=True)
        deck.write_bytes(pptx_bytes)
        outdir = workdir / "out"
        filter_data = {
            name: {"type": kind, "value": value} for name, kind, value in PDF_FILTER_DATA
        }
        command = [
            *(network_isolation_prefix() if self.isolate_network else ()),
            self.soffice,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--invisible",
            "--nocrashreport",
            "--nodefault",
            "--nologo",
            "--nofirststartwizard",
            "--norestore",
            "--nolockcheck",
            f"--infilter={self.import_filter}",
            "--convert-to",
            f"pdf:{PDF_EXPORT_FILTER}:{json.dumps(filter_data, separators=(',', ':'))}",
            "--outdir",
            str(outdir),
            str(deck),
        ]
        result = _run(
            tethered(command, memory_mb=self.memory_mb),
            deadline=deadline,
            env=_sandbox_env(workdir),
            cwd=workdir,
            what="LibreOffice",
        )
        pdf = outdir / "deck.pdf"
        if not pdf.is_file() or pdf.stat().st_size == 0:
            output = (result.stdout + result.stderr).decode("utf-8", "replace")
            output = "\n".join(line for line in output.splitlines() if "javaldx" not in line)
            detail = _one_line(output) or "no output"
            raise RenderError(f"LibreOffice could not convert the presentation: {detail}")
        return pdf

    @contextlib.contextmanager
    def _workdir(self) -> Any:
        if self.work_root is not None:
            self.work_root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(
            prefix="slidewright-render-", dir=self.work_root, ignore_cleanup_errors=True
        ) as tmp:
            yield Path(tmp)

    def close(self) -> None:
        """Nothing to release: every job cleans up after itself."""


# -------------------------------------------------------------------------- UnoserverRenderer


_LAUNCHER = (
    "import sys; sys.path.extend({paths!r}); from unoserver.server import main; sys.exit(main())"
)
_UNO_DIR_CANDIDATES = ("/usr/lib/python3/dist-packages", "/usr/lib/libreoffice/program")


def _unoserver_site() -> str | None:
    spec = importlib.util.find_spec("unoserver")
    if spec is None or not spec.submodule_search_locations:
        return None
    return str(Path(next(iter(spec.submodule_search_locations))).parent)


@functools.lru_cache(maxsize=8)
def find_unoserver_launcher(uno_path: str | None = None) -> tuple[str, ...] | None:
    """`(python, "-c", code)` that runs unoserver's server with `uno` importable, or None.

    Tries our own interpreter first with the system's uno directory appended to `sys.path`
    (Debian's python3-uno is built for the same CPython 3.11 ABI), then the system python3 with
    our unoserver package appended. Each candidate is probed once in a subprocess.
    """
    site = _unoserver_site()
    if site is None:
        return None
    uno_dirs = [uno_path] if uno_path else list(_UNO_DIR_CANDIDATES)
    uno_dirs += [str(p) for p in sorted(Path("/opt").glob("libreoffice*/program"))]
    uno_dirs = [d for d in dict.fromkeys(uno_dirs) if (Path(d) / "uno.py").is_file()]
    pythons = [p for p in (sys.executable, shutil.which("python3"), "/usr/bin/python3") if p]
    for python in dict.fromkeys(pythons):
        for uno_dir in uno_dirs:
            paths = [uno_dir, site]
            probe = f"import sys; sys.path.extend({paths!r}); import uno, unoserver.server"
            try:
                with tempfile.TemporaryDirectory(prefix="slidewright-probe-") as tmp:
                    result = subprocess.run(
                        [python, "-c", probe],
                        capture_output=True,
                        timeout=30,
                        check=False,
                        env=_sandbox_env(Path(tmp)),
                        cwd=tmp,
                    )
            except (OSError, subprocess.SubprocessError):
                continue
            if result.returncode == 0:
                return (python, "-c", _LAUNCHER.format(paths=paths))
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class _TimeoutTransport(xmlrpc.client.Transport):
    def __init__(self, timeout: float) -> None:
        super().__init__()
        self._timeout = timeout

    def make_connection(self, host: Any) -> http.client.HTTPConnection:
        connection = super().make_connection(host)
        connection.timeout = self._timeout
        return connection


def _ping(port: int, timeout: float = 2.0) -> bool:
    """Whether unoserver answers `info()` (which also needs a live LibreOffice behind it)."""
    proxy = xmlrpc.client.ServerProxy(
        f"http://127.0.0.1:{port}", transport=_TimeoutTransport(timeout), allow_none=True
    )
    try:
        info = proxy.info()
    except (OSError, xmlrpc.client.Error, http.client.HTTPException):
        return False
    return isinstance(info, dict) and "api" in info


# The longest a process says it is not ready because its LibreOffice is starting (`warming`).
WARMING_GATE_S: Final = 30.0


@dataclass
class _Server:
    proc: subprocess.Popen[bytes]
    port: int
    uno_port: int
    workdir: Path
    command: list[str]
    jobs: int = 0
    faults: int = 0
    started_at: float = field(default_factory=time.monotonic)

    def log_tail(self) -> str:
        try:
            text = (self.workdir / "server.log").read_text("utf-8", "replace")
        except OSError:
            return ""
        return _one_line(text[-2000:])


def _call_with_timeout(
    fn: Callable[[], _T], timeout: float
) -> tuple[bool, _T | None, BaseException | None]:
    """Runs `fn` in a daemon thread: (finished, value, error)."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, name="slidewright-unoserver-call", daemon=True)
    thread.start()
    thread.join(max(timeout, 0.0))
    if thread.is_alive():
        return False, None, None
    return True, box.get("value"), box.get("error")


class UnoserverRenderer:
    """LibreOffice kept warm behind unoserver; falls back to `SofficeRenderer` per job.

    The server is started lazily on the first job (or by `start()`), as
    `python -c "<launcher>" --interface 127.0.0.1 --port P --uno-interface 127.0.0.1
    --uno-port Q --user-installation <profile> --executable <soffice> --temp-dir <tmp>` in its
    own process group with a hardened fresh profile; conversions are serialized (LibreOffice is
    single-threaded). `timeout_s` bounds each attempt: waiting for the warm server, the warm
    conversion plus rasterization, and the cold fallback each get up to `timeout_s`. On a warm
    timeout or crash the server's whole process group is SIGKILLed and the job is retried once
    with `SofficeRenderer`; the next job starts a new server. If the server cannot start, jobs
    go to the fallback for `retry_after_s` before trying again. A forked child process never
    touches its parent's server. `close()` is idempotent and never raises (app lifespan).
    """

    def __init__(
        self,
        *,
        soffice: str | None = None,
        launcher: Sequence[str] | None = None,
        fallback: Renderer | None = None,
        work_root: str | os.PathLike[str] | None = None,
        startup_timeout_s: float = 60.0,
        max_jobs_per_server: int = 200,
        retry_after_s: float = 60.0,
        import_filter: str = PPTX_IMPORT_FILTER,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        found = soffice or find_soffice()
        if not found:
            raise RenderUnavailable(
                "LibreOffice (soffice) is not installed; install libreoffice-impress-nogui."
            )
        self.soffice = found
        self.poppler = _Poppler.find()
        resolved = tuple(launcher) if launcher else find_unoserver_launcher()
        if not resolved:
            raise RenderUnavailable(
                "No Python interpreter here can import LibreOffice's uno module "
                "(install python3-uno) to run unoserver."
            )
        self.launcher: tuple[str, ...] = resolved
        self.work_root = Path(work_root) if work_root is not None else None
        self.fallback: Renderer = fallback or SofficeRenderer(
            soffice=found, work_root=work_root, import_filter=import_filter, memory_mb=memory_mb
        )
        self.memory_mb = memory_mb
        self.startup_timeout_s = startup_timeout_s
        self.max_jobs_per_server = max_jobs_per_server
        self.retry_after_s = retry_after_s
        self.import_filter = import_filter
        self.stats: dict[str, int] = {"warm": 0, "fallback": 0, "starts": 0, "kills": 0}
        self._job_lock = threading.Lock()  # one conversion at a time through the warm server
        self._warm_up_lock = threading.Lock()
        self._warming_since: float | None = None  # when the running warm-up began (`warming`)
        self._state_lock = threading.RLock()  # guards _server / _closed
        self._server: _Server | None = None
        self._starting: _Server | None = None
        self._closed = False
        self._pid = os.getpid()
        self._broken_until = 0.0
        self._atexit_registered = False

    # -- lifecycle ------------------------------------------------------------------------------

    @property
    def server_pid(self) -> int | None:
        """The unoserver process id (also its process group id), if one is running."""
        with self._state_lock:
            return self._server.proc.pid if self._server else None

    @property
    def server_command(self) -> list[str] | None:
        with self._state_lock:
            return list(self._server.command) if self._server else None

    def start(self) -> None:
        """Starts the warm server now (e.g. from a background thread in the app lifespan)."""
        with self._job_lock:
            self._ensure_server()

    def warm_up(self) -> None:
        """Starts the server and renders a one-slide deck through it: LibreOffice's first
        conversion loads Impress and its filters, poppler's first run the font cache, and
        without this the first user's job pays for both. Counted in `stats` as a warm job.
        Several callers (the early start, the app's lifespan) warm it up once."""
        with self._warm_up_lock:
            if self._is_warm():
                return  # a second caller (the app's lifespan after the early start)
            self._warming_since = time.monotonic()
            try:
                with self._job_lock:
                    server = self._ensure_server()
                    if server is None or server.jobs > 0:
                        return  # no server (jobs go to the fallback), or already warm
                self.render(_warm_up_deck(), slides=[1], timeout_s=self.startup_timeout_s)
            finally:
                self._warming_since = None

    @property
    def warming(self) -> bool:
        """Whether LibreOffice is still starting after a warm-up began: a render asked for now
        would wait for it (readiness says so, and a load balancer sends the first uploads
        elsewhere). False once it has done a conversion (the warm-up's or a job's), and after
        `WARMING_GATE_S` whatever happens: a single host behind a proxy that polls readiness is
        unreachable while it is not ready, and a slow start must not keep it so."""
        since = self._warming_since
        if since is None or time.monotonic() - since > WARMING_GATE_S:
            return False
        return not self._is_warm()

    def _is_warm(self) -> bool:
        with self._state_lock:
            server = self._server
            return server is not None and server.jobs > 0 and server.proc.poll() is None

    def close(self) -> None:
        with self._state_lock:
            self._closed = True
            server, self._server = self._server, None
            starting = self._starting
            if self._atexit_registered:
                atexit.unregister(self.close)
                self._atexit_registered = False
        if os.getpid() == self._pid:
            if starting is not None:  # the starting thread sees it die and cleans up
                _kill_group(starting.proc.pid)
            if server is not None:
                self._stop(server)
        with contextlib.suppress(Exception):
            self.fallback.close()

    def __enter__(self) -> UnoserverRenderer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _stop(self, server: _Server) -> None:
        try:
            _kill_group(server.proc.pid)
            self.stats["kills"] += 1
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.proc.wait(timeout=10)
        except Exception:  # close() must never raise
            log.exception("stopping unoserver failed")
        shutil.rmtree(server.workdir, ignore_errors=True)

    def _start_server(self) -> _Server:
        if self.work_root is not None:
            self.work_root.mkdir(parents=True, exist_ok=True)
        workdir = Path(tempfile.mkdtemp(prefix="slidewright-unoserver-", dir=self.work_root))
        profile = workdir / "profile"
        write_profile(profile)
        env = _sandbox_env(workdir)
        port = _free_port()
        uno_port = _free_port()
        while uno_port == port:
            uno_port = _free_port()
        command = tethered(
            [
                *self.launcher,
                "--interface",
                "127.0.0.1",
                "--port",
                str(port),
                "--uno-interface",
                "127.0.0.1",
                "--uno-port",
                str(uno_port),
                "--user-installation",
                str(profile),
                "--executable",
                self.soffice,
                "--temp-dir",
                env["TMPDIR"],
            ],
            memory_mb=self.memory_mb,
        )
        with open(workdir / "server.log", "wb") as log_file:
            proc = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=workdir,
                start_new_session=True,
            )
        server = _Server(proc, port, uno_port, workdir, command)
        self.stats["starts"] += 1
        with self._state_lock:
            self._starting = server
            if self._closed:  # close() raced with this start
                _kill_group(proc.pid)
        log.info("starting unoserver (pid %s): %s", proc.pid, " ".join(command))
        deadline = time.monotonic() + self.startup_timeout_s
        while True:
            code = proc.poll()
            if code is not None:
                tail = server.log_tail()
                self._stop(server)
                with self._state_lock:
                    self._starting = None
                raise RenderUnavailable(f"unoserver exited during startup (code {code}): {tail}")
            if _ping(port):
                break
            if time.monotonic() > deadline:
                self._stop(server)
                with self._state_lock:
                    self._starting = None
                raise RenderUnavailable(
                    f"unoserver was not ready after {self.startup_timeout_s:.0f} s."
                )
            time.sleep(0.25)
        log.info("unoserver ready in %.1f s", time.monotonic() - server.started_at)
        return server

    def _ensure_server(self) -> _Server | None:
        """The running server (started or restarted as needed), or None to use the fallback.

        Called with the job lock held, so only one thread ever starts a server; the state lock
        is held only briefly, so `close()` never waits for a startup (it kills it instead).
        """
        with self._state_lock:
            if self._closed:
                return None
            if os.getpid() != self._pid:  # forked: the server belongs to the parent
                self._pid, self._server = os.getpid(), None
            server = self._server
            if server is not None:
                code = server.proc.poll()
                if code is not None:
                    log.warning("unoserver died (code %s): %s", code, server.log_tail())
                if code is None and server.jobs < self.max_jobs_per_server:
                    return server
                self._server = None
            if server is None and time.monotonic() < self._broken_until:
                return None
        if server is not None:
            self._stop(server)
        try:
            server = self._start_server()
        except (RenderUnavailable, OSError) as exc:
            log.warning("unoserver unavailable, using one soffice per job: %s", exc)
            self._broken_until = time.monotonic() + self.retry_after_s
            return None
        with self._state_lock:
            self._starting = None
            if not self._closed:
                self._server = server
                if not self._atexit_registered:
                    atexit.register(self.close)
                    self._atexit_registered = True
                return server
        self._stop(server)
        return None

    def _discard(self, server: _Server, reason: str) -> None:
        log.warning("dropping the unoserver process (the next job starts a new one): %s", reason)
        with self._state_lock:
            if self._server is server:
                self._server = None
        self._stop(server)

    # -- rendering ------------------------------------------------------------------------------

    def render(
        self, pptx_bytes: bytes, *, slides: Sequence[int] | None = None, timeout_s: float
    ) -> list[bytes]:
        expected = count_slides(pptx_bytes)
        if expected is not None and not _select(slides, expected):
            return []
        warm: tuple[bytes, float] | None = None
        if self._job_lock.acquire(timeout=max(timeout_s, 0.0)):
            try:
                warm = self._convert_warm(pptx_bytes, timeout_s)
            finally:
                self._job_lock.release()
        else:
            log.info("warm renderer busy for %.0f s: one soffice for this job", timeout_s)
        if warm is None:
            self.stats["fallback"] += 1
            return self.fallback.render(pptx_bytes, slides=slides, timeout_s=timeout_s)
        self.stats["warm"] += 1
        pdf, deadline = warm
        with tempfile.TemporaryDirectory(
            prefix="slidewright-render-", dir=self.work_root, ignore_cleanup_errors=True
        ) as tmp:
            workdir = Path(tmp)
            pdf_path = workdir / "deck.pdf"
            pdf_path.write_bytes(pdf)
            return pdf_to_thumbnails(
                pdf_path,
                workdir=workdir,
                slides=slides,
                expected=expected,
                deadline=deadline,
                poppler=self.poppler,
            )

    def _convert_warm(self, pptx_bytes: bytes, timeout_s: float) -> tuple[bytes, float] | None:
        """(PDF bytes, job deadline) from the warm server, or None to use the fallback."""
        server = self._ensure_server()
        if server is None:
            return None
        started = time.monotonic()
        from unoserver.client import UnoClient

        options = [f"{name}={value}" for name, _kind, value in PDF_FILTER_DATA]

        def convert() -> bytes:
            client = UnoClient(server="127.0.0.1", port=str(server.port), host_location="remote")
            result = client.convert(
                indata=pptx_bytes,
                convert_to="pdf",
                filtername=PDF_EXPORT_FILTER,
                filter_options=options,
                infiltername=self.import_filter,
            )
            if not isinstance(result, bytes | bytearray):
                raise RenderError("unoserver returned no PDF")
            return bytes(result)

        finished, value, error = _call_with_timeout(convert, timeout_s)
        if not finished:
            self._discard(server, f"conversion ran past {timeout_s:.1f} s")
            return None
        if error is None and value is not None:
            server.jobs += 1
            server.faults = 0
            return value, started + timeout_s
        if isinstance(error, xmlrpc.client.Fault) and server.proc.poll() is None:
            # LibreOffice refused this document; retry cold in case the warm one is in a bad
            # state, and recycle it after repeated refusals.
            server.faults += 1
            log.warning("unoserver could not convert: %s", _one_line(str(error.faultString)))
            if server.faults >= 3 or not _ping(server.port):
                self._discard(server, "repeated conversion failures")
            return None
        self._discard(server, f"conversion failed: {_one_line(repr(error))}")
        return None


# ------------------------------------------------------------------------------- FakeRenderer


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.load_default(size=size)
    except (OSError, ImportError, TypeError):  # Pillow without FreeType
        return ImageFont.load_default()


def fake_thumbnail(number: int) -> bytes:
    """A real 640x360 JPEG with "Slide N" drawn on it."""
    image = Image.new("RGB", (THUMB_WIDTH, THUMB_HEIGHT), (236, 231, 225))
    draw = ImageDraw.Draw(image)
    draw.rectangle((8, 8, THUMB_WIDTH - 9, THUMB_HEIGHT - 9), outline=(180, 90, 60), width=4)
    draw.text(
        (THUMB_WIDTH / 2, THUMB_HEIGHT / 2),
        f"Slide {number}",
        fill=(60, 50, 45),
        font=_font(64),
        anchor="mm",
    )
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY)
    return out.getvalue()


class FakeRenderer:
    """Renderer for tests of other layers: real JPEGs, no LibreOffice.

    The slide count comes from the package (like the real renderers) unless `slide_count` is
    given; bytes that are not a presentation raise `RenderError`. `error` makes every call raise
    it. `calls` records `(slides, timeout_s)` per call.
    """

    def __init__(self, *, slide_count: int | None = None, error: Exception | None = None) -> None:
        self.slide_count = slide_count
        self.error = error
        self.calls: list[tuple[list[int] | None, float]] = []
        self.closed = False

    def render(
        self, pptx_bytes: bytes, *, slides: Sequence[int] | None = None, timeout_s: float
    ) -> list[bytes]:
        self.calls.append((list(slides) if slides is not None else None, timeout_s))
        if self.error is not None:
            raise self.error
        count = self.slide_count if self.slide_count is not None else count_slides(pptx_bytes)
        if count is None:
            raise RenderError("LibreOffice could not convert the presentation: not a PPTX package")
        return [fake_thumbnail(number) for number in _select(slides, count)]

    def close(self) -> None:
        self.closed = True


# ------------------------------------------------------------------------------------ factory

RendererKind = Literal["auto", "unoserver", "soffice", "fake"]


def build_renderer(
    kind: RendererKind | str = "auto",
    *,
    work_root: str | os.PathLike[str] | None = None,
    memory_mb: int = DEFAULT_MEMORY_MB,
    recycle_after: int = 200,
) -> Renderer:
    """The renderer for `kind`: 'auto' prefers the warm unoserver, then one soffice per job.

    Raises `RenderUnavailable` with a clear message when LibreOffice or poppler is missing
    (or, for 'unoserver', when no interpreter can import uno).
    """
    if kind == "fake":
        return FakeRenderer()
    if work_root is None:
        with _early_lock:
            early = _early.pop((kind, memory_mb, recycle_after), None)
        if early is not None:
            return early
    if kind not in ("auto", "unoserver", "soffice"):
        raise ValueError(f"unknown renderer {kind!r} (auto, unoserver, soffice or fake)")
    soffice = find_soffice()
    if soffice is None:
        raise RenderUnavailable(
            "LibreOffice (soffice) is not installed; install libreoffice-impress-nogui "
            "or choose the 'fake' renderer."
        )
    _Poppler.find()
    if kind == "soffice":
        return SofficeRenderer(soffice=soffice, work_root=work_root, memory_mb=memory_mb)
    launcher = find_unoserver_launcher()
    if launcher is not None:
        return UnoserverRenderer(
            soffice=soffice,
            launcher=launcher,
            work_root=work_root,
            memory_mb=memory_mb,
            max_jobs_per_server=recycle_after,
        )
    if kind == "unoserver":
        raise RenderUnavailable(
            "No Python interpreter here can import LibreOffice's uno module (install python3-uno)."
        )
    log.info("uno is not importable: rendering with one soffice per job")
    return SofficeRenderer(soffice=soffice, work_root=work_root, memory_mb=memory_mb)


def render_to_dir(
    path_in: str | os.PathLike[str],
    outdir: str | os.PathLike[str],
    *,
    renderer: Renderer | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> list[Path]:
    """Renders every slide of the file to `outdir/1.jpg`, `2.jpg`, ... (CLI helper).

    Without a `renderer` a one-shot `SofficeRenderer` is used (a warm server would take longer
    to start than a single cold conversion).
    """
    data = Path(path_in).read_bytes()
    own = renderer is None
    active = renderer if renderer is not None else build_renderer("soffice")
    try:
        thumbs = active.render(data, timeout_s=timeout_s)
    finally:
        if own:
            active.close()
    target = Path(outdir)
    target.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for number, jpeg in enumerate(thumbs, start=1):
        path = target / f"{number}.jpg"
        partial = target / f".{number}.jpg.tmp"
        partial.write_bytes(jpeg)
        os.replace(partial, path)
        written.append(path)
    return written


__all__ = [
    "DEFAULT_TIMEOUT_S",
    "PAD_COLOR",
    "THUMB_HEIGHT",
    "THUMB_WIDTH",
    "FakeRenderer",
    "RenderError",
    "RenderTimeout",
    "RenderUnavailable",
    "Renderer",
    "RendererKind",
    "SlideOutOfRange",
    "SofficeRenderer",
    "UnoserverRenderer",
    "build_renderer",
    "count_slides",
    "fake_thumbnail",
    "find_unoserver_launcher",
    "render_to_dir",
    "write_profile",
]


# -- starting early ---------------------------------------------------------------------------


def _warm_up_deck() -> bytes:
    """One widescreen slide with what real decks hold: text in Latin and Chinese, a table, a
    chart and a JPEG picture. LibreOffice loads the code for each of them (the chart module
    above all), its fonts and its image filters on first use, and poppler its fonts: a plain
    text slide left all of that to the first user's render, which took about 1.5 times as long
    as the ones after it."""
    # Only here: the rest of the module needs no python-pptx.
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    deck = Presentation()
    deck.slide_width, deck.slide_height = Inches(13.333), Inches(7.5)
    slide = deck.slides.add_slide(deck.slide_layouts[5])  # title only
    slide.shapes.title.text = "Slidewright 季度回顾"
    box = slide.shapes.add_textbox(Inches(0.5), Inches(1.6), Inches(4), Inches(2))
    box.text_frame.text = "Revenue grew 12%\n收入同比增长百分之十二"
    table = slide.shapes.add_table(3, 3, Inches(0.5), Inches(4), Inches(4), Inches(2)).table
    for row in range(3):
        for column in range(3):
            table.cell(row, column).text = f"R{row}C{column}"
    data = CategoryChartData()
    data.categories = ["Q1", "Q2", "Q3"]
    data.add_series("2026", (1.2, 1.5, 1.9))
    slide.shapes.add_chart(
        XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(5), Inches(1.6), Inches(4), Inches(3), data
    )
    picture = io.BytesIO()
    Image.linear_gradient("L").resize((320, 180)).convert("RGB").save(picture, "JPEG")
    picture.seek(0)
    slide.shapes.add_picture(picture, Inches(9.5), Inches(1.6), Inches(3.2), Inches(1.8))
    buffer = io.BytesIO()
    deck.save(buffer)
    return buffer.getvalue()


_early_lock = threading.Lock()
_early: dict[tuple[str, int, int], Renderer] = {}


def start_early(kind: str, *, memory_mb: int, recycle_after: int) -> threading.Thread | None:
    """Builds the renderer `build_renderer` would build with these arguments and starts its
    LibreOffice in a background thread now; the next `build_renderer(kind, ...)` in this process
    gets this one instead of a new one. Returns that thread (its end: LibreOffice warm, or the
    start failed), or None when nothing stays warm.

    Why: a web process spends seconds importing the app and migrating before it answers, and
    LibreOffice takes about as long to start. Started side by side, the first upload after a
    restart finds LibreOffice warm instead of waiting for it. Never raises: where LibreOffice
    cannot run, the app's own `build_renderer` reports it as it always has.
    """
    try:
        renderer = build_renderer(kind, memory_mb=memory_mb, recycle_after=recycle_after)
    except (RenderUnavailable, ValueError):
        return None
    if not isinstance(renderer, UnoserverRenderer):  # one soffice per job: nothing stays warm
        renderer.close()
        return None
    with _early_lock:
        _early[(kind, memory_mb, recycle_after)] = renderer

    def run() -> None:
        try:
            renderer.warm_up()
        except Exception:  # the first job retries and reports a typed error
            log.warning("starting LibreOffice early failed", exc_info=True)

    thread = threading.Thread(target=run, name="renderer-early-start", daemon=True)
    thread.start()
    return thread
