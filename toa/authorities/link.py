"""Linking: each citation tied to the authority it cites.

Full citations make authorities (parallel cites and subsequent history are already folded into
their case by extract). Short cites ("Reed, 576 U.S. at 170"), Id., supra and bare section
references are linked to the authority they point at, by one resolver per kind; what points at
nothing is left unlinked, for the user to see. Citations are read in reading order, which puts a
note's citations at its reference mark, so an Id. in a footnote follows the citation before the
mark. Linking changes no occurrence: it returns a Link per citation (the authority's key, the
kind the citation is read as, the full citation a short form of a provision stands for).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from .. import recognizers
from ..keys import (
    ActKey,
    ActSectionKey,
    AgencyDecisionKey,
    ArticleKey,
    BillAnalysisKey,
    CaseKey,
    CfrKey,
    CongressionalRecordKey,
    DocketKey,
    EncyclopediaKey,
    FarKey,
    FederalRegisterKey,
    Key,
    ManualForComplexLitigationKey,
    PublicLawKey,
    ReportKey,
    RestatementKey,
    RuleKey,
    StateBillKey,
    StateCodeKey,
    StatutesAtLargeKey,
    UsCodeKey,
    VolumeKey,
    WebKey,
    WorkKey,
)
from ..meta import (
    AgencyMeta,
    BillAnalysisMeta,
    BillMeta,
    CaseMeta,
    ConstitutionMeta,
    DecisionMeta,
    IdMeta,
    Meta,
    ProvisionMeta,
    ReportMeta,
    RestatementMeta,
    SeriesMeta,
    ShortCiteMeta,
    ShortNameMeta,
    SupraMeta,
)
from ..model import CategoryKey, Document, Flag, Kind, Occurrence

PROVISIONS: tuple[CategoryKey, ...] = ("constitutional", "statutes", "rules_regulations")
_SENTENCE_END = re.compile(r"[.;]\s+[A-Z(]")
# the bill a session law's chapter enacted, named after it: "ch. 1352 (S.B. 346)", "ch. 467 (H.B. 4170)"
# "the Widget Safety Act, 15 U.S.C. § 2051 et seq. (the “Act”)": the brief names that act "the Act"
_THE_ACT_DEFINED = re.compile(r"[\s,]{0,3}\((?:the\s)?[“\"]Act[”\"]\)|[\s,]{0,3}\(the\sAct\)")
_BILL_OF_SESSION_LAW = re.compile(r"\bch\.\s?\d+[A-Za-z]?\s\((?P<type>[HS]\.\s?B\.)\s(?P<num>\d+)\)")
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


@dataclass(frozen=True)
class Link:
    """What linking found a citation to cite."""

    citation: Occurrence  # as extract found it
    key: Key  # the authority it cites
    kind: Kind  # as it is read: a short cite written like a full cite ("Willson, 805 F.3d 318, 320") is "short"
    completes: Occurrence | None = None  # for a short form of a provision, the full citation it stands for
    flags: tuple[Flag, ...] = ()  # what linking found wrong with it ("short_cite_mismatch")

    def as_linked(self) -> Occurrence:
        """The citation as its authority lists it: read as `kind`, with the authority's key."""
        return replace(
            self.citation,
            kind=self.kind,
            key=self.key,
            flags=[*self.citation.flags, *self.flags],
            completes=self.completes,
        )


@dataclass
class Cited:
    """An authority the brief cites, as linking knows it."""

    key: Key
    category: CategoryKey
    founding: Occurrence  # its first full citation, or the full citation its first short form stood for
    named_by: Occurrence  # the full citation whose words name it: the founding one, or a later one with a name
    links: list[Link] = field(default_factory=list)  # its citations, in reading order

    @property
    def name(self) -> str:
        return self.named_by.display or self.named_by.text


@dataclass
class Links:
    cited: list[Cited]  # in the order the brief first cites them
    unlinked: list[Occurrence]  # citations that point at nothing the brief cites


def link(doc: Document, occurrences: list[Occurrence]) -> Links:
    """Each citation tied to the authority it cites, in reading order."""
    linking = _Linking(doc, occurrences)
    for occ in reading_order(doc, occurrences):
        linking.add(occ)
    linking.link_references_cited_later()
    return Links(list(linking.by_key.values()), linking.unlinked)


def reading_order(doc: Document, occurrences: Iterable[Occurrence]) -> list[Occurrence]:
    """Body order, with each note's citations placed at its reference mark."""
    return sorted(occurrences, key=lambda o: _position(doc, o.paragraph, o.start))


def _position(doc: Document, paragraph: int, offset: int) -> tuple[int, int, int, int, int]:
    """Where a place in the brief comes in reading order (a note's text at its reference mark)."""
    p = doc.paragraphs[paragraph]
    if p.anchor is not None:
        return (p.anchor[0], p.anchor[1], 1, paragraph, offset)
    return (paragraph, offset, 0, 0, 0)


class _Record:
    """A record or brief cite (J.A. 12): an Id. after it points into the record."""


RECORD = _Record()
Antecedent = Cited | _Record | None
Chain = str | tuple[str, int] | tuple[str, str | None]


