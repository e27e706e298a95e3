"""State codes from their legislatures' official sites: California's code display by code and
section (leginfo.legislature.ca.gov) and the Texas Legislature's statutes (its statute file server,
tcss.legis.texas.gov, and its statutes site, statutes.capitol.texas.gov), the two states whose
brief styles toa ships. Other states' codes are not looked up anywhere.

California: `/faces/codes_displaySection.xhtml?lawCode=CCP&sectionNum=437c.` shows one section:
its number in an h6, its text in paragraphs (subdivisions "(a)", "(1)", "(A)"), the history line
in italics ("(Amended by Stats. 2024, Ch. 99, Sec. 1.  (AB 2049)  Effective January 1, 2025.)").
A section the code does not have is the same page without a section (no h6).
Texas: one file per chapter, `PE.22.htm` for chapter 22 of the Penal Code, on the file server
(`/resources/PE/htm/PE.22.htm`), where the statutes site, rebuilt as a JavaScript application,
keeps the files it served at `/Docs/PE/htm/PE.22.htm` (that address may now answer with the
application's page, without the chapter's text). A file is lines of paragraphs in a `<pre>`; each
section opens with a paragraph holding an anchor named by its number (`<a name="22.01">`, beside
one named by an internal number), then "Sec. 22.01.  ASSAULT."; its subdivisions are paragraphs
"(a)", "(1)", "(A)", "(i)"; history paragraphs start "Acts 1973, 63rd Leg. ...", "Amended by:
...", "Repealed by: ..."; a repealed section's heading is "REPEALED". The Code of Criminal
Procedure is cited by article ("Art. 38.37."), and an article may have sections of its own
("Sec. 2.  (a) ..."), cited "art. 38.37, § 2". A number enacted twice, or amended with a later
effective date, is printed once for each text, each under its anchor and a note ("Text of section
as added by Acts 2019, 86th Leg., R.S., Ch. 1212 (S.B. 1257), Sec. 1"); every text is read.
California: a section repealed outright says so in its history line ("(Repealed by Stats. 2020,
Ch. 36, Sec. 8. ...)"; "Repealed and added by" is a new section), a section that repeals itself
by its own terms says when ("Repealed as of January 1, 2024, by its own provisions.").
"""

from __future__ import annotations

import re
from urllib.parse import quote

from ..recognizers.common import code_key
from .evidence import (
    ABSENT,
    FOUND,
    Evidence,
    bot_wall,
    complete_html,
    digest,
    error,
    html_tree,
    month_dates,
    read_structure,
    squash,
    status_flags,
    text_of,
    transport_error,
)
from .http import Http
from .settings import Settings

# code_key of a California code's name -> leginfo's lawCode
CALIFORNIA = {
    "bus prof code": "BPC",
    "civ code": "CIV",
    "code civ proc": "CCP",
    "com code": "COM",
    "corp code": "CORP",
    "educ code": "EDC",
    "elec code": "ELEC",
    "evid code": "EVID",
    "fam code": "FAM",
    "fin code": "FIN",
    "govt code": "GOV",
    "health saf code": "HSC",
    "ins code": "INS",
    "lab code": "LAB",
    "penal code": "PEN",
    "prob code": "PROB",
    "pub res code": "PRC",
    "rev tax code": "RTC",
    "veh code": "VEH",
    "welf inst code": "WIC",
    "water code": "WAT",
}
# code_key of a Texas code's name -> the statutes site's code
TEXAS = {
    "agric code": "AG",
    "alco bev code": "AL",
    "bus com code": "BC",
    "bus orgs code": "BO",
    "civ prac rem code": "CP",
    "code crim proc": "CR",
    "educ code": "ED",
    "elec code": "EL",
    "est code": "ES",
    "fam code": "FA",
    "fin code": "FI",
    "govt code": "GV",
    "health saf code": "HS",
    "hum res code": "HR",
    "ins code": "IN",
    "lab code": "LA",
    "loc govt code": "LG",
    "nat res code": "NR",
    "occ code": "OC",
    "parks wildlife code": "PW",
    "penal code": "PE",
    "prop code": "PR",
    "tax code": "TX",
    "transp code": "TN",
    "util code": "UT",
    "water code": "WA",
}
STATE_NAMES = {"ca": "California", "tx": "Texas"}


def _by_words(codes: dict[str, str]) -> dict[tuple[str, ...], str]:
    """A code by its words in any order: the Bluebook's "Cal. Civ. Proc. Code" is the Style Manual's
    "Code Civ. Proc." (and "Tex. Crim. Proc. Code" the Greenbook's "Tex. Code Crim. Proc.")."""
    return {tuple(sorted(words.split())): law for words, law in codes.items()}


