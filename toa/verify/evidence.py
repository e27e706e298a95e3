"""What one source tier says about one provision, and helpers shared by the parsers."""

from __future__ import annotations

import hashlib
import re
from dataclasses import asdict, dataclass, field
from datetime import datetime

import lxml.html

FOUND, ABSENT, CANDIDATE_ABSENT, ERROR = "found", "absent", "candidate_absent", "error"

# 200 answers that are not content: bot walls and maintenance pages.
BOT_MARKERS = ("Just a moment", "challenge-platform", "Request Access", "unblock.federalregister.gov")
_ENUMS = re.compile(r"^\s*((?:\(\s*[A-Za-z0-9]{1,5}\s*\)\s*)+)")
_LABEL = re.compile(r"\(\s*([A-Za-z0-9]{1,5})\s*\)")
# A subdivision's heading, a short phrase that ends in a period, then the first enumerators of its child.
_AFTER_HEADING = re.compile(r"[A-Z][^().;:]{0,150}\.\s+((?:\(\s*[A-Za-z0-9]{1,5}\s*\)\s*)+)")
_ROMAN = re.compile(r"^(?=[ivxl]+$)x{0,3}(ix|iv|v?i{0,3})$")
_MONTH_DATE = re.compile(r"\b(Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?\s+(\d{1,2}),\s+(\d{4})")
MONTHS = {
    m: i + 1 for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])
}


# A section that is no longer law as cited: its page says so in a status attribute (LII's
# div.section, USLM) or in the word its heading starts with ("§ 79a - Repealed. Pub. L. ...",
# "§ 1973 - Transferred", "§ 1910.96 - [Reserved]").
STATUSES = ("repealed", "transferred", "renumbered", "omitted", "reserved", "vacant")
_MOVED_TO = re.compile(
    r"\b(?:transferred|reclassified|renumbered)\s+(?:as\s+|to\s+)?"
    r"(section\s+[\w.\u2013-]+(?:\s+of\s+(?:this\s+title|[Tt]itle\s+\d+\w*))?)"
)


def status_flags(attribute: str | None, heading: str) -> list[str]:
    """The section's status, from its page's status attribute or else its heading's first word."""
    if attribute:
        return [attribute]
    title = heading.split(" - ", 1)[1] if " - " in heading else ""
    word = re.match(r"\W*(\w+)\]?(?:$|[.;,])", title)  # the word alone: "Reserved powers of ..." is a heading
    return [word.group(1).lower()] if word and word.group(1).lower() in STATUSES else []


def moved_to(text: str) -> str | None:
    """Where a transferred or renumbered section went, as its note says ("section 10301 of Title 52")."""
    m = _MOVED_TO.search(text)
    return m.group(1) if m else None


@dataclass
class Evidence:
    state: str  # found | absent (authoritative) | candidate_absent (LII only) | error
    tier: str  # LII, OLRC, GovInfo, eCFR, FederalRegister, offline
    url: str | None
    scope: str  # what this tier searched, printed with every negative
    reason: str | None = None
    text: str = ""  # operative text of the section, for quotes
    subunits: dict[str, str] = field(default_factory=dict)  # "c/2" -> text of (c)(2)
    paths: dict[str, str] = field(default_factory=dict)  # "c/2" -> where on the page
    pinpoints_authoritative: bool = False  # True: a missing subunit means it is not there
    amended: list[str] = field(default_factory=list)  # ISO dates of enactment/amendments
    # when amendments took effect (effective.Effect as dicts), from notes the source prints
    effective: list[dict] = field(default_factory=list)
    notes_read: bool = False  # the source prints the effective-date notes, and they were read
    current_through: str | None = None
    text_date: str | None = None  # the text is the one in force on this date (a point-in-time source)
    published: str | None = None  # Fed. Reg. publication date
    flags: list[str] = field(default_factory=list)
    # A number printed with several texts (Texas: "Text of section as added by Acts 2019, ..."),
    # each {"note", "text", "subunits", "pinpoints_authoritative", "amended", "flags"}; the fields
    # above hold the first text, every text's dates, and the flags every text has.
    versions: list[dict] = field(default_factory=list)
    sha256: str | None = None
    retrieved_at: float | None = None
    budget: bool = False

    def to_cache(self) -> dict:
        return asdict(self)


def error(tier: str, url: str | None, scope: str, reason: str, budget: bool = False) -> Evidence:
    return Evidence(ERROR, tier, url, scope, reason=reason, budget=budget)


