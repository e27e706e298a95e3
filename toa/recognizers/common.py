"""Helpers shared by the recognizer families.

Everything here is pure (no module-level mutable state): regex fragments, small parsers
(ordinals, number tokens, natural sort keys), the state table, and the `Claim` record the
families hand to the overlap resolver in `__init__`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from toa.keys import Key
from toa.meta import Meta
from toa.model import CategoryKey, Flag, Kind, Occurrence

from ..jurisdictions import NAME_BY_ABBREVIATION
from ..numbering import roman_to_int

from . import prefilter, tables

# ---------------------------------------------------------------------------
# claims: what a family found, before overlaps between families are resolved
# ---------------------------------------------------------------------------

# Resolution ranks (lower wins an overlap before length is considered).  Non-authority
# spans outrank everything so that "Pet. App. 5a" can never become an authority; references
# ("§ 6330(c)") lose to any full citation that covers them ("Restatement ... § 402A").
RANK_NON_AUTHORITY = 0
RANK_FULL = 1
RANK_SECONDARY = 2  # heuristic (emphasis / author-title) matches: less certain than formal cites
RANK_REFERENCE = 3

# A recognizer's sort key (compared within its category) and the italic spans of a paragraph.
SortKey = tuple[Any, ...]
Emphasis = Sequence[tuple[int, int]]


class Claim(NamedTuple):
    """A span of paragraph text claimed by one family, with the occurrences it yields.

    The occurrences may have narrower spans inside the claim (list items such as
    "42 U.S.C. 1983, 1988" give two occurrences under one claim).
    """

    start: int
    end: int
    rank: int
    occs: tuple[Occurrence, ...]


def occ(
    text: str,
    start: int,
    end: int,
    *,
    category: CategoryKey | None,
    key: Key | None,
    display: str | None,
    sort_key: SortKey | None,
    kind: Kind = "full",
    flags: list[Flag] | None = None,
    meta: Meta | None = None,
    anchor_end: int | None = None,
) -> Occurrence:
    """Build an Occurrence with the fields the caller fills later left neutral."""
    return Occurrence(
        paragraph=-1,
        start=start,
        end=end,
        kind=kind,
        story="",
        text=text[start:end],
        category=category,
        key=key,
        display=display,
        sort_key=sort_key,
        flags=list(flags or []),
        anchor_end=end if anchor_end is None else anchor_end,
        meta=meta,
    )


def in_quotation(text: str, pos: int) -> bool:
    """Inside a double-quoted passage: the last opening quote before `pos` is not yet closed."""
    return text.rfind("“", 0, pos) > text.rfind("”", 0, pos)


def claim(occs: list[Occurrence], rank: int = RANK_FULL, start: int | None = None, end: int | None = None) -> Claim:
    s = min(o.start for o in occs) if start is None else start
    e = max(o.end for o in occs) if end is None else end
    return Claim(s, e, rank, tuple(occs))


def claim_one(
    text: str,
    start: int,
    end: int,
    *,
    category: CategoryKey | None,
    key: Key | None,
    display: str | None,
    sort_key: SortKey | None,
    kind: Kind = "full",
    flags: list[Flag] | None = None,
    meta: Meta | None = None,
    anchor_end: int | None = None,
    rank: int = RANK_FULL,
) -> Claim:
    """The claim of a citation that is one occurrence (its fields as occ takes them), as most are."""
    return claim(
        [
            occ(
                text,
                start,
                end,
                category=category,
                key=key,
                display=display,
                sort_key=sort_key,
                kind=kind,
                flags=flags,
                meta=meta,
                anchor_end=anchor_end,
            )
        ],
        rank,
    )


def short_occ(text: str, start: int, end: int, meta: Meta) -> Occurrence:
    """A short form ("88 Fed. Reg. at 9340"): no entry of its own; `meta` says which full citation it follows."""
    return occ(text, start, end, category=None, key=None, display=None, sort_key=None, kind="short", meta=meta)


def short_claim(text: str, start: int, end: int, meta: Meta, *, rank: int = RANK_FULL) -> Claim:
    """The claim of a short form that is one occurrence (see `short_occ`)."""
    return claim([short_occ(text, start, end, meta)], rank)


# ---------------------------------------------------------------------------
# numbers
# ---------------------------------------------------------------------------

ROMAN_RE = r"[IVXLC]+"


ORDINAL_WORDS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
    "twenty-first": 21,
    "twenty-second": 22,
    "twenty-third": 23,
    "twenty-fourth": 24,
    "twenty-fifth": 25,
    "twenty-sixth": 26,
    "twenty-seventh": 27,
}
# Longest first so "Twenty-First" is not read as "First".
ORDINAL_RE = "|".join(sorted((w.replace("-", r"[- ]") for w in ORDINAL_WORDS), key=len, reverse=True))


def ordinal_to_int(word: str) -> int | None:
    return ORDINAL_WORDS.get(re.sub(r"[\s-]+", "-", word.strip().lower()))


def number_token(tok: str) -> int | None:
    """'III' / '3' / 'Third' -> 3."""
    t = tok.strip().rstrip(".")
    if t.isdigit():
        return int(t)
    return roman_to_int(t) if re.fullmatch(ROMAN_RE, t, re.I) else ordinal_to_int(t)


# ---------------------------------------------------------------------------
# sorting and normalisation
# ---------------------------------------------------------------------------

_NAT_SPLIT = prefilter.compile(r"(\d+)")


def natkey(s: str) -> SortKey:
    """Natural sort key: digit runs compare as numbers ('§ 2' < '§ 1983' < '§ 1983a').

    Each piece is a (flag, int, str) triple so numbers and text never compare directly.
    """
    out = []
    for part in _NAT_SPLIT.split(s.lower()):
        if not part:
            continue
        if part.isdigit():
            out.append((0, int(part), ""))
        else:
            out.append((1, 0, part))
    return tuple(out)


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})
_SPACES = prefilter.compile(r"\s+")


def clean(s: str) -> str:
    """Straight quotes, collapsed whitespace, trimmed: the form used inside keys."""
    return _SPACES.sub(" ", s.translate(_QUOTES)).strip()


def norm(s: str) -> str:
    """Lower-cased alphanumeric form for keys and alphabetical sorting."""
    s = clean(s).lower()
    s = re.sub(r"[^a-z0-9§ ]+", "", s)
    return _SPACES.sub(" ", s).strip()


_LEADING_NOISE = prefilter.compile(r"^(?:(?:the|a|an)\s+|\d+\s+)+", re.I)


def alpha_key(s: str) -> str:
    """Sort text for titles: leading articles and volume numbers ignored."""
    return _LEADING_NOISE.sub("", norm(s))


def squeeze_subsections(s: str) -> str:
    """'924( j)' / '6330(f )' (typesetting spaces) -> '924(j)' / '6330(f)'."""
    return re.sub(r"\(\s*([^()\s]*)\s*\)", r"(\1)", s)


def split_section(s: str) -> tuple[str, str]:
    """'924(c)(3)(A)' -> ('924', '(c)(3)(A)')."""
    i = s.find("(")
    return (s, "") if i < 0 else (s[:i], s[i:])


# ---------------------------------------------------------------------------
# shared regex fragments
# ---------------------------------------------------------------------------

# A page number: "1987" or "14,221" (thousands commas only in groups of three, so in
# "14,221, 14,225" the second number is a pin and no trailing comma is swallowed).
PAGE = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)"

# One parenthesised subsection, tolerant of the typesetting spaces SG briefs carry ("( j)").
SUBSEC = r"\(\s?[A-Za-z0-9]{1,6}\s?\)"
SUBSECS = rf"(?:{SUBSEC})*"

MONTH = (
    r"(?:Jan(?:uary|\.)?|Feb(?:ruary|\.)?|Mar(?:ch|\.)?|Apr(?:il|\.)?|May|June?\.?|July?\.?|"
    r"Aug(?:ust|\.)?|Sept?(?:ember|\.)?|Oct(?:ober|\.)?|Nov(?:ember|\.)?|Dec(?:ember|\.)?)"
)
DATE = rf"{MONTH}\s\d{{1,2}},\s\d{{4}}"
MONTH_NUM = {
    "jan": 1,
    "feb": 2,
    "mar": 3,
    "apr": 4,
    "may": 5,
    "jun": 6,
    "jul": 7,
    "aug": 8,
    "sep": 9,
    "oct": 10,
    "nov": 11,
    "dec": 12,
}


def parse_date(s: str) -> SortKey:
    """'Mar. 3, 1791' -> (1791, 3, 3); () when unparseable."""
    m = re.match(r"([A-Za-z]+)\.?\s(\d{1,2}),\s(\d{4})", s.strip())
    if not m:
        return ()
    mon = MONTH_NUM.get(m.group(1)[:3].lower())
    return (int(m.group(3)), mon or 0, int(m.group(2)))


# An edition/date parenthetical of a code cite: "(2012)", "(Supp. IV 2022)", "(McKinney 2009)",
# "(West 2020)", "(2018 & Supp. V 2023)", "(2d ed. 1878)".  The year is required so that an
# explanatory parenthetical is never swallowed.
EDITION_PAREN = (
    r"\((?:[A-Z][A-Za-z.']*\s){0,3}(?:\d{1,2}(?:st|d|nd|rd|th)\sed\.\s)?(?:Supp\.\s(?:[IVX]+\s)?)?"
    r"\d{4}(?:\sed\.)?(?:\s?&\s?Supp\.\s(?:[IVX]+\s)?\d{4})?\)"
)

# Citation signals that may precede an authority; stripped from names found by looking back.
SIGNAL_WORDS = {
    "see",
    "also",
    "cf",
    "cf.",
    "compare",
    "with",
    "but",
    "contra",
    "accord",
    "e.g.",
    "e.g.,",
    "generally",
    "and",
    "or",
    "under",
    "in",
    "as",
    "by",
    "to",
    "of",
    "the",
    "see,",
    "also,",
    "because",
    "when",
    "while",
    "since",
    "that",
    "after",
    "before",
    "unlike",
    "like",
}


# ---------------------------------------------------------------------------
# states
# ---------------------------------------------------------------------------

# Bluebook abbreviation -> full name.  The full name is the sort key (federal first, then
# states alphabetically by name).
STATES = NAME_BY_ABBREVIATION
_FULL_TO_ABBR = {v: k for k, v in STATES.items()}


def _name_pattern(name: str) -> str:
    """Regex for a state name/abbreviation; "N.Y." also matches "N. Y.", "W. Va." also "W.Va."."""
    out = []
    for i, ch in enumerate(name):
        if ch == ".":
            out.append(r"\.")
            if i + 1 < len(name) and name[i + 1] != " ":
                out.append(r"\s?")
        elif ch == " ":
            out.append(r"\s?")
        else:
            out.append(re.escape(ch))
    return "".join(out)


# The longest names first; names of one length in the order of the alphabet, so that the pattern
# is the same in every process (a set's order is not).
_STATE_NAMES = sorted(set(STATES) | set(STATES.values()), key=lambda n: (-len(n), n))
STATE_RE = "(?:" + "|".join(_name_pattern(n) for n in _STATE_NAMES) + ")"
# The same names in capitals ("TEX.", "CALIFORNIA"): small capitals typed as capitals.
STATE_CAPS_RE = "(?:" + "|".join(_name_pattern(n.upper()) for n in _STATE_NAMES) + ")"


def state_abbr(s: str) -> str | None:
    """Canonical Bluebook abbreviation for a written state name/abbreviation."""
    t = re.sub(r"\.\s+", ".", s.strip())
    t = t.replace("W.Va.", "W. Va.")
    if t in STATES:
        return t
    if t in _FULL_TO_ABBR:
        return _FULL_TO_ABBR[t]
    if t + "." in STATES:
        return t + "."
    return None


def state_name(abbr: str) -> str:
    return STATES.get(abbr, abbr)


# ---------------------------------------------------------------------------
# names of codes
# ---------------------------------------------------------------------------

# Every spelling of a word that names a code -> one token (data/code_words.toml). Words absent
# here end a name.
CODE_WORDS = {
    spelling: entry["token"] for entry in tables.load("code_words", "word") for spelling in entry["spellings"]
}
CODE_CONNECTORS = {"and", "of", "the", "&"}


def code_token(word: str) -> str:
    return re.sub(r"[^a-z&]", "", word.lower())


def is_regulation_code(words: str) -> bool:
    """A code of regulations ("Cal. Code Regs.", "Tex. Admin. Code"), not of statutes; a city's or
    county's administrative code ("New York City Administrative Code") is its local law, a statute."""
    toks = words.split()
    if _LOCAL_GOVERNMENT.intersection(toks):
        return False
    return "regs" in toks or "admin" in toks and "code" in toks