class _Linking:
    """The authorities cited so far, and what an Id. or a bare section would point at."""

    def __init__(self, doc: Document, occurrences: list[Occurrence]):
        self.doc = doc
        self.by_key: dict[Key, Cited] = {}
        self.alias: dict[Key, tuple[Key, str]] = {}  # cite key -> (authority key, "parallel" | "history")
        self.linked: dict[int, Link] = {}  # id of a citation -> its link
        self.unlinked: list[Occurrence] = []
        self.antecedents = _Antecedents()
        self.statutes_in: dict[int, list[Occurrence]] = {}  # paragraph -> its full statute cites
        for o in occurrences:
            if o.kind == "full" and o.category == "statutes" and _numbers(o.meta).section:
                self.statutes_in.setdefault(o.paragraph, []).append(o)
            if o.kind == "full" and o.key is not None and _numbers(o.meta).act_section:
                # "INA § 101(a)(43)(F), 8 U.S.C. § 1101(a)(43)(F)": the act's section cited alone, before
                # or after, is that Code section
                self.alias.setdefault(
                    ActSectionKey(_numbers(o.meta).act, _numbers(o.meta).act_section), (o.key, "parallel")
                )
        # "AB 1545" cited before (or after) "Assem. Bill 1545, 2019-2020 Reg. Sess. (Cal. 2020)" is that
        # bill, when the brief cites one bill of that number in full
        bills: dict[tuple[str, str], set[Key]] = {}
        for o in occurrences:
            k = o.key
            if o.kind == "full" and isinstance(k, StateBillKey) and (k.jurisdiction or k.legislature):
                if not (k.section or k.document):
                    bills.setdefault((k.type, k.number), set()).add(k)
            elif o.kind == "full" and o.category == "statutes" and o.key is not None:
                # "Act of May 23, 2019, …, ch. 1352 (S.B. 346), § 5.01": the session law the bill became
                for m in _BILL_OF_SESSION_LAW.finditer(o.text):
                    bills.setdefault((re.sub(r"\s", "", m.group("type")), m.group("num")), set()).add(o.key)
        for (kind, number), full_bills in bills.items():
            if len(full_bills) == 1:
                self.alias.setdefault(StateBillKey("", kind, number, ""), (next(iter(full_bills)), "parallel"))
        # (bare section, the full cite of its number just after it, whether a code before was guessed)
        self.cited_after: list[tuple[Occurrence, Occurrence, bool]] = []
        self.last_statute: dict[
            tuple[str, str | None], tuple[int, Cited]
        ] = {}  # text or note -> the statute cited last
        # "(the “Act”)" after an act's citation: (where, paragraph, offset in it) of each
        self.the_act = [
            (_position(doc, p.index, m.start()), p.index, m.start())
            for p in doc.paragraphs
            if "Act" in p.text
            for m in _THE_ACT_DEFINED.finditer(p.text)
        ]
        # "all further statutory references are to the Labor Code": (where, the code, scope)
        self.declared = [
            (_position(doc, p.index, code.end), code)
            for p in doc.paragraphs
            if p.text.strip()
            for code in recognizers.codes.declared_codes(p.text)
        ]

    def add(self, occ: Occurrence) -> None:
        chain = self.antecedents.chain(self.doc, occ)
        last, last_paged = self.antecedents.get(chain)
        if occ.kind == "record":
            self.antecedents.set(chain, RECORD)
            return
        if occ.kind == "id" and last is RECORD:
            return  # "Id." after a record cite points into the record
        found = _RESOLVERS[occ.kind](self, occ, last, last_paged)
        if found is None:
            self.unlinked.append(occ)
            self.antecedents.set(chain, None)
            return
        target = self.by_key[found.key]
        target.links.append(found)
        self.linked[id(occ)] = found
        if target.category == "statutes":
            self.last_statute[_chain_of(self.doc, occ)] = (occ.paragraph, target)
        if (
            not {"informal_reference", "name_mention", "citing_parenthetical"} & set(occ.flags)
            and not occ.in_parenthetical
        ):
            # "Section 1988", "the First Amendment" or "Heien" in prose is a mention, and
            # "(quoting X)" or ", citing X" an aside: an Id. after either still points at the citation before.
            self.antecedents.set(chain, target)

    def link_references_cited_later(self) -> None:
        """A bare "Rule 404(b)" or "Section 21.02" before the brief's full cite of that rule or
        section ("Tex. R. Evid. 404(b)", "Section 21.02 of the Texas Penal Code" pages later) is
        that provision when exactly one set of rules or one code the brief cites has a rule or
        section of that number, and the brief cites it with exactly that subdivision; a provision
        no citation names is never guessed. A case's short cite before its full cite is that case."""
        for occ, later, guessed in self.cited_after:
            # in the code of the cite just after it, where the code named before it was only a guess;
            # else only when that cite is of the section as the mention writes it
            later_link = self.linked.get(id(later))
            auth = self.by_key.get(later_link.key) if later_link is not None else None
            exact = _written(_numbers(occ.meta)) in _cited_as(_numbers(later.meta))
            self._link_later(
                occ,
                _section_of(self, occ, _numbers(occ.meta), auth) if auth is not None and (guessed or exact) else None,
            )
        # A short cite before the case's full cite ("Dallas W., 85 Cal. App. 4th at 938" quoted
        # from the other side's brief, the full cite pages later) is that case.
        for occ in [o for o in self.unlinked if o.kind == "short" and _volume(o.meta)]:
            found = _short(self, occ, None, None)
            named = _antecedent(occ.meta).lower()
            if (
                found is not None
                and (target := self.by_key[found.key]).category == "cases"
                and named in target.name.lower()
            ):
                self._link_later(occ, found)
        mentions = [
            o for o in self.unlinked if o.kind == "reference" and (_numbers(o.meta).rule or _numbers(o.meta).section)
        ]
        for occ in mentions:
            mention = _numbers(occ.meta)
            number, rule = _section_number(mention), bool(mention.rule)
            cited = [
                a
                for a in self.by_key.values()
                if a.category == ("rules_regulations" if rule else "statutes")
                and any(
                    _section_number(n := _numbers(o.meta)) == number and bool(n.rule) == rule and n.mark == mention.mark
                    for o in _cites_of(a)
                )
            ]
            act = mention.act.lower()
            if act:  # "section 7428 of the Internal Revenue Code": only that act's entries
                cited = [a for a in cited if act in a.name.lower()]
            codes = {_code_of(o) for a in cited for o in _cites_of(a)}
            if len(codes) != 1:
                continue
            # only a provision the brief cites with exactly that number: a mention never makes an entry
            written = _written(mention)
            cites = next((a for a in cited for o in _cites_of(a) if written in _cited_as(_numbers(o.meta))), None)
            if cites is not None:
                self._link_later(occ, Link(occ, cites.key, occ.kind))
        for occ in [o for o in self.unlinked if o.kind == "reference" and _numbers(o.meta).rule]:
            self._link_later(occ, self._federal_rule(occ))

    def _link_later(self, occ: Occurrence, found: Link | None) -> None:
        """Link a citation left unlinked in reading order, now that the citation after it is read."""
        if found is None:
            return
        target = self.by_key[found.key]
        target.links = sorted(
            target.links + [found], key=lambda k: _position(self.doc, k.citation.paragraph, k.citation.start)
        )
        self.linked[id(occ)] = found
        self.unlinked.remove(occ)

    def _federal_rule(self, occ: Occurrence) -> Link | None:
        """ "Rule 12(b)(6)" in a brief that cites the Federal Rules of Civil Procedure and no other
        set of federal rules that has a rule 12: that set's rule (the set the brief names; a rule
        of a set it never cites is not guessed). Not in a brief that cites a state's rules, whose
        "Rule 403" is as likely the state's."""
        m = re.match(r"\d+", _numbers(occ.meta).rule)
        if not m:
            return None
        cited: dict[str, Cited] = {}
        for a in self.by_key.values():
            for o in _cites_of(a):
                rules = _numbers(o.meta)
                if rules.rule_set and rules.jurisdiction not in (None, "US"):
                    return None
                if rules.rule_set in _FEDERAL_RULE_NUMBERS:
                    cited.setdefault(rules.rule_set, a)
        fits = [s for s in cited if int(m.group(0)) in _FEDERAL_RULE_NUMBERS[s]]
        return _section_of(self, occ, _numbers(occ.meta), cited[fits[0]]) if len(fits) == 1 else None

    def _declared_cite(self, occ: Occurrence) -> Occurrence | None:
        """A bare "section 1102.5" or "article 38.23" read as a citation of the code the brief
        declared earlier that such references are in ("all further statutory references are to the
        Labor Code"), or None."""
        mention = _numbers(occ.meta)
        if mention.act or not mention.section:
            return None
        article = _by_article(mention)
        here = _position(self.doc, occ.paragraph, occ.start)
        codes = [
            code
            for where, code in self.declared
            if where < here and code.scope in ("any", "article" if article else "section")
        ]
        if not codes:
            return None
        # written as the brief writes its references: "Labor Code section 1102.5, subdivision (b)"
        form: Literal["article", "word", "sign"] = (
            "article" if article else "word" if "informal_reference" in occ.flags else "sign"
        )
        full = recognizers.codes.declared_provision(
            codes[-1], mention.section, mention.subsection, mention.subsections, form
        )
        assert isinstance(full.key, StateCodeKey)
        if not full.key.jurisdiction:  # "the Penal Code": the state of the code of that name the brief cites
            states = {
                k.jurisdiction
                for k in self.by_key
                if isinstance(k, StateCodeKey) and k.code == full.key.code and k.jurisdiction
            }
            if len(states) == 1:
                recognizers.codes.with_jurisdiction(full, states.pop())
        return full

    def _cited_soon_after(self, occ: Occurrence) -> Occurrence | None:
        """The first full cite of a bare section's number in a code, after it in its paragraph or
        in the next paragraph of the same text ("Section 664.5 provides ... . (Code Civ. Proc.,
        § 664.5.)"): the code the brief means, though it names it only after. None when no code,
        or more than one, cites that number there."""
        mention = _numbers(occ.meta)
        if not mention.section or mention.act:
            return None
        number, paras = _section_number(mention), self.doc.paragraphs
        here = paras[occ.paragraph]
        following = next(
            (
                p.index
                for p in paras[occ.paragraph + 1 :]
                if p.text.strip() and (p.story, p.note_id) == (here.story, here.note_id)
            ),
            None,
        )
        cites = [
            o
            for index in (occ.paragraph, following)
            if index is not None
            for o in self.statutes_in.get(index, [])
            if (index != occ.paragraph or o.start > occ.start) and _section_number(_numbers(o.meta)) == number
        ]
        # a section two codes cite there ("Tex. Penal Code § 2; Tex. Fam. Code § 2") is not decided
        return cites[0] if len({_code_of(o) for o in cites}) == 1 else None

    def authority_of(self, full: Occurrence) -> Cited:
        """The authority of a citation that a short form stands for, made if the brief has none yet."""
        assert full.key is not None
        cited = self.by_key.get(full.key)
        if cited is None:
            cited = self.by_key[full.key] = Cited(full.key, full.category or "other", full, full)
        return cited


