"""OLRC's release points: the list, a title's USLM XML read for one section, and the choice of the
release point that holds a date's text (against the fake OLRC on loopback)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from datetime import date

import pytest
from lxml import etree

from peak import PEAK_KIB
from toa.verify.evidence import ERROR, FOUND
from toa.verify.http import Http
from toa.verify.release_points import (
    Bounds,
    ReleasePoint,
    ReleasePoints,
    TooLarge,
    parse_list,
    read_section,
    title_code,
)
from toa.verify.settings import Settings
from toa.verify.throttle import Budget

LIST = """<?xml version='1.0' encoding='UTF-8' ?>
<html xmlns="http://www.w3.org/1999/xhtml"><body><h2>Prior Release Points</h2>
 <ul class="releasepoints">
<!--  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/120/9/usc-rp@120-9.htm">Public Law
 120-9 (03/02/2027), affecting title 42.</a></li> -->
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/120/7not4/usc-rp@120-7not4.htm">Public
 Law 120-7 (02/11/2027) , except 120-4, affecting titles 5, 16.</a></li>
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/120/3u1/usc-rp@120-3u1.htm">Public Law
 120-3, with Court Rules updates (1/9/2027), affecting titles 11A, 28A.</a></li>
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/120/3/usc-rp@120-3.htm">Public Law
 120-3 (01/09/2027) and including Public Law 120-5 (January 30, 2027), affecting title 8.</a></li>
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/119/90/usc-rp@119-90.htm">Public Law
 119-90, with editorial reclassifications (effective July 1, 2026), affecting title 7.</a></li>
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/119/88/usc-rp@119-88.htm">Pub. L.
 119-88 (5/4/2026), affecting title 47.</a></li>
  <li class="releasepoint"><a class="releasepoint" href="releasepoints/us/pl/119/88/usc-rp@119-88.htm">Pub. L.
 119-88 (5/4/2026), affecting title 15.</a></li>
 </ul>
 <p><a href="download.shtml">Current release point</a></p>
</body></html>"""


def test_the_list_of_release_points_oldest_first():
    """The commented-out current release point and the entry dated only in words are left out;
    an entry listed twice counts once; ids keep what they leave out or add; points of one day
    keep the page's order (newest first on the page)."""
    points = parse_list(LIST)
    assert [(p.label, p.day) for p in points] == [
        ("119-88", date(2026, 5, 4)),
        ("120-3", date(2027, 1, 9)),
        ("120-3u1", date(2027, 1, 9)),
        ("120-7not4", date(2027, 2, 11)),
    ]
    assert parse_list("<html><body><h1>Under Maintenance</h1></body></html>") == []


def test_title_codes_are_two_digits():
    assert [title_code(t) for t in ("8", "15", "50", "5a", "11A")] == ["08", "15", "50", "05a", "11a"]


USLM = """<?xml version="1.0" encoding="UTF-8"?>
<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0" identifier="/us/usc/t42"><main>
<title identifier="/us/usc/t42"><chapter identifier="/us/usc/t42/ch7">
<section identifier="/us/usc/t42/s1395w\u20133"><num value="1395w\u20133">\u00a7 1395w\u20133.</num>
<heading> Repealed. Pub. L. 111\u2013148, title X, \u00a7 10909(c), Mar. 23, 2010, 124 Stat. 1021</heading>
<sourceCredit>(Pub. L. 105\u201333, Aug. 5, 1997.)</sourceCredit></section>
<section identifier="/us/usc/t42/s1395w\u20134" status="transferred">
<num value="1395w\u20134">\u00a7 1395w\u20134.</num><heading> Transferred</heading>
<notes><note><p>Section was transferred to section 1395w\u201324 of this title.</p></note></notes></section>
<section identifier="/us/usc/t42/s1395w\u20135"><num value="1395w\u20135">\u00a7 1395w\u20135.</num>
<heading> Payments to plans</heading>
<subsection identifier="/us/usc/t42/s1395w\u20135/a"><num value="a">(a)</num><heading> In general</heading>
<chapeau> The Secretary shall pay\u2014</chapeau>
<paragraph identifier="/us/usc/t42/s1395w\u20135/a/1"><num value="1">(1)</num><content> each plan its rate
<ref class="footnoteRef" idref="fn1">1</ref>; and</content></paragraph>
<paragraph identifier="/us/usc/t42/s1395w\u20135/a/2"><num value="2">(2)</num><content> each <i>eligible</i>
organization its share.</content></paragraph></subsection>
<subsection identifier="/us/usc/t42/s1395w\u20135/b"><num value="b">(b)</num><content> Payments are monthly.</content>
</subsection>
<sourceCredit>(Aug. 14, 1935, ch. 531, title XVIII, \u00a7 1853, as added Pub. L. 105\u201333, Aug. 5, 1997;
amended Pub. L. 117\u20132, Mar. 11, 2021.)</sourceCredit>
<notes type="uscNote"><note topic="amendments"><p>2024\u2014Pub. L. 118\u20139, Jan. 3, 2024, struck out
(c).</p><quotedContent><section><num value="3">\u00a7 3.</num><content>(c) Quoted words of an act.</content>
</section></quotedContent></note></notes></section>
</chapter></title></main></uscDoc>"""