_LOCAL_GOVERNMENT = frozenset({"city", "county", "town", "village", "borough", "parish", "municipal", "mun"})


def code_key(name: str) -> str:
    """Key words of a code's name: "Code of Civil Procedure" and "Code Civ. Proc." -> "code civ proc"."""
    toks = []
    for w in name.split():
        t = code_token(w)
        t = CODE_WORDS.get(t, t)
        if t:
            toks.append(t)
    return " ".join(toks)


# ---------------------------------------------------------------------------
# looking back for names
# ---------------------------------------------------------------------------

# A short name the brief defines for an act, between its name and its cite: "(“CAFA”)", "(FCRA)"
_DEFINED_TERM = r"\s\((?:hereinafter\s)?[“\"]?[A-Z][\w&.’'-]{1,15}[”\"]?\)"
_NAME_TAIL = prefilter.compile(
    r"((?:Act|Amendments|Code|Law|Resolution|Rights(?:\s\d+)?)"
    r"(?:\sof\s\d{4}|,\s\d{4}|\sfor\sFiscal\sYears?\s\d{4}(?:\sand\s\d{4})?)?)(?:" + _DEFINED_TERM + r")?,?\s*\(?$"
)


def without_defined_term(name: str) -> str:
    """ "Class Action Fairness Act of 2005 (“CAFA”)" -> "Class Action Fairness Act of 2005": the entry
    names the act; the brief's own short name for it is not part of that name."""
    return re.sub(_DEFINED_TERM + "$", "", name)


