"""The JSON API under /api/v1: health, analyze, check, toa. Each view reads the request and
sends what toa.server.service makes of the analysis in the job's process (jobs.run).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask import Blueprint, current_app, jsonify, request

from .. import __version__, render
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
        }
    )


@bp.post("/analyze")
def analyze():
    return jsonify(jobs.run(service.analysis, jobs.read_upload()))


@bp.post("/check")
def check():
    upload = jobs.read_upload()
    settings = _settings()
    as_of = request.args.get("as_of")
    if as_of:  # statutes, rules and regulations as in force on that date, as toa check --as-of
        try:
            settings = replace(settings, as_of=date.fromisoformat(as_of))
        except ValueError:
            raise ApiError(400, "bad_option", f"as_of {as_of!r} is not a date (YYYY-MM-DD).") from None
    return jsonify(jobs.run(service.checked, upload, settings))


@bp.post("/toa")
def toa():
    return jsonify(jobs.run(service.table_and_fields, jobs.read_upload()))