_CALIFORNIA_WORDS = _by_words(CALIFORNIA)
_TEXAS_WORDS = _by_words(TEXAS)
TEXAS_SITE = "Texas Legislature"
TEXAS_FILES = "Texas Legislature's file server"
# The most text, scripts aside, a script application's frame shows before its script runs.
SHELL_TEXT = 200
_SECTION = re.compile(r"^\d{1,6}[A-Za-z]?(?:\.\d{1,5}[A-Za-z]?)*$")
# A pinpoint part naming a section inside a Texas article ("§2" of "art. 38.37, § 2"), before
# that section's subdivisions.
ARTICLE_SECTION = "§"
_ARTICLE_AND_SECTION = re.compile(r"^(\d{1,3}\.\d{1,4}[A-Za-z]?),\s*§\s*(\d{1,3}(?:-?[A-Za-z])?)$")
# A note above one of the texts printed under one number: "Text of section as added by Acts 2019,
# 86th Leg., R.S., Ch. 1212 (S.B. 1257), Sec. 1", "Text of article effective on September 1, 2025",
# "For text of section as added by ..., see other Sec. 32.56."
_VERSION_NOTE = re.compile(r"^(?:For )?text of (?:section|article)\b", re.I)
_ARTICLE_SEC = re.compile(r"^Sec\.\s*(\d{1,3}(?:-?[A-Za-z])?)\.\s*")
_CA_REPEALED = re.compile(r"^\(?Repealed by Stats\.")
_CA_SUNSET = re.compile(r"Repealed as of ([A-Z][a-z]+\.? \d{1,2}, \d{4}),? by its own provisions")


def state_code(jurisdiction: str | None, implied: bool, code: str) -> tuple[str, str] | None:
    """("ca", "CCP") or ("tx", "PE") for a code toa looks up, else None. A code named without its
    state is California's: the California Style Manual never names the state, Texas's Greenbook
    always does."""
    words = tuple(sorted(re.sub(r"^(?:cal|calif|california|tex|texas)\s+", "", code_key(code)).split()))
    state = (jurisdiction or "").strip().rstrip(".").lower()
    if state in ("cal", "calif", "ca") or not state and implied:
        law = _CALIFORNIA_WORDS.get(words)
        return ("ca", law) if law else None
    if state in ("tex", "tx"):
        law = _TEXAS_WORDS.get(words)
        return ("tx", law) if law else None
    return None


def readable_section(section: str) -> bool:
    return bool(_SECTION.match(section))


def article_and_section(section: str) -> tuple[str, str] | None:
    """("38.37", "2") for a Texas article's section, "38.37, § 2"; None for anything else."""
    m = _ARTICLE_AND_SECTION.match(section)
    return (m.group(1), m.group(2)) if m else None


def fetch_california(http: Http, settings: Settings, law: str, section: str) -> Evidence:
    url = (
        f"{settings.california_url.rstrip('/')}/faces/codes_displaySection.xhtml?lawCode={quote(law)}"
        f"&sectionNum={quote(section)}."
    )
    scope = f"California Legislature, {law} (current)"
    reply = http.get(url)
    failed = transport_error(reply, "leginfo", url, scope)
    if failed:
        return failed
    if reply.status != 200:
        return error("leginfo", url, scope, f"HTTP {reply.status}")
    text = reply.text
    if bot_wall(text):
        return error("leginfo", url, scope, "a bot wall, not the code")
    if not complete_html(text):
        return error("leginfo", url, scope, "partial page (truncated)")
    doc = html_tree(text)
    body = doc.xpath('//div[@id="codeLawSectionNoHead"]')
    if not body:
        return error("leginfo", url, scope, "not a code display page")
    numbers = [text_of(h).rstrip(".") for h in body[0].xpath(".//h6")]
    if not numbers:  # leginfo's answer for a section the code does not have
        return Evidence(ABSENT, "leginfo", url, scope, reason="no such section in the code display")
    if numbers[0] != section:
        return error("leginfo", url, scope, "leginfo served a different section than requested")
    paras = [text_of(p) for p in body[0].xpath(".//p")]
    history = [text_of(i) for i in body[0].xpath(".//i")]
    operative = [p for p in paras if p and p not in history]
    subunits, read = read_structure(operative, "a1Ai")
    return Evidence(
        FOUND,
        "leginfo",
        url,
        scope,
        text=" ".join(operative),
        subunits=subunits,
        pinpoints_authoritative=read,
        amended=_effective(history),
        flags=["repealed"] if _california_repealed(history, settings.requested_date().isoformat()) else [],
        sha256=digest(text),
    )


