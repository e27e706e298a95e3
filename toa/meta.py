"""What a recognizer reads from a citation besides its key: one dataclass per family.

`Occurrence.meta` holds one of these (None for the families whose details no later stage reads):
the parts of a case's reporter cite and its name, the number of a provision and the code or rule
set it is in, what a short form names (a pin page, an antecedent word, a defined short name).
Linking reads them to tie short forms to their authority, the audit to compare an entry's parts,
verification to look a citation up.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from .keys import CaseKey, ConstitutionPart


@dataclass(slots=True)
class DecisionMeta:
    """A decision's citation (by volume, reporter and first page when it has them) and the cites
    extract folded into it: its parallel cites and its subsequent history."""

    volume: str = ""
    reporter: str = ""
    page: str = ""
    cite_end: int | None = None  # where the reporter cite ends: a parallel cite or history may follow
    parallel: list[CaseKey] = field(default_factory=list)  # parallel cites folded into this one
    history: list[CaseKey] = field(default_factory=list)  # the cites of its subsequent history


@dataclass(slots=True)
class CaseMeta(DecisionMeta):
    """A full case citation: a reporter cite ("576 U.S. 155, 163 (2015)"), a docket number or a
    Bloomberg Law cite, with the case's name."""

    case_name: str = ""
    year: str | None = None
    court: str | None = None  # eyecite's court id ("scotus")
    pin_cite: str | None = None
    name_end: int | None = None  # where the case name ends


@dataclass(slots=True)
class AgencyMeta(DecisionMeta):
    """An agency decision ("19 I. & N. Dec. 234", a PTAB decision, an SEC release), or a short cite
    of one ("19 I. & N. Dec. at 236")."""

    pin: str = ""


@dataclass(slots=True)
class ShortCiteMeta:
    """eyecite's short cite of a case: "Reed, 576 U.S. at 170"."""

    volume: str
    reporter: str
    pin: str
    antecedent: str  # the word before it that names the case ("Reed")


@dataclass(slots=True)
class IdMeta:
    """eyecite's "Id. at 170"."""

    pin: str


@dataclass(slots=True)
class SupraMeta:
    """A supra ("Reed, supra, at 4"), California's "(Baral, at p. 396.)", a treatise's "Bishop § 682,
    at 371": linked by the word that names the authority."""

    antecedent: str
    pin: str = ""


@dataclass(slots=True)
class ShortNameMeta:
    """A short form by a name the brief gave the authority ("Bishop § 682", "OED", "Heien", the
    name of a decision cited by docket number): its key is the authority's already."""

    short_name: str


@dataclass(slots=True)
class ProvisionMeta:
    """A provision cited by its number: a section of a code or statute ("18 U.S.C. § 924(c)", "Tex.
    Penal Code § 22.01"), a rule of a set of rules ("Fed. R. Civ. P. 56(a)"), a regulation, a model
    code's section; or a short form of one ("Id. § 230(c)", "§ 6330(c)", "Rule 54(d)")."""

    code: str = ""  # as cited: "U.S.C.", "C.F.R.", "Tex. Penal Code", "session_law"
    title: str = ""  # a title or chapter number ("18", "22")
    section: str = ""  # without its subsection: "924"; an article's section "38.37, § 2"
    subsection: str = ""  # "(c)(1)", the first of a list
    subsections: list[str] = field(default_factory=list)  # a list cited as one provision: ["(c)", "(k)"]
    rule_set: str = ""  # "Fed. R. Civ. P."; "" for a section, and for a bare "Rule 54(d)"
    rule: str = ""  # a rule's number, without its subsection: "56"
    # "Rule 9.4 of the Rules of Appellate Procedure": the kind of set a bare rule is of, its state
    # unnamed ("app", "civ", "crim", "evid")
    set_kind: str = ""
    jurisdiction: str | None = None  # a state code's or a rule set's; None for a federal statute
    state_implied: bool = False  # a state code named without its state ("Pen. Code, § 187")
    mark: str = ""  # "art." for a Texas code's article
    edition: str = ""  # "2018", "West 2019"
    et_seq: bool = False
    range: bool = False  # "§§ 1961-1968"
    popular_name: str = ""  # "Armed Career Criminal Act, 18 U.S.C. 924(e)"
    act: str = ""  # "section 7428 of the Internal Revenue Code": the act a bare section is in
    act_section: str = ""  # "101(a)(43)(F)" of "INA § 101(a)(43)(F), 8 U.S.C. § 1101(a)(43)(F)": the act's own number
    inverted: bool = False  # written "Article 38.37 of the Code ...": the entry is reworded
    subdivision_only: bool = False  # "Id., subd. (d)(1)", "subdivision (b)": of the section cited before
    committee_note: str = ""  # "advisory committee's note to 2015 amendment"
    # "1798.99.28": the act this section is in is cited as codified from that section on
    # ("Cal. Civ. Code § 1798.99.28 et seq. (the Act)"), and by the last part of its numbers
    codified_from: str = ""


@dataclass(slots=True)
class ConstitutionMeta:
    jurisdiction: str  # "US" or a state's abbreviation
    part: ConstitutionPart
    number: str  # roman numeral; "" for the preamble
    section: str = ""
    clause: str = ""


@dataclass(slots=True)
class BillMeta:
    """A bill of Congress; a section pin ("S. 1630, § 1615(a)(1), 97th Cong.") is kept, not shown."""

    section: str = ""


@dataclass(slots=True)
class SeriesMeta:
    """A page of the Federal Register or the Congressional Record, or a short cite of one ("88 Fed.
    Reg. at 9340")."""

    series: Literal["Fed. Reg.", "Cong. Rec."]
    volume: str
    page: str = ""  # the first page a full cite gives
    pin: str = ""  # the page a short cite gives
    date: str = ""  # a notice's date as cited


@dataclass(slots=True)
class ReportMeta:
    """A committee report or document; a short cite names the document and perhaps its number."""

    document: str  # "H.R. Rep."
    number: str | None


@dataclass(slots=True)
class BillAnalysisMeta:
    """A document about a California bill, by what a short cite of it names: author, title, bill."""

    author: str
    document: str
    number: str


@dataclass(slots=True)
class RestatementMeta:
    edition: str  # "second"; "" for the first
    subject: str
    section: str


@dataclass(slots=True)
class WorkMeta:
    """A book, article or encyclopedia: the words that name it, which a pin after them may repeat
    ("LAFAVE § 9.2")."""

    author: str
    title: str


Meta: TypeAlias = (
    CaseMeta
    | AgencyMeta
    | ShortCiteMeta
    | IdMeta
    | SupraMeta
    | ShortNameMeta
    | ProvisionMeta
    | ConstitutionMeta
    | BillMeta
    | SeriesMeta
    | ReportMeta
    | BillAnalysisMeta
    | RestatementMeta
    | WorkMeta
)
