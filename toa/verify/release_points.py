"""The U.S. Code at an OLRC release point: a section's text as of a date the annual editions
cannot settle (a section amended twice between two editions).

OLRC republishes the Code after each public law it takes in. Its list of prior release points
(download/priorreleasepoints.htm) dates each one ("Public Law 117-81 (12/27/2021), affecting titles
10, 50."), and each offers one zip per title of USLM XML
(download/releasepoints/us/pl/117/81/xml_usc10@117-81.zip). The zip is streamed into the run's
folder, at most once per title and release point in a run, and the section read from it here with
its subdivisions, status and source credit. Only the title, the congress and the law's number go out.
"""

from __future__ import annotations

import re
import threading
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import IO
from urllib.parse import quote

from lxml import etree

from .evidence import (
    FOUND,
    Evidence,
    digest,
    error,
    month_dates,
    read_structure,
    squash,
    status_flags,
    transport_error,
)
from .http import Http
from .settings import Settings

TIER = "OLRC release point"
LIST_PATH = "/download/priorreleasepoints.htm"
# The list's links: <a class="releasepoint" href="releasepoints/us/pl/117/81/usc-rp@117-81.htm">;
# the law part of an id may say what it leaves out or adds ("72not60", "102u1").
_ENTRY = re.compile(r"<a\b([^>]*)>(.*?)</a>", re.S | re.I)
_HREF = re.compile(r'href="[^"]*releasepoints/us/pl/(\d+)/(\w+)/usc-rp@\1-\2\.htm"')
# The release point's date, the first numeric one in parentheses: "(12/27/2021)", "(8/8/2020)".
# An entry dated only in words (one of several hundred) is left out: it is not needed to be sure.
_DATE = re.compile(r"\((\d{1,2})/(\d{1,2})/(\d{4})\)")
ZIP_MAGIC = b"PK\x03\x04"
# Release points read for one section at most: the latest on or before the date, and the one
# before it when the latest also holds a later law.
MAX_READ = 2
LEVELS = ("subsection", "paragraph", "subparagraph", "clause", "subclause", "item", "subitem")
# Parts of a section that are not its text: the source credit dates it, notes explain it.
_NOT_TEXT = ("sourceCredit", "notes", "note", "toc")
# Elements that stand as blocks: their texts are apart, not run together.
_BLOCKS = {"num", "heading", "chapeau", "content", "continuation", "p", "section", *LEVELS}


@dataclass(frozen=True)
class ReleasePoint:
    congress: str
    law: str  # "81", "72not60", "102u1"
    day: date

    @property
    def label(self) -> str:
        return f"{self.congress}-{self.law}"


def parse_list(page: str) -> list[ReleasePoint]:
    """The release points OLRC lists, oldest first. A commented-out entry (the current release
    point, not yet a prior one) is not listed; an entry listed twice counts once."""
    page = re.sub(r"<!--.*?-->", "", page, flags=re.S)
    points: dict[str, ReleasePoint] = {}
    for attributes, text in _ENTRY.findall(page):
        link, when = _HREF.search(attributes), _DATE.search(text)
        if "releasepoint" not in attributes or not link or not when:
            continue
        try:
            day = date(int(when.group(3)), int(when.group(1)), int(when.group(2)))
        except ValueError:
            continue
        point = ReleasePoint(link.group(1), link.group(2), day)
        points.setdefault(point.label, point)
    # the page lists the newest first; a stable sort keeps that order among points of one day
    return sorted(reversed(list(points.values())), key=lambda p: p.day)


def title_code(title: str) -> str:
    """The title as the zip names it: "8" -> "08", "50" -> "50", "5a" (an appendix) -> "05a"."""
    m = re.fullmatch(r"(\d+)([A-Za-z]?)", title)
    if not m:
        raise ValueError(title)
    return f"{int(m.group(1)):02d}{m.group(2).lower()}"


class TooLarge(Exception):
    """The title's XML is past one of the bounds of `Bounds`; the message says which."""