def transport_error(reply, tier: str, url: str | None, scope: str) -> Evidence | None:
    """No usable HTTP answer (`Reply.error`); an exhausted budget is marked as such, so the
    summary says so rather than blame the source."""
    if reply.budget:
        return error(tier, url, scope, reply.error, budget=True)
    if reply.error:
        return error(tier, url, scope, reply.error)
    return None


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", (text or "").replace("\xa0", " ")).strip()


def bot_wall(text: str) -> bool:
    return any(marker in text for marker in BOT_MARKERS)


def complete_html(text: str) -> bool:
    """A page cut off in transit has no closing tag: partial pages prove nothing."""
    return "</html>" in text[-2000:].lower()


def html_tree(text: str):
    return lxml.html.fromstring(text)


def text_of(element) -> str:
    return squash(" ".join(element.itertext()))


def strip_noise(element) -> None:
    """Footnote markers and similar inline chrome would break quote matching."""
    for node in element.xpath('.//a[contains(@class,"footnoteRef")] | .//sup[contains(@class,"footnote")]'):
        node.drop_tree()


def _level(label: str, order: str, stack: dict[int, str]) -> int:
    """Depth of an enumerator from its type; `order` is e.g. "a1Ai" (U.S.C.) or "a1iA" (C.F.R.)."""
    if label.isdigit():
        kind = "1"
    elif _ROMAN.match(label) and not (len(label) == 1 and stack.get(order.index("a")) == chr(ord(label) - 1)):
        kind = "i"  # "(i)" right after "(h)" is a letter, otherwise a roman numeral
    elif label.islower():
        kind = "a"
    else:
        kind = "A"
    return order.index(kind)


def _push(labels: list[str], order: str, stack: dict[int, str]) -> dict[int, str]:
    """The enumerators open at each depth once `labels` are read."""
    for label in labels:
        level = _level(label, order, stack)
        stack = {k: v for k, v in stack.items() if k < level}
        stack[level] = label
    return stack


def walk(paragraphs: list[str], order: str) -> dict[str, str]:
    """Map each enumerated subunit ("b/1") to its text, from paragraphs that open with
    enumerators. Depth comes from the enumerator type, not from (unreliable) indent classes."""
    texts: dict[str, list[str]] = {}
    stack: dict[int, str] = {}
    for para in paragraphs:
        m = _ENUMS.match(para)
        if m:
            stack = _push(_LABEL.findall(m.group(1)), order, stack)
            headed = _AFTER_HEADING.match(para, m.end())
            # "(c) Hearing conservation program. (1) The employer ...": the first child follows
            # its parent's heading in the same paragraph (a sibling there would be a sentence's)
            child = _LABEL.findall(headed.group(1)) if headed else []
            if child and _level(child[0], order, stack) > max(stack):
                stack = _push(child, order, stack)
        if not stack:
            continue
        labels = [stack[k] for k in sorted(stack)]
        for i in range(1, len(labels) + 1):
            texts.setdefault("/".join(labels[:i]), []).append(para)
    return {k: " ".join(v) for k, v in texts.items()}


# An enumerator anywhere in a text: "(a)", "(12)", "(A)", "(iv)".
_ANY_ENUM = re.compile(r"\((?:[a-z]{1,4}|\d{1,3}|[A-Z]{1,2})\)")
MIN_STRUCTURE_TEXT = 80  # fewer characters: too little text to say that a section has no subdivisions


def read_structure(paragraphs: list[str], order: str) -> tuple[dict[str, str], bool]:
    """A section's subdivisions from its paragraphs, and whether that structure was read: yes when
    paragraphs open with enumerators, or when the whole text holds none (a section without
    subdivisions, such as 42 U.S.C. § 1983); no when enumerators stand only inside sentences."""
    subunits = walk(paragraphs, order)
    if subunits:
        return subunits, True
    text = " ".join(paragraphs)
    return {}, len(text) >= MIN_STRUCTURE_TEXT and not _ANY_ENUM.search(text)


def month_dates(text: str) -> list[str]:
    """ISO dates from "June 29, 2004"-style dates in a source/credit line."""
    out = []
    for mon, day, year in _MONTH_DATE.findall(text):
        try:
            out.append(datetime(int(year), MONTHS[mon[:3].lower()], int(day)).date().isoformat())
        except ValueError:
            continue
    return out
