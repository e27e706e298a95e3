"""LibreOffice, run headless, as the page oracle: bookmarks in, page numbers out.

A temporary copy of the brief carries a bookmark at every place whose page we need. Exported
to PDF with ExportBookmarksToPDFDestination, each bookmark becomes a named destination whose
page index is exact for that rendering.

Each rendering starts LibreOffice afresh (a few seconds), unless the caller holds an `Office`:
one long-lived LibreOffice behind unoserver (a server, `toa serve`, keeps it warm between
requests and it is started again when it dies).
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lxml import etree

from . import fonts, opc
from .oxml import drop_references, safe_parser
from .oxml.fields import unwrap_fields
from .package import MAX_EMBEDDING_DEPTH, DocumentError, check_sizes, check_xml_parts, is_package

if TYPE_CHECKING:  # pypdf loads only when a rendering is read: an estimated build never takes it
    from pypdf import PdfReader

_EXPORT = 'pdf:writer_pdf_Export:{"ExportBookmarksToPDFDestination":{"type":"boolean","value":"true"}}'
TIMEOUT_SECONDS = 180


class RenderError(Exception):
    """LibreOffice is missing or failed; the caller falls back to another page source."""


def find_soffice() -> str | None:
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    for path in (
        "/usr/lib/libreoffice/program/soffice",
        "/opt/libreoffice/program/soffice",
        "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    ):
        if os.path.exists(path):
            return path
    return None


def timeout() -> float:
    """Seconds LibreOffice gets for one layout: TOA_RENDER_TIMEOUT, or 180."""
    try:
        return max(1.0, float(os.environ.get("TOA_RENDER_TIMEOUT", TIMEOUT_SECONDS)))
    except ValueError:
        return TIMEOUT_SECONDS


def _run(cmd: list[str], seconds: float, env: dict[str, str]) -> int:
    """Run LibreOffice (under its launcher) in a session of its own, so that on timeout (or
    Ctrl-C, SIGTERM) the whole group dies, soffice.bin and whatever it started included, before
    its folder is removed; if toa is killed outright, the launcher's watchdog does both."""
    proc = subprocess.Popen(
        cmd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=os.name == "posix",
    )
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        raise RenderError(f"LibreOffice did not finish within {seconds:.0f} s") from None
    finally:
        _kill_group(proc)


# Fields that make LibreOffice (or Word) read another file or a data source when it lays the
# page out: the layout copy keeps their printed result and loses the instruction.
_FETCHING_FIELDS = frozenset(
    {"INCLUDETEXT", "INCLUDEPICTURE", "INCLUDE", "IMPORT", "LINK", "DDE", "DDEAUTO", "DATABASE", "RD"}
)


def inert(docx_bytes: bytes, depth: int = 0) -> bytes:
    """The copy LibreOffice lays out, with nothing in it that reaches outside the copy (README
    "Limits"): every relationship that leaves the package is dropped with the references to it
    (a linked picture, a frame, an OLE link, an attached template, a subdocument, a mail-merge
    source), every field that reads another file or a data source (INCLUDETEXT, INCLUDEPICTURE,
    LINK, DDE ...) keeps its printed result and loses its instruction, and every package
    embedded in it (an altChunk .docx, an embedded document or workbook, which LibreOffice opens
    to show it) is made inert in turn, down to MAX_EMBEDDING_DEPTH; one nested deeper, or that
    is not a readable package, is dropped with what refers to it, and so is a chunk of another
    kind (HTML, RTF), which LibreOffice does not lay out. The user's output never passes through
    here."""
    with zipfile.ZipFile(io.BytesIO(docx_bytes)) as zin:
        infos = zin.infolist()
        parts = {info.filename: zin.read(info) for info in infos}
    parser = safe_parser()
    types = opc.content_types(etree.fromstring(parts[opc.TYPES_PART], parser) if opc.TYPES_PART in parts else None)
    changed, unusable = _inert_embedded(parts, depth)
    dropped = _drop_outside_relationships(parts, unusable, changed, parser)
    for name, data in parts.items():
        if not (opc.is_xml(types(name)) or name in dropped) or opc.is_rels(name):
            continue
        gone = dropped.get(name, set())
        if not gone and b"instrText" not in data and b"fldSimple" not in data:
            continue
        root = etree.fromstring(data, parser)
        if drop_references(root, gone) | unwrap_fields(root, _FETCHING_FIELDS):
            parts[name] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            changed.add(name)
    if not changed:
        return docx_bytes
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zout:
        for info in infos:
            zout.writestr(info, parts[info.filename])
    return out.getvalue()