@dataclass(frozen=True)
class Bounds:
    """How much of a title's XML is read (a zip bomb must not take the machine's memory or its
    time): its bytes unpacked and its elements, and of them those held at once in the tree (one
    section's, or those between two)."""

    xml_bytes: int
    elements: int
    held_bytes: int
    held_elements: int


class _Counted:
    """The XML as it streams out of the zip, its bytes and elements counted before the parser
    builds anything of them, whatever size the zip declares: past a bound, TooLarge. An element
    is counted by its start tag, a "<" not followed by "/" (a comment counts too: only ever more,
    never fewer). What is held is counted from the reader's last drop of what it passed."""

    def __init__(self, stream: IO[bytes], bounds: Bounds):
        self.stream, self.bounds = stream, bounds
        self.size = self.elements = 0
        self.dropped()

    def dropped(self) -> None:
        self.held_size = self.held_elements = 0

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size)
        starts = data.count(b"<") - data.count(b"</")
        self.size, self.held_size = self.size + len(data), self.held_size + len(data)
        self.elements, self.held_elements = self.elements + starts, self.held_elements + starts
        bounds, what = self.bounds, None
        if self.size > bounds.xml_bytes:
            what = f"is over the size limit ({bounds.xml_bytes:,} bytes)"
        elif self.elements > bounds.elements:
            what = f"holds over {bounds.elements:,} elements"
        elif self.held_size > bounds.held_bytes:
            what = f"holds over {bounds.held_bytes:,} bytes in one section or between two"
        elif self.held_elements > bounds.held_elements:
            what = f"holds over {bounds.held_elements:,} elements in one section or between two"
        if what:
            raise TooLarge(f"the title's XML {what}")
        return data


def read_section(stream: IO[bytes], title: str, section: str, url: str, scope: str, bounds: Bounds) -> Evidence:
    """The section `title` U.S.C. § `section` from a title's USLM XML, read as it streams by (the
    title's other sections are dropped as soon as they are passed, with all before them): its
    text, its subdivisions by their identifiers, its status and its source credit. An error when
    the title does not hold it. Raises TooLarge past `bounds`, etree.XMLSyntaxError on XML that
    cannot be read."""
    # a hyphenated section number is written with an en dash in its identifier: s1395w–4
    wanted = {f"/us/usc/t{title.lower()}/s{s}" for s in (section, section.replace("-", "\u2013"))}
    xml = _Counted(stream, bounds)
    events = etree.iterparse(
        xml, events=("end",), tag="{*}section", resolve_entities=False, load_dtd=False, no_network=True
    )
    for _, element in events:
        identifier = element.get("identifier", "")
        if identifier in wanted:
            return _evidence(element, identifier, url, scope)
        # a section of the Code, not one quoted in a note (even with an identifier): that one goes
        # with the section whose note quotes it, which may be the one asked for
        if identifier.startswith("/us/usc/") and next(element.iterancestors("{*}section"), None) is None:
            _drop(element)
            xml.dropped()
    return error(TIER, url, scope, f"the title's XML has no section {section}")


def _drop(passed) -> None:
    """Drop a section passed and everything before it, however nested: only its open ancestors
    stay in the tree (elements outside any section, as a zip bomb would put them, go too)."""
    passed.clear(keep_tail=False)
    node = passed
    while (parent := node.getparent()) is not None:
        while node.getprevious() is not None:
            del parent[0]
        node = parent