def _chain_of(doc: Document, occ: Occurrence) -> tuple[str, str | None]:
    """The text, or the one note, an occurrence is in."""
    p = doc.paragraphs[occ.paragraph]
    return (p.story, p.note_id)


class _Antecedents:
    """What an Id. points at. In the text it is the authority cited last in the text: a
    footnote's citations come between in reading order but are not part of the text. In a
    note it is the last one cited in that note, or before it (the sentence the note hangs on)."""

    def __init__(self) -> None:
        self.last: dict[Chain, Antecedent] = {}
        self.paged: dict[Chain, Cited] = {}  # the last authority cited by page (a case, a book)
        self.latest: Antecedent = None  # across all chains, for a note's first Id.
        self.latest_paged: Cited | None = None

    @staticmethod
    def chain(doc: Document, occ: Occurrence) -> Chain:
        p = doc.paragraphs[occ.paragraph]
        while p.continues is not None:  # a note carried over to the next page is that note
            p = doc.paragraphs[p.continues]
        if p.typed_note:
            return ("typed", p.index)
        return (p.story, p.note_id) if p.note_id is not None else "text"

    def get(self, chain: Chain) -> tuple[Antecedent, Cited | None]:
        if chain not in self.last and chain != "text":
            return self.latest, self.latest_paged
        return self.last.get(chain), self.paged.get(chain)

    def set(self, chain: Chain, target: Antecedent) -> None:
        self.last[chain] = self.latest = target
        if isinstance(target, Cited) and _paged(target):
            self.paged[chain] = self.latest_paged = target


# --- one resolver per kind ---------------------------------------------------------------------

Resolver = Callable[[_Linking, Occurrence, Antecedent, "Cited | None"], "Link | None"]


def _full(linking: _Linking, occ: Occurrence, last: Antecedent, last_paged: Cited | None) -> Link | None:
    """A full citation makes its authority, or is another citation of one cited before: the same
    cite, a parallel cite, a bare cite of a case's history, a section cited with and without the
    code's edition. A case's short form missing "at" is read as the short form it is."""
    by_key, alias = linking.by_key, linking.alias
    if occ.category == "cases":
        misread = _misread_short(occ, by_key, alias)
        if misread is not None:
            return Link(occ, misread.key, "short")
    key = occ.key
    assert key is not None
    work = _work_linked(occ, by_key) or _same_work_linked(occ, by_key)
    if work is not None:
        return Link(occ, work.key, "short")
    name = occ.meta.case_name if isinstance(occ.meta, CaseMeta) else ""
    named = bool(name)
    if key in alias and not (named and alias[key][1] == "history"):
        key = alias[key][0]  # a parallel cite, or a bare cite of a case's subsequent history
    key = _edition_of_one(key, by_key)
    if isinstance(key, StateBillKey) and not (key.jurisdiction or key.legislature or key.section or key.document):
        # "AB 1545" after "Assem. Bill 1545, 2019-2020 Reg. Sess. (Cal. 2020)": that bill
        key = next(
            (
                k
                for k in reversed(by_key)
                if isinstance(k, StateBillKey)
                and not (k.section or k.document)
                and (k.type, k.number) == (key.type, key.number)
            ),
            key,
        )
    auth = by_key.get(key)
    if auth is not None and named and _different_case(auth, name):
        # Memorandum orders share a reporter page ("Ford v. United States, 569 U.S. 1031" and
        # "Acosta-Ruiz v. United States, 569 U.S. 1031"): one entry per case.
        assert isinstance(key, (CaseKey, DocketKey))
        key = replace(key, party=_first_party(name))
        auth = by_key.get(key)
    if auth is None:
        by_key[key] = Cited(key, occ.category or "other", occ, occ)
    elif isinstance(auth.named_by.key, StateBillKey) and occ.key == key != auth.named_by.key and occ.category:
        # "S.B. 346" cited before "Act of …, ch. 1352 (S.B. 346), …": the session law's own cite names
        # the authority, under its heading
        auth.named_by, auth.category = occ, occ.category
    elif _better_name(occ, auth):
        auth.named_by = occ
    if isinstance(occ.meta, DecisionMeta):
        for cite in occ.meta.parallel:
            if cite not in by_key:
                alias.setdefault(cite, (key, "parallel"))
        for cite in occ.meta.history:
            if cite not in by_key:
                alias.setdefault(cite, (key, "history"))
    return Link(occ, key, "full")


def _work_linked(occ: Occurrence, by_key: dict[Key, Cited]) -> Cited | None:
    """A link cited alone (a note that is only "https://…/how-to-set-parental-controls") whose
    words are those of a work cited before ("…, How to Set Parental Controls on Every Device, …"):
    that work's link, not an entry of its own. The last such work. A link dated in its path
    ("…/2023/08/17/technology/youtube-…") needs only one of the work's words and its date
    ("N.Y. Times (Aug. 17, 2023)")."""
    if not isinstance(occ.key, WebKey) or not (occ.display or "").startswith(("http", "ftp", "www")):
        return None
    path = re.sub(r"^\w+://[^/]*", "", occ.key.url)
    bill = _bill_linked(path, by_key)
    if bill is not None:
        return bill
    slugs = [seg for seg in re.split(r"[/?#]", path) if re.search(r"[-_]", seg)]
    words = (
        [w for w in re.split(r"[^a-z]+", re.sub(r"\.(?:pdf|html?|aspx?|php)$", "", slugs[-1])) if len(w) >= 3]
        if slugs
        else []
    )
    dated = _PATH_DATE.search(path)
    if len(words) < (1 if dated else 3):
        return None
    fits = []
    for a in by_key.values():
        if a.category != "other" or isinstance(a.key, WebKey):
            continue
        names = re.findall(r"[a-z]+", a.name.lower())
        shared = sum(_slug_word_in(w, names) for w in words)
        if (len(words) >= 3 and shared >= 0.6 * len(words)) or (shared and dated and _dated_on(a.name, dated)):
            fits.append(a)
    return max(fits, key=_last_seen) if fits else None


# What a work's entry says after its words: its link, and the date the page was read.
_LINK_TAIL = re.compile(r"(?:,?\s(?:available\sat\s)?(?:https?://|ftp://|www\.)\S+|\s?\(last\svisited[^()]*\))+$")


def _same_work_linked(occ: Occurrence, by_key: dict[Key, Cited]) -> Cited | None:
    """A work cited once with its link and once without ("Press Release, Agency, Title (date), https://…"
    and "Press Release, Agency, Title (date)"): the same words make it one authority, the one
    cited first."""
    if occ.category != "other" or not occ.display:
        return None
    words = _words_of_work(occ.display)
    if len(words) < 4:
        return None
    for a in by_key.values():
        if a.category == "other" and a.key != occ.key and _words_of_work(a.name) == words:
            return a
    return None


