"""What verification produces: one verdict per authority and per citation, settled from the checks
of its dimensions; JSON-ready via to_dict().

A check is one dimension of one authority or citation: existence, name, year, court, parallel
(citations), pinpoint, quotation, version (as of a date), history (subsequent history), precedential
(a decision listed as no precedent, cited as one), and for a
short form whether it names the case's volume and reporter (short form). Its status
is "match" (checked, and it agrees), "mismatch" (checked, and it does not: `detail` says how) or
"not verified" (could not be checked: `detail` says why).

Verdicts:
  VERIFIED         every dimension that applies was checked and matches;
  NEEDS_ATTENTION  a dimension was checked and does not match (the reason names each mismatch);
  NOT_VERIFIED     nothing mismatches, but a dimension could not be checked (the reason says why).
A citation's verdict counts its authority's checks and its own (its pinpoint, its quotation); an
authority's counts its own and those of every citation of it.

Provision units (one citation of a provision each) also keep the statutory-verification axes of
statutes.md §5 (existence, version, pinpoint, quotation), from which their checks are made.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, is_dataclass
from datetime import date
from typing import Any

from ..keys import Key, KeyBase

# Verdicts
VERIFIED = "VERIFIED"
NEEDS_ATTENTION = "NEEDS_ATTENTION"
NOT_VERIFIED = "NOT_VERIFIED"
VERDICTS = (VERIFIED, NEEDS_ATTENTION, NOT_VERIFIED)

# What a check found
MATCH = "match"
MISMATCH = "mismatch"
UNCHECKED = "not verified"

# Unit axes (statutes.md §5)
EXISTS = "confirmed"
NOT_IN_SCOPE = "not-found-in-verified-scope"
OPEN = "unresolved"
FOR_DATE = "confirmed-for-date"
WRONG_DATE = "wrong-date"
Q_MATCHED = "matched"
Q_MISMATCH = "mismatch"
Q_UNVERIFIED = "attribution-unverified"
Q_NONE = "not-requested"
# pinpoint sub-result
P_CONFIRMED = "confirmed"
P_NOT_FOUND = "not_found"
P_UNVERIFIED = "unverified"
P_NONE = "not-requested"


def _plain(value: Any) -> Any:
    """Keys -> their JSON form, records -> dicts, tuples -> lists, dates -> ISO strings, recursively
    (JSON has none of them)."""
    if isinstance(value, KeyBase):
        return value.as_json()
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, date):
        return value.isoformat()
    return value


@dataclass
class Check:
    # existence | name | year | precedential | court | parallel | pinpoint | quotation | version | history | short form
    dimension: str
    status: str  # MATCH | MISMATCH | UNCHECKED
    detail: str  # what agreed, what differs, or why it could not be checked
    flag: str | None = None  # a mismatch's short code ("name_mismatch"): the terminal's and the pane's tags
    # Not verified for a reason of the whole run or of a whole kind of authority (offline, no
    # token, a source down, a reporter CourtListener does not hold): the summary says it once,
    # rather than a comment on every citation.
    summary_only: bool = False


def match(dimension: str, detail: str) -> Check:
    return Check(dimension, MATCH, detail)


def mismatch(dimension: str, detail: str, flag: str) -> Check:
    return Check(dimension, MISMATCH, detail, flag)


def unchecked(dimension: str, detail: str, summary_only: bool = False) -> Check:
    return Check(dimension, UNCHECKED, detail, summary_only=summary_only)


def verdict_of(checks: list[Check]) -> str:
    if any(c.status == MISMATCH for c in checks):
        return NEEDS_ATTENTION
    if checks and all(c.status == MATCH for c in checks):
        return VERIFIED
    return NOT_VERIFIED


def reason_of(checks: list[Check]) -> str:
    """The mismatches, or when there is none what could not be checked and why."""
    bad = [c.detail for c in checks if c.status == MISMATCH]
    return "; ".join(dict.fromkeys(bad or [c.detail for c in checks if c.status == UNCHECKED]))


class _Settled:
    """settle() and to_dict() shared by the records: `checks` are the record's own, `parts()` its
    citations (or units), each with checks and a verdict of its own."""

    checks: list[Check]
    verdict: str
    reason: str
    flags: list[str]

    def parts(self) -> list:
        return []

    def all_checks(self) -> list[Check]:
        return self.checks + [c for p in self.parts() for c in p.checks]

    def settle(self) -> None:
        for part in self.parts():
            part.verdict = verdict_of(self.checks + part.checks)
        every = self.all_checks()
        self.verdict = verdict_of(every)
        self.reason = reason_of(every)
        self.flags = list(dict.fromkeys(c.flag for c in every if c.status == MISMATCH and c.flag))

    def to_dict(self) -> dict:
        return _plain(self)


@dataclass
class Cluster:
    """The part of a CourtListener cluster we keep as evidence."""

    id: int | None
    case_name: str
    date_filed: str | None
    citations: list[str]  # "volume reporter page"
    url: str | None
    court: str | None = None  # CourtListener's court id, when it was looked up


@dataclass
class CitationRecord:
    """One citation of a case at one place in the brief: its own checks (pinpoint, quotation, a
    short form's volume and reporter) and its verdict, which counts its case's checks too."""

    paragraph: int
    start: int
    text: str
    kind: str  # full | short | id | supra | ...
    pin: str | None = None  # the pinpoint as written ("322-23", "at 170")
    quotations: list[str] = field(default_factory=list)  # the words the brief quotes from the case here
    # what the brief says its quotations leave out: "citations", "quotation marks", "footnotes"
    quotation_omits: list[str] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    verdict: str = NOT_VERIFIED


@dataclass
class CaseRecord(_Settled):
    key: Key
    text: str
    kind: str = "case"
    verdict: str = NOT_VERIFIED
    reason: str = ""
    flags: list[str] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    citations: list[CitationRecord] = field(default_factory=list)
    evidence_url: str | None = None
    citation: str | None = None  # standardized "volume reporter page" sent / looked up
    case_name: str | None = None  # as written in the brief
    year: int | None = None
    court: str | None = None  # the court of the brief's parenthetical (a courts-db id)
    clusters: list[Cluster] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # e.g. actual first page, cached

    def parts(self) -> list:
        return self.citations


@dataclass
class UnitRecord:
    """One cited provision at one place in the brief (statutes.md §5 vocabulary), with the checks
    made from those axes and its verdict."""

    unit_id: str
    canonical_instrument_id: str
    requested_date: date | None
    provision: str
    existence: str = OPEN
    version: str = OPEN
    quotation: str = Q_NONE
    pinpoint: str = P_NONE
    coverage: str = ""  # the sources that answered and what they searched
    source_url: str | None = None
    evidence_paths: list[str] = field(default_factory=list)  # anchors / XPaths that held the evidence
    unresolved_reason: str | None = None
    flags: list[str] = field(default_factory=list)
    quotation_similarity: float | None = None
    retrieved_at: float | None = None
    sha256: str | None = None
    paragraph: int | None = None  # where the citation is in the brief (for comments)
    start: int | None = None
    budget: bool = False  # unresolved only because the run's request budget ran out
    pinpoint_note: str | None = None  # what exists where the cited pinpoint does not
    text_version: str | None = None  # of a section printed with several texts, the one that has the cite
    checks: list[Check] = field(default_factory=list)
    verdict: str = NOT_VERIFIED

    def flag(self, name: str) -> None:
        if name not in self.flags:
            self.flags.append(name)


@dataclass
class ProvisionRecord(_Settled):
    key: Key
    text: str
    kind: str  # usc | cfr | fr | rule | const | other
    verdict: str = NOT_VERIFIED
    reason: str = ""
    flags: list[str] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)  # the authority's own: why it was not looked up
    evidence_url: str | None = None
    units: list[UnitRecord] = field(default_factory=list)

    def parts(self) -> list:
        return self.units


Record = CaseRecord | ProvisionRecord


@dataclass
class UnlinkedRecord:
    """A short form (short/id/supra) the engine could not tie to any full citation."""

    paragraph: int
    start: int
    text: str
    kind: str
    flags: list[str] = field(default_factory=lambda: ["short_form_unlinked"])

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Verification:
    records: dict[Key, Record] = field(default_factory=dict)
    unlinked: list[UnlinkedRecord] = field(default_factory=list)
    requests_made: int = 0
    budget: int = 0
    budget_exhausted: bool = False
    notes: list[str] = field(default_factory=list)
    as_of: date | None = None  # the date provisions were checked for (None: the day of the run)
    # reason something was not verified -> how to fix it, one line (engine.fixes: a token, the index)
    fixes: dict[str, str] = field(default_factory=dict)

    def __getitem__(self, key: Key) -> Record:
        return self.records[key]

    def get(self, key: Key) -> Record | None:
        return self.records.get(key)

    def summary(self) -> dict[str, int]:
        counts = dict.fromkeys(VERDICTS, 0)
        for record in self.records.values():
            counts[record.verdict] += 1
        return counts

    def not_verified(self) -> list[dict]:
        """What was not verified and why: each reason once, with the authorities it holds back
        (those that need attention are listed by their mismatch instead) and how to fix it
        ("fix", None when nothing the user sets would)."""
        groups: dict[str, list[str]] = {}
        for record in self.records.values():
            if record.verdict != NOT_VERIFIED:
                continue
            for reason in dict.fromkeys(c.detail for c in record.all_checks() if c.status == UNCHECKED):
                groups.setdefault(reason, []).append(record.text)
        return [
            {"reason": reason, "authorities": texts, "fix": self.fixes.get(reason)} for reason, texts in groups.items()
        ]

    def to_dict(self) -> dict:
        return {
            "summary": self.summary(),
            "not_verified": self.not_verified(),
            "as_of": self.as_of.isoformat() if self.as_of else None,
            "requests_made": self.requests_made,
            "budget": self.budget,
            "budget_exhausted": self.budget_exhausted,
            "notes": list(self.notes),
            "authorities": [r.to_dict() for r in self.records.values()],
            "unlinked": [u.to_dict() for u in self.unlinked],
        }
