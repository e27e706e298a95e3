"""What verification produces: one record per authority, JSON-ready via to_dict().

Case verdicts: FOUND, FOUND_MULTIPLE, NOT_FOUND, UNKNOWN_REPORTER, NOT_CHECKED, UNRESOLVED.
Provision verdicts (authority level, summarising its units): CONFIRMED, NOT_FOUND,
UNRESOLVED, NOT_CHECKED. Problems that do not change the verdict are `flags`.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, is_dataclass
from datetime import date
from typing import Any

from ..keys import Key, KeyBase

# Case verdicts
FOUND = "FOUND"
FOUND_MULTIPLE = "FOUND_MULTIPLE"
NOT_FOUND = "NOT_FOUND"
UNKNOWN_REPORTER = "UNKNOWN_REPORTER"
NOT_CHECKED = "NOT_CHECKED"
UNRESOLVED = "UNRESOLVED"
# Provision verdict
CONFIRMED = "CONFIRMED"

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


class _FlaggedRecord:
    """flag() and to_dict() shared by the records; `flags` is each subclass's dataclass field."""

    flags: list[str]

    def flag(self, name: str) -> None:
        if name not in self.flags:
            self.flags.append(name)

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
    name_similarity: float | None = None


@dataclass
class CaseRecord(_FlaggedRecord):
    key: Key
    text: str
    kind: str = "case"
    verdict: str = NOT_CHECKED
    flags: list[str] = field(default_factory=list)
    reason: str = ""
    evidence_url: str | None = None
    citation: str | None = None  # standardized "volume reporter page" sent / looked up
    case_name: str | None = None  # as written in the brief (never sent)
    year: int | None = None
    pin_cite: str | None = None
    clusters: list[Cluster] = field(default_factory=list)
    normalized_citations: list[str] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)  # e.g. actual first page, cached


@dataclass
class UnitRecord(_FlaggedRecord):
    """One cited provision at one place in the brief (statutes.md §5 vocabulary)."""

    unit_id: str
    canonical_instrument_id: str
    requested_date: date | None
    provision: str
    existence: str = OPEN
    version: str = OPEN
    quotation: str = Q_NONE
    pinpoint: str = P_NONE
    coverage: str = ""
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


@dataclass
class ProvisionRecord(_FlaggedRecord):
    key: Key
    text: str
    kind: str  # usc | cfr | fr | rule | const | other
    verdict: str = NOT_CHECKED
    flags: list[str] = field(default_factory=list)
    reason: str = ""
    evidence_url: str | None = None
    units: list[UnitRecord] = field(default_factory=list)


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

    def __getitem__(self, key: Key) -> Record:
        return self.records[key]

    def get(self, key: Key) -> Record | None:
        return self.records.get(key)

    def summary(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for record in self.records.values():
            counts[record.verdict] = counts.get(record.verdict, 0) + 1
        return dict(sorted(counts.items()))

    def to_dict(self) -> dict:
        return {
            "summary": self.summary(),
            "requests_made": self.requests_made,
            "budget": self.budget,
            "budget_exhausted": self.budget_exhausted,
            "notes": list(self.notes),
            "authorities": [r.to_dict() for r in self.records.values()],
            "unlinked": [u.to_dict() for u in self.unlinked],
        }