def _inert_embedded(parts: dict[str, bytes], depth: int) -> tuple[set[str], set[str]]:
    """Every embedded package of `parts` made inert in place: the names of the parts changed, and
    those of the packages the copy must not point at (too deep, or not readable)."""
    changed: set[str] = set()
    unusable: set[str] = set()
    for name, data in parts.items():
        if not is_package(data):
            continue
        if depth >= MAX_EMBEDDING_DEPTH or not _readable_package(data):
            unusable.add(name)
            continue
        parts[name] = inert(data, depth + 1)
        if parts[name] is not data:
            changed.add(name)
    return changed, unusable


def _drop_outside_relationships(
    parts: dict[str, bytes], unusable: set[str], changed: set[str], parser
) -> dict[str, set[str]]:
    """Drop from the relationship parts (in place, their names added to `changed`) every
    relationship that leaves the package, points at an unusable package, or brings in a chunk
    that is not a package; the ids dropped, by the part they were relationships of."""
    dropped: dict[str, set[str]] = {}
    for name in [n for n in parts if opc.is_rels(n)]:
        root = etree.fromstring(parts[name], parser)
        for rel in list(opc.relationships(name, root)):
            if not opc.is_external(rel.element) and rel.target not in unusable:
                if rel.kind != "aFChunk" or is_package(parts.get(rel.target, b"")):
                    continue
            rel.element.getparent().remove(rel.element)
            dropped.setdefault(rel.source, set()).add(rel.id)
            changed.add(name)
        if name in changed:
            parts[name] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return dropped


def _readable_package(data: bytes) -> bool:
    """An embedded package that passes the checks a brief passes (sizes, every XML part
    well-formed and without a DOCTYPE): only such a package is laid out."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            check_sizes("embedded package", zf.infolist())
            check_xml_parts("embedded package", zf)
        return True
    except (
        DocumentError,
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        NotImplementedError,
        RuntimeError,
        ValueError,
        OSError,
    ):
        return False


@dataclass
class Rendering:
    destinations: dict[str, int]  # destination name -> 1-based page number
    pages: int
    fonts: list[str]  # the fonts the PDF embeds (PostScript names, subset prefix kept)


def destinations(docx_bytes: bytes, office: Office | None = None) -> Rendering:
    """Render a .docx (made inert first): its named destinations, page count and embedded fonts."""
    docx_bytes = inert(docx_bytes)
    if office is not None:
        try:
            return _read_rendering(io.BytesIO(office.to_pdf(docx_bytes)))
        except RenderError:
            pass  # the warm LibreOffice failed twice: this rendering starts one of its own
    soffice = find_soffice()
    if soffice is None:
        raise RenderError("LibreOffice (soffice) is not installed")
    with tempfile.TemporaryDirectory(prefix="toa-render-") as tmp:
        src = Path(tmp, "brief.docx")
        src.write_bytes(docx_bytes)
        # A profile of its own: a running LibreOffice of the user's would otherwise take the job.
        profile = _profile(Path(tmp, "profile")).as_uri()
        command = [
            soffice,
            "--headless",
            "--norestore",
            "--nolockcheck",
            f"-env:UserInstallation={profile}",
            "--convert-to",
            _EXPORT,
            "--outdir",
            tmp,
            str(src),
        ]
        returncode = _run(_launched(sys.executable, tmp, command), timeout(), env=_environment(tmp))
        pdf = Path(tmp, "brief.pdf")
        if not pdf.exists():
            raise RenderError(f"LibreOffice produced no PDF (exit status {returncode})")
        return _read_rendering(str(pdf))


# LibreOffice's own settings, in the profile it starts with: linked pictures are not loaded
# (BlockUntrustedRefererLinks) and links are never updated when a document loads.
_PROFILE_SETTINGS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks"
 oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value>
</prop></item>
</oor:items>
"""


def _profile(folder: Path) -> Path:
    """A new LibreOffice profile in `folder` with _PROFILE_SETTINGS."""
    (folder / "user").mkdir(parents=True)
    (folder / "user" / "registrymodifications.xcu").write_text(_PROFILE_SETTINGS, encoding="utf-8")
    return folder


def _environment(folder: str) -> dict[str, str]:
    """LibreOffice's environment: `folder` as its home and its temporary folder, so that what it
    leaves when it is killed (its lu*.tmp folders) goes with `folder`."""
    return {**os.environ, "HOME": folder, "TMPDIR": folder, "TMP": folder, "TEMP": folder, **fonts.environment()}


