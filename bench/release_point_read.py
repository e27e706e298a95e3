"""Time and peak memory to read one section from a title of the U.S. Code at a release point, and
to refuse a zip bomb of elements.

    python bench/release_point_read.py [--mb 300] [--bomb 10000000]

Makes a title's zip of USLM XML of about that many MB unpacked (the largest real title, 42, is a
few hundred), sections of a few KB with subsections, paragraphs, a source credit and notes, then
reads its first, middle and last section the way `toa check --as-of` does (the zip's one XML
file, parsed as it streams by with lxml's iterparse, every passed section dropped, within the
bounds of the default settings), each in a fresh process: seconds and peak resident memory
(getrusage). Then the same for a title of `--bomb` empty elements before its one section (a zip
of a few hundred KB), refused.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import zipfile
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
READ = """
import resource, sys, time, zipfile
from toa.verify.release_points import Bounds, TooLarge, read_section
from toa.verify.settings import Settings

s = Settings()
bounds = Bounds(
    s.release_point_max_xml,
    s.release_point_max_elements,
    s.release_point_max_held_xml,
    s.release_point_max_held_elements,
)
start = time.perf_counter()
archive = zipfile.ZipFile(sys.argv[1])
try:
    ev = read_section(archive.open(archive.infolist()[0]), "42", sys.argv[2], "u", "s", bounds)
    assert ev.state == "found" and len(ev.subunits) == 24, ev.reason
    outcome = "found"
except TooLarge as exc:
    outcome = f"refused ({exc})"
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
print(f"{time.perf_counter() - start:.1f}", peak, outcome)
"""
HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0">'
CHAPTER = b'<main><title identifier="/us/usc/t42"><chapter identifier="/us/usc/t42/ch1">'
TAIL = b"</chapter></title></main></uscDoc>"


def make(path: Path, mb: int) -> int:
    """The title's zip of about `mb` MB of XML, written as it is made; returns its sections' count."""
    one = len(SECTION.format(n=1000).encode())
    count = mb * 2**20 // one
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open("usc42.xml", "w") as out:
        out.write(HEAD + CHAPTER)
        for n in range(1, count + 1):
            out.write(SECTION.format(n=n).encode())
        out.write(TAIL)
    return count


def make_bomb(path: Path, elements: int) -> None:
    """A title's zip whose XML holds `elements` empty elements before its one section, § 1."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive, archive.open("usc42.xml", "w") as out:
        out.write(HEAD + CHAPTER)
        for _ in range(elements // 100_000):
            out.write(b"<p/>" * 100_000)
        out.write(SECTION.format(n=1).encode() + TAIL)


def read(path: Path, name: str, section: int) -> None:
    out = subprocess.run([sys.executable, "-c", READ, str(path), str(section)], capture_output=True, text=True)
    if out.returncode:
        sys.exit(out.stderr)
    seconds, peak, outcome = out.stdout.strip().split(" ", 2)
    print(f"{name:7} section: {seconds:>5} s, peak {peak} MiB, {outcome}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=300)
    parser.add_argument("--bomb", type=int, default=10_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "xml_usc42@117-81.zip"
        count = make(path, args.mb)
        print(f"title: {count:,} sections, {args.mb} MB of XML, zip {path.stat().st_size / 2**20:.1f} MB")
        for name, n in (("first", 1), ("middle", count // 2), ("last", count)):
            read(path, name, n)
        make_bomb(path, args.bomb)
        print(f"bomb: {args.bomb:,} empty elements, zip {path.stat().st_size / 2**10:.0f} KB")
        read(path, "its", 1)


if __name__ == "__main__":
    main()