_NAME_WORD = prefilter.compile(r"^(?:[A-Z][\w'’.&-]*|\d{4}|of|and|for|the|on|to|in|&|a|an|with|from|by|’s|'s)$")
_CONNECTORS = {"of", "and", "for", "the", "on", "to", "in", "&", "a", "an", "with", "from", "by"}
_SENTENCE_WORDS = {
    "See",
    "Cf.",
    "Compare",
    "But",
    "Under",
    "In",
    "As",
    "And",
    "Because",
    "When",
    "While",
    "Since",
    "Section",
    "Congress",
    "Accord",
    "Contra",
    "E.g.",
    "Also",
    "Although",
    "If",
    "After",
    "Before",
    "By",
    "That",
    "This",
    "These",
    "Those",
    "Thus",
    "Here",
    "There",
    "Its",
    "For",
    "Unlike",
    "Like",
    "Through",
    "Following",
    "Indeed",
    "Moreover",
    "Whereas",
}


def popular_name_before(text: str, pos: int) -> int | None:
    """Start offset of a popular name written right before a cite ("Armed Career Criminal Act
    of 1984, 18 U.S.C. 924(e)"), or None.

    Walks back word by word from the ", " before `pos` while the words look like a title
    (capitalised words and connectors), then drops leading signals and sentence words.
    """
    window_start = max(0, pos - 160)
    head = text[window_start:pos]
    m = _NAME_TAIL.search(head)
    if not m:
        return None
    tail_start = window_start + m.start()
    words = list(re.finditer(r"\S+", text[window_start:tail_start]))
    start = tail_start
    for w in reversed(words):
        tok = w.group(0)
        if not _NAME_WORD.match(tok):
            break
        start = window_start + w.start()
    # Leading connectors/sentence words are not part of the name ("See the Lanham Act").
    seg_start = start
    start = tail_start
    for w in re.finditer(r"\S+", text[seg_start:tail_start]):
        tok = w.group(0)
        # signals, sentence words, a leading article and part designators ("Title III of the
        # Revenue Act") are not part of the name
        if (
            tok in _CONNECTORS
            or tok in _SENTENCE_WORDS
            or tok.lower() in SIGNAL_WORDS
            or tok == "The"
            or re.fullmatch(r"[IVXLC]+|\d+|Title|Tit\.|Part|Pt\.|Chapter|Subtitle|Division|Div\.", tok)
        ):
            continue
        start = seg_start + w.start()
        break
    name = text[start : window_start + m.end()]
    # A name needs at least one capitalised word besides the final "Act".
    if not re.search(r"[A-Z]\w*.*\s\S", name.strip()):
        return None
    return start


