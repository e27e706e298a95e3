"""One request's work, in a process of its own: the uploaded document in a private temporary
folder, the pipeline on it, within the time limit.

Past the limit the process is stopped (SIGTERM, so that a LibreOffice it started is killed with
its process group; SIGKILL if it has not ended within STOP_GRACE seconds), a rendering the warm
LibreOffice is doing for it is abandoned, and the folder is removed, all before the 503 goes
out. The job's memory goes back to the system when its process ends, so the server does not keep
what the largest document needed. Every temporary file of the job (LibreOffice's copy, its
profile, the PDF) is inside the job's folder.

The document comes as a .docx (Document.getFileAsync(Compressed), Word on Windows and Mac, or
curl -F file=@brief.docx) or as Flat OPC XML (Body.getOoxml(), Word on the web).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import queue
import re
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from flask import Response, current_app, request

from .. import flatopc, pipeline, render
from ..document import ReadOptions
from ..model import PAGE_METHODS
from ..oxml import make
from ..styles import builtin_names, passim_threshold
from .guard import ApiError, internal_error

log = logging.getLogger("toa.server")

MAX_RESCAN = 200  # the most paragraphs a re-scan of a changed part may send
# What no XML, and so no document, holds: half a surrogate pair (which UTF-8 cannot encode; JSON
# may escape one, "\ud800", and Python reads a CESU-8 one as one) and the non-characters U+FFFE
# and U+FFFF. (Control characters are left out of a paragraph's text, and refused in a package.)
NOT_XML_TEXT = re.compile("[\ud800-\udfff\ufffe\uffff]")
STOP_GRACE = 5.0  # seconds a stopped job has to kill its LibreOffice and end before SIGKILL
CANCEL_POLL = 0.25  # seconds between looks at whether a job's client has cancelled it

# work(analysis, job, verify settings or None) -> the JSON answer; a module-level function (it is
# named, not pickled, on its way to the job's process)
Work = Callable[[pipeline.BuildResult, "Job", object], dict]


@dataclass
class Upload:
    data: bytes  # the .docx package, or the Flat OPC XML
    name: str  # a display name (never a path)
    format: str  # docx | flat-opc
    style: str
    pages: str
    exclude: tuple[str, ...] = ()  # entry texts the author left out of the table (the pane's Exclude)
    passim: int | None = None  # the style's passim threshold changed (0: none); None: the style's
    footnotes: bool = True  # citations in footnotes and endnotes indexed
    first: tuple[str, ...] = ()  # paragraphs (their text) put before the document's own (a re-scan's)


def read_upload() -> Upload:
    """The document and the options of the current request; ApiError when unusable."""
    name = "document.docx"
    if request.mimetype == "multipart/form-data":
        f = request.files.get("file")
        if f is None:
            raise ApiError(400, "no_document", "Send the document as the form field 'file'.")
        data = f.read()
        name = _display_name(f.filename) or name
    else:  # the body itself, whatever its Content-Type says (curl --data-binary calls it a form)
        data = request.get_data(cache=False)
    if not data:
        raise ApiError(400, "no_document", "The request carries no document.")
    if data[:8].startswith(b"PK\x03\x04"):
        fmt = "docx"
    elif data.lstrip()[:1] == b"<" or data.startswith(b"\xef\xbb\xbf"):
        fmt = "flat-opc"  # turned into a package in the job's process: its XML may be large
    else:
        raise ApiError(400, "bad_document", "The document is neither a .docx file nor Word's Flat OPC XML.")
    return upload_with_options(data, name, fmt)


def read_paragraphs() -> Upload:
    """The part of a document a re-scan sends, as a document, with the request's options; its
    pages are estimated (a part has no layout of its own). The JSON body is {"paragraphs":
    [text, ...], "ooxml": "<Flat OPC>"}: the paragraphs as Word's Paragraph.text gives them (the
    pane's lines holding the full citations cited before the changed part), then the body of the
    Flat OPC package (Range.getOoxml of the changed paragraphs and their neighbours: their
    italics and styles come with them, read as analyze reads a document). Either may be left
    out, not both. ApiError when unusable."""
    body = _json_body()
    body = body if isinstance(body, dict) else {}
    texts = body.get("paragraphs", [])
    ooxml = body.get("ooxml")
    if (
        not isinstance(texts, list)
        or not all(isinstance(t, str) for t in texts)
        or not isinstance(ooxml, str | None)
        or not (texts or ooxml)
    ):
        raise ApiError(
            400,
            "no_document",
            'Send the paragraphs as JSON: {"paragraphs": ["text", ...]} and/or {"ooxml": "<Flat OPC of them>"}.',
        )
    for where, text in [*((f"paragraph {i + 1}", t) for i, t in enumerate(texts)), ("ooxml", ooxml or "")]:
        if found := NOT_XML_TEXT.search(text):
            raise ApiError(
                400, "bad_text", f"The {where} sent holds U+{ord(found.group()):04X}, which no Word document can hold."
            )
    if len(texts) > MAX_RESCAN:
        raise ApiError(
            400, "too_many_paragraphs", f"A re-scan takes at most {MAX_RESCAN} paragraphs; scan the whole document."
        )
    package = ooxml or flatopc.body_package([])
    upload = upload_with_options(package.encode(), "part.xml", "flat-opc")
    return replace(upload, pages="estimate", first=tuple(texts))


def _json_body() -> object:
    """The request's JSON, None when its body is not JSON; ApiError when it nests too deeply for
    Python to read (which raises RecursionError, not the ValueError of other bad JSON)."""
    try:
        return request.get_json(silent=True)
    except RecursionError:
        raise ApiError(400, "bad_json", "The request's JSON is nested too deeply to be read.") from None


def _text_paragraph(text: str):
    """A w:p holding `text` as Word's Paragraph.text gives it: a tab and a line break (\\v) as the
    elements they are, other control characters (a field's or a note's mark) left out."""
    p = make("w:p")
    for piece in re.split(r"([\t\v\n])", text):
        if not piece:
            continue
        r = make("w:r")
        if piece == "\t":
            r.append(make("w:tab"))
        elif piece in "\v\n":
            r.append(make("w:br"))
        else:
            r.append(make("w:t", text=re.sub(r"[\x00-\x08\x0b-\x1f]", "", piece)))
        p.append(r)
    return p


def upload_with_options(data: bytes, name: str, fmt: str) -> Upload:
    """The upload of `data` with the options of the current request; ApiError on a bad one."""
    style = request.args.get("style", "auto")
    if style != "auto" and style not in builtin_names():  # a name, never a path on disk
        raise ApiError(400, "bad_option", f"Unknown style {style!r}; use one of: auto, {', '.join(builtin_names())}.")
    pages = request.args.get("pages", "auto")
    if pages not in PAGE_METHODS:
        raise ApiError(400, "bad_option", f"Unknown page source {pages!r}; use one of: {', '.join(PAGE_METHODS)}.")
    exclude = tuple(t for t in request.args.getlist("exclude") if t.strip())
    passim = request.args.get("passim")
    try:
        threshold = None if passim is None else passim_threshold(passim)
    except ValueError as exc:
        raise ApiError(400, "bad_option", str(exc)) from None
    footnotes = request.args.get("footnotes", "1")
    if footnotes not in ("0", "1"):
        raise ApiError(400, "bad_option", f"footnotes {footnotes!r}: use 1 (indexed) or 0 (left out).")
    return Upload(data, name, fmt, style, pages, exclude, threshold, footnotes == "1")


def _display_name(filename: str | None) -> str:
    base = re.split(r"[\\/]", filename or "")[-1]
    return re.sub(r"[^\w .()-]", "_", base)[:120]


def run(work: Work, upload: Upload, settings=None) -> dict:
    """`work` on the analysis of the upload, in a process of its own, within the time limit."""
    app = current_app
    return app.extensions["toa_jobs"].run(
        work, upload, settings, app.config["TOA_OFFICE"], float(app.config["TOA_TIME_LIMIT"])
    )


def stream(work: Work, upload: Upload, settings=None) -> Response:
    """`work` as run does, its answer sent as NDJSON after a line per step of its progress
    ({"progress": {"stage", "done", "total"}}), then {"answer": ...} or {"error", "message"}. A
    client that goes away (the pane's Cancel) stops the work at its next step."""
    # the worker runs outside the request: it takes what it needs of the app now
    pool, office, limit = (
        current_app.extensions["toa_jobs"],
        current_app.config["TOA_OFFICE"],
        float(current_app.config["TOA_TIME_LIMIT"]),
    )
    events: queue.Queue = queue.Queue()
    cancel = threading.Event()

    def progress(stage: str, done: int, total: int) -> None:
        events.put({"progress": {"stage": stage, "done": done, "total": total}})

    def worker() -> None:
        try:
            answer = {"answer": pool.run(work, upload, settings, office, limit, progress, cancel)}
        except ApiError as exc:
            answer = {"error": exc.code, "message": exc.message}
        except Exception:  # noqa: BLE001 - a bug of the server's own: said as the API says it
            log.exception("unexpected failure")
            failure = internal_error("the stream")
            answer = {"error": failure.code, "message": failure.message}
        events.put(answer)
        events.put(None)

    threading.Thread(target=worker, daemon=True).start()

    def lines():
        try:
            while (event := events.get()) is not None:
                yield json.dumps(event) + "\n"
        finally:
            cancel.set()

    return Response(lines(), mimetype="application/x-ndjson")


def _private_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def _timeout(limit: float) -> ApiError:
    return ApiError(503, "timeout", f"The document took longer than {limit:.0f} s; try toa build on the command line.")


class Jobs:
    """Runs each request's work in a process of its own, `workers` at a time (more wait their turn,
    within their time limit)."""

    def __init__(self, workers: int):
        self._slots = threading.BoundedSemaphore(workers)
        self._context = _process_context()
        self._lock = threading.Lock()
        self.running: set = set()  # the job processes now running

    def run(
        self,
        work: Work,
        upload: Upload,
        settings,
        office: render.Office | None,
        limit: float,
        progress: Callable[[str, int, int], None] | None = None,
        cancel: threading.Event | None = None,
    ) -> dict:
        """`progress(stage, done, total)` hears the work's steps; `cancel` set stops it."""
        deadline = time.monotonic() + limit
        if not self._slots.acquire(timeout=limit):
            raise _timeout(limit)
        try:
            folder = tempfile.mkdtemp(prefix="toa-serve-")  # mode 700
            try:
                name = "document.docx" if upload.format == "docx" else "document.xml"
                _private_file(Path(folder, name), upload.data)
                job = Job(
                    name=upload.name,
                    format=upload.format,
                    style=upload.style,
                    pages=upload.pages,
                    folder=folder,
                    path=str(Path(folder, name)),
                    exclude=upload.exclude,
                    passim=upload.passim,
                    footnotes=upload.footnotes,
                    first=upload.first,
                )
                return self._supervise(work, job, settings, office, deadline, limit, progress, cancel)
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        finally:
            self._slots.release()

    def _supervise(
        self,
        work,
        job,
        settings,
        office,
        deadline: float,
        limit: float,
        progress=None,
        cancel: threading.Event | None = None,
    ) -> dict:
        ours, theirs = self._context.Pipe()
        proc = self._context.Process(
            target=_job_main, args=(theirs, work, job, settings, office is not None, dict(os.environ)), daemon=True
        )
        proc.start()
        theirs.close()
        with self._lock:
            self.running.add(proc)
        rendering = threading.Event()  # set: the warm LibreOffice drops what it does for this job
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise _timeout(limit)
                if cancel is not None and cancel.is_set():
                    raise ApiError(499, "cancelled", "The work was cancelled; nothing changed.")
                if not ours.poll(min(left, CANCEL_POLL)):
                    continue
                try:
                    message = ours.recv()
                except EOFError:  # killed (the OOM killer), or crashed
                    proc.join(STOP_GRACE)
                    raise internal_error(f"the analysis ended with status {proc.exitcode}") from None
                if message[0] == "render":
                    ours.send(_render_for(office, message[1], rendering, deadline, limit))
                    continue
                if message[0] == "progress":
                    if progress is not None:
                        progress(*message[1:])
                    continue
                return _answer(message)
        finally:
            if office is not None:
                office.cancel(rendering)
            _stop(proc)
            with self._lock:
                self.running.discard(proc)
            ours.close()

    def running_pids(self) -> list[int]:
        """The process ids of the jobs now running: a snapshot, taken while no job starts or ends."""
        with self._lock:
            return [p.pid for p in self.running]

    def shutdown(self) -> None:
        """Stop every job now (the server is stopping)."""
        with self._lock:
            running = list(self.running)
        for proc in running:
            _stop(proc)


def _process_context():
    """Jobs fork from a server process that has loaded the pipeline once (fast, and free of the
    web server's threads); where there is no fork, each job starts a fresh Python."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["toa.server.service"])
        return context
    return multiprocessing.get_context("spawn")


def _stop(proc) -> None:
    if proc.is_alive():
        proc.terminate()
        proc.join(STOP_GRACE)
    if proc.is_alive():
        proc.kill()
    proc.join()


def _render_for(office: render.Office, docx: bytes, rendering: threading.Event, deadline: float, limit: float):
    """The warm LibreOffice's PDF of `docx` for a job, or why there is none; by the deadline."""
    answer: list = []

    def convert():
        try:
            answer.append(("pdf", office.to_pdf(docx, rendering)))
        except Exception as exc:  # noqa: BLE001 - any failure: the job renders on its own or estimates
            answer.append(("failed", str(exc) or type(exc).__name__))

    worker = threading.Thread(target=convert, daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()))
    if not answer:
        raise _timeout(limit)
    return answer[0]


