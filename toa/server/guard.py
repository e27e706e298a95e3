"""Who may talk to the server, and what an error looks like.

Only requests addressed to the loopback name and port (Host) are served, so a DNS-rebinding
page (evil.example resolving to 127.0.0.1) gets nothing; a request that carries an Origin must
come from the server's own origin, and no CORS header is ever sent, so another site's page in
the user's browser can neither read an answer nor post a document. Every error is a JSON body
{"error": code, "message": one line for a person}, never a traceback.
"""

from __future__ import annotations

import logging

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger("toa.server")

MESSAGES = {
    400: "The request is not what this server expects.",
    403: "This server answers only its own task pane on this computer.",
    404: "There is nothing at this address.",
    405: "This address does not accept that method.",
    413: "The document is larger than this server accepts.",
}


class ApiError(Exception):
    """An error with a status, a short code and a message for a person."""

    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def internal_error(what: str) -> ApiError:
    """A failure of the server's own (a bug, a job that died): `what` names it, never its text."""
    return ApiError(
        500,
        "internal",
        f"The server failed unexpectedly ({what}); the document was not kept. Try again, or run toa build on the file.",
    )


def allowed_hosts(app: Flask) -> set[str]:
    port = app.config["TOA_PORT"]
    return {f"127.0.0.1:{port}", f"localhost:{port}"}


def error(status: int, code: str, message: str):
    response = jsonify({"error": code, "message": message})
    response.status_code = status
    return response


def install(app: Flask) -> None:
    @app.before_request
    def _check_caller():
        hosts = allowed_hosts(app)
        if request.host.lower() not in hosts:
            return error(403, "forbidden_host", f"Requests must be addressed to 127.0.0.1:{app.config['TOA_PORT']}.")
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() not in {f"{app.config['TOA_SCHEME']}://{h}" for h in hosts}:
            return error(403, "forbidden_origin", "Requests from other web pages are refused.")
        if request.headers.get("Sec-Fetch-Site") == "cross-site":
            return error(403, "forbidden_origin", "Requests from other web pages are refused.")
        return None

    @app.after_request
    def _headers(response):
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        return error(exc.status, exc.code, exc.message)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        status = exc.code or 500
        code = (exc.name or "error").lower().replace(" ", "_")
        if status == 413:
            limit = app.config["MAX_CONTENT_LENGTH"] // (1024 * 1024)
            return error(413, "too_large", f"The document is larger than {limit} MB, the most this server accepts.")
        return error(status, code, MESSAGES.get(status, exc.description or exc.name))

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("unexpected failure")
        failure = internal_error(type(exc).__name__)
        return error(failure.status, failure.code, failure.message)
