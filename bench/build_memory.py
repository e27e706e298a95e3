"""Peak memory of `toa build` on files made to exhaust it, and of `toa serve` after four of them.

    python bench/build_memory.py [--skip-serve]

Each build runs in a fresh process (`--pages estimate`); its peak resident memory comes from
getrusage. The files (README "Limits"):

  empty 1M, 2M    issue 20's file: '<w:p/>' a million or two million times (a 54 KB .docx);
                  refused, the first for its paragraphs, the second for its tags
  runs            one paragraph of 1,990,000 empty runs: just under the tag limit
  paragraphs      199,000 paragraphs of 12 to 16 characters, 19,900 of them a citation: under the
                  paragraph, character and citation limits at once

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

PEAK = (
    "import resource, sys; from toa.cli import main; rc = main(sys.argv[1:]); "
    "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); sys.exit(rc)"
)
SHAPES = {
    "empty 1M": "<w:p/>" * 1_000_000,
    "empty 2M": "<w:p/>" * 2_000_000,
    "runs": "<w:p>" + "<w:r/>" * 1_990_000 + "<w:r><w:t>See 42 U.S.C. § 1983.</w:t></w:r></w:p>",
    "paragraphs": (
        "<w:p><w:r><w:t>42 U.S.C. § 1983</w:t></w:r></w:p>" + "<w:p><w:r><w:t>no citation.</w:t></w:r></w:p>" * 9
    )
    * 19_900,
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
        files = {name: brief(Path(tmp, name.replace(" ", "-") + ".docx"), body) for name, body in SHAPES.items()}
        print(f"{'file':<12} {'KB':>6} {'seconds':>8} {'peak MiB':>9}  toa said")
        for name, path in files.items():
            elapsed, peak, said = build_peak(path)
            print(f"{name:<12} {path.stat().st_size // 1024:>6} {elapsed:>8.1f} {peak:>9.0f}  {said}", flush=True)
        if not args.skip_serve:
            peak, after = serve_memory(files["empty 2M"])
            print(f"toa serve, four uploads of 'empty 2M' at once: peak {peak:.0f} MiB, afterwards {after:.0f} MiB")


if __name__ == "__main__":
    main()