def _answer(message) -> dict:
    kind = message[0]
    if kind == "done":
        return message[1]
    if kind == "refused":
        raise ApiError(*message[1:])
    raise internal_error(message[1])


# --------------------------------------------------------------------------- in the job's process


@dataclass
class Job:
    """One request's document in the job's process: a display name, the form it came in
    (docx | flat-opc), the options, and where the job keeps it."""

    name: str
    format: str
    style: str
    pages: str
    folder: str
    path: str
    exclude: tuple[str, ...] = ()
    passim: int | None = None
    footnotes: bool = True
    first: tuple[str, ...] = ()  # paragraphs (their text) put before the document's own
    # (stage, done, total) of the work's steps, to the server (set in the job's process)
    progress: Callable[[str, int, int], None] | None = None


class _WarmOffice:
    """The server's warm LibreOffice, asked through the job's pipe (render.destinations falls
    back to a LibreOffice of the job's own when it fails)."""

    def __init__(self, pipe):
        self.pipe = pipe

    def to_pdf(self, docx: bytes) -> bytes:
        self.pipe.send(("render", docx))
        kind, value = self.pipe.recv()
        if kind != "pdf":
            raise render.RenderError(value)
        return value


def _stopped(_signum, _frame):
    raise SystemExit(1)  # unwinds: a LibreOffice this job started is killed with its group


