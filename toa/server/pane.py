"""The task pane's static files (addin/) from the server's own origin."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, send_from_directory

bp = Blueprint("pane", __name__)
# the page, its ES modules (taskpane.js imports the others), its service worker (sw.js: the page
# loads from its copy when the server is down) and the manifest
FILES = {
    "taskpane.html",
    "taskpane.css",
    "manifest.xml",
    "sw.js",
    *(f"{module}.js" for module in ("taskpane", "api", "edits", "fields", "follow", "state", "view", "word")),
}


@bp.get("/")
def index():
    return redirect("/taskpane.html")


@bp.get("/<name>")
def static_file(name: str):
    if name not in FILES:  # a fixed list: nothing from the client names another file
        from .guard import ApiError

        raise ApiError(404, "not_found", "There is nothing at this address.")
    return send_from_directory(current_app.config["TOA_ADDIN_DIR"], name, max_age=0)


@bp.get("/assets/<name>")
def asset(name: str):
    from .guard import ApiError

    if name not in {"icon-16.png", "icon-32.png", "icon-64.png", "icon-80.png"}:
        raise ApiError(404, "not_found", "There is nothing at this address.")
    return send_from_directory(current_app.config["TOA_ADDIN_DIR"] + "/assets", name, max_age=0)
