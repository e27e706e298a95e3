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
_DELAY = re.compile(rf"{_NUMBER}[\s-]+(day|month|year)s?\s+after\s+(?:{_DATE}|{_ENACTMENT})", re.I)
# Periods whose start differs from one person to the next: "taxable years beginning after Dec. 31,
# 2017" reaches everyone only once each such year has begun (a taxable year lasts at most 53 weeks).
_YEARS = re.compile(
    rf"(?:taxable|plan|tax|fiscal|policy|school|academic|crop)\s+years?\s+(beginning|ending)\s+(on\s+or\s+)?"
    rf"after\s+{_DATE}",
    re.I,
)
LONGEST_YEAR = timedelta(days=371)
# Periods that begin on the same day for everyone: "months beginning after December 31, 2018".
_PERIODS = re.compile(rf"(?:months?|calendar\s+(?:years?|quarters?))\s+beginning\s+(on\s+or\s+)?after\s+{_DATE}", re.I)
_SPAN_AFTER = re.compile(r"\b(?:days?|weeks?|months?|quarters?|years?)\b[^.;]{0,40}?\bafter\b", re.I)
_AFTER_DATE = re.compile(rf"(on\s+or\s+after|after|on|beginning|effective)\s+{_DATE}", re.I)
# The words that make an effective date hang on an event no date in the note fixes.
_OPEN_ENDED = re.compile(
    r"\b(?:certif\w*|determin\w*|regulations?|promulgat\w*|notif\w*|publish\w*|first day of|later of|earlier of"
    r"|unless|except)\b",
    re.I,
)
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
    note; latest is None when the note ties it to something no date fixes. A date before enactment
    (an amendment "as if included" in an earlier law) counts from enactment: the text of a date
    before it did not read so."""
    said = note.split("provided that:", 1)[1] if "provided that:" in note else note
    gist = _gist(said)
    said = re.sub(r"\[[^\]]*\]", " ", said)  # the editors' insertions: "[amending this section]"
    if re.search(r"as if included|as if enacted", said, re.I):
        return enacted, enacted, gist
    if _OPEN_ENDED.search(said):
        return enacted, None, gist
    try:
        low, high = _span(said, date.fromisoformat(enacted))
    except (ValueError, IndexError, OverflowError):  # a day that does not exist, a delay past year 9999
        return enacted, None, gist
    if low is None or high is None:
        return enacted, None, gist
    return low.isoformat(), high.isoformat(), gist


def _span(said: str, start: date) -> tuple[date | None, date | None]:
    """The first and last day a note's dates allow (never before enactment), or None for a note
    whose dates are not all read."""
    days: list[date] = []
    for number, unit, on in _DELAY.findall(said):
        base = _iso(on) if on else start
        count = _NUMBERS.get(number.lower()) or int(re.sub(r"\D", "", number))
        days.append(_later(base, count, unit.lower()))
    said_rest = _DELAY.sub(" ", said)
    spans = []
    for ending_or_beginning, on_or, shown in _YEARS.findall(said_rest):
        edge = _iso(shown) + (timedelta(0) if on_or else timedelta(days=1))
        spans.append(
            (edge, edge + LONGEST_YEAR) if ending_or_beginning.lower() == "beginning" else (edge - LONGEST_YEAR, edge)
        )
    said_rest = _YEARS.sub(" ", said_rest)
    for on_or, shown in _PERIODS.findall(said_rest):
        days.append(_iso(shown) + (timedelta(0) if on_or else timedelta(days=1)))
    said_rest = _PERIODS.sub(" ", said_rest)
    if _SPAN_AFTER.search(said_rest):
        return None, None  # "the first day of the month that begins 30 days after ...": not read here
    for relation, shown in _AFTER_DATE.findall(said_rest):
        day = _iso(shown)
        days.append(day + timedelta(days=1) if relation.lower() == "after" else day)
    said_rest = _AFTER_DATE.sub(" ", said_rest)
    if re.search(_ENACTMENT, said_rest, re.I):
        days.append(start)
    if month_dates(said_rest) or not days and not spans:
        return None, None  # a date in words these rules do not read, or no date at all
    low = min(days + [s[0] for s in spans])
    high = max(days + [s[1] for s in spans])
    return max(low, start), max(high, start)


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