# A sentence ends after a lower-case word of three letters or more, or a two-letter word that is
# no abbreviation ("… discussed it. John Doe, …"; not "et al." or "2d ed."). The next sentence
# starts with a capital, or with the volume of a work ("… agree. 5B Charles Alan Wright, …").
_SENTENCE_END = prefilter.compile(
    r"(?:(?<=[a-z]{3})|(?<=[\s(](?!al|ed|eg|ie|vs|cf|ch|cl|no|op|pp|pt|st|nd|rd|th|id)[a-z]{2})|"
    r"(?<=[)\]\d]))[.!?][\"”’']?\s+(?=[A-Z]|\d{1,3}[A-Z]?\s[A-Z])"
    # a note's number typed right after the sentence's period, in a brief converted from PDF:
    # "… these feeds.12 Jane Doe, …"
    r"|(?<=[a-z]{3})[.!?][\"”’']?(?=\d{1,3}\s[A-Z])"
)
# Abbreviations of organisation words (Bluebook T6) that end in three lower-case letters, so that
# their period would otherwise read as a sentence end.
_NAME_ABBREVIATION = prefilter.compile(
    r"\b(?:Dept|Depts|Govt|Assn|Corp|Dist|Comm|Intl|Natl|Univ|Admin|Mgmt|Educ|Hosp|"
    r"Indus|Servs?|Prot|Auth|Inst|Cent|Coll|Cong|Exch|Found|Info|Prac|Proc|Tech|Elec|Exec|Equip|Envtl|Acad|Agric|"
    r"Bldg|Broad|Chem|Coal|Coop|Constr|Distrib|Econ|Indem|Liab|Mach|Maint|Mktg|Mortg|Prod|Prop|"
    r"Psych|Rsch|Rehab|Subcomm|Transp|Cnty|Cmty|Hous|Pers|Pharm|Telecomm|Bros|Unemp|Sess|Prof|"
    r"Resp|Regs|Metro|Pharms|Prods|Mfrs|Emps|Assocs|Enters|Hldgs|Litig|Consol|Indep)\.$"
)
_BREAK = prefilter.compile(r";\s*|\(\s*|:\s+(?=See\b)")
_LEAD_SIGNAL = prefilter.compile(
    r"(?:(?:See|see|also|Cf\.|cf\.|Compare|compare|But|but|E\.g\.|e\.g\.|generally|accord|Accord|"
    r"with|and)[,]?\s+)+"
)


