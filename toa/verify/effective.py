"""When the amendments of a U.S. Code section took effect, from the effective-date notes the
official Code prints under it ("Effective Date of 2019 Amendment: Amendment by Pub. L. 116–94
effective on the date that is 180 days after Dec. 20, 2019"). A source credit dates amendments by
enactment; a text is the one of a date only with the amendments in force on that date."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from .evidence import month_dates, squash

# "Pub. L. 116–94", "Pub. L. 116-94": the law an amendment or a note is about
_LAW = re.compile(r"Pub\.\s*L\.\s*(\d+)\s*[\u2013\u2014-]\s*(\d+)")
_HEADING_YEAR = re.compile(r"Effective Date of (\d{4}) Amendment", re.I)
_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "eighteen": 18, "thirty": 30, "sixty": 60, "ninety": 90, "one hundred eighty": 180,
    "thirtieth": 30, "sixtieth": 60, "ninetieth": 90, "one hundred eightieth": 180,
}  # fmt: skip
_NUMBER = r"(\d+(?:st|nd|rd|th)?|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + r")"
_DATE = r"((?:Jan|Feb|Mar|Apr|May|June?|July?|Aug|Sept?|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},\s+\d{4})"
_ENACTMENT = r"(?:the\s+)?date\s+of\s+(?:the\s+)?enactment(?:\s+of\s+[^,.;]*?(?:Act|section|title))?"
# A day a clause reckons from: a date, enactment, or a delay after one ("180 days after Dec. 20, 2019").
_ANCHOR = rf"(?:{_NUMBER}[\s-]+(?:day|month|year)s?\s+after\s+)?(?:{_DATE}|{_ENACTMENT})"
_DELAY = re.compile(rf"{_NUMBER}[\s-]+(day|month|year)s?\s+after\s+(?:{_DATE}|{_ENACTMENT})", re.I)
# Periods whose start differs from one person to the next: "taxable years beginning after Dec. 31,
# 2017" reaches everyone only once each such year has begun (a taxable year lasts at most 53 weeks).
_YEARS = re.compile(
    rf"(?:taxable|plan|tax|fiscal|policy|school|academic|crop)\s+years?\s+(beginning|ending)\s+(on\s+or\s+)?"
    rf"after\s+({_ANCHOR})",
    re.I,
)
LONGEST_YEAR = timedelta(days=371)
# Periods that begin on the same day for everyone: "months beginning after December 31, 2018", "the
# first day of the first calendar quarter beginning after the date of enactment".
_PERIODS = re.compile(
    rf"(?:(?:the\s+)?first\s+day\s+of\s+(?:the\s+)?(?:first\s+)?)?(months?|calendar\s+(?:years?|quarters?))\s+"
    rf"(?:beginning|that\s+begins?|which\s+begins?)\s+(on\s+or\s+)?after\s+(?:the\s+date\s+(?:that|which)\s+is\s+)?"
    rf"({_ANCHOR})",
    re.I,
)
# "the later of (1) January 1, 2020, or (2) the date that is 180 days after ...": one day of several,
# to the end of the sentence (a period not after an abbreviation of a month)
_ONE_OF = re.compile(
    r"\b(later|earlier)\s+of\b(.*?)(?:\.(?=\s+[A-Z(\u201c\u201d\"]|\s*[\u201d\"]?\s*$)|$)", re.I | re.S
)
_ITEM = re.compile(r"\bor\b(?!\s+after)|\(\w\)", re.I)
# "such date": the one day the note named before it
_SUCH = re.compile(
    r"\b(?:such|that|the\s+same)\s+date(?:\s+of\s+(?:the\s+)?enactment(?:\s+of\s+this\s+Act)?)?(?!\s+as\b)", re.I
)
# Exceptions the other notes of the same law spell out, each read on its own
_ELSEWHERE = re.compile(r"\b(?:except|unless)\s+(?:as\s+)?otherwise\s+provided(?:\s+in\s+[^,;]*)?,?", re.I)
_SPAN_AFTER = re.compile(r"\b(?:days?|weeks?|months?|quarters?|years?)\b[^.;]{0,40}?\bafter\b", re.I)
# Words of a reckoning these rules do not do ("the first day of the month following ...", "the end
# of the 1-year period beginning on ...")
_UNREAD = re.compile(
    r"\b(?:first\s+day\s+of|(?:end|expiration)\s+of|following|later\s+of|earlier\s+of|period\s+(?:beginning|ending))\b",
    re.I,
)
_AFTER_DATE = re.compile(rf"(on\s+or\s+after|after|on|beginning|effective)\s+{_DATE}", re.I)
# The words that make an effective date hang on an event no date in the note fixes: the event may
# come any day from enactment, and by the note's outer bound when it gives one.
_EVENT = re.compile(
    r"\b(?:certif\w*|determin\w*|regulations?|promulgat\w*|notif\w*|notice|publish\w*|elect\w*|terminat\w*"
    r"|expir\w*|ratif\w*|approv\w*|unless)\b",
    re.I,
)
# An event's outer bound, "but in no event later than January 1, 2021", ", but not later than 2 years
# after ...", in a clause on when the law takes effect (a deadline to issue regulations is none)
_BOUND = re.compile(
    r"(?:\bin\s+no\s+event|(?:,|\bbut)\s+(?:not|no))\s+later\s+than\b(.*?)(?:;|\.(?=\s+[A-Z(\u201c\u201d\"]|\s*[\u201d\"]?\s*$)|$)",
    re.I | re.S,
)
_CLAUSE_END = re.compile(r"(?:;|\.(?=\s+[A-Z(\u201c\u201d\"]))")
_TAKES_EFFECT = re.compile(r"\b(?:take\s+effect|effective|appl(?:y|ies|icable))\b", re.I)
GIST_CHARS = 140


@dataclass
class Effect:
    """When one amending law's changes to the section took effect: from `earliest` (ISO) until
    `latest` (ISO, None when no date can be computed), as the notes say in `gist`."""

    law: str  # "116-94"; empty when the note names no law
    enacted: str  # ISO date of enactment, as the source credit gives it
    earliest: str
    latest: str | None
    gist: str


@dataclass
class Dating:
    """The amendments (their enactment dates) in force on a date, those not yet in force, and why
    the others cannot be placed on either side of it."""

    in_force: list[str] = field(default_factory=list)
    later: list[str] = field(default_factory=list)
    unsure: list[str] = field(default_factory=list)  # one reason per amendment


def credit_laws(credit: str) -> dict[str, str]:
    """The public laws of a source credit and their enactment dates: "Pub. L. 116–94, div. O,
    Dec. 20, 2019, 133 Stat. 3198; ..." -> {"116-94": "2019-12-20"}."""
    laws: dict[str, str] = {}
    for item in squash(credit).split(";"):
        law, dates = _LAW.search(item), month_dates(item)
        if law and dates:
            laws.setdefault(f"{law.group(1)}-{law.group(2)}", dates[0])
    return laws


