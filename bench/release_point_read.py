"""Time and peak memory to read one section from a title of the U.S. Code at a release point.

    python bench/release_point_read.py [--mb 300]

Makes a title's zip of USLM XML of about that many MB unpacked (the largest real title, 42, is a
few hundred), sections of a few KB with subsections, paragraphs, a source credit and notes, then
reads its first, middle and last section the way `toa check --as-of` does (the zip's one XML
file, parsed as it streams by with lxml's iterparse, every passed section dropped), each in a
fresh process: seconds and peak resident memory (getrusage).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

SECTION = (
    '<section identifier="/us/usc/t42/s{n}"><num value="{n}">\u00a7 {n}.</num><heading> Heading {n}</heading>'
    + "".join(
        f'<subsection identifier="/us/usc/t42/s{{n}}/{a}"><num value="{a}">({a})</num><heading> Part</heading>'
        + "".join(
            f'<paragraph identifier="/us/usc/t42/s{{n}}/{a}/{p}"><num value="{p}">({p})</num><content> The '
            "Secretary shall carry out the duties of this paragraph in the manner this title provides, "
            "with the consent of the persons concerned.</content></paragraph>"
            for p in range(1, 6)
        )
        + "</subsection>"
        for a in "abcd"
    )
    + "<sourceCredit>(Aug. 14, 1935, ch. 531, \u00a7 {n}; Pub. L. 117\u20135, Mar. 15, 2021.)</sourceCredit>"
    '<notes type="uscNote"><note><p>Amendments of the section, 2021.</p></note></notes></section>'
)
READ = (
    "import resource, sys, time, zipfile; from toa.verify.release_points import read_section; "
    "t = time.perf_counter(); z = zipfile.ZipFile(sys.argv[1]); "
    "ev = read_section(z.open(z.infolist()[0]), '42', sys.argv[2], 'u', 's'); "
    "assert ev.state == 'found' and len(ev.subunits) == 24, ev.reason; "
    "print(f'{time.perf_counter() - t:.1f}', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)"
)


def make(path: Path, mb: int) -> int:
    """The title's zip of about `mb` MB of XML, written as it is made; returns its sections' count."""
    import zipfile

    one = len(SECTION.format(n=1000).encode())
    count = mb * 2**20 // one
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open("usc42.xml", "w") as out:
        out.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0">')
        out.write(b'<main><title identifier="/us/usc/t42"><chapter identifier="/us/usc/t42/ch1">')
        for n in range(1, count + 1):
            out.write(SECTION.format(n=n).encode())
        out.write(b"</chapter></title></main></uscDoc>")
    return count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "xml_usc42@117-81.zip"
        count = make(path, args.mb)
        print(f"title: {count:,} sections, {args.mb} MB of XML, zip {path.stat().st_size / 2**20:.1f} MB")
        for name, n in (("first", 1), ("middle", count // 2), ("last", count)):
            out = subprocess.run([sys.executable, "-c", READ, str(path), str(n)], capture_output=True, text=True)
            if out.returncode:
                sys.exit(out.stderr)
            seconds, peak = out.stdout.split()
            print(f"{name:7} section: {seconds:>5} s, peak {peak} MiB")


if __name__ == "__main__":
    main()