def boundary_before(text: str, pos: int, limit: int = 250) -> int:
    """Start of the citation clause containing `pos`: after the last ';', '(', or sentence end
    within `limit` characters, with leading signals skipped.  A period ends a sentence only
    after a lower-case word of 3+ letters, a digit or a bracket, so "Inc. v. Foo" and
    "Dep't of Justice" do not split a name."""
    lo = max(0, pos - limit)
    best = lo
    for rx in (_BREAK, _SENTENCE_END):
        for m in rx.finditer(text, lo, pos + 8):  # the lookahead reads what follows a sentence end
            if m.end() > pos:
                break
            if rx is _SENTENCE_END and _NAME_ABBREVIATION.search(text, max(0, m.start() - 8), m.start() + 1):
                continue  # "Cal. Dept. of Public Health": an abbreviation inside a name
            best = max(best, m.end())
    for m in _LABEL_COLON.finditer(text, best, pos):
        # the words before the colon since the last comma: a label, or a title's head
        if _PROSE_WORD.search(text, max(best, text.rfind(",", best, m.start()) + 1), m.start()):
            best = m.end()  # "Another body: Title, Publisher …": the label in prose before it is not the citation's
    label = _ONE_WORD_LABEL.match(text, best, pos)
    if label and ", " in text[label.end() : pos]:
        best = label.end()  # "Source: Author, Title …": a one-word label that opens the clause
    sm = _LEAD_SIGNAL.match(text, best, pos)
    return sm.end() if sm else best