DEFAULTS = Settings()
BOUNDS = Bounds(
    DEFAULTS.release_point_max_xml,
    DEFAULTS.release_point_max_elements,
    DEFAULTS.release_point_max_held_xml,
    DEFAULTS.release_point_max_held_elements,
)


def read(section: str, bounds: Bounds = BOUNDS):
    return read_section(io.BytesIO(USLM.encode("utf-8")), "42", section, "U", "S", bounds)


def test_a_hyphenated_section_read_from_its_en_dash_identifier():
    """42 U.S.C. § 1395w-5, whose identifier has an en dash: its text without number, heading,
    footnote marks, source credit and notes; its subdivisions by their identifiers; its dates
    from its source credit only (not from the notes' amendment of 2024)."""
    ev = read("1395w-5")
    assert ev.state == FOUND and ev.flags == []
    assert ev.text == (
        "(a) In general The Secretary shall pay\u2014 (1) each plan its rate ; and (2) each eligible "
        "organization its share. (b) Payments are monthly."
    )
    assert sorted(ev.subunits) == ["a", "a/1", "a/2", "b"] and ev.pinpoints_authoritative
    assert ev.subunits["a/2"] == "(2) each eligible organization its share."
    assert ev.paths["a/1"] == "U#/us/usc/t42/s1395w%E2%80%935/a/1"
    assert ev.amended == ["1935-08-14", "1997-08-05", "2021-03-11"]
    assert read("1395w\u20135").text == ev.text  # the number as the Code writes it


def test_a_section_quoted_with_an_identifier_is_read_with_the_section_quoting_it():
    """A section quoted in a note, even with an identifier of the Code, is not a section passed:
    the section whose note quotes it keeps all its words."""
    quoting = USLM.replace("<quotedContent><section>", '<quotedContent><section identifier="/us/usc/t42/s3">')
    ev = read_section(io.BytesIO(quoting.encode("utf-8")), "42", "1395w-5", "U", "S", BOUNDS)
    assert (ev.text, ev.subunits) == (read("1395w-5").text, read("1395w-5").subunits)


def test_a_stub_carries_its_status():
    """A repealed section says so in its heading, a transferred one in its status attribute."""
    assert read("1395w-3").flags == ["repealed"]
    assert read("1395w-4").flags == ["transferred"] and read("1395w-4").text == ""


def test_a_section_the_title_does_not_hold_is_an_error_not_a_negative():
    ev = read("1395w-6")
    assert ev.state == ERROR and ev.reason == "the title's XML has no section 1395w-6"
    with pytest.raises(etree.XMLSyntaxError):
        read_section(io.BytesIO(USLM.encode("utf-8")[:900]), "42", "1395w-5", "U", "S", BOUNDS)


LARGE = 10**6


@pytest.mark.parametrize(
    ("bounds", "why"),
    [
        (Bounds(1000, LARGE, LARGE, LARGE), "is over the size limit (1,000 bytes)"),
        (Bounds(LARGE, 40, LARGE, LARGE), "holds over 40 elements"),
        (Bounds(LARGE, LARGE, 1000, LARGE), "holds over 1,000 bytes in one section or between two"),
        (Bounds(LARGE, LARGE, LARGE, 40), "holds over 40 elements in one section or between two"),
    ],
)
def test_the_xml_is_bounded_as_it_streams(bounds, why):
    """The bytes and the elements are counted as the XML streams by, whatever a zip declares
    (here a stream that declares nothing): the title's 40 elements and its XML declaration, read
    in one go (the reader takes 32 KB at a time), all held at once."""
    size = len(USLM.encode("utf-8"))
    assert read("1395w-5", Bounds(size, 41, size, 41)).state == FOUND  # at the bounds
    with pytest.raises(TooLarge, match=rf"^the title's XML {re.escape(why)}$"):
        read("1395w-5", bounds)