def _evidence(section, identifier: str, url: str, scope: str) -> Evidence:
    heading = next((_text(c) for c in section if _local(c) == "heading"), "")
    credit = " ".join(_text(c) for c in section if _local(c) == "sourceCredit")
    subunits, paths = {}, {}
    known: dict = {}  # the words of each subdivision, read once for it and all above it
    for unit in section.iter("{*}" + LEVELS[0], *("{*}" + level for level in LEVELS[1:])):
        key = unit.get("identifier", "")
        if key.startswith(identifier + "/") and not _in_notes(unit, section):
            subunits[key[len(identifier) + 1 :]] = _text(unit, known=known)
            paths[key[len(identifier) + 1 :]] = f"{url}#{quote(key, safe='/')}"
    text = _text(section, own_head=False, known=known)
    read = bool(subunits)
    if not read:  # no subdivisions marked up: read them from the paragraphs, as on a web page
        paragraphs = [_text(p) for p in section.iter("{*}p") if not _in_notes(p, section)] or [text]
        subunits, read = read_structure(paragraphs, "a1Ai")
    return Evidence(
        FOUND,
        TIER,
        url,
        scope,
        text=text,
        subunits=subunits,
        paths=paths,
        pinpoints_authoritative=read,
        amended=sorted(month_dates(credit)),
        flags=status_flags(section.get("status"), f" - {heading}"),
        sha256=digest(etree.tostring(section, encoding="unicode")),
    )