def _california_repealed(history: list[str], on: str) -> bool:
    """Repealed outright, or by its own terms, on or before `on` (an ISO date)."""
    for line in history:
        if _CA_REPEALED.match(line):
            effective = _effective([line])
            return not effective or effective[0] <= on
        sunset = _CA_SUNSET.search(line)
        if sunset and any(d <= on for d in month_dates(sunset.group(1))):
            return True
    return False


def fetch_texas_files(http: Http, settings: Settings, code: str, section: str) -> Evidence:
    """The chapter's file on the Legislature's statute file server (tcss.legis.texas.gov), where
    the rebuilt statutes site keeps the chapter files: `/resources/PE/htm/PE.22.htm`."""
    return _texas_chapter(http, _chapter_files(settings.texas_files_url, code, section), TEXAS_FILES, code, section)


def fetch_texas(http: Http, settings: Settings, code: str, section: str) -> Evidence:
    """The chapter's page at the statutes site's own address, `/Docs/PE/htm/PE.22.htm`, which the
    rebuilt site may answer with its JavaScript application instead of the chapter."""
    return _texas_chapter(http, _chapter_files(f"{settings.texas_url}/Docs", code, section), TEXAS_SITE, code, section)


def _chapter_files(base: str, code: str, section: str) -> list[str]:
    """The addresses a chapter's file may have: a chapter with a letter ("20A") in the case the
    brief writes, then upper, then lower case, as the Legislature's bulk files name chapters in
    lower case and a file server may tell the cases apart."""
    chapter = section.split(".")[0]
    names = dict.fromkeys((chapter, chapter.upper(), chapter.lower()))
    return [f"{base.rstrip('/')}/{quote(code)}/htm/{quote(code)}.{quote(name)}.htm" for name in names]


def _texas_chapter(http: Http, urls: list[str], tier: str, code: str, section: str) -> Evidence:
    """One section of a chapter file, the same markup at either address: its first text, and all of
    its texts when it has several."""
    scope = f"Texas Legislature, {code} (current)"
    for url in urls:
        reply = http.get(url)
        failed = transport_error(reply, tier, url, scope)
        if failed:
            return failed
        if reply.status != 404:
            break
    else:
        # the chapter's file is not there, in any case of its name: the code has no such chapter
        return Evidence(ABSENT, tier, urls[0], scope, reason="no such chapter in the code")
    if reply.status != 200:
        return error(tier, url, scope, f"HTTP {reply.status}")
    text = reply.text
    if bot_wall(text) or not complete_html(text):
        return error(tier, url, scope, "partial page or a bot wall, not the code")
    doc = html_tree(text)
    anchors = doc.xpath("//a[@name]")
    if not anchors:
        if _script_shell(doc):
            return error(tier, url, scope, "a JavaScript application page, not the chapter's text")
        return error(tier, url, scope, "not a chapter of the statutes")
    versions = _texas_versions(doc, section)
    if not versions:
        return Evidence(ABSENT, tier, url + f"#{section}", scope, reason="no such section in the chapter")
    texts = [_texas_text(paras, section) | {"note": note} for note, paras in versions]
    first = texts[0]
    return Evidence(
        FOUND,
        tier,
        url + f"#{section}",
        scope,
        text=first["text"],
        subunits=first["subunits"],
        pinpoints_authoritative=first["pinpoints_authoritative"],
        amended=sorted({d for t in texts for d in t["amended"]}),
        # a status every text has: a section repealed as added by one act may stand as added by another
        flags=[f for f in first["flags"] if all(f in t["flags"] for t in texts)],
        versions=texts if len(texts) > 1 else [],
        sha256=digest(text),
    )


def _texas_text(paras: list[str], section: str) -> dict:
    """One text of a section, its paragraphs from "Sec. 22.01.  ASSAULT.  (a) ..." to its history:
    the fields of an `Evidence.versions` entry but its note."""
    head, rest = paras[0], paras[1:]
    history = [
        p for p in rest if re.match(r"^(?:Acts \d{4}|Added by|Amended by|Renumbered from|Transferred|Repealed by)", p)
    ]
    operative = [p for p in rest if p not in history]
    first = re.sub(r"^(?:Sec\.|Art\.)\s*" + re.escape(section) + r"\.\s*", "", head)
    # "Sec. 22.01.  ASSAULT.  (a) A person commits ...": the heading, then perhaps the first subdivision
    m = re.match(r"^([A-Z][A-Z ,;'\-]+[A-Z])\.\s*(.*)$", first)
    title, lead = (m.group(1), m.group(2)) if m else ("", first)
    operative = ([lead] if lead else []) + operative
    subunits, read = _article_sections(operative) or read_structure(operative, "a1Ai")
    flags = status_flags(None, f" - {title.title()}.") if title else []
    if not operative and any(p.startswith("Repealed by") for p in history) and "repealed" not in flags:
        flags.append("repealed")  # nothing left but the note of its repeal
    return {
        "text": " ".join(operative),
        "subunits": subunits,
        "pinpoints_authoritative": read,
        "amended": sorted(d for p in history for d in _texas_dates(p)),
        "flags": flags,
    }