def test_what_is_held_is_counted_from_the_last_section_dropped():
    """A title far larger than what may be held at once is read: each section passed is dropped
    with all before it, and only what follows is counted as held."""
    sections = "".join(
        f'<section identifier="/us/usc/t42/s{n}"><num value="{n}">\u00a7 {n}.</num><content><p>Text {n}.</p>'
        f"</content></section>"
        for n in range(1, 20001)
    )
    title = f'<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0"><main><title>{sections}</title></main></uscDoc>'
    xml = title.encode("utf-8")
    ev = read_section(io.BytesIO(xml), "42", "20000", "U", "S", Bounds(len(xml), 100_000, 2**16, 10_000))
    assert (ev.state, ev.text) == (FOUND, "Text 20000.") and len(xml) > 32 * 2**16


def test_the_release_point_that_holds_a_date_s_text(services, tmp_path):
    """The latest release point on or before the date predates the last amendment before it (not
    downloaded), or its text does not hold that amendment: ambiguous, never a guess. One that
    holds a later law: the one before it."""
    settings = services.settings()
    http = Http(settings, Budget(20))
    points = ReleasePoints(http, settings, lambda: tmp_path)
    early = points.section("15", "1681s-2", date(2021, 5, 1), "2021-04-20")
    assert early.state == ERROR
    assert early.reason == "release-point check ambiguous: 117-5 of 2021-03-15 predates the amendment of 2021-04-20"
    assert not [r for r in services.recorder.requests if r.target.endswith(".zip")]
    late = points.section("15", "1681s-2", date(2021, 5, 20), "2021-05-01")
    assert late.reason == "release-point check ambiguous: 117-12not9 does not hold the amendment of 2021-05-01"
    found = points.section("15", "1681s-2", date(2021, 6, 1), "2021-03-15")
    assert (found.state, found.text_date, found.amended[-1]) == (FOUND, "2021-06-01", "2021-03-15")
    # the latest before Aug. 1 (117-30, of July 20) takes in the law of Sept. 1: the one before it
    stepped = points.section("15", "1681s-2", date(2021, 8, 1), "2021-03-15")
    assert (stepped.state, stepped.text_date) == (FOUND, "2021-08-01")
    assert stepped.url.endswith("/xml_usc15@117-12not9.zip") and "inaccurate or incomplete" not in stepped.text
    # each title's zip of a release point was downloaded once
    assert [r.target for r in services.recorder.requests if r.target.endswith(".zip")] == [
        "/download/releasepoints/us/pl/117/12not9/xml_usc15@117-12not9.zip",
        "/download/releasepoints/us/pl/117/30/xml_usc15@117-30.zip",
    ]
    assert ReleasePoint("117", "12not9", date(2021, 5, 10)).label == "117-12not9"
    http.close()


# One section read from a title at a release point against the fake OLRC, in a process of its own:
# the evidence's state and reason, and the process's peak resident memory (MiB).
READ_IN_A_PROCESS = (
    PEAK_KIB
    + """
import sys
from datetime import date
from toa.verify.http import Http
from toa.verify.release_points import ReleasePoints
from toa.verify.settings import Settings
from toa.verify.throttle import Budget
from pathlib import Path
settings = Settings(uscode_url=sys.argv[1])
ev = ReleasePoints(Http(settings, Budget(20)), settings, lambda: Path(sys.argv[2])).section(
    "15", "1681s-2", date(2021, 6, 1), "2021-03-15"
)
print(ev.state, peak_kib() // 1024, ev.reason)
"""
)


@pytest.mark.parametrize("bomb", ["bomb-around", "bomb-inside"])
def test_a_zip_bomb_of_elements_is_refused_in_bounded_memory(services, tmp_path, bomb):
    """Issue 28: a title's XML of 10M elements, in a zip far below the cap on its download, took
    1.3 to 3.6 GB and ended in a MemoryError. The elements are counted as the XML streams by,
    the sections passed dropped: 10M empty elements before the sections, or 2M in each section,
    are refused with the reason, in a process that stays far below 1 GB."""
    services.official_state.release_fault = bomb
    out = subprocess.run(
        [sys.executable, "-c", READ_IN_A_PROCESS, services.official.url, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0 and out.stderr == "", out.stderr
    got, peak, why = out.stdout.strip().split(" ", 2)
    zip_size = max(p.stat().st_size for p in tmp_path.iterdir())
    assert (got, why) == (ERROR, "the title's XML holds over 250,000 elements in one section or between two")
    assert zip_size < 2**20
    assert int(peak) < 400, f"peak {peak} MiB"
