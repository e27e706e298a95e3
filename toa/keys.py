"""What identifies an authority: one key type per family of citations.

Two citations of one authority have equal keys (so an authority is one entry however often it is
cited), citations of different authorities never do. Keys are frozen dataclasses with named fields:
hashable, compared field by field, and a key of one family never equals a key of another.

`as_json()` writes a key as the list a report and a verification record carry: the family's tag
first, then its fields in order, an optional field left out when it is empty ("18 U.S.C. § 924(c)"
is ["usc", "18", "924(c)"], and ["usc", "18", "924(c)", "2018"] with its edition).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Literal, TypeAlias, cast

JsonPart: TypeAlias = str | list[str]
# a section's number with its subsection cut off: "924" of "924(c)(1)"
_SUBSECTION = re.compile(r"^([^()]+?)\s*\(.*$")


class KeyBase:
    """What every key does: its JSON form, and the key without the subsection of its last part."""

    __slots__ = ()
    TAG: ClassVar[str]
    OPTIONAL: ClassVar[frozenset[str]] = frozenset()  # fields left out of the JSON form when empty

    def _present(self) -> list[str]:
        """The fields the JSON form writes, in order."""
        return [
            f.name
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) or f.name not in self.OPTIONAL
        ]

    def as_json(self) -> list[JsonPart]:
        return [self.TAG] + [getattr(self, name) for name in self._present()]

    def without_subsection(self) -> Key:
        """The key with its last part cut before a parenthesised subsection ("§ 1983(a)" -> "§ 1983"):
        the provision an entry names when it cites another subsection of it."""
        last = self._present()[-1]
        value = getattr(self, last)
        m = _SUBSECTION.match(value) if isinstance(value, str) else None
        return replace(cast(Any, self), **{last: m.group(1)}) if m else cast(Key, self)


# --- cases -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaseKey(KeyBase):
    """A case by its reporter cite ("576 U.S. 155"; a Westlaw, Lexis or Bloomberg Law cite too)."""

    TAG: ClassVar[str] = "case"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"party"})
    volume: str
    reporter: str
    page: str
    # the first party's first word, when two named cases share one reporter page (memorandum orders)
    party: str = ""


@dataclass(frozen=True, slots=True)
class DocketKey(KeyBase):
    """A decision cited by docket number ("Arkansas v. EPA, No. 23-1320 (8th Cir. 2023)")."""

    TAG: ClassVar[str] = "docket"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"party"})
    number: str
    name: str  # the case name, lower case
    party: str = ""  # as CaseKey.party


# --- constitutions -----------------------------------------------------------------------------

ConstitutionPart = Literal["art", "amend", "pmbl"]


@dataclass(frozen=True, slots=True)
class ConstitutionKey(KeyBase):
    """A provision of a constitution ("U.S. Const. art. III, § 2, cl. 1")."""

    TAG: ClassVar[str] = "const"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"number", "section", "clause"})
    jurisdiction: str  # "US" or a state's abbreviation ("Tex.")
    part: ConstitutionPart
    number: str = ""  # roman numeral; "" for the preamble
    section: str = ""
    clause: str = ""

    def as_json(self) -> list[JsonPart]:
        # a clause is written after its section, even an empty one
        parts = KeyBase.as_json(self)
        return parts if self.section or not self.clause else parts[:-1] + ["", self.clause]

    def article(self) -> tuple[str, ConstitutionPart, str]:
        """The article or amendment the provision is in."""
        return self.jurisdiction, self.part, self.number


# --- statutes ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class UsCodeKey(KeyBase):
    """A section of the U.S. Code, or of the Internal Revenue Code cited by its own name ("I.R.C.
    § 162", code "irc", an entry of its own)."""

    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"edition"})
    title: str  # "18", "50 App."
    section: str  # with its subsection as cited: "924(c)(3)(A)", "41 et seq.", "1030 note"
    edition: str = ""  # "2018", "Supp. IV 2022": an edition cited is an entry of its own
    code: Literal["usc", "irc"] = "usc"

    def as_json(self) -> list[JsonPart]:
        return [self.code, self.title, self.section, *([self.edition] if self.edition else [])]

    def without_subsection(self) -> Key:
        m = _SUBSECTION.match(self.section) if not self.edition else None
        return replace(self, section=m.group(1)) if m else self