def _read_rendering(pdf) -> Rendering:
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    out = {}
    for name, dest in reader.named_destinations.items():
        try:
            page = reader.get_destination_page_number(dest)
        except Exception:  # a destination pypdf cannot follow: not one of ours
            continue
        if page is not None:  # (None: a destination without a page, not one of ours either)
            out[str(name).lstrip("/")] = page + 1
    return Rendering(out, len(reader.pages), embedded_fonts(reader))


def embedded_fonts(reader: PdfReader) -> list[str]:
    """The BaseFont of every font the pages use (a Type0 font's descendants too)."""
    names: list[str] = []

    def add(font):
        font = font.get_object()
        name = str(font.get("/BaseFont", "")).lstrip("/")
        if name and name not in names:
            names.append(name)
        for sub in font.get("/DescendantFonts", []) or []:
            add(sub)

    for page in reader.pages:
        resources = page.get("/Resources")
        font_dict = resources.get_object().get("/Font") if resources is not None else None
        for ref in font_dict.get_object().values() if font_dict is not None else []:
            add(ref)
    return names


# LibreOffice's launcher (soffice for one layout, or unoserver's server, which starts it), with a
# watchdog: when the process that started it is gone, even killed by SIGKILL (which it can neither
# catch nor pass on), the watchdog kills its process group (itself, LibreOffice and whatever that
# started) and has LibreOffice's folder removed once the group is gone. It watches its parent
# rather than asking for PR_SET_PDEATHSIG: that is Linux only, reaches only the direct child (not
# soffice.bin under oosplash), and fires when the *thread* that started the child ends (toa
# serve starts its warm LibreOffice from a thread that ends). Without process groups (Windows)
# it only exits. argv: the parent's pid, the folder, then "-m module args..." or a command.
_LAUNCHER = """
import os, runpy, shutil, signal, subprocess, sys, threading, time
parent, folder, command = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
def watch():
    while os.getppid() == parent:
        time.sleep(0.25)
    if hasattr(os, "killpg"):
        group = os.getpgid(0)
        ready, told = os.pipe()
        if os.fork() == 0:  # out of the group, it outlives it and removes the folder
            os.setsid()
            os.write(told, b".")
            for _ in range(500):
                try:
                    os.killpg(group, 0)
                except OSError:
                    break
                time.sleep(0.02)
            shutil.rmtree(folder, ignore_errors=True)
            os._exit(0)
        os.read(ready, 1)
        os.killpg(group, signal.SIGKILL)
    os._exit(1)
threading.Thread(target=watch, daemon=True).start()
if command[0] == "-m":
    sys.argv = command[1:]
    runpy.run_module(command[1], run_name="__main__", alter_sys=True)
else:
    status = subprocess.call(command)
    sys.exit(status if status >= 0 else 128 - status)
"""


def _launched(python: str, folder: str, command: list[str]) -> list[str]:
    """The command line that runs `command` (a command, or "-m", module, args) under the
    launcher's watchdog with `python`; `folder` is removed if this process dies first."""
    return [python, "-c", _LAUNCHER, str(os.getpid()), folder, *command]