def _words_of_work(display: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", _LINK_TAIL.sub("", display).lower())


def _bill_linked(path: str, by_key: dict[Key, Cited]) -> Cited | None:
    """A bill cited before whose text the link is, named by its house and number in the file's
    name ("Assembly Bill 977" … "…/bill/asm/ab_0951-1000/ab_977_bill_950223_introduced.pdf")."""
    name = path.rsplit("/", 1)[-1].lower()
    bills = [
        a
        for k, a in by_key.items()
        if isinstance(k, StateBillKey)
        and not (k.document or k.section)
        and re.match(rf"{re.sub(r'[^a-z]', '', k.type.lower())}[_-]?0*{k.number}(?!\d)", name)
    ]
    return max(bills, key=_last_seen) if bills else None


# A date in a link's path, as news sites print theirs: "/2023/08/17/", "/2021/10/".
_PATH_DATE = re.compile(r"/((?:19|20)\d\d)/(0?[1-9]|1[0-2])/(?:(0?[1-9]|[12]\d|3[01])/)?")
_NAME_DATE = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s(?:(\d{1,2}),\s)?(\d{4})\b")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def _dated_on(name: str, path_date: re.Match[str]) -> bool:
    """The work's date ("(Aug. 17, 2023)") is the link's: its month and year, and its day when
    the path gives one."""
    year, month, day = path_date.group(1), int(path_date.group(2)), path_date.group(3)
    return any(
        m.group(3) == year
        and _MONTHS.index(m.group(1).lower()) + 1 == month
        and (day is None or m.group(2) is not None and int(m.group(2)) == int(day))
        for m in _NAME_DATE.finditer(name)
    )


def _slug_word_in(word: str, names: list[str]) -> bool:
    """A word of a link's slug is one of the work's words: the same word, the same stem
    ("trigger" for "Triggered"), or two of its words run together where the slug lost the
    hyphen a line break put between them ("eatingdisorder" for "Eating Disorder")."""
    if word in names:
        return True
    if any(min(len(word), len(n)) >= 5 and (n.startswith(word) or word.startswith(n)) for n in names):
        return True
    return any(a + b == word for a, b in zip(names, names[1:], strict=False))


def _short(linking: _Linking, occ: Occurrence, last: Antecedent, last_paged: Cited | None) -> Link | None:
    """The authority a short cite names: a name the brief defined for it, the Restatement section,
    committee report, notice or decision it points into, or the case with the same volume and
    reporter whose first page is the nearest before the pin."""
    by_key, alias, meta = linking.by_key, linking.alias, occ.meta
    if isinstance(meta, ShortNameMeta):
        # a name the brief defined for an authority cited before
        return Link(occ, occ.key, "short") if occ.key is not None and occ.key in by_key else None
    if isinstance(meta, RestatementMeta):  # "Restatement § 402A cmt. c": that section of a Restatement cited before
        return _latest(
            occ,
            [
                a
                for k, a in by_key.items()
                if isinstance(k, RestatementKey)
                and k.section == meta.section
                and (not meta.edition or k.edition == meta.edition)
                and (not meta.subject or k.subject == meta.subject)
            ],
        )
    if isinstance(meta, ReportMeta):  # "H.R. Rep. No. 849, at 12", "S. Rep. at 4": the committee report cited before
        number = meta.number
        return _latest(
            occ,
            [
                a
                for k, a in by_key.items()
                if isinstance(k, ReportKey)
                and k.document == meta.document
                and (not number or k.number == number or k.number.endswith("-" + number))
            ],
        )
    if isinstance(meta, BillAnalysisMeta):  # "(Assem. Com. on Judiciary, Analysis of Assem. Bill No. 157, supra)"
        named = (meta.author, meta.document, meta.number)
        return _latest(occ, [a for k, a in by_key.items() if isinstance(k, BillAnalysisKey) and k.analysis() == named])
    if isinstance(meta, ProvisionMeta) and meta.code == "state_bill":
        # "S.B. 396 § 4-88-1102(a)": that section of the bill cited before by its session
        bills = [
            a
            for k, a in by_key.items()
            if isinstance(k, StateBillKey) and not k.document and f"{k.type} {k.number}" == meta.act
        ]
        return _section_of(linking, occ, meta, max(bills, key=_last_seen)) if bills else None
    if isinstance(meta, SeriesMeta):
        return _page_in_series(occ, meta, by_key)
    if isinstance(meta, AgencyMeta):
        return _agency_decision(occ, meta, by_key)
    if not isinstance(meta, ShortCiteMeta):
        return None
    pin = _number(meta.pin)
    candidates = []
    for k in list(by_key) + list(alias):
        if isinstance(k, CaseKey) and not k.party and k.volume == meta.volume and k.reporter == meta.reporter:
            first = _number(k.page)
            auth = by_key.get(alias[k][0] if k in alias else k)
            if auth is not None and (pin is None or first is None or first <= pin):
                candidates.append((first or 0, auth))
    antecedent = meta.antecedent.lower()
    if not candidates:
        return _mistyped_short(occ, meta, by_key, alias)
    if antecedent and len(candidates) > 1:
        candidates = [c for c in candidates if antecedent in c[1].name.lower()] or candidates
    return Link(occ, max(candidates, key=lambda c: c[0])[1].key, "short")


def _page_in_series(occ: Occurrence, meta: SeriesMeta, by_key: dict[Key, Cited]) -> Link | None:
    """ "88 Fed. Reg. at 9340", "167 Cong. Rec. at S1235": the item that starts before the pin, in
    that volume (and in that part of the daily Record: H, S or E)."""
    kind = _PAGED_SERIES[meta.series]
    part, pin = re.sub(r"[\d,\s]", "", meta.pin), _number(meta.pin.replace(",", ""))
    items = [
        (first, a)
        for k, a in by_key.items()
        if isinstance(k, kind)
        and k.volume == meta.volume
        and re.sub(r"\d", "", k.page) == part
        and pin is not None
        and (first := _number(k.page)) is not None
        and first <= pin
    ]
    return Link(occ, max(items, key=lambda n: n[0])[1].key, "short") if items else None


def _agency_decision(occ: Occurrence, meta: AgencyMeta, by_key: dict[Key, Cited]) -> Link | None:
    """ "Acosta, 19 I&N Dec. at 234": the decision in that volume that starts before the pin."""
    pin = _number(meta.pin)
    decisions = [
        (first, a)
        for k, a in by_key.items()
        if isinstance(k, AgencyDecisionKey)
        and (k.reporter, k.volume) == (meta.reporter, meta.volume)
        and (first := _number(k.page)) is not None
        and pin is not None
        and first <= pin
    ]
    return Link(occ, max(decisions, key=lambda d: d[0])[1].key, "short") if decisions else None


def _id(linking: _Linking, occ: Occurrence, last: Antecedent, last_paged: Cited | None) -> Link | None:
    """Id. is the authority cited just before, when its pin fits that kind of authority:
    a section pin needs a statute or rule, a page pin a case or a book (after "§ 1988" in a
    quotation, "Id. at 759" is the case cited before it), at or after a case's first page."""
    if not isinstance(last, Cited):
        return None
    pinned = _numbers(occ.meta)
    if pinned.subdivision_only:  # "Id., subd. (d)(1)": a subdivision of the section cited before
        return _subdivision_of(linking, occ, last)
    if pinned.section or pinned.rule:
        if last.category == "other" and isinstance(
            _volume_of(last.key), (WorkKey, ManualForComplexLitigationKey, ArticleKey, EncyclopediaKey)
        ):
            # "id. § 1798.99.31(b)(6)" after a report, with that section of a code cited before: the
            # code's (the report was cited in passing); else "id. § 125" after a treatise: a pin in the book
            number = _section_number(pinned)
            coded = [
                a
                for a in linking.by_key.values()
                if a.category in ("statutes", "rules_regulations")
                and "." in number
                and any(_section_number(_numbers(o.meta)) == number for o in _cites_of(a))
            ]
            if coded:
                return _section_of(linking, occ, pinned, max(coded, key=_last_seen))
            return Link(occ, last.key, "id")  # a pin in the book, whose entry has no sections
        return _section_of(linking, occ, pinned, last)
    if not _paged(last) and re.match(r"at\s+\*?\d", _pin(occ.meta)):
        if last_paged is None or not _pin_fits(last_paged, occ, span=150):
            return None
        last = last_paged
    if "¶" in occ.text and last.category in PROVISIONS:
        return None  # "Id. ¶ 1" cites a paragraph of a pleading or exhibit, never a statute
    if not _pin_fits(last, occ, span=1500):
        return None  # "id. at 392" after a case beginning at page 598 points elsewhere
    return Link(occ, last.key, "id")


def _supra(linking: _Linking, occ: Occurrence, last: Antecedent, last_paged: Cited | None) -> Link | None:
    """ "Borden, supra" / "LaFave, supra": the earlier authority whose name holds that word; of
    two (an article and a treatise by one author), the one cited last."""
    written = _antecedent(occ.meta).strip(" ,")
    ante = written.rstrip(".").lower()  # "Pew Research Ctr., supra"
    if not ante:
        return None
    hits = [a for a in linking.by_key.values() if ante in {w.lower() for w in _WORD.findall(a.name)}]
    if not hits and written.endswith(".") and len(ante) >= 3:  # "5Rights Found., supra": "Foundation" cut short
        hits = [a for a in linking.by_key.values() if any(w.lower().startswith(ante) for w in _WORD.findall(a.name))]
    if len(hits) > 1:
        cases = [a for a in hits if a.category in ("cases", "administrative")]
        hits = cases or hits
    return _latest(occ, hits)


def _reference(linking: _Linking, occ: Occurrence, last: Antecedent, last_paged: Cited | None) -> Link | None:
    """A bare "§ 6330(c)", "Rule 54(d)", "Section 1983": a provision of the code or rule set the
    brief cites it in (see _reference_code), of the code it declares its references are to, or
    of the code it names just after; "subdivision (b)": of the section cited just before."""
    if _numbers(occ.meta).subdivision_only:
        return _subdivision_of_last(linking, occ)
    own = _of_the_act(linking, occ)
    if own is not None:
        return Link(occ, linking.authority_of(own).key, occ.kind, completes=own)
    if _numbers(occ.meta).set_kind:
        return _in_the_set_of_its_kind(linking, occ)
    prior, guessed = _reference_code(occ, linking.by_key, linking.doc.paragraphs[occ.paragraph].text)
    # the brief's declared code, unless the sentence itself has just named one
    declared = linking._declared_cite(occ) if prior is None or guessed == "named last" else None
    later = linking._cited_soon_after(occ) if prior is None or guessed else None
    if later is not None:  # linked once that cite has its authority
        linking.cited_after.append((occ, later, bool(guessed) or declared is not None))
        return None
    if declared is not None:
        full = replace(declared, key=_edition_of_one(declared.key, linking.by_key)) if declared.key else declared
        return Link(occ, linking.authority_of(full).key, occ.kind, completes=full)
    if prior is not None and guessed == "named last" and _another_state_alike(linking.by_key, prior, occ):
        return _in_its_own_words(linking, occ)
    return _section_of(linking, occ, _numbers(occ.meta), prior) if prior is not None else None


def _of_the_act(linking: _Linking, occ: Occurrence) -> Occurrence | None:
    """ "Section 15(b) of the Act", "Act § 15(b)" after "the Widget Safety Act, 15 U.S.C. § 2051 et seq.
    (the “Act”)": the act's own section, "Widget Safety Act § 15(b)" (a federal act's sections are
    numbered apart from the Code's). Only for the act the brief last named "the Act" right after its
    citation by name in the U.S. Code or the Statutes at Large; a state act cited as codified from a
    section on is read in its code (see complete)."""
    mention, before = _numbers(occ.meta), linking.doc.paragraphs[occ.paragraph].text[max(0, occ.start - 5) : occ.start]
    if not mention.section or not (mention.act == "Act" or re.search(r"(?<![\w.])Act\s$", before)):
        return None
    here = _position(linking.doc, occ.paragraph, occ.start)
    defined = [(paragraph, start) for where, paragraph, start in linking.the_act if where < here]
    if not defined:
        return None
    paragraph, start = defined[-1]
    text = linking.doc.paragraphs[paragraph].text
    named = [
        a
        for a in linking.by_key.values()
        for k in a.links
        if k.kind == "full"
        and k.citation.paragraph == paragraph
        and k.citation.end <= start
        # nothing between but the year or edition it was cited in: "86 Stat. 1207 (1972) (the “Act”)"
        and re.fullmatch(r"(?:[\s,]*\([^()]{0,30}\))?", text[k.citation.end : start])
    ]
    base = _base_cite(named[-1]) if named else None
    if base is None or isinstance(base.key, StateCodeKey):
        return None
    act = _numbers(base.meta).popular_name
    if not act or _numbers(base.meta).code not in ("U.S.C.", "session_law"):
        return None
    return recognizers.statutes.act_section(act, _written(mention))


# the words of a rule set's name that tell its kind: "Tex. R. App. P." is a set of appellate rules
_SET_KIND = {
    "app": re.compile(r"\bApp\.\sP\.|Appellate\sProcedure"),
    "civ": re.compile(r"\bCiv\.\sP\.|Civil\sProcedure"),
    "crim": re.compile(r"\bCrim\.\sP\.|Criminal\sProcedure"),
    "evid": re.compile(r"\bEvid\.|Evidence"),
}


def _in_the_set_of_its_kind(linking: _Linking, occ: Occurrence) -> Link | None:
    """ "Rule 9.4 of the Rules of Appellate Procedure": that rule of the one set of appellate rules the
    brief cites in full ("Tex. R. App. P. 38.1"); none when it cites none, or sets of two courts."""
    mention = _numbers(occ.meta)
    kind = _SET_KIND[mention.set_kind]
    sets: dict[str, Cited] = {}
    for auth in linking.by_key.values():
        base = _base_cite(auth)
        rules = _numbers(base.meta) if base is not None else None
        if (
            rules is not None
            and rules.rule_set
            and kind.search(rules.rule_set)
            and any(k.kind == "full" for k in auth.links)
        ):
            sets.setdefault(rules.rule_set, auth)
    if len(sets) != 1:
        return None
    return _section_of(linking, occ, mention, next(iter(sets.values())))


def _another_state_alike(by_key: dict[Key, Cited], prior: Cited, occ: Occurrence) -> bool:
    """Whether a bare section that would be guessed into the state code named last could as well
    be in another state's code the brief cites in full, numbered alike (a Texas "§ 509.057(a)"
    after California's "§ 1798.99.31"): which state's code it is cannot be known."""
    number = _section_number(_numbers(occ.meta))
    if not isinstance(prior.key, StateCodeKey) or not prior.key.jurisdiction:
        return False
    for auth in by_key.values():
        base = _base_cite(auth)
        if (
            isinstance(auth.key, StateCodeKey)
            and auth.key.jurisdiction not in ("", prior.key.jurisdiction)
            and base is not None
            and any(k.kind == "full" for k in auth.links)
            and _numbered_alike(number, _section_number(_numbers(base.meta)))
        ):
            return True
    return False


def _in_its_own_words(linking: _Linking, occ: Occurrence) -> Link:
    """A bare section whose code cannot be known: an entry in the brief's own words ("§ 509.057(a)"),
    flagged `ambiguous_code` for the reviewer, rather than a confident wrong code."""
    numbers = _numbers(occ.meta)
    written = _written(numbers)
    own = replace(
        occ,
        kind="full",
        category="statutes",
        key=StateCodeKey("", "", "", written),
        display=re.sub(r"\s+", " ", occ.text.strip()),
        sort_key=recognizers.statutes.statute_sort(1, 9, "", (), "", numbers.section, written[len(numbers.section) :]),
        flags=[*occ.flags, "ambiguous_code"],
    )
    return Link(occ, linking.authority_of(own).key, occ.kind, completes=own)


_RESOLVERS: dict[Kind, Resolver] = {"full": _full, "short": _short, "id": _id, "supra": _supra, "reference": _reference}


# --- what the resolvers share ------------------------------------------------------------------


def _latest(occ: Occurrence, found: list[Cited]) -> Link | None:
    """A short form linked to the one of `found` cited last."""
    return Link(occ, max(found, key=_last_seen).key, occ.kind) if found else None


def _subdivision_of_last(linking: _Linking, occ: Occurrence) -> Link | None:
    """ "Under subdivision (b)(6), ...": that subdivision of the section cited last, when it was
    cited in the same paragraph or one of the two before it (in the text, or in the same note)."""
    paragraph, last = linking.last_statute.get(_chain_of(linking.doc, occ), (None, None))
    if last is None or paragraph is None or not 0 <= occ.paragraph - paragraph <= 2:
        return None
    return _subdivision_of(linking, occ, last)


def _subdivision_of(linking: _Linking, occ: Occurrence, last: Cited) -> Link | None:
    """ "subdivision (b)(6)", "Id., subd. (d)(1)": that subdivision of the section `last` cites (a
    section, never an article or an act's whole chapter)."""
    base = _base_cite(last)
    of = _numbers(base.meta) if base is not None else None
    if last.category != "statutes" or of is None or of.mark or not of.section:
        return None
    return _section_of(linking, occ, replace(_numbers(occ.meta), section=of.section), last)


def _section_of(linking: _Linking, occ: Occurrence, number: ProvisionMeta, prior: Cited) -> Link | None:
    """The provision that a section-only short form (whose `number` the short form gives) names
    within `prior`'s code."""
    base = _base_cite(prior)  # a provision cited only by short forms is read through the citation they completed
    if base is None:
        return None
    cited = _written(number)
    if (
        cited
        and cited in _cited_as(_numbers(base.meta))
        and not _numbers(base.meta).committee_note
        and not _subsection_range(base)
    ):
        # "Section 4(f)" after "Department of Transportation Act, Pub. L. No. 89-670, § 4(f)";
        # "rule 8.104(f)" after "Cal. Rules of Court, rule 8.104(a)(1), (f)" (a rule's committee note is not
        # the rule: "Rule 26(b)(1)" after it is read in full below)
        return Link(occ, prior.key, occ.kind)
    full = complete(base, number)
    if full is None:
        return None
    assert full.key is not None
    full = replace(full, key=_edition_of_one(full.key, linking.by_key))
    return Link(occ, linking.authority_of(full).key, occ.kind, completes=full)


def complete(base: Occurrence, short: ProvisionMeta) -> Occurrence | None:
    """The full citation a short form (whose number `short` gives) stands for: that number in the
    base citation's code, set of rules or title, made as that family's own citations are (nothing is
    recognized again), and written as the brief writes the base citation."""
    m = _numbers(base.meta)
    listed = ", ".join(short.subsections)  # "§ 12022.53, subds. (b), (c)": the list as cited
    section = (short.section or short.rule) + (listed or short.subsection)
    if not section or bool(short.rule) != bool(m.rule_set):
        return None  # "Rule 54(d)" names a rule, "§ 2727" a section: never the other
    code = m.code
    if code in ("U.S.C.", "C.F.R.") and m.title:
        mark = "§" if "§" in (base.display or base.text) else ""  # write it as the brief does
        of_title = recognizers.statutes.us_code_section if code == "U.S.C." else recognizers.rules.cfr_section
        return of_title(m.title, mark, section)
    if code == "state_bill":  # "id. § 4-88-1102(a)" after a section of "S.B. 396, …, Reg. Sess. (Ark. 2023)"
        return recognizers.statutes.state_bill_section(m.act, section)
    if isinstance(base.key, ActSectionKey):  # "Id. § 510" after "ERISA § 502(a)(3)"
        return recognizers.statutes.act_section(m.act, section)
    if m.rule_set:
        assert isinstance(base.key, RuleKey) and base.sort_key
        return recognizers.rules.rule_of(m.rule_set, base.key.rule_set, section, base.sort_key[0], m.jurisdiction or "")
    if not code or m.jurisdiction is None:
        return None
    first = m.codified_from or (m.section if re.search(r"\bet\sseq\b", base.text) else "")
    if first:
        section = _in_act_codified_from(first, section)
    full = _in_state_code(base, short, section)
    if first and full is not None and isinstance(full.meta, ProvisionMeta):
        full.meta.codified_from = first  # "Act §§ 31(a), (b)": the next short form is read in the act too
    return full


def _in_act_codified_from(first: str, number: str) -> str:
    """A short section number in an act cited as codified from `first` on ("Cal. Civ. Code
    § 1798.99.28 et seq. (the Act)"): such an act is cited by the last part of its sections' numbers
    ("Act § 31(b)(7)", "§§ 31(a)-(b)"), so "31(b)(7)" is "1798.99.31(b)(7)"; any other number is
    left as it is."""
    head, _dot, last = first.rpartition(".")
    n = re.match(r"\d+(?=\(|$)", number)
    if head and last.isdigit() and n and len(n.group()) == len(last) and int(n.group()) >= int(last):
        return f"{head}.{number}"
    return number


def _in_state_code(base: Occurrence, short: ProvisionMeta, section: str) -> Occurrence | None:
    """The section `section` (a short form's number) of the state's code the base citation cites:
    what follows the code's name written as the base citation writes it, read by the code's family."""
    m, display, listed = _numbers(base.meta), base.display or "", ", ".join(short.subsections)
    code, mark = m.code, "§" if "§" in display else ""  # the section sign where the brief writes it
    assert isinstance(base.key, StateCodeKey)
    if m.mark and short.mark:  # a Texas code's article: "article 38.37"
        after = f" {m.mark} {section}"
    elif _by_article(short):
        return None  # "article 38.23" is never a section of a code cited by "§"
    elif m.mark:  # "§ 2" after "Tex. Code Crim. Proc. art. 38.37": a section of that article
        if "." in section:
            return None  # "section 508.145" is a code's section, not one of an article's
        after = f" {m.mark} {m.section.split(',')[0]}, § {section}"
    elif re.search(r"\s[Ss]ection\s\d", display) and not m.title:
        # written out as the base citation is: "Code of Civil Procedure section 425.16, subdivision (e)(4)"
        subs = listed or short.subsection
        word = "subdivisions" if listed else "subdivision"
        if m.state_implied or "subdivision" in display:  # California's words
            after = f" section {short.section}" + (f", {word} {subs}" if subs else "")
        else:  # "Texas Penal Code Section 22.01(a)"
            after = f" section {short.section}{subs}"
    elif m.title and display.startswith(f"{m.title} "):  # "18 Pa. Cons. Stat. Ann. § 301"
        if "§" in display and recognizers.statutes.reads_state_code(code):
            return recognizers.statutes.state_code_section(code, base.key.jurisdiction, base.key.code, m.title, section)
        # "42 Pa.C.S. § 5524", "735 ILCS 5/2-615": a state's own form
        return recognizers.statutes.state_form_section(code, m.title, mark, section)
    elif m.title:  # "Cal. Code Regs., tit. 22, § 72001"
        after = f", tit. {m.title}, § {section}"
    else:
        # written as the base citation is: "Health & Saf. Code, § 1278.5, subd. (d)(1)"
        comma = "," if re.search(r",\s§", display) else ""
        subd = re.search(r",\s(subd|subdivision)s?(\.?)\s\(", display)
        if subd and short.subsection:  # "subds. (c), (k)": one is "subd. (k)"
            word = subd.group(1) + ("s" if listed else "") + subd.group(2)
            section = f"{short.section}, {word} {listed or short.subsection}"
        if not recognizers.codes.names_a_code(code) and not comma:
            if recognizers.statutes.reads_state_code(code):
                # "N.Y. Penal Law § 110.00", "Ohio Rev. Code Ann. § 2305.10": a code statutes.py reads
                return recognizers.statutes.state_code_section(code, base.key.jurisdiction, base.key.code, "", section)
            form = recognizers.statutes.state_form_section(code, "", mark, section)
            if form is not None:  # "N.Y. C.P.L.R. 3211", "MCL 600.5805": a state's own form
                return form
        after = f"{comma} § {section}"
    full = recognizers.codes.provision_in(code, after)
    if full is not None and isinstance(full.key, StateCodeKey) and not full.key.jurisdiction and m.jurisdiction:
        recognizers.codes.with_jurisdiction(full, m.jurisdiction)
    return full


def _misread_short(occ: Occurrence, by_key: dict[Key, Cited], alias: dict[Key, tuple[Key, str]]) -> Cited | None:
    """ "Willson, 805 F.3d 318, 320" (a short form missing "at") reads as a full cite: a one-word
    name that names an authority cited earlier in the same volume, a few pages before, is a pin."""
    name = occ.meta.case_name.strip() if isinstance(occ.meta, CaseMeta) else ""
    cite = occ.key
    if not name or " " in name or not isinstance(cite, CaseKey) or cite in by_key or cite in alias:
        return None
    page = _number(cite.page)
    for k in list(by_key) + list(alias):
        if isinstance(k, CaseKey) and not k.party and (k.volume, k.reporter) == (cite.volume, cite.reporter):
            first = _number(k.page)
            auth = by_key.get(alias[k][0] if k in alias else k)
            if (
                auth
                and first is not None
                and page is not None
                and 0 < page - first <= 150
                and name.lower() in auth.name.lower()
            ):
                return auth
    return None


def _edition_of_one(key: Key, by_key: dict[Key, Cited]) -> Key:
    """A state code's section cited with and without the edition of the code ("Tex. Penal Code
    Ann. § 22.02(a) (West 2019)", "Tex. Penal Code § 22.02(a)") is one entry: the key the brief
    cited it by first. Two editions of it stay two entries, as two editions of the U.S. Code do."""
    if not isinstance(key, StateCodeKey):
        return key
    if key.edition:
        plain = replace(key, edition="")
        return plain if plain in by_key else key
    editions = [k for k in by_key if isinstance(k, StateCodeKey) and k.edition and replace(k, edition="") == key]
    return editions[0] if len(editions) == 1 else key


def _first_party(name: str) -> str:
    words: list[str] = _WORD.findall(name.split(" v. ")[0]) or [""]
    return words[0].lower()


def _different_case(auth: Cited, new: str) -> bool:
    """Both are named full cites of one reporter page (`new` the name of the one read now), and
    their first parties differ."""
    if " v. " not in new:
        return False
    party = _first_party(new)

    def differs(name: str) -> bool:
        return " v. " in name and _first_party(name) != party and _first_party(name) not in new.lower()

    named = (name for k in auth.links if k.kind == "full" and (name := _case_name(k.citation)))
    first = next(named, None)
    # the first name that agrees settles it: a case cited thousands of times is not read again each time
    return first is not None and differs(first) and all(differs(n) for n in set(named))


def _better_name(occ: Occurrence, auth: Cited) -> bool:
    """A later full cite names the authority when the first lacked a case name, or when it gives
    both an act's section and its Code section and the first gave one of them."""
    if occ.display and _numbers(occ.meta).act_section:
        return not _numbers(auth.named_by.meta).act_section
    if isinstance(occ.key, StateBillKey) and isinstance(auth.named_by.key, StateBillKey):
        # "Assem. Bill 1545, 2019-2020 Reg. Sess. (Cal. 2020)" or "Senate Bill No. 976 (2023-2024 Reg.
        # Sess.)" after "AB 1545" / "SB 976", never the bare number after the bill written out
        first = auth.named_by.key
        return bool(
            occ.display
            and not (first.jurisdiction or first.legislature)
            and (occ.key.jurisdiction or occ.key.legislature or len(occ.display) > len(auth.name))
        )
    if not occ.display or occ.category != "cases":
        return False
    if not auth.links:
        return True
    return bool(not _case_name(auth.links[0].citation) and _case_name(occ))


def _mistyped_short(
    occ: Occurrence, short: ShortCiteMeta, by_key: dict[Key, Cited], alias: dict[Key, tuple[Key, str]]
) -> Link | None:
    """A short cite with a typo in it, when only one cited case fits the rest: "Bryant, 448
    S.W.3d at 28" of "Ex parte Bryant, 448 S.W.3d 29" (the pin before the first page, with the
    name), or "573 S.W. at 880" of "573 S.W.3d 869" (the series left off, the pin a few pages
    on). Flagged short_cite_mismatch: the brief has a cite to correct."""
    vol, rep, pin, antecedent = short.volume, short.reporter, _number(short.pin), short.antecedent.lower()
    fits = set()
    for k in list(by_key) + list(alias):
        if not isinstance(k, CaseKey) or k.party or k.volume != vol:
            continue
        auth = by_key.get(alias[k][0] if k in alias else k)
        first = _number(k.page)
        if auth is None:
            continue
        if k.reporter == rep and antecedent and antecedent in auth.name.lower():
            fits.add(auth.key)
        elif (
            k.reporter != rep
            and k.reporter.startswith(rep)
            and rep.endswith(".")
            and pin is not None
            and first is not None
            and 0 <= pin - first <= 150
            and (not antecedent or antecedent in auth.name.lower())
        ):
            fits.add(auth.key)
    if len(fits) != 1:
        return None
    return Link(occ, fits.pop(), occ.kind, flags=("short_cite_mismatch",))


# Short forms cited by volume and pin page alone, and the key type of the series' full cites.
_PAGED_SERIES: dict[str, type[FederalRegisterKey] | type[CongressionalRecordKey]] = {
    "Fed. Reg.": FederalRegisterKey,
    "Cong. Rec.": CongressionalRecordKey,
}


def _volume_of(key: Key) -> Key:
    """The work another volume is of ("11 OED 471"): the family its key is in."""
    return key.work if isinstance(key, VolumeKey) else key


def _number(s: str) -> int | None:
    m = re.search(r"\d+", s or "")
    return int(m.group()) if m else None


def _paged(auth: Cited) -> bool:
    """Cited by page, so that "Id. at 10,005" can point at it: a case, a book, a Federal Register
    notice; not a constitution, statute, rule or regulation section."""
    return auth.category not in PROVISIONS or isinstance(_volume_of(auth.key), FederalRegisterKey)


def _pin_fits(auth: Cited, occ: Occurrence, span: int) -> bool:
    """A page pin can belong to a case or a Federal Register notice that begins at most `span`
    pages before it (star pins of WL and LEXIS cites are not pages of a reporter)."""
    pin = None if "*" in _pin(occ.meta) else _number(_pin(occ.meta).replace(",", ""))
    key = auth.key
    if isinstance(key, FederalRegisterKey) and pin is not None:  # a notice's pages, "at 10,005"
        first = _number(key.page)
        return first is not None and first <= pin <= first + span
    if (
        auth.category not in ("cases", "administrative")
        or pin is None
        or not isinstance(key, CaseKey)
        or key.reporter == "WL"
        or "LEXIS" in key.reporter
    ):
        return True
    first = _number(key.page)
    return first is None or first <= pin <= first + span


def _reference_code(occ: Occurrence, by_key: dict[Key, Cited], text: str) -> tuple[Cited | None, str | bool]:
    """Whose code a bare "§ 6330(c)" or "Rule 54(d)" is in: (the latest provision with that
    section number, False), else a guess (the latest statute or rule cited earlier in the same
    sentence, "sentence"; or a state code named last, "named last"), else (None, False)."""
    mention = _numbers(occ.meta)
    number = _section_number(mention)
    provisions = [a for a in by_key.values() if a.category in ("statutes", "rules_regulations")]
    act = mention.act.lower()
    if act:  # "section 7428 of the Internal Revenue Code": only that act's entries
        provisions = [a for a in provisions if act in a.name.lower()]
    if _by_article(mention):  # "article 38.23" is in a code cited by article, never a "§" code
        provisions = [a for a in provisions if (base := _base_cite(a)) is not None and _by_article(_numbers(base.meta))]
    # cited with that number, in full or by a short form read as a full cite ("§ 12022.53, subds. (b), (c)")
    same = [a for a in provisions if any(_section_number(_numbers(o.meta)) == number for o in _cites_of(a))]
    if same:
        return max(same, key=_last_seen), False
    before = [
        (a, k.citation)
        for a in provisions
        for k in a.links
        if k.citation.paragraph == occ.paragraph and k.citation.end <= occ.start
    ]
    # the periods of the citations before it ("Tex. R. App. P.") end no sentence
    prose = list(text[: occ.start + 1])
    for _a, c in before:
        prose[c.start : c.end] = "X" * (c.end - c.start)
    written = "".join(prose)
    same = list(
        {
            id(a): a
            for a, c in before
            if not _SENTENCE_END.search(written, c.end, occ.start + 1)
            and (not mention.rule or _could_hold_rule(a, number))
        }.values()
    )
    if same:
        return max(same, key=_last_seen), "sentence"
    if mention.section:
        # "section 437c" after "Code Civ. Proc., § 657": a state code's section, when that code
        # is the statute named last (state briefs cite one code at length this way) and the
        # brief either names its codes without their state (California) or cites no U.S. Code,
        # whose sections a bare "§ 301(a)" would as likely mean
        named = [a for a in provisions if a.category == "statutes" and any(k.kind == "full" for k in a.links)]
        recent = max(named, key=_last_seen, default=None)
        base = _base_cite(recent) if recent is not None else None
        if (
            recent is not None
            and base is not None
            and _numbered_alike(number, _section_number(_numbers(base.meta)))
            and isinstance(recent.key, StateCodeKey)
            and (
                any(_numbers(k.citation.meta).state_implied for k in recent.links)
                or not any(isinstance(k, UsCodeKey) and k.code == "usc" for k in by_key)
            )
        ):
            same = [recent]
    return (max(same, key=_last_seen), "named last") if same else (None, False)


def _could_hold_rule(auth: Cited, number: str) -> bool:
    """Whether a bare "Rule 404(b)" can be a rule of the set `auth` is in, when a sentence cites rules
    of several sets ("Tex. R. Evid. 403 and Tex. R. App. P. 44.2(b) … Rule 404(b)"): a federal set has
    that rule; a state's set numbers its rules alike (three digits as evidence rules, "44.2" as
    appellate rules)."""
    base = _base_cite(auth)
    rules = _numbers(base.meta) if base is not None else None
    if rules is None or not rules.rule_set:
        return True
    federal = _FEDERAL_RULE_NUMBERS.get(rules.rule_set)
    if federal is not None:
        m = re.match(r"\d+", number)
        return m is not None and int(m.group(0)) in federal
    return _rule_shape(number) == _rule_shape(_section_number(rules))


def _rule_shape(number: str) -> tuple[bool, int]:
    """ "44.2" -> (True, 2), "404" -> (False, 3), "166a" -> (False, 3)."""
    head = re.match(r"\d*", number)
    return "." in number, len(head.group(0)) if head else 0


def _numbered_alike(a: str, b: str) -> bool:
    """Whether two section numbers could be of one code: "2-615" (Illinois, Georgia) and "768.28"
    (Florida) are numbered in different ways, "1102.5" and "437c" are not."""
    return bool(re.search(r"[-:/–]", a)) == bool(re.search(r"[-:/–]", b))


def _by_article(number: ProvisionMeta) -> bool:
    """A Texas code's article ("art. 38.37", "article 38.23(a)"), not a section."""
    return number.mark.lower().startswith("art")


def _cites_of(auth: Cited) -> list[Occurrence]:
    """The full citations of an authority, a short form read as the citation it completed."""
    return [k.completes or k.citation for k in auth.links if k.kind == "full" or k.completes is not None]


def _base_cite(auth: Cited) -> Occurrence | None:
    """An authority's first full citation, or the citation its first short form completed."""
    return next(iter(_cites_of(auth)), None)


def _code_of(occ: Occurrence) -> object:
    """The rule set, code or law a full citation is in: "Tex. R. Evid.", ("Tex.", "penal code", ""),
    title 18 of the U.S. Code, Pub. L. No. 99-308."""
    if _numbers(occ.meta).rule_set:
        return _numbers(occ.meta).rule_set
    key = occ.key
    if isinstance(key, StateCodeKey):
        return key.code_of()
    if isinstance(key, UsCodeKey):
        return key.code, key.title
    if isinstance(key, CfrKey):
        return CfrKey, key.title
    if isinstance(key, PublicLawKey):
        return PublicLawKey, key.number
    if isinstance(key, ActKey):
        return ActKey, key.date
    if isinstance(key, StatutesAtLargeKey):
        return StatutesAtLargeKey, key.volume
    if isinstance(key, FarKey):
        return FarKey, key.regulation
    return key  # a Rev. Stat. or Guidelines section, a notice, an order: its own


def _section_number(number: ProvisionMeta) -> str:
    """ "6330" of section 6330(c)(2), "54" of Rule 54(d)."""
    return re.split(r"[(\s]", (number.section or number.rule).strip(), maxsplit=1)[0]


def _last_seen(auth: Cited) -> tuple[int, int]:
    o = auth.links[-1].citation
    return (o.paragraph, o.start)


# The rules each set of federal rules has (their numbers do not change): which set a bare
# "Rule 56(a)" can be in.
_FEDERAL_RULE_NUMBERS = {
    "Fed. R. Civ. P.": range(1, 87),
    "Fed. R. App. P.": range(1, 49),
    "Fed. R. Crim. P.": range(1, 62),
    "Fed. R. Evid.": range(101, 1104),
    "Fed. R. Bankr. P.": range(1001, 9038),
    "Sup. Ct. R.": range(1, 49),
}


def _subsection_range(cite: Occurrence) -> bool:
    """A citation of a range of subsections ("§ 157(b)(2)(A)-(O)"), one entry as cited: its number
    gives where the range starts, so a short form of that first subsection alone is not the range."""
    return isinstance(cite.key, (UsCodeKey, StateCodeKey)) and ")-(" in cite.key.section


def _written(number: ProvisionMeta) -> str:
    """The section or rule with its subsection, or its list of them: "437c(c)", "8.104(a)(1)", "1250(c), (k)"."""
    return (number.section or number.rule) + (", ".join(number.subsections) or number.subsection)


def _cited_as(number: ProvisionMeta) -> set[str]:
    """What a full citation cites: its section with its subsection, and, for a list of
    subsections ("8.104(a)(1), (f)"), each of them and the whole list."""
    forms = {_written(number)}
    if number.subsections:
        head = number.section or number.rule
        forms |= {head + s for s in number.subsections} | {head + ", ".join(number.subsections)}
    return forms


# --- what the resolvers read from a citation's meta --------------------------------------------

_NO_NUMBER = ProvisionMeta()


def _numbers(meta: Meta | None) -> ProvisionMeta:
    """The number a citation gives: a provision's, a rule's, a model code's own meta; the section of
    a constitution's, a Restatement's or a bill's citation; none for a citation of anything else."""
    if isinstance(meta, ProvisionMeta):
        return meta
    if isinstance(meta, (ConstitutionMeta, RestatementMeta, BillMeta)):
        return ProvisionMeta(section=meta.section)
    return _NO_NUMBER


def _case_name(occ: Occurrence) -> str:
    return occ.meta.case_name if isinstance(occ.meta, CaseMeta) else ""


def _volume(meta: Meta | None) -> str:
    """The volume a short cite gives ("576 U.S. at 170", "88 Fed. Reg. at 9340")."""
    return meta.volume if isinstance(meta, (ShortCiteMeta, SeriesMeta, DecisionMeta)) else ""


def _antecedent(meta: Meta | None) -> str:
    """The word before a short cite or supra that names its authority ("Reed")."""
    return meta.antecedent if isinstance(meta, (ShortCiteMeta, SupraMeta)) else ""


def _pin(meta: Meta | None) -> str:
    """The page a short form points at ("at 170")."""
    return meta.pin if isinstance(meta, (IdMeta, SupraMeta, ShortCiteMeta, SeriesMeta, AgencyMeta)) else ""