@dataclass(frozen=True, slots=True)
class PublicLawKey(KeyBase):
    """A public law, or a section of it ("Pub. L. No. 99-308, § 104(a)(2)(F)")."""

    TAG: ClassVar[str] = "publ"
    number: str  # "99-308"
    section: str = ""  # "" for the whole law


@dataclass(frozen=True, slots=True)
class ActKey(KeyBase):
    """An act by its date and chapter ("Act of Mar. 3, 1791, ch. 15, § 43", "Judiciary Act of 1789,
    ch. 20"), or a section of it."""

    TAG: ClassVar[str] = "act"
    date: str  # "1791-03-03", or the year of a named act
    chapter: str
    section: str = ""


@dataclass(frozen=True, slots=True)
class StatutesAtLargeKey(KeyBase):
    """A bare Statutes at Large cite ("64 Stat. 1100"), or a section of the law there."""

    TAG: ClassVar[str] = "stat"
    volume: str
    page: str
    section: str = ""


@dataclass(frozen=True, slots=True)
class RevisedStatutesKey(KeyBase):
    """A section of the Revised Statutes ("Rev. Stat. § 1979")."""

    TAG: ClassVar[str] = "revstat"
    section: str
    edition: str = ""


@dataclass(frozen=True, slots=True)
class StateCodeKey(KeyBase):
    """A section of a state's code or session laws ("Tex. Penal Code § 22.01(a)", "Cal. Code Regs.,
    tit. 22, § 72001", "Stats. 2003, ch. 484, § 2")."""

    TAG: ClassVar[str] = "state"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"edition"})
    jurisdiction: str  # "Tex."; "" when the brief names no state ("Pen. Code, § 187")
    code: str  # the code's key words, the same for every spelling: "code civ proc"
    title: str  # a title or chapter number ("21" of "Okla. Stat. tit. 21"), else ""
    section: str  # with its subsection as cited: "6.01(a)", "38.37, § 2" (an article's section)
    edition: str = ""  # "West 2019"

    def code_of(self) -> tuple[str, str, str]:
        """The code the section is in: (jurisdiction, code, title)."""
        return self.jurisdiction, self.code, self.title


# --- rules and regulations ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleKey(KeyBase):
    """A rule of a set of court rules ("Fed. R. Civ. P. 56(a)"), or its committee note."""

    TAG: ClassVar[str] = "rule"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"edition", "note"})
    rule_set: str  # "Fed. R. Civ. P.", "Tex. R. App. P."; local rules by their key words ("local civ l r")
    rule: str  # with its subsection as cited: "56(a)"
    edition: str = ""
    note: str = ""  # "advisory committee's note to 2015 amendment": an entry of its own


@dataclass(frozen=True, slots=True)
class CfrKey(KeyBase):
    """A section or part of the Code of Federal Regulations ("47 C.F.R. § 54.709(a)(3)", "pt. 1910")."""

    TAG: ClassVar[str] = "cfr"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"edition"})
    title: str
    section: str
    edition: str = ""


@dataclass(frozen=True, slots=True)
class FarKey(KeyBase):
    """A section of the Federal Acquisition Regulation or its defense supplement ("FAR 52.249-2")."""

    TAG: ClassVar[str] = "far"
    regulation: str  # "FAR" | "DFARS"
    section: str


@dataclass(frozen=True, slots=True)
class ExecutiveOrderKey(KeyBase):
    """A presidential document cited to 3 C.F.R. ("Exec. Order No. 12,866")."""

    TAG: ClassVar[str] = "eo"
    name: str


@dataclass(frozen=True, slots=True)
class GuidelinesKey(KeyBase):
    """A section of the Sentencing Guidelines ("U.S.S.G. § 4B1.2(a)")."""

    TAG: ClassVar[str] = "ussg"
    section: str


@dataclass(frozen=True, slots=True)
class FederalRegisterKey(KeyBase):
    """A Federal Register notice by volume and first page ("86 Fed. Reg. 54819")."""

    TAG: ClassVar[str] = "fr"
    volume: str
    page: str


# --- legislative materials ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportKey(KeyBase):
    """A committee report or document ("H.R. Rep. No. 99-849")."""

    TAG: ClassVar[str] = "report"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"part"})
    document: str  # "H.R. Rep."
    number: str  # <congress>-<number> when the Congress is given
    part: str = ""  # ", pt. 1"