def _script_shell(doc) -> bool:
    """A page that is a script application's frame (a root element for the script to fill, its
    script tags) rather than a document: what is left once the scripts are set aside is a few
    words at most ("You need to enable JavaScript to run this app.")."""
    if not doc.xpath("//script"):
        return False
    words = doc.xpath("//body//text()[not(ancestor::script or ancestor::style or ancestor::noscript)]")
    return len(squash(" ".join(words))) < SHELL_TEXT


def _article_sections(paras: list[str]) -> tuple[dict[str, str], bool] | None:
    """An article's own sections ("Sec. 2.  (a) ...") and their subdivisions, keyed "§2", "§2/a";
    with whether every section's structure was read. None for an article without sections."""
    blocks: dict[str, list[str]] = {}
    current = None
    for para in paras:
        m = _ARTICLE_SEC.match(para)
        if m:
            current, para = m.group(1), para[m.end() :]
            blocks[current] = []
        if current is not None and para:
            blocks[current].append(para)
    if not blocks:
        return None
    subunits: dict[str, str] = {}
    read_all = True
    for label, texts in blocks.items():
        key = ARTICLE_SECTION + label
        subunits[key] = " ".join(texts)
        inner, read = read_structure(texts, "a1Ai")
        read_all = read_all and read
        subunits.update({f"{key}/{k}": v for k, v in inner.items()})
    return subunits, read_all


def _texas_versions(doc, section: str) -> list[tuple[str, list[str]]]:
    """Each text the chapter prints under the section's number, with its note ("Text of section as
    added by Acts 2019, ..."; "" when none): its paragraphs from its anchor to the next section's.
    A number enacted twice, or amended with a later effective date, is printed once for each text,
    each under its own anchor (or only its "Sec." line) and note. A note stands between the anchor
    and the "Sec." line, or before the anchor, after the history of the text before it; "For text of
    section as added by ..., see other Sec. 32.56." notes point to the others. Notes are no part of
    any text."""
    out: list[tuple[list[str], list[str]]] = []  # each text's notes and paragraphs
    pending: list[str] = []  # notes read after a text's paragraphs: the next text's
    lines: list[str] | None = None  # the paragraphs of the text being read
    for p in doc.xpath("//p"):
        names = [a.get("name") for a in p.xpath(".//a[@name]")]
        line = text_of(p)
        if names:
            lines = [] if section in names else None
            if lines is not None:
                out.append((pending, lines))
            pending = []
        if _VERSION_NOTE.match(line):
            if lines is not None and not lines:  # between the anchor and the "Sec." line
                out[-1][0].append(line)
            else:
                pending.append(line)
        elif lines is not None:
            if lines and re.match(r"(?:Sec\.|Art\.)\s*" + re.escape(section) + r"\.", line):
                lines = []  # the next text, printed without an anchor of its own
                out.append((pending, lines))
                pending = []
            if line:
                lines.append(line)
        elif line:
            pending = []  # another section's paragraph: the notes were of its text
    return [(_version_note(notes), lines) for notes, lines in out if lines]


def _version_note(notes: list[str]) -> str:
    """The note that says which text this is, not those pointing to the others."""
    return "; ".join(n.rstrip(".") for n in notes if not n.lower().startswith("for "))


def _effective(history: list[str]) -> list[str]:
    """ISO dates of "Effective January 1, 2025." in leginfo's history lines (the date that follows
    the word, not a later one, such as the date of a repeal by the section's own terms)."""
    return sorted(
        d for line in history if "Effective" in line for d in month_dates(squash(line.split("Effective", 1)[-1]))[:1]
    )


def _texas_dates(line: str) -> list[str]:
    """The effective dates of a Texas history line: "..., eff. Sept. 1, 2019."."""
    return [d for part in re.findall(r"eff\.\s+([A-Z][a-z]+\.?\s+\d{1,2},\s+\d{4})", line) for d in month_dates(part)]
