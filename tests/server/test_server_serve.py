"""`toa serve` as a user starts it: cheroot with TLS on 127.0.0.1, a one-line error without a
certificate, four analyses at once; `toa addin manifest`; the warm LibreOffice. (The certificate's
checks at start and `toa addin setup`/`doctor`: test_doctor.py.)"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from toa import render
from toa.cli import main

ROOT = Path(__file__).resolve().parents[2]
APPELLATE = ROOT / "samples" / "appellate-brief.docx"
TRIAL = ROOT / "samples" / "trial-memorandum.docx"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    import trustme

    tmp = tmp_path_factory.mktemp("tls")
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    cert.private_key_pem.write_to_path(str(tmp / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(tmp / "cert.pem"))
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "toa.cli",
            "serve",
            "--port",
            str(port),
            "--cert",
            str(tmp / "cert.pem"),
            "--key",
            str(tmp / "key.pem"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    context = ssl.create_default_context()
    ca.configure_trust(context)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=context, timeout=2)
            break
        except httpx.HTTPError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(proc.stdout.read().decode(errors="replace"))
            time.sleep(0.2)
    yield {"port": port, "context": context, "proc": proc}
    proc.send_signal(signal.SIGTERM)
    proc.wait(30)


def test_serves_https_on_loopback_only(served):
    port = served["port"]
    r = httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=served["context"])
    assert r.status_code == 200 and r.json()["libreoffice"] is True
    r = httpx.get(f"https://localhost:{port}/taskpane.html", verify=served["context"])
    assert r.status_code == 200 and "taskpane.js" in r.text
    with pytest.raises(httpx.HTTPError):  # plain HTTP is not spoken
        httpx.get(f"http://127.0.0.1:{port}/api/v1/health", timeout=5)
    try:  # the machine's other addresses, where nothing may answer
        addresses = {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
    except OSError:
        addresses = set()
    addresses -= {"127.0.0.1", "127.0.1.1"}
    for address in addresses:
        with pytest.raises(OSError):
            socket.create_connection((address, port), timeout=2).close()


def test_four_concurrent_analyses_all_succeed_with_rendered_pages(served):
    url = f"https://127.0.0.1:{served['port']}/api/v1/analyze"

    def analyze(path: Path):
        return httpx.post(url, content=path.read_bytes(), verify=served["context"], timeout=300)

    briefs = [APPELLATE, TRIAL, APPELLATE, TRIAL]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(analyze, briefs))
    assert [a.status_code for a in answers] == [200] * 4
    assert all(a.json()["pagination"]["method"] == "render" for a in answers)
    assert answers[0].json()["categories"] == answers[2].json()["categories"]
    assert answers[1].json()["categories"] == answers[3].json()["categories"]


def test_curl_form_upload_gives_the_same_authorities_as_toa_build(served, tmp_path, capsys):
    r = httpx.post(
        f"https://127.0.0.1:{served['port']}/api/v1/analyze",
        verify=served["context"],
        timeout=300,
        files={"file": ("appellate-brief.docx", APPELLATE.read_bytes())},
    )
    assert r.status_code == 200
    assert main(["build", str(APPELLATE), "-o", str(tmp_path / "out.docx"), "--json", str(tmp_path / "r.json")]) == 0
    import json

    built = json.loads((tmp_path / "r.json").read_text())
    pages = lambda rep: {a["text"]: a["pages"] for c in rep["categories"] for a in c["authorities"]}  # noqa: E731
    assert pages(r.json()) == pages(built)


def test_without_a_certificate_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr("toa.server.serve.DEV_CERTS", tmp_path / "none")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no pair of toa addin setup either
    assert main(["serve", "--port", str(free_port())]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run `toa addin setup`" in err and "--cert" in err
    assert main(["serve", "--cert", str(tmp_path / "missing.crt"), "--key", str(tmp_path / "missing.key")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["serve", "--cert", str(tmp_path / "only.crt")]) == 2


def test_port_in_use_is_a_one_line_error(served, capsys):
    assert main(["serve", "--port", str(served["port"]), "--no-https"]) == 2
    assert "cannot listen" in capsys.readouterr().err


def test_addin_manifest_for_a_port(tmp_path, capsys):
    assert main(["addin", "manifest", "--port", "4443", "-o", str(tmp_path / "m.xml")]) == 0
    text = (tmp_path / "m.xml").read_text()
    assert "https://localhost:4443/taskpane.html" in text and ":3000" not in text
    assert main(["addin", "manifest"]) == 0
    assert "https://localhost:3000/taskpane.html" in capsys.readouterr().out
    assert main(["addin", "manifest", "--port", "70000"]) == 2


@pytest.mark.skipif(not render.Office().available, reason="LibreOffice's Python bindings (python3-uno) are missing")
def test_warm_libreoffice_renders_and_comes_back_after_it_dies():
    office = render.Office()
    try:
        data = APPELLATE.read_bytes()
        pages = render.destinations(data, office).pages
        first = office.pid
        assert pages == 17 and first is not None
        assert render.destinations(data, office).pages == 17
        assert office.pid == first  # no new LibreOffice: the warm one answered
        os.killpg(first, signal.SIGKILL)  # LibreOffice (and unoserver) die
        time.sleep(0.5)
        assert render.destinations(data, office).pages == 17
        assert office.pid not in (None, first)
    finally:
        office.close()
    assert office.pid is None


def test_idle_and_slow_connections_do_not_stop_the_server_answering(served):
    """Issue 20: eight idle sockets, or ten clients sending their headers or body slowly, held
    every worker thread (and an idle socket held the TLS handshake, in the thread that accepts)
    and /api/v1/health timed out. Twenty idle sockets and twenty-four slow clients held open,
    and health still answers at once; the server closes them all when their seconds are up."""
    from toa.server.serve import IDLE_SECONDS, REQUEST_SECONDS

    port, context = served["port"], served["context"]
    held = []
    start = time.monotonic()
    try:
        for _ in range(20):  # connected, never a byte: not even a TLS handshake
            held.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        for i in range(24):  # TLS done, then half a request: headers, or a body, that never end
            tls = context.wrap_socket(
                socket.create_connection(("127.0.0.1", port), timeout=10), server_hostname="127.0.0.1"
            )
            if i % 2:
                tls.sendall(f"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
            else:
                tls.sendall(
                    f"POST /api/v1/analyze HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                    "Content-Length: 100000\r\n\r\nPK".encode()
                )
            held.append(tls)
        for _ in range(3):
            r = httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=context, timeout=5)
            assert r.status_code == 200
            for tls in held[20:]:  # the slow ones go on trickling
                tls.sendall(b"x")
            time.sleep(0.5)
        time.sleep(max(0.0, start + max(IDLE_SECONDS, REQUEST_SECONDS) + 2 - time.monotonic()))
        assert all(_closed_by_server(s) for s in held)
    finally:
        for s in held:
            s.close()


def test_clients_sending_their_headers_a_byte_a_second_do_not_delay_health(served):
    """Issue 28: each client trickling its headers held a worker thread for its 10 seconds, so
    more of them than THREADS delayed /api/v1/health by 8.5 s. Twice THREADS such clients, each
    sending a header byte a second: health answers promptly throughout, and the server closes
    them when their seconds are up."""
    from toa.server.serve import IDLE_SECONDS, THREADS

    port, context = served["port"], served["context"]
    slow = []
    try:
        for _ in range(2 * THREADS):
            tls = context.wrap_socket(
                socket.create_connection(("127.0.0.1", port), timeout=10), server_hostname="127.0.0.1"
            )
            tls.sendall(f"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
            slow.append(tls)
        waits = []
        for _ in range(IDLE_SECONDS - 2):
            for tls in slow:
                with contextlib.suppress(OSError):  # closed already: the waits below say how late
                    tls.sendall(b"X")
            start = time.monotonic()
            r = httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=context, timeout=30)
            waits.append(time.monotonic() - start)
            assert r.status_code == 200
            time.sleep(max(0.0, 1 - waits[-1]))
        assert max(waits) < 2, waits  # a thread-starved server answers only when slow ones time out
        time.sleep(4)
        assert all(_closed_by_server(s) for s in slow)
    finally:
        for s in slow:
            s.close()


def test_heads_sent_in_a_flood_of_one_byte_records_do_not_delay_health(served):
    """The thread that accepts gathers the heads: three clients that put 200,000 one-byte TLS
    records each in their sockets at once must not keep it from the others until it has read
    them all (6.7 s before it took turns)."""
    import threading

    port, context = served["port"], served["context"]
    sent = []

    def flood():
        tls = context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="127.0.0.1")
        tls.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        tls.sendall(f"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Flood: ".encode())
        with contextlib.suppress(OSError):  # closed by the server at its seconds
            for _ in range(200_000):
                tls.send(b"a")
        sent.append(tls)

    floods = [threading.Thread(target=flood) for _ in range(3)]
    for f in floods:
        f.start()
    waits = []
    try:
        while any(f.is_alive() for f in floods) or len(waits) < 6:
            start = time.monotonic()
            assert httpx.get(f"https://127.0.0.1:{port}/api/v1/health", verify=context, timeout=30).status_code == 200
            waits.append(time.monotonic() - start)
            time.sleep(0.3)
        assert max(waits) < 2, waits
    finally:
        for f in floods:
            f.join()
        for tls in sent:
            tls.close()


def test_heads_gathered_before_a_worker_takes_them_are_read_whole(served):
    """The head gathered by the thread that accepts: requests sent together, each with a long
    header, are all answered; a head past HEAD_BYTES is refused with 413, not kept."""
    from toa.server.serve import HEAD_BYTES

    port, context = served["port"], served["context"]
    request = f"GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Long: {'b' * 20_000}\r\n\r\n"
    with context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="127.0.0.1") as tls:
        tls.sendall(request.encode() * 3)
        assert _answers(tls).count(b"HTTP/1.1 200 OK") == 3
    with context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="127.0.0.1") as tls:
        tls.sendall(request.replace("b" * 20_000, "b" * HEAD_BYTES).encode())
        assert _answers(tls).startswith(b"HTTP/1.1 413")


def _answers(sock) -> bytes:
    """What the server sends on `sock` until it stops for a second."""
    sock.settimeout(1)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    return data


def _closed_by_server(sock) -> bool:
    """The server has closed this connection (after an answer such as 408, or none)."""
    sock.settimeout(2)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except OSError:  # reset, or TLS cut short: closed all the same
        pass
    return True


@pytest.mark.skipif(not render.Office().available, reason="LibreOffice's Python bindings (python3-uno) are missing")
def test_a_rendering_for_a_job_past_its_time_ends_in_the_warm_libreoffice():
    """A job stopped at its limit while the warm LibreOffice lays out its brief: that rendering
    ends at once (LibreOffice is started again for the next one), and one waiting its turn for
    such a job never starts."""
    import io
    import threading

    from docxbuild import DocBuilder

    b = DocBuilder()
    for _ in range(1500):  # some 300 pages: seconds of layout
        b.paragraph("The court held that summary judgment is proper when there is no genuine dispute. " * 6)
    buf = io.BytesIO()
    b.doc.save(buf)
    office = render.Office()
    try:
        office.to_pdf(APPELLATE.read_bytes())  # started and warm
        job, outcome = threading.Event(), []

        def lay_out():
            try:
                outcome.append(len(office.to_pdf(buf.getvalue(), job)))
            except render.RenderError as exc:
                outcome.append(str(exc))

        worker = threading.Thread(target=lay_out)
        worker.start()
        time.sleep(1.0)
        busy = office.pid
        office.cancel(job)
        worker.join(60)
        assert outcome == ["the rendering was cancelled"]
        assert busy is not None and office.pid is None
        with pytest.raises(render.RenderError, match="cancelled"):
            office.to_pdf(APPELLATE.read_bytes(), job)
        assert render.destinations(APPELLATE.read_bytes(), office).pages == 17  # the next job's
    finally:
        office.close()
