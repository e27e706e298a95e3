"""The JSON API under /api/v1: health, analyze, rescan, check, toa. Each view reads the request and
sends what toa.server.service makes of the analysis in the job's process (jobs.run).
"""

from __future__ import annotations


from flask import Blueprint, current_app, jsonify, request

from .. import __version__, render
from ..model import PAGE_METHODS
from ..styles import builtin_names
from ..styles import load as load_style
from . import jobs, service
from .guard import ApiError

bp = Blueprint("api", __name__)
VERIFY_SHARE = 0.75  # of a request's time limit, the part a check may spend asking the sources


def _settings():
    factory = current_app.config["TOA_VERIFY_SETTINGS"]
    if factory is not None:
        return factory()
    import time

    from ..verify import Settings

    # The server keeps its answers between checks (README: toa serve); its checks end in time
    # to answer within the request's time limit, what is left over being "not verified".
    limit = float(current_app.config["TOA_TIME_LIMIT"])
    return Settings.from_env(keep_cache=True, deadline=time.time() + limit * VERIFY_SHARE)


@bp.get("/health")
def health():
    office = current_app.config["TOA_OFFICE"]
    return jsonify(
        {
            "version": __version__,
            "libreoffice": render.find_soffice() is not None,
            "warm_libreoffice": bool(office is not None and office.available),
            "courtlistener_token": bool(_settings().token),
            # the court styles and page sources the pane offers (the options of analyze, check, toa)
            # passim: the style's threshold (0: the court allows no passim; the pane offers none)
            "styles": [
                {"name": n, "description": load_style(n).description, "passim": load_style(n).passim}
                for n in builtin_names()
            ],
            "pages": list(PAGE_METHODS),
        }
    )


@bp.post("/analyze")
def analyze():
    return jsonify(jobs.run(service.analysis, jobs.read_upload()))


@bp.post("/rescan")
def rescan():
    """The analysis of a part of the document (the pane's re-scan of what changed): the
    paragraphs and the package sent, through the same stages as analyze, and what was received
    (the paragraphs sent as text, their characters, the characters of the package)."""
    upload = jobs.read_paragraphs()
    body = request.get_json()
    paragraphs = body.get("paragraphs", [])
    received = {
        "paragraphs": len(paragraphs),
        "characters": sum(len(t) for t in paragraphs),
        "ooxml": len(body.get("ooxml") or ""),
    }
    return jsonify({"report": jobs.run(service.analysis, upload), "received": received})


@bp.post("/check")
def check():
    """With ?progress=1 the answer is a stream: a line per authority checked, then the report.
    ?as_of=YYYY-MM-DD checks statutes, rules and regulations as in force on that date (toa check --as-of)."""
    upload = jobs.read_upload()
    settings = _settings()
    as_of = request.args.get("as_of")
    if as_of:
        try:
            settings = settings.on_date(as_of)
        except ValueError as e:
            raise ApiError(400, "bad_option", f"as_of {as_of!r}: {e}.") from None
    if request.args.get("progress") == "1":
        return jobs.stream(service.checked, upload, settings)
    return jsonify(jobs.run(service.checked, upload, settings))


@bp.post("/toa")
def toa():
    return jsonify(jobs.run(service.table_and_fields, jobs.read_upload()))
