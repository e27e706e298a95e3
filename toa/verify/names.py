"""Case-name similarity, after the official CourtListener MCP client (citation_utils.py):
normalise v./vs./versus, drop punctuation and generic party words, then take the best of
token-set Jaccard (a subset counts as 1.0) and difflib's ratio."""
from __future__ import annotations

import difflib
import re
import unicodedata

# Words that say nothing about which case it is; "United States" appears in thousands.
GENERIC = {
    "united", "states", "state", "people", "of", "the", "in", "re", "ex", "rel", "et", "al",
    "inc", "co", "corp", "llc", "ltd", "company", "corporation", "commonwealth", "america",
    "and", "a", "an", "matter", "v",
}
_V = re.compile(r"\b(?:vs?|versus)\b\.?", re.I)


def normalize(name: str) -> list[str]:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = _V.sub(" v ", text.replace("’", "'"))
    text = re.sub(r"[^a-z0-9 ]+", " ", text.replace("'", ""))
    return [w for w in text.split() if w not in GENERIC]


def similarity(a: str, b: str) -> float:
    ta, tb = normalize(a), normalize(b)
    if not ta or not tb:
        return 0.0
    sa, sb = set(ta), set(tb)
    jaccard = 1.0 if (sa <= sb or sb <= sa) else len(sa & sb) / len(sa | sb)
    ratio = difflib.SequenceMatcher(None, " ".join(ta), " ".join(tb)).ratio()
    return round(max(jaccard, ratio), 3)


def best_similarity(brief_name: str, *candidates: str | None) -> float:
    return max((similarity(brief_name, c) for c in candidates if c), default=0.0)
