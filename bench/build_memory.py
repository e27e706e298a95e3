"""Peak memory of `toa build` on files made to exhaust it, and of `toa serve` after four of them.

    python bench/build_memory.py [--skip-serve]

Each build runs in a fresh process (`--pages estimate`); its peak resident memory comes from
/proc/self/status (VmHWM; getrusage where there is no /proc). The files (README "Limits"):

  empty 1M, 2M    issue 20's file: '<w:p/>' a million or two million times (a 54 KB .docx);
                  refused, the first for its paragraphs, the second for its tags
  runs            one paragraph of 1,970,000 empty runs: just under the tag limit (which counts
                  the styles' tags too)
  paragraphs      199,000 paragraphs of 12 to 16 characters, 19,900 of them a citation: under the
                  paragraph, character and citation limits at once
  attributes      issue 28's file: 30,000 paragraphs of 400 attributes each; refused
  attributes max  19,700 paragraphs of 100 attributes each: just under the attribute limit
  runs+attributes 1,970,000 empty runs of one attribute each: just under the tag and attribute
                  limits at once
  altChunk 16.6M  issue 28's file: '<w:p/>' 16.6 million times in a .docx embedded as an altChunk
                  (which LibreOffice lays out); refused for the chunk's paragraphs
  altChunk runs   an altChunk of 1,960,000 empty runs: just under the tag limit

Then `toa serve --no-https` takes four uploads of the two-million-paragraph file at once, and
its resident memory is read from /proc (Linux) at its peak and afterwards: issue 20 saw 3.66 GB
and 753 MB kept.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import socket
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from docxbuild import DocBuilder  # noqa: E402

# The build's own peak (KiB): VmHWM belongs to the process image, so it is not the size of this
# process at the fork, which getrusage's ru_maxrss keeps across exec (used where /proc is absent).
PEAK = (
    "import re, resource, sys; from pathlib import Path; from toa.cli import main; rc = main(sys.argv[1:]); "
    "status = Path('/proc/self/status'); hwm = re.search(r'VmHWM:\\s+(\\d+)', status.read_text()) "
    "if status.exists() else None; "
    "print(hwm.group(1) if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); "
    "sys.exit(rc)"
)
CITATION = "<w:p><w:r><w:t>See 42 U.S.C. § 1983.</w:t></w:r></w:p>"
# Bodies made when their file is written (lambdas), not all held at once.
SHAPES = {
    "empty 1M": lambda: "<w:p/>" * 1_000_000,
    "empty 2M": lambda: "<w:p/>" * 2_000_000,
    "runs": lambda: "<w:p>" + "<w:r/>" * 1_970_000 + "</w:p>" + CITATION,
    "paragraphs": lambda: (
        ("<w:p><w:r><w:t>42 U.S.C. § 1983</w:t></w:r></w:p>" + "<w:p><w:r><w:t>no citation.</w:t></w:r></w:p>" * 9)
        * 19_900
    ),
    "attributes": lambda: ("<w:p " + " ".join(f'a{i}=""' for i in range(400)) + "/>") * 30_000,
    "attributes max": lambda: ("<w:p " + " ".join(f'a{i}=""' for i in range(100)) + "/>") * 19_700 + CITATION,
    "runs+attributes": lambda: "<w:p>" + '<w:r w:rsidR="00A1B2C3"/>' * 1_970_000 + "</w:p>" + CITATION,
}
# Bodies of a .docx embedded in the brief as an altChunk.
CHUNKS = {
    "altChunk 16.6M": lambda: "<w:p/>" * 16_600_000,
    "altChunk runs": lambda: "<w:p>" + "<w:r/>" * 1_960_000 + "</w:p>",
}


def brief(path: Path, body: str) -> Path:
    """A .docx whose body is `body` (WordprocessingML paragraphs)."""
    b = DocBuilder()
    b.paragraph("PLACEHOLDER")
    plain = path.with_suffix(".plain.docx")
    b.save(plain)
    with zipfile.ZipFile(plain) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "word/document.xml":
                xml = data.decode()
                at = xml.index("PLACEHOLDER")
                start, end = xml.rindex("<w:p>", 0, at), xml.index("</w:p>", at) + len("</w:p>")
                data = (xml[:start] + body + xml[end:]).encode()
            zout.writestr(info, data)
    return path


def chunked(path: Path, chunk_body: str) -> Path:
    """A .docx with a citation, then a .docx whose body is `chunk_body` as an altChunk."""
    chunk = brief(path.with_suffix(".chunk.docx"), chunk_body).read_bytes()
    main = brief(
        path.with_suffix(".main.docx"),
        '<w:p><w:r><w:t>See 42 U.S.C. § 1983.</w:t></w:r></w:p><w:altChunk r:id="rIdC1"/>',
    )
    rel = (
        '<Relationship Id="rIdC1" Target="chunk.docx" '
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk"/></Relationships>'
    )
    docx_type = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    with zipfile.ZipFile(main) as zin, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename == "word/_rels/document.xml.rels":
                data = data.replace(b"</Relationships>", rel.encode())
            elif info.filename == "[Content_Types].xml":
                data = data.replace(
                    b"</Types>", f'<Default Extension="docx" ContentType="{docx_type}"/></Types>'.encode()
                )
            zout.writestr(info, data)
        zout.writestr("word/chunk.docx", chunk)
    return path


def build_peak(path: Path) -> tuple[float, float, str]:
    """(seconds, peak MiB, the last line toa printed) of one build in a fresh process."""
    start = time.perf_counter()
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            PEAK,
            "build",
            str(path),
            "-o",
            str(path.with_suffix(".out.docx")),
            "--pages",
            "estimate",
        ],
        capture_output=True,
        text=True,
    )
    elapsed = time.perf_counter() - start
    lines = proc.stderr.strip().splitlines()
    said = (lines[-2] if len(lines) > 1 else proc.stdout.strip().splitlines()[-1]).replace(str(path.parent) + "/", "")
    return elapsed, float(lines[-1]) / 1024, said


def serve_memory(path: Path) -> tuple[float, float]:
    """(peak MiB, MiB afterwards) of toa serve's own process, four uploads of `path` at once."""
    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "toa.cli", "serve", "--no-https", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        for _ in range(300):
            try:
                httpx.get(f"{base}/health", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.2)
        data = path.read_bytes()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            answers = list(
                pool.map(
                    lambda _i: httpx.post(f"{base}/analyze?pages=estimate", content=data, timeout=300).status_code,
                    range(4),
                )
            )
        time.sleep(2)
        status = dict(line.split(":", 1) for line in Path(f"/proc/{server.pid}/status").read_text().splitlines())
        print(f"  answers {answers}")
        return int(status["VmHWM"].split()[0]) / 1024, int(status["VmRSS"].split()[0]) / 1024
    finally:
        server.terminate()
        server.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--skip-serve", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = {name: brief(Path(tmp, name.replace(" ", "-") + ".docx"), body()) for name, body in SHAPES.items()}
        files.update(
            {name: chunked(Path(tmp, name.replace(" ", "-") + ".docx"), body()) for name, body in CHUNKS.items()}
        )
        print(f"{'file':<15} {'KB':>6} {'seconds':>8} {'peak MiB':>9}  toa said")
        for name, path in files.items():
            elapsed, peak, said = build_peak(path)
            print(f"{name:<15} {path.stat().st_size // 1024:>6} {elapsed:>8.1f} {peak:>9.0f}  {said}", flush=True)
        if not args.skip_serve:
            peak, after = serve_memory(files["empty 2M"])
            print(f"toa serve, four uploads of 'empty 2M' at once: peak {peak:.0f} MiB, afterwards {after:.0f} MiB")


if __name__ == "__main__":
    main()