def effects(credit: str, notes: list[tuple[str, str]]) -> list[Effect]:
    """The effective dates of a section's amendments, from its source credit and its effective-date
    notes, each a (heading, paragraph) pair ("Effective Date of 2019 Amendment", "Amendment by Pub.
    L. 116–94 effective ..."). A note about a law the credit does not name is about another section;
    a note that names no law is about each amendment of its heading's year."""
    laws = credit_laws(credit)
    enacted_in: dict[str, list[str]] = {}
    for day in sorted(set(laws.values()) | set(month_dates(squash(credit)))):
        enacted_in.setdefault(day[:4], []).append(day)
    found: dict[str, Effect] = {}
    for heading, paragraph in notes:
        text = squash(paragraph)
        law = _LAW.search(text)
        if law:
            name = f"{law.group(1)}-{law.group(2)}"
            if name not in laws:
                continue
            targets = [(name, laws[name])]
        else:
            year = _HEADING_YEAR.search(heading)
            targets = [(day, day) for day in enacted_in.get(year.group(1), [])] if year else []
        for name, enacted in targets:
            earliest, latest, gist = when(text, enacted)
            known = found.get(name)
            if known is None:
                found[name] = Effect(name if law else "", enacted, earliest, latest, gist)
                continue
            # several notes on one law (parts of it take effect at different times): the span of all
            known.earliest = min(known.earliest, earliest)
            if known.latest is not None and (latest is None or latest > known.latest):
                known.latest, known.gist = latest, gist
    return list(found.values())


