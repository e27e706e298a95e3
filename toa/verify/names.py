"""Case names compared party by party: is the case the brief names the case at the citation?

A name is split at "v." into its parties. Each party is reduced to the words that identify it:
generic words (United States, State, People, Inc., Co., of, the, et al., petitioners ...) are
dropped, as the official CourtListener client does. The brief's name matches a name of the case
(CourtListener's `case_name` or `case_name_full`) when each of its parties has the words of the
case's party (or the case's party has all of the brief's): "Reed v. Town of Gilbert" matches
"Clyde Reed, et al., Petitioners v. Town of Gilbert, Arizona, et al."; "Reed v. City of Phoenix"
does not, nor does "Celotex v. Smith" match "Celotex Corp. v. Catrett": sharing one party, or a
short name, is not enough. The parties may come in the other order (captions turn on appeal).
A party left with no identifying word ("United States", "State", "People") is a government: it
matches only a government, named so, by its State's name, or as one of its officers ("Delacroix
v. Harmon" is not "Delacroix v. United States"; "Delacroix v. Garland, Attorney General" can be).

Bluebook abbreviations match the word they shorten: a word written with a period or an
apostrophe ("Am.", "Dep't", "Ass'n", "Cnty.") matches a word that starts with its first letter and
holds its letters in order ("America", "Department", "Association", "County"), either way round.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..jurisdictions import STATES

# Words that say nothing about which party it is; "United States" appears in thousands of names.
GENERIC = {
    "united",
    "states",
    "us",
    "usa",
    "state",
    "people",
    "of",
    "the",
    "in",
    "re",
    "ex",
    "rel",
    "parte",
    "et",
    "al",
    "inc",
    "co",
    "corp",
    "llc",
    "llp",
    "lp",
    "ltd",
    "plc",
    "company",
    "corporation",
    "commonwealth",
    "america",
    "and",
    "a",
    "an",
    "matter",
    "on",
    "for",
    "to",
    "petitioner",
    "petitioners",
    "respondent",
    "respondents",
    "appellant",
    "appellants",
    "appellee",
    "appellees",
    "plaintiff",
    "plaintiffs",
    "defendant",
    "defendants",
    "individually",
    "others",
    "estate",
}
_V = re.compile(r"\s+(?:v|vs|versus)\.?\s+", re.I)
_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z0-9]+)*\.?")


@dataclass(frozen=True)
class Word:
    text: str  # lower case, letters and digits only
    short: bool  # written as an abbreviation ("Am.", "Dep't")


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def party_words(party: str) -> list[Word]:
    words = []
    for raw in _WORD.findall(_ascii(party.replace("’", "'"))):
        text = re.sub(r"[^a-z0-9]", "", raw.lower())
        short = raw.endswith(".") or "'" in raw
        if text and text not in GENERIC:
            words.append(Word(text, short))
    return words


def parties(name: str) -> list[list[Word]]:
    """The parties of a case name, each as its identifying words (one party for "In re Gault")."""
    return [party_words(p) for p in _V.split(name, maxsplit=1)]


def _abbreviates(short: str, long: str) -> bool:
    """ "dept" shortens "department": same first letter, every letter in order, shorter."""
    if len(short) >= len(long) or short[0] != long[0]:
        return False
    rest = iter(long)
    return all(ch in rest for ch in short)


def same_word(a: Word, b: Word) -> bool:
    if a.text == b.text:
        return True
    if a.short and _abbreviates(a.text, b.text):
        return True
    return b.short and _abbreviates(b.text, a.text)


def _within(small: list[Word], big: list[Word]) -> bool:
    return all(any(same_word(w, v) for v in big) for w in small)


def same_party(a: list[Word], b: list[Word]) -> bool:
    """One party's words are all among the other's. A party with no identifying word ("United
    States", "State", "People") is a government, and matches only a government: one named
    so, a State by its name ("Texas", CourtListener's "Com."), or one of its officers ("Merrick
    B. Garland, Attorney General")."""
    if not a and not b:
        return True
    if not a or not b:
        return _government(a or b)
    return _within(a, b) or _within(b, a)


# A State by name (CourtListener writes "Com. v. Smith" for Pennsylvania's "Commonwealth").
_STATE_WORDS = [Word(w, False) for _, _, name in STATES for w in name.lower().split() if w != "of"] + [
    Word("com", True),
    Word("commw", True),
]
# The titles of officers sued for their government (abbreviated as the Bluebook does: "Att'y Gen.").
_OFFICERS = [
    Word(w, False)
    for w in (
        "attorney administrator commissioner director governor secretary sheriff superintendent warden "
        "mayor chief treasurer comptroller"
    ).split()
]


def _government(words: list[Word]) -> bool:
    named = all(any(same_word(w, s) for s in _STATE_WORDS) for w in words)
    return named or any(same_word(w, o) for w in words for o in _OFFICERS)


def names_match(brief: str, candidate: str | None) -> bool:
    if not candidate:
        return False
    ours, theirs = parties(brief), parties(candidate)
    if not any(ours) or not any(theirs):
        return False  # nothing identifying on one side: no basis for a match
    if len(ours) == 1 or len(theirs) == 1:
        return same_party([w for p in ours for w in p], [w for p in theirs for w in p])
    (a1, a2), (b1, b2) = ours, theirs
    return _paired([(a1, b1), (a2, b2)]) or _paired([(a1, b2), (a2, b1)])


def _paired(pairs: list[tuple[list[Word], list[Word]]]) -> bool:
    """Each party matches its counterpart, and at least one match rests on identifying words
    ("United States v. Jones" is not "Smith v. United States")."""
    return all(same_party(a, b) for a, b in pairs) and any(a and b for a, b in pairs)


def matches_any(brief: str, *candidates: str | None) -> bool:
    """The brief's name is one of the case's names (CourtListener's case_name, case_name_full)."""
    return any(names_match(brief, c) for c in candidates)


def same_case_name(a: str | None, b: str | None) -> bool:
    """Two of CourtListener's names for one case (a Harvard duplicate of a cluster): alike once
    generic words and punctuation go."""

    def plain(name: str) -> list[list[str]]:
        return [[w.text for w in p] for p in parties(name)]

    if not a or not b:
        return False
    return plain(a) == plain(b)