@dataclass(frozen=True, slots=True)
class BillKey(KeyBase):
    """A bill or resolution of Congress ("S. 1630, 97th Cong.")."""

    TAG: ClassVar[str] = "bill"
    type: str
    number: str
    congress: str


@dataclass(frozen=True, slots=True)
class CongressionalRecordKey(KeyBase):
    """A page of the Congressional Record ("142 Cong. Rec. 1234")."""

    TAG: ClassVar[str] = "congrec"
    volume: str
    page: str


@dataclass(frozen=True, slots=True)
class CongressionalGlobeKey(KeyBase):
    TAG: ClassVar[str] = "globe"
    congress: str
    session: str
    page: str


@dataclass(frozen=True, slots=True)
class AnnalsKey(KeyBase):
    """A page of the Annals of Congress."""

    TAG: ClassVar[str] = "annals"
    volume: str
    page: str


@dataclass(frozen=True, slots=True)
class HearingKey(KeyBase):
    """A hearing by its title's words and its Congress (or, in a state, its year)."""

    TAG: ClassVar[str] = "hearing"
    title: str
    congress: str


@dataclass(frozen=True, slots=True)
class StateBillKey(KeyBase):
    """A state bill ("Tex. H.B. 4, 78th Leg., R.S."), a document about it by its title's words, or
    a section of it ("S.B. 396, 94th Gen. Assemb., Reg. Sess. (Ark. 2023), § 4-88-1102(c)(1)")."""

    TAG: ClassVar[str] = "state_bill"
    OPTIONAL: ClassVar[frozenset[str]] = frozenset({"document", "section"})
    jurisdiction: str
    type: str
    number: str
    legislature: str
    document: str = ""
    section: str = ""


@dataclass(frozen=True, slots=True)
class CommitteePrintKey(KeyBase):
    TAG: ClassVar[str] = "print"
    author: str
    congress: str
    title: str


@dataclass(frozen=True, slots=True)
class LegislativeJournalKey(KeyBase):
    """A page of a state house or senate journal."""

    TAG: ClassVar[str] = "journal"
    house: str  # "H" | "S"
    jurisdiction: str
    legislature: str
    page: str


@dataclass(frozen=True, slots=True)
class BallotPamphletKey(KeyBase):
    TAG: ClassVar[str] = "ballot"
    election: str
    document: str


@dataclass(frozen=True, slots=True)
class BillAnalysisKey(KeyBase):
    """A document about a California bill ("Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157
    (2019-2020 Reg. Sess.)"): its author, its title, the bill, the session and the version."""

    TAG: ClassVar[str] = "bill_report"
    author: str
    document: str
    number: str
    session: str
    version: str

    def analysis(self) -> tuple[str, str, str]:
        """What a short cite of it names ("…, Analysis of Assem. Bill No. 157, supra"): author, title, bill."""
        return self.author, self.document, self.number


# --- agency materials --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AgencyDecisionKey(KeyBase):
    """An agency decision by its reporter cite ("19 I. & N. Dec. 234")."""

    TAG: ClassVar[str] = "admin"
    reporter: str
    volume: str
    page: str


@dataclass(frozen=True, slots=True)
class SecReleaseKey(KeyBase):
    TAG: ClassVar[str] = "sec release"
    number: str


@dataclass(frozen=True, slots=True)
class PtabKey(KeyBase):
    TAG: ClassVar[str] = "ptab"
    number: str


@dataclass(frozen=True, slots=True)
class IrsGuidanceKey(KeyBase):
    """A revenue ruling, procedure or notice ("Rev. Rul. 2004-1")."""

    TAG: ClassVar[str] = "irs"
    kind: str
    number: str


# --- jury instructions and secondary sources ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class JuryInstructionKey(KeyBase):
    TAG: ClassVar[str] = "jury"
    set: str
    number: str


@dataclass(frozen=True, slots=True)
class WorkKey(KeyBase):
    """A book, treatise, dictionary, news article or web page by its author and title."""

    TAG: ClassVar[str] = "work"
    author: str
    title: str
    volume: str
    extra: str  # edition, publisher and date: another edition is another entry