# A colon after words that introduce what follows ("Another body: …", "as the study put it: …"); a
# title's own colon ("Data Brokers: A Call for Transparency") follows words in title case.
_LABEL_COLON = prefilter.compile(r"(?<=\w):\s+(?=[A-Z“\"])")
# One capitalised word and a colon opening a clause ("Text: ", "Source: ") label the citation after
# them when an author comes first ("Source: Jane Doe, Title …"); a title whose head is one word
# ("Privacy: A Story") has its subtitle after the colon, not an author and a comma.
_ONE_WORD_LABEL = prefilter.compile(r"\s*[A-Z][a-z]{2,}:\s+(?=[A-Z“\"])")
_PROSE_WORD = prefilter.compile(
    r"\b(?!(?:and|the|for|from|with|into|over|under|upon|about|after|before|its|are|was|not|but|nor|than|that|"
    r"this|their|our|your|how|why|what|when|who|via|per|vs)\b)[a-z]{3,}\b"
)


# A note's number typed before its text in a brief converted from PDF: at the paragraph's start
# ("16 Office of the Surgeon General, …") or glued to the punctuation before it ("…(2022);12 Sarah …").
_NOTE_MARK = prefilter.compile(r"\s*\d{1,3}\s+(?=[A-Z“\"‘'(]|https?://)")


def note_mark_end(text: str, pos: int) -> int:
    """After the note number at `pos`, if one is there; else `pos`. Only for what never opens
    with a volume (a web page, an article's author): "2 Wayne R. LaFave, …" is a treatise's volume."""
    if text[:pos].strip() and text[:pos].rstrip()[-1:] not in (";", ".", ",", ")", "”", '"'):
        return pos  # a note's number follows the end of what comes before it ("… feeds. 12 Jane Doe")
    m = _NOTE_MARK.match(text, pos)
    return m.end() if m else pos


# ---------------------------------------------------------------------------
# author surnames before a pin ("Bishop § 682", "LaFave § 9.2")
# ---------------------------------------------------------------------------

SURNAME = r"[A-Z][a-z'’]*[A-Z]?[a-z'’]+"  # "Prosser", "LaFave", "McCormick"; not "ERISA"
# Capitalised words that end a statute's name or start a sentence before "§" ("Sherman Act §
# 1", "Penal Code § 187", "See § 1983"): never an author.
_STATUTE_WORDS = {
    "Act",
    "Acts",
    "Code",
    "Codes",
    "Law",
    "Laws",
    "Statute",
    "Statutes",
    "Rule",
    "Rules",
    "Regulation",
    "Regulations",
    "Title",
    "Chapter",
    "Constitution",
    "Amendment",
    "Amendments",
    "Article",
    "Part",
    "Subpart",
    "Treaty",
    "Convention",
    "Ordinance",
    "Charter",
}
_NOT_AUTHOR = _STATUTE_WORDS | _SENTENCE_WORDS | {w.capitalize() for w in SIGNAL_WORDS} | {"Id", "Ibid", "The"}


def is_author_word(word: str) -> bool:
    """True when a capitalised word right before "§" can be an author's surname (a treatise
    short form, "Bishop § 682"), i.e. it is neither part of a statute's name nor a signal."""
    return bool(re.fullmatch(SURNAME, word)) and word not in _NOT_AUTHOR