def _progress_to(pipe) -> Callable[[str, int, int], None]:
    """A progress callback that sends each step to the server; one send at a time (verification
    reports from its fetching threads, and a pipe is not safe for concurrent sends)."""
    lock = threading.Lock()

    def progress(stage: str, done: int, total: int) -> None:
        with lock:
            pipe.send(("progress", stage, done, total))

    return progress


def _job_main(pipe, work: Work, job: Job, settings, warm: bool, environment: dict) -> None:
    signal.signal(signal.SIGTERM, _stopped)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C at the server's terminal: the server stops it
    os.environ.clear()
    os.environ.update(environment)  # the server's, now (the process it forked from started earlier)
    tempfile.tempdir = job.folder
    job.progress = _progress_to(pipe)
    try:
        pipe.send(("done", _work(work, job, settings, _WarmOffice(pipe) if warm else None)))
    except ApiError as exc:
        pipe.send(("refused", exc.status, exc.code, exc.message))
    except Exception as exc:  # noqa: BLE001 - a bug: the server answers 500 and logs it here
        log.exception("unexpected failure")
        pipe.send(("failed", type(exc).__name__))


def _work(work: Work, job: Job, settings, office) -> dict:
    path = job.path
    if job.format == "flat-opc":
        try:
            data = flatopc.to_docx(Path(path).read_bytes(), [_text_paragraph(t) for t in job.first])
        except flatopc.FlatOpcError as exc:
            raise ApiError(400, "bad_document", f"The document XML cannot be read: {exc}.") from None
        path = str(Path(job.folder, "document.docx"))
        _private_file(Path(path), data)
    try:
        result = pipeline.analyse(
            path,
            style=job.style,
            pages=job.pages,
            office=office,
            passim=job.passim,
            options=ReadOptions(skip_notes=not job.footnotes),
        )
    except pipeline.NoCitationsError:
        raise ApiError(422, "no_citations", "No citations were found in this document.") from None
    except pipeline.BuildError as exc:
        raise ApiError(400, "bad_document", str(exc).replace(path, job.name)) from None
    pipeline.leave_out(result.table, job.exclude)
    return work(result, job, settings)
