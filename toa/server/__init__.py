"""`toa serve`: the task pane's files and a JSON API from one local origin (127.0.0.1 only).

create_app is the factory; the blueprints are `pane` (the static add-in files, addin/) and
`api` (/api/v1: health, analyze, check, toa). guard refuses foreign hosts and origins and turns
every error into JSON; jobs runs the pipeline on an upload in a private temporary folder with a
time limit, in a process of its own. serve runs the app under cheroot with TLS.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask.json.provider import DefaultJSONProvider


def _addin_dir() -> Path:
    """The add-in's files: addin/ at the top of the checkout, which an installed wheel carries as
    toa/addin/ (pyproject.toml maps the one onto the other)."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "addin"
    return installed if installed.is_dir() else package.parent / "addin"


ADDIN_DIR = _addin_dir()
MAX_UPLOAD = 50 * 1024 * 1024


def create_app(config: dict | None = None) -> Flask:
    """The application. Config: TOA_PORT (3000), TOA_SCHEME (https), MAX_CONTENT_LENGTH (50 MB),
    TOA_TIME_LIMIT (seconds per request, 120), TOA_WORKERS (analyses at once, each in a process of
    its own, 4), TOA_OFFICE
    (a render.Office kept warm, or None), TOA_VERIFY_SETTINGS (a callable giving the verify
    Settings; default: from the environment), TOA_ADDIN_DIR (the pane's files)."""
    from . import api, guard, jobs, pane

    app = Flask(__name__, static_folder=None)
    app.config.update(
        TOA_PORT=3000,
        TOA_SCHEME="https",
        MAX_CONTENT_LENGTH=MAX_UPLOAD,
        TOA_TIME_LIMIT=120.0,
        TOA_WORKERS=4,
        TOA_OFFICE=None,
        TOA_VERIFY_SETTINGS=None,
        TOA_ADDIN_DIR=str(ADDIN_DIR),
    )
    if isinstance(app.json, DefaultJSONProvider):  # (Flask's own provider, which every new app has)
        app.json.sort_keys = False  # the report's keys in the order of toa build --json
    app.config.update(config or {})
    app.extensions["toa_jobs"] = jobs.Jobs(int(app.config["TOA_WORKERS"]))
    guard.install(app)
    app.register_blueprint(pane.bp)
    app.register_blueprint(api.bp, url_prefix="/api/v1")
    return app