def when(note: str, enacted: str) -> tuple[str, str | None, str]:
    """From when (earliest, latest; ISO) the amendment a note is about applies, and the gist of the
    note; latest is None when the note ties it to something no date fixes and bounds by none. A
    note of several clauses (a rule and its exceptions) spans the earliest to the latest of them. A
    date before enactment (an amendment "as if included" in an earlier law) counts from enactment:
    the text of a date before it did not read so."""
    said = note.split("provided that:", 1)[1] if "provided that:" in note else note
    gist = _gist(said)
    said = re.sub(r"\[[^\]]*\]", " ", said)  # the editors' insertions: "[amending this section]"
    if re.search(r"as if included|as if enacted", said, re.I):
        return enacted, enacted, gist
    start = date.fromisoformat(enacted)
    try:
        clauses = _such_date(_ELSEWHERE.sub(" ", said))
        bound = None
        if clauses is not None and _EVENT.search(clauses):
            bound, clauses = _outer_bound(clauses, start)
        spans = None if clauses is None else _spans(clauses, start)
    except (ValueError, IndexError, OverflowError):  # a day that does not exist, a delay past year 9999
        return enacted, None, gist
    if spans is None or bound is None and not spans:
        return enacted, None, gist
    if bound is not None:  # the event may come on any day from enactment to the bound
        spans.append((start, bound))
    low = max(min(s[0] for s in spans), start)
    high = max(max(s[1] for s in spans), start)
    return low.isoformat(), high.isoformat(), gist


def _such_date(said: str) -> str | None:
    """The note with each "such date" replaced by the one day the note named before it; None when
    the words before it name several days, or reckon one ("180 days after ..."), so that which one
    it means is not told."""
    while found := _SUCH.search(said):
        before = said[: found.start()]
        named = {(month_dates(m.group(0)) or [""])[0] for m in re.finditer(rf"{_DATE}|{_ENACTMENT}", before, re.I)}
        if len(named) != 1 or _DELAY.search(before) or _ONE_OF.search(before):
            return None
        day = named.pop()
        anchor = f"{date.fromisoformat(day):%B %d, %Y}" if day else "the date of enactment"
        said = before + anchor + said[found.end() :]
    return said


def _outer_bound(said: str, start: date) -> tuple[date | None, str | None]:
    """The latest day a note that hangs on an event gives ("but in no event later than January 1,
    2021"), and the note's other clauses (the bound's own clause, however it reckons, is over by
    then); (None, None) when it gives none, or when an event of another clause has no bound."""
    found = next(_BOUND.finditer(said), None)
    if found is None:
        return None, None
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(said[: found.start()])), default=0)
    outside = said[:clause_start] + " " + said[found.end() :]
    spans = _spans(found.group(1), start, listed=True)
    if not spans or not _TAKES_EFFECT.search(said[clause_start : found.start()]) or _EVENT.search(outside):
        return None, None
    return max(s[1] for s in spans), outside


def _spans(said: str, start: date, listed: bool = False) -> list[tuple[date, date]] | None:
    """The first and last day each clause of a note allows, or None for a note whose dates are not
    all read. In a list of days (`listed`: "the later of (1) January 1, 2020, or (2) ...") a date
    by itself is one of them."""
    spans: list[tuple[date, date]] = []
    for found in _ONE_OF.finditer(said):
        items = [_spans(item, start, listed=True) for item in _ITEM.split(found.group(2)) if item.strip(" ,;:")]
        if not items or not all(items):
            return None  # "the later of January 1, 2021, or the date on which the agreement terminates"
        some = [span for item in items for span in item or []]
        pick = max if found.group(1).lower() == "later" else min
        spans.append((pick(s[0] for s in some), pick(s[1] for s in some)))
    said_rest = _ONE_OF.sub(" ", said)
    for found in _PERIODS.finditer(said_rest):
        unit, on_or, anchor = found.group(1, 2, 3)
        first = _period_start(_anchor(anchor, start), unit.lower(), bool(on_or))
        spans.append((first, first))
    said_rest = _PERIODS.sub(" ", said_rest)
    for found in _YEARS.finditer(said_rest):
        ending_or_beginning, on_or, anchor = found.group(1, 2, 3)
        edge = _anchor(anchor, start) + (timedelta(0) if on_or else timedelta(days=1))
        spans.append(
            (edge, edge + LONGEST_YEAR) if ending_or_beginning.lower() == "beginning" else (edge - LONGEST_YEAR, edge)
        )
    said_rest = _YEARS.sub(" ", said_rest)
    for found in _DELAY.finditer(said_rest):
        day = _anchor(found.group(0), start)
        spans.append((day, day))
    said_rest = _DELAY.sub(" ", said_rest)
    if _SPAN_AFTER.search(said_rest) or _UNREAD.search(said_rest):
        return None  # "the first day of the month that begins 30 days after ...": not read here
    for relation, shown in _AFTER_DATE.findall(said_rest):
        day = _iso(shown) + (timedelta(days=1) if relation.lower() == "after" else timedelta(0))
        spans.append((day, day))
    said_rest = _AFTER_DATE.sub(" ", said_rest)
    if re.search(_ENACTMENT, said_rest, re.I):
        spans.append((start, start))
    if listed and not re.search(r"\b(?:before|prior|until|through)\b", said_rest, re.I):
        spans.extend((day, day) for day in map(_iso, re.findall(_DATE, said_rest)))
        said_rest = re.sub(_DATE, " ", said_rest)
    if month_dates(said_rest):
        return None  # a date in words these rules do not read
    return spans