class Office:
    """One LibreOffice kept running (through unoserver, whose server half needs a Python that
    has LibreOffice's `uno` module) with a profile of its own in a private folder. Renderings
    go one at a time; when LibreOffice has died or fails a rendering, it is started again once.
    """

    START_TIMEOUT = 60.0

    def __init__(self, soffice: str | None = None, python: str | None = None, timeout: float | None = None):
        self.soffice = soffice or find_soffice()
        self.python = python or find_uno_python()
        self.timeout = timeout if timeout is not None else globals()["timeout"]()
        self._lock = threading.Lock()
        self._for: threading.Event | None = None  # the rendering in progress: see cancel
        self._proc: subprocess.Popen | None = None
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._port = 0
        self._closed = False

    @property
    def available(self) -> bool:
        return bool(self.soffice and self.python and _unoserver_path())

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None and self._proc.poll() is None else None

    def to_pdf(self, docx_bytes: bytes, job: threading.Event | None = None) -> bytes:
        """The PDF of a .docx. `job`, once cancelled, ends the rendering: see cancel."""
        import xmlrpc.client  # here: a build that estimates its pages never loads it (nor http, ssl)

        with self._lock:
            self._for = job
            try:
                for attempt in (1, 2):
                    if job is not None and job.is_set():
                        raise RenderError("the rendering was cancelled")
                    try:
                        if self._proc is None or self._proc.poll() is not None:
                            self._start()
                        proxy = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{self._port}", allow_none=True)
                        result = proxy.convert(
                            None,
                            xmlrpc.client.Binary(docx_bytes),
                            None,
                            "pdf",
                            "writer_pdf_Export",
                            ["ExportBookmarksToPDFDestination=true"],
                            False,
                            None,
                            None,
                        )
                        if not isinstance(result, xmlrpc.client.Binary):
                            raise RenderError("unoserver answered without a PDF")
                        return result.data
                    except (OSError, xmlrpc.client.Error, RenderError) as exc:
                        self._stop()
                        if attempt == 2:
                            raise RenderError(f"the warm LibreOffice failed ({type(exc).__name__})") from None
            finally:
                self._for = None
        raise RenderError("unreachable")

    def cancel(self, job: threading.Event) -> None:
        """The renderings of `job` are not wanted any more (its time is up): one waiting for its
        turn does not start, one in progress ends now (LibreOffice is killed, and started again
        for the next rendering)."""
        job.set()
        proc = self._proc
        if self._for is job and proc is not None:
            _kill_group(proc)

    def close(self) -> None:
        """Stop LibreOffice now (a rendering in progress fails); no rendering starts it again."""
        self._closed = True
        self._stop()

    def _start(self) -> None:
        if self._closed:
            raise RenderError("the warm LibreOffice was closed")
        if not self.available:
            raise RenderError("LibreOffice with its Python bindings (uno) and unoserver are needed")
        assert self.python is not None and self.soffice is not None  # (available says so)
        self._stop()
        self._tmp = tempfile.TemporaryDirectory(prefix="toa-office-")
        tmp = Path(self._tmp.name)
        self._port, uno_port = _free_port(), _free_port()
        cmd = _launched(
            self.python,
            str(tmp),
            [
                "-m",
                "unoserver.server",
                "--interface",
                "127.0.0.1",
                "--port",
                str(self._port),
                "--uno-interface",
                "127.0.0.1",
                "--uno-port",
                str(uno_port),
                "--executable",
                self.soffice,
                "--user-installation",
                str(_profile(tmp / "profile")),
                "--conversion-timeout",
                str(int(self.timeout)),
                "--quiet",
            ],
        )
        env = {**_environment(str(tmp)), "PYTHONPATH": _unoserver_path() or ""}
        self._proc = proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=os.name == "posix"
        )
        import xmlrpc.client

        deadline = time.monotonic() + self.START_TIMEOUT
        proxy = xmlrpc.client.ServerProxy(f"http://127.0.0.1:{self._port}", allow_none=True)
        while time.monotonic() < deadline:
            if proc.poll() is not None:  # (close() from another thread may have let go of it)
                raise RenderError("LibreOffice (unoserver) exited at start")
            try:
                proxy.info()
                return
            except (OSError, xmlrpc.client.Error):
                time.sleep(0.25)
        raise RenderError(f"LibreOffice (unoserver) did not start within {self.START_TIMEOUT:.0f} s")

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            _kill_group(proc)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None


def _kill_group(proc: subprocess.Popen) -> None:
    """End a process we started in a session of its own and everything in its group (unoserver,
    oosplash, soffice.bin): LibreOffice does not always stop on SIGTERM, and the group outlives its
    leader, so the whole group gets SIGKILL and we wait until it is gone."""
    if os.name != "posix":
        subprocess.run(["taskkill", "/T", "/F", "/PID", str(proc.pid)], capture_output=True, check=False)
        proc.wait()
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()
    for _ in range(50):  # the group's other members go once the kernel has delivered the signal
        try:
            os.killpg(proc.pid, 0)
        except (ProcessLookupError, PermissionError):
            return
        time.sleep(0.02)


def find_uno_python() -> str | None:
    """A Python that can import LibreOffice's `uno` (this one, LibreOffice's own, or the system's)."""
    candidates = [sys.executable]
    soffice = find_soffice()
    if soffice:
        program = Path(os.path.realpath(soffice)).parent
        candidates += [str(program / "python"), str(program / "python.exe")]
    candidates += ["/usr/bin/python3"]
    for python in candidates:
        if not os.path.exists(python):
            continue
        try:
            ok = subprocess.run([python, "-c", "import uno"], capture_output=True, timeout=30).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            continue
        if ok:
            return python
    return None


def _unoserver_path() -> str | None:
    """The folder holding the unoserver package (given to LibreOffice's Python as PYTHONPATH)."""
    try:
        import unoserver
    except ImportError:
        return None
    return str(Path(unoserver.__file__).resolve().parents[1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
