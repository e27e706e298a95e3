"""The JSON API under /api/v1: health, analyze, check, toa. Each view reads the request and
sends what toa.server.service makes of the analysis in the job's process (jobs.run).
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from .. import __version__, render
from . import jobs, service

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
    return jsonify({"version": __version__, "libreoffice": render.find_soffice() is not None,
                    "warm_libreoffice": bool(office is not None and office.available),
                    "courtlistener_token": bool(_settings().token)})


@bp.post("/analyze")
def analyze():
    return jsonify(jobs.run(service.analysis, jobs.read_upload()))


@bp.post("/check")
def check():
    return jsonify(jobs.run(service.checked, jobs.read_upload(), _settings()))


@bp.post("/toa")
def toa():
    return jsonify(jobs.run(service.table_and_fields, jobs.read_upload()))