def _anchor(said: str, start: date) -> date:
    """The day an anchor names: "180 days after Dec. 20, 2019", "Dec. 20, 2019", "the date of
    enactment"."""
    delay = _DELAY.search(said)
    if delay:
        number, unit, shown = delay.groups()
        count = _NUMBERS.get(number.lower()) or int(re.sub(r"\D", "", number))
        return _later(_iso(shown) if shown else start, count, unit.lower())
    return _iso(said) if month_dates(said) else start


def _period_start(day: date, unit: str, on_or: bool) -> date:
    """The first day of the first month, calendar quarter or calendar year that begins after `day`
    (or on it)."""
    months = 1 if unit.startswith("month") else 3 if "quarter" in unit else 12
    if on_or and day.day == 1 and (day.month - 1) % months == 0:
        return day
    index = (day.year * 12 + day.month - 1) // months * months + months
    return date(index // 12, index % 12 + 1, 1)


def dating(amended: list[str], known: list[Effect], day: str) -> Dating:
    """Each amendment (by enactment date) in force on `day`, not yet, or unsure. An amendment
    without a note took effect when enacted."""
    by_date: dict[str, list[Effect]] = {}
    for effect in known:
        by_date.setdefault(effect.enacted, []).append(effect)
    out = Dating()
    for enacted in amended:
        here = by_date.get(enacted, [])
        earliest = min([e.earliest for e in here], default=enacted)
        ends = [e.latest for e in here if e.latest is not None]
        if earliest > day:
            out.later.append(enacted)
        elif len(ends) == len(here) and max(ends, default=enacted) <= day:
            out.in_force.append(enacted)
        else:
            for e in here:
                what = f"Pub. L. {e.law} amendment" if e.law else f"the amendment of {e.enacted}"
                if e.latest is None:
                    out.unsure.append(f"{what}: effective date depends on \u201c{e.gist}\u201d")
                elif e.latest > day:
                    out.unsure.append(
                        f"{what}: takes effect between {e.earliest} and {e.latest}, depending on \u201c{e.gist}\u201d"
                    )
    return out


def _gist(said: str) -> str:
    words = squash(re.sub(r"\s*\[[^\]]*\]", "", said.split(", see ")[0])).strip(' ."\u201c\u201d')
    by_section = r"(?:sections?\s+[\w().]+(?:(?:,\s*|\s+and\s+)[\w().]+)*\s+of\s+)?"
    words = re.sub(rf"^Amendments?\s+by\s+{by_section}{_LAW.pattern},?\s*", "", words)
    words = re.sub(r"^Amendments?\s+(?=effective|applicable)", "", words)
    words = re.sub(r"^The amendments? made by .*?\s(?=shall\b)", "", words)
    return words if len(words) <= GIST_CHARS else words[: GIST_CHARS - 1].rsplit(" ", 1)[0] + " \u2026"


def _iso(shown: str) -> date:
    return date.fromisoformat(month_dates(shown)[0])  # IndexError: no such day ("Feb. 30, 2020")


def _later(base: date, count: int, unit: str) -> date:
    if unit == "day":
        return base + timedelta(days=count)
    months = base.month - 1 + count * (12 if unit == "year" else 1)
    year, month = base.year + months // 12, months % 12 + 1
    return date(year, month, min(base.day, calendar.monthrange(year, month)[1]))
