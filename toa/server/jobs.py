"""One request's work: the uploaded document in a private temporary folder (removed
afterwards), the pipeline on it, under a time limit.

The document comes as a .docx (Document.getFileAsync(Compressed), Word on Windows and Mac, or
curl -F file=@brief.docx) or as Flat OPC XML (Body.getOoxml(), Word on the web).
"""
from __future__ import annotations

import os
import re
import tempfile
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path

from flask import current_app, request

from .. import flatopc, pagination, pipeline
from ..styles import builtin_names
from .guard import ApiError

FLAT_OPC_NOTE = ("pages laid out from the body package Word on the web gives (Body.getOoxml): headers, footers "
                 "and anything else the package leaves out are not in the layout, so the pages are approximate")


@dataclass
class Upload:
    data: bytes  # the .docx package
    name: str  # a display name (never a path)
    format: str  # docx | flat-opc
    style: str
    pages: str


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
    head = data[:8]
    if head.startswith(b"PK\x03\x04"):
        fmt = "docx"
    elif data.lstrip()[:1] == b"<" or data.startswith(b"\xef\xbb\xbf"):
        try:
            data = flatopc.to_docx(data)
        except flatopc.FlatOpcError as exc:
            raise ApiError(400, "bad_document", f"The document XML cannot be read: {exc}.") from None
        fmt = "flat-opc"
    else:
        raise ApiError(400, "bad_document", "The document is neither a .docx file nor Word's Flat OPC XML.")
    style = request.args.get("style", "auto")
    if style != "auto" and style not in builtin_names():  # a name, never a path on disk
        raise ApiError(400, "bad_option", f"Unknown style {style!r}; use one of: auto, {', '.join(builtin_names())}.")
    pages = request.args.get("pages", "auto")
    if pages not in pagination.METHODS:
        raise ApiError(400, "bad_option", f"Unknown page source {pages!r}; use one of: {', '.join(pagination.METHODS)}.")
    return Upload(data, name, fmt, style, pages)


def _display_name(filename: str | None) -> str:
    base = re.split(r"[\\/]", filename or "")[-1]
    return re.sub(r"[^\w .()-]", "_", base)[:120]


def run(work, upload: Upload):
    """`work(result, upload)` on the analysis of the upload, in the worker pool, within the time
    limit. The folder that held the document is gone when the work ends (even after a timeout)."""
    app = current_app._get_current_object()
    office = app.config["TOA_OFFICE"]
    future = app.extensions["toa_pool"].submit(_job, work, upload, office, app)
    try:
        return future.result(timeout=app.config["TOA_TIME_LIMIT"])
    except FutureTimeout:
        future.cancel()
        raise ApiError(503, "timeout", f"The document took longer than {app.config['TOA_TIME_LIMIT']:.0f} s; "
                                       "try toa build on the command line.") from None


def _job(work, upload: Upload, office, app):
    with app.app_context(), tempfile.TemporaryDirectory(prefix="toa-serve-") as tmp:
        os.chmod(tmp, 0o700)
        path = Path(tmp, "document.docx")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(upload.data)
        try:
            result = pipeline.analyse(str(path), style=upload.style, pages=upload.pages, office=office)
        except pipeline.NoCitationsError:
            raise ApiError(422, "no_citations", "No citations were found in this document.") from None
        except pipeline.BuildError as exc:
            raise ApiError(400, "bad_document", str(exc).replace(str(path), upload.name)) from None
        result.report["source"] = upload.name
        result.report["input"] = upload.format
        if upload.format == "flat-opc" and result.pagemap.method != "estimate":
            result.report["pagination"]["exact"] = False
            result.report["pagination"]["note"] = FLAT_OPC_NOTE
        return work(result, upload)