def _local(element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _in_notes(element, section) -> bool:
    parent = element.getparent()
    while parent is not None and parent is not section:
        if _local(parent) in _NOT_TEXT:
            return True
        parent = parent.getparent()
    return False


def _text(element, own_head: bool = True, known: dict | None = None) -> str:
    """The words of an element without its notes, source credit and footnote marks; without its
    own number and heading when `own_head` is False (a section's "§ 230. Protection for ...").
    Those of a subdivision are kept in `known`, if given, and read from it: a section's words
    and each of its subdivisions' are then read in one pass, not once per level above them."""
    if known is not None and element in known:
        return known[element]
    out = [element.text or ""]
    for child in element:
        name = _local(child)
        dropped = (
            not name
            or name in _NOT_TEXT
            or (name == "ref" and "footnoteRef" in (child.get("class") or ""))
            or (not own_head and name in ("num", "heading"))
        )
        if not dropped:
            inner = _text(child, known=known)
            out.append(f" {inner} " if name in _BLOCKS else inner)
        out.append(child.tail or "")
    text = squash("".join(out))
    if known is not None and own_head and _local(element) in LEVELS:
        known[element] = text
    return text


class ReleasePoints:
    """One run's use of OLRC's release points: the list read once, a title's zip downloaded at
    most once per release point (into `folder()`, the run's own), every section read from it here."""

    def __init__(self, http: Http, settings: Settings, folder: Callable[[], Path]):
        self.http, self.settings, self.folder = http, settings, folder
        self.base = settings.uscode_url.rstrip("/")
        self._lock = threading.Lock()
        self._points: list[ReleasePoint] | Evidence | None = None
        self._zips: dict[tuple[str, str], Path | Evidence] = {}
        self._zip_locks: dict[tuple[str, str], threading.Lock] = {}

    def section(self, title: str, section: str, day: date, due: str) -> Evidence:
        """The section's text on `day`: from the latest release point dated on or before it that
        holds the amendment of `due` (the last one before the day) and none after the day. An
        error saying why when none does (the check is then ambiguous: never a guess)."""
        points = self._list()
        if isinstance(points, Evidence):
            return points
        scope = "U.S. Code release points (OLRC)"
        before = [p for p in points if p.day <= day]
        if not before:
            return error(TIER, self.base + LIST_PATH, scope, f"no release point on or before {day.isoformat()}")
        tried = []
        for point in reversed(before[-MAX_READ:]):
            if point.day.isoformat() < due:
                tried.append(f"{point.label} of {point.day.isoformat()} predates the amendment of {due}")
                break
            ev = self._read(title, section, point)
            if ev.state != FOUND:
                return ev
            latest = ev.amended[-1] if ev.amended else None
            if latest is None:
                tried.append(f"{point.label} has no source credit to date its text")
                break
            if latest > day.isoformat():
                tried.append(f"{point.label} holds the amendment of {latest}")
                continue
            if latest < due:
                tried.append(f"{point.label} does not hold the amendment of {due}")
                break
            return replace(ev, text_date=day.isoformat())
        return error(TIER, self.base + LIST_PATH, scope, "release-point check ambiguous: " + "; ".join(tried))

    def _list(self) -> list[ReleasePoint] | Evidence:
        with self._lock:  # read once per run, whatever it answered
            if self._points is None:
                self._points = self._fetch_list()
            return self._points

    def _fetch_list(self) -> list[ReleasePoint] | Evidence:
        url, scope = self.base + LIST_PATH, "U.S. Code release points (OLRC)"
        reply = self.http.get(url)
        failed = transport_error(reply, TIER, url, scope)
        if failed:
            return replace(failed, reason=f"the list of release points: {failed.reason}")
        if reply.status != 200:
            return error(TIER, url, scope, f"the list of release points: HTTP {reply.status}")
        points = parse_list(reply.text)
        if not points:
            # uscode.house.gov serves its maintenance notice as a 200
            why = "uscode.house.gov is under maintenance" if "Under Maintenance" in reply.text else "it lists none"
            return error(TIER, url, scope, f"the list of release points: {why}")
        return points

    def _read(self, title: str, section: str, point: ReleasePoint) -> Evidence:
        code = title_code(title)
        url = f"{self.base}/download/releasepoints/us/pl/{point.congress}/{point.law}/xml_usc{code}@{point.label}.zip"
        scope = f"U.S. Code at release point {point.label} of {point.day.isoformat()} (OLRC)"
        path = self._zip(code, point, url, scope)
        if isinstance(path, Evidence):
            return path
        cap = self.settings.release_point_max_xml
        settings = self.settings
        bounds = Bounds(
            cap,
            settings.release_point_max_elements,
            settings.release_point_max_held_xml,
            settings.release_point_max_held_elements,
        )
        try:
            with zipfile.ZipFile(path) as archive:
                members = [m for m in archive.infolist() if m.filename.lower().endswith(".xml")]
                if len(members) != 1:
                    return error(TIER, url, scope, f"the zip holds {len(members)} XML files, not the title's one")
                if members[0].file_size > cap:  # refused before a byte is unpacked; what streams is counted too
                    return error(TIER, url, scope, f"the title's XML is over the size limit ({cap:,} bytes)")
                with archive.open(members[0]) as xml:
                    return read_section(xml, title, section, url, scope, bounds)
        except TooLarge as exc:
            return error(TIER, url, scope, str(exc))
        except (zipfile.BadZipFile, zlib.error, EOFError):
            return error(TIER, url, scope, "the zip is damaged or truncated")
        except etree.XMLSyntaxError:
            return error(TIER, url, scope, "the title's XML is malformed or truncated")
        except OSError as exc:
            return error(TIER, url, scope, f"the zip cannot be read ({exc.strerror or exc})")

    def _zip(self, code: str, point: ReleasePoint, url: str, scope: str) -> Path | Evidence:
        key = (code, point.label)
        with self._lock:
            lock = self._zip_locks.setdefault(key, threading.Lock())
        with lock:  # one download per title and release point, whatever it gave
            if key not in self._zips:
                self._zips[key] = self._download(code, point, url, scope)
            return self._zips[key]

    def _download(self, code: str, point: ReleasePoint, url: str, scope: str) -> Path | Evidence:
        deadline = self.settings.deadline
        if deadline is not None and self.settings.clock() >= deadline:
            return error(TIER, url, scope, "the run's time limit was reached")
        try:
            path = self.folder() / f"xml_usc{code}@{point.label}.zip"
        except OSError as exc:
            return error(TIER, url, scope, f"no folder to download into ({exc.strerror or exc})")
        reply = self.http.download(url, path, self.settings.release_point_max_zip)
        failed = transport_error(reply, TIER, url, scope)
        if failed:
            return failed
        if reply.status != 200:
            return error(TIER, url, scope, f"HTTP {reply.status}")
        with open(path, "rb") as head:
            if head.read(len(ZIP_MAGIC)) != ZIP_MAGIC:
                # OLRC answers a wrong path with an XML error page, not a 404
                return error(TIER, url, scope, "OLRC answered with an error page, not the title's zip")
        return path
