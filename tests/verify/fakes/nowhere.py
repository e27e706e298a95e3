"""A host that answers 404 to every request with a page of its own: a proxy, a captive portal,
or a base URL that points at the wrong server. Nothing it says is any source's answer."""

from __future__ import annotations

PAGE = (
    b"<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center>"
    b"<hr><center>nginx</center></body></html>"
)


def make_app():
    def app(environ, start_response):
        start_response("404 Not Found", [("Content-Type", "text/html"), ("Content-Length", str(len(PAGE)))])
        return [PAGE]

    return app
