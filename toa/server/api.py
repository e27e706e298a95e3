"""The JSON API under /api/v1: health, analyze, check, toa. Each view reads the request and
sends what toa.server.service makes of the analysis in the job's process (jobs.run).
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from .. import __version__, render
from ..model import PAGE_METHODS
from ..styles import builtin_names
from ..styles import load as load_style
from . import jobs, service

bp = Blueprint("api", __name__)


def _settings():
    factory = current_app.config["TOA_VERIFY_SETTINGS"]
    if factory is not None:
        return factory()
    from ..verify import Settings

    return Settings.from_env()


@bp.get("/health")
def health():
    office = current_app.config["TOA_OFFICE"]
    return jsonify({"version": __version__, "libreoffice": render.find_soffice() is not None,
                    "warm_libreoffice": bool(office is not None and office.available),
                    "courtlistener_token": bool(_settings().token),
                    # the court styles and page sources the pane offers (the options of analyze, check, toa)
                    "styles": [{"name": n, "description": load_style(n).description} for n in builtin_names()],
                    "pages": list(PAGE_METHODS)})


@bp.post("/analyze")
def analyze():
    return jsonify(jobs.run(service.analysis, jobs.read_upload()))


@bp.post("/check")
def check():
    """With ?progress=1 the answer is a stream: a line per authority checked, then the report."""
    upload = jobs.read_upload()
    if request.args.get("progress") == "1":
        return jobs.stream(service.checked, upload, _settings())
    return jsonify(jobs.run(service.checked, upload, _settings()))


@bp.post("/toa")
def toa():
    return jsonify(jobs.run(service.table_and_fields, jobs.read_upload()))