@dataclass(frozen=True, slots=True)
class ManualForComplexLitigationKey(KeyBase):
    TAG: ClassVar[str] = "work"
    edition: str

    def without_subsection(self) -> Key:
        return self

    def as_json(self) -> list[JsonPart]:
        return [self.TAG, "manual for complex litigation", self.edition]


@dataclass(frozen=True, slots=True)
class ArticleKey(KeyBase):
    """A law review article or an A.L.R. annotation by volume, journal and first page (or title)."""

    TAG: ClassVar[str] = "article"
    volume: str
    journal: str
    page: str


@dataclass(frozen=True, slots=True)
class EncyclopediaKey(KeyBase):
    TAG: ClassVar[str] = "encyclopedia"
    volume: str
    series: str
    title: str
    section: str


@dataclass(frozen=True, slots=True)
class RestatementKey(KeyBase):
    TAG: ClassVar[str] = "restatement"
    edition: str  # "second"; "" for the first
    subject: str
    section: str


@dataclass(frozen=True, slots=True)
class ModelCodeKey(KeyBase):
    """A section of a model code or rule of the ABA's Model Rules ("Model Penal Code § 2.02(2)")."""

    TAG: ClassVar[str] = "model"
    code: str
    section: str


@dataclass(frozen=True, slots=True)
class FederalistKey(KeyBase):
    TAG: ClassVar[str] = "federalist"
    number: str


@dataclass(frozen=True, slots=True)
class CodeCommentKey(KeyBase):
    """A commentary printed after a code section ("… cmt. foll. § 2")."""

    TAG: ClassVar[str] = "code_comment"
    author: str
    source: str
    section: str


@dataclass(frozen=True, slots=True)
class EthicsOpinionKey(KeyBase):
    TAG: ClassVar[str] = "ethics"
    issuer: str
    number: str


@dataclass(frozen=True, slots=True)
class AttorneyGeneralOpinionKey(KeyBase):
    TAG: ClassVar[str] = "ag_op"
    jurisdiction: str
    number: str


@dataclass(frozen=True, slots=True)
class EuActKey(KeyBase):
    """A regulation, directive or decision of the European Union ("Regulation (EU) 2016/679")."""

    TAG: ClassVar[str] = "eu"
    type: str
    body: str
    number: str


@dataclass(frozen=True, slots=True)
class TreatyKey(KeyBase):
    """A treaty by its treaty series cite ("1577 U.N.T.S. 3")."""

    TAG: ClassVar[str] = "treaty"
    volume: str
    series: str
    page: str


@dataclass(frozen=True, slots=True)
class WebKey(KeyBase):
    TAG: ClassVar[str] = "web"
    url: str  # lower case, without a closing "/"


@dataclass(frozen=True, slots=True)
class VolumeKey(KeyBase):
    """Another volume of a work the brief cites and names ("11 OED 471" after "3 The Oxford English
    Dictionary 441 (1978) (OED)")."""

    work: Key
    volume: str

    def without_subsection(self) -> Key:
        return self

    def as_json(self) -> list[JsonPart]:
        return self.work.as_json() + [["volume", self.volume]]


Key: TypeAlias = (
    CaseKey
    | DocketKey
    | ConstitutionKey
    | UsCodeKey
    | PublicLawKey
    | ActKey
    | StatutesAtLargeKey
    | RevisedStatutesKey
    | StateCodeKey
    | RuleKey
    | CfrKey
    | FarKey
    | ExecutiveOrderKey
    | GuidelinesKey
    | FederalRegisterKey
    | ReportKey
    | BillKey
    | CongressionalRecordKey
    | CongressionalGlobeKey
    | AnnalsKey
    | HearingKey
    | StateBillKey
    | CommitteePrintKey
    | LegislativeJournalKey
    | BallotPamphletKey
    | BillAnalysisKey
    | AgencyDecisionKey
    | SecReleaseKey
    | PtabKey
    | IrsGuidanceKey
    | JuryInstructionKey
    | WorkKey
    | ManualForComplexLitigationKey
    | ArticleKey
    | EncyclopediaKey
    | RestatementKey
    | ModelCodeKey
    | FederalistKey
    | CodeCommentKey
    | EthicsOpinionKey
    | AttorneyGeneralOpinionKey
    | EuActKey
    | TreatyKey
    | WebKey
    | VolumeKey
)
