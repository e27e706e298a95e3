"""The task pane's static files (addin/) from the server's own origin, under a strict
Content-Security-Policy (CSP below; taskpane.html carries the same policy in a <meta> element,
for a copy of the page served from anywhere else)."""

from __future__ import annotations

from collections.abc import Collection

from flask import Blueprint, current_app, redirect, send_from_directory

bp = Blueprint("pane", __name__)

OFFICE_JS = "https://appsforoffice.microsoft.com"  # where taskpane.html loads Office.js from
# The pages that frame the pane in Word on the web (and the Word web app's own frame); Word
# desktop shows it in a webview of its own, with no frame around it. Microsoft publishes no
# list: these are the hosts add-in authors found Word and Excel on the web framing from
# (OfficeDev/office-js#3342, office-js-docs-pr#4911), plus the newer cloud.microsoft domains.
OFFICE_FRAMERS = (
    "https://*.officeapps.live.com",
    "https://*.sharepoint.com",
    "https://onedrive.live.com",
    "https://*.office.com",
    "https://*.cloud.microsoft",
    "https://*.microsoft365.com",
    "https://teams.microsoft.com",
)
# Only the pane's own files and Office.js run: no inline script or style, no eval, no plugin,
# no <base>, no form; the API on this origin is all it connects to (Office.js's telemetry is
# refused, which Office.js shrugs off). frame-src: the prompt Office.js frames from its CDN
# when it cannot tell the host is trusted.
CSP = {
    "default-src": ("'none'",),
    "script-src": ("'self'", OFFICE_JS),
    "style-src": ("'self'",),
    "img-src": ("'self'",),
    "connect-src": ("'self'",),
    "worker-src": ("'self'",),
    "frame-src": (OFFICE_JS,),
    "object-src": ("'none'",),
    "base-uri": ("'none'",),
    "form-action": ("'none'",),
    "frame-ancestors": ("'self'", *OFFICE_FRAMERS),
}
# frame-ancestors is ignored in a <meta> element (browsers say so in the console): the page's own copy leaves it out
META_LEFT_OUT = {"frame-ancestors"}


def policy(left_out: Collection[str] = ()) -> str:
    """CSP as the header's value (less the directives `left_out`)."""
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in CSP.items() if name not in left_out)


@bp.after_request
def _policy(response):
    # every file of the pane: the page's and the service worker's (the worker's fetches follow its
    # own header) are the ones a browser applies; a copy the service worker keeps keeps it too
    response.headers["Content-Security-Policy"] = policy()
    return response


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
