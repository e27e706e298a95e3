"""Court styles as data: which headings, in which order, passim and page ranges.

A style is a TOML file; the built-in ones live beside this module (default, frap, scotus, sg,
texas, california),
and `--style` also takes the path of a firm's own file with the same keys.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ..model import CATEGORY_KEYS, CATEGORY_NUMBERS, CategoryKey

# Package data, read through importlib.resources so that an installed wheel finds it too.
BUILTIN_DIR = resources.files(__name__)


class StyleError(Exception):
    """A style name or file that cannot be used; the message is shown to the user."""


@dataclass(frozen=True)
class Heading:
    heading: str
    members: tuple[CategoryKey, ...]

    @property
    def key(self) -> CategoryKey:
        """The category the heading is: a heading that folds "other" in with other categories
        ("Other Authorities" holding legislative materials too, "Miscellaneous") is the catch-all
        "other"; otherwise its first member ("cases" for cases and agency decisions)."""
        return "other" if "other" in self.members else self.members[0]

    @property
    def number(self) -> int:
        """Word TA category: the number of the category the heading is (its key)."""
        return CATEGORY_NUMBERS[self.key]


@dataclass(frozen=True)
class Style:
    name: str
    description: str
    headings: tuple[Heading, ...]
    passim: int = 5
    group_ranges: bool = False
    page_separator: str = ", "
    range_separator: str = "-"
    title: str = "TABLE OF AUTHORITIES"
    page_column: str = "Page(s)"
    citing_parentheticals: bool = True  # list X cited only inside "(citing X)" (flagged for review)
    # count the pages where a case cited in full is named without a citation ("In Bunton, …")
    name_mentions: bool = False
    # U.S. Code titles printed under the name of the code they enact ("26" -> "Internal
    # Revenue Code (26 U.S.C.)"), as the Solicitor General's tables print them.
    code_names: tuple[tuple[str, str], ...] = ()
    skip_sections: tuple[str, ...] = ()  # body sections not indexed ("jurisdiction")
    # front-matter sections indexed all the same ("statement of the case"), as a court's rules ask
    index_front_matter: tuple[str, ...] = ()
    docket_citations: bool = True  # list decisions cited by docket number alone
    # The court's own state ("Cal.", "Tex."): its constitution, codes and rules are listed before
    # the federal ones, and a code cited without a state ("Pen. Code, § 187") counts as its own.
    home_jurisdiction: str = ""


MAX_PASSIM = 99  # the largest passim threshold one may ask for


def passim_threshold(text: str) -> int:
    """A passim threshold given as text (the CLI's --passim, the API's ?passim=): 2 to
    MAX_PASSIM pages, or 0 for none. ValueError, with a one-line message, otherwise."""
    if not (text.isdigit() and int(text) <= MAX_PASSIM and int(text) != 1):
        raise ValueError(f"passim {text!r} is not a number of pages from 2 to {MAX_PASSIM}, or 0 (none).")
    return int(text)


def builtin_names() -> list[str]:
    return sorted(p.name.removesuffix(".toml") for p in BUILTIN_DIR.iterdir() if p.name.endswith(".toml"))


def load(name_or_path: str) -> Style:
    """A built-in style by name, or a TOML file by path."""
    path: Traversable = Path(name_or_path)  # or the package's file (a Traversable: see BUILTIN_DIR)
    if not Path(name_or_path).suffix and (BUILTIN_DIR / f"{name_or_path}.toml").is_file():
        path = BUILTIN_DIR / f"{name_or_path}.toml"
    if not path.is_file():
        raise StyleError(f"unknown style {name_or_path!r}: use one of {', '.join(builtin_names())} or a .toml file")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise StyleError(f"style file {path} is not valid TOML: {exc}") from None
    try:
        return _from_data(path.name.removesuffix(".toml"), data)
    except (TypeError, AttributeError, ValueError) as exc:
        raise StyleError(f"style file {path} has a value of the wrong type ({exc})") from None


# The type of every scalar setting (bool is checked apart: True is an int to Python).
_TYPES = {
    "passim": int,
    "group_ranges": bool,
    "page_separator": str,
    "range_separator": str,
    "title": str,
    "page_column": str,
    "citing_parentheticals": bool,
    "docket_citations": bool,
    "description": str,
    "headings": list,
    "code_names": dict,
    "skip_sections": list,
    "index_front_matter": list,
    "home_jurisdiction": str,
    "name_mentions": bool,
}


def _from_data(name: str, data: dict) -> Style:
    for key, kind in _TYPES.items():
        value = data.get(key)
        if value is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise StyleError(
                f"style {name}: {key} must be {'a' if kind is not int else 'an'} {kind.__name__}, not {value!r}"
            )
    headings = []
    seen: set[str] = set()
    for h in data.get("headings", []):
        if not isinstance(h, dict) or not isinstance(h.get("members", []), list):
            raise StyleError(f"style {name}: each heading is a table with a heading and a list of members")
        members = tuple(h.get("members", []))
        bad = [m for m in members if m not in CATEGORY_KEYS]
        if not members or bad or not h.get("heading"):
            raise StyleError(f"style {name}: each heading needs a title and members from {', '.join(CATEGORY_KEYS)}")
        seen.update(members)
        headings.append(Heading(h["heading"], members))
    missing = [k for k in CATEGORY_KEYS if k not in seen]
    if missing:
        raise StyleError(f"style {name}: no heading for {', '.join(missing)}")
    fields = {
        k: data[k]
        for k in (
            "passim",
            "group_ranges",
            "page_separator",
            "range_separator",
            "title",
            "page_column",
            "citing_parentheticals",
            "docket_citations",
            "home_jurisdiction",
            "name_mentions",
        )
        if k in data
    }
    fields["code_names"] = tuple((str(k), str(v)) for k, v in data.get("code_names", {}).items())
    fields["skip_sections"] = tuple(str(h) for h in data.get("skip_sections", ()))
    fields["index_front_matter"] = tuple(str(h) for h in data.get("index_front_matter", ()))
    return Style(name=name, description=data.get("description", ""), headings=tuple(headings), **fields)


_SUPREME_COURT = re.compile(r"supreme\s+court\s+of\s+the\s+united\s+states", re.I)
_SOLICITOR_GENERAL = re.compile(r"\bsolicitor\s+general\b", re.I)
_FEDERAL_COURT = re.compile(r"united\s+states\s+(?:court\s+of\s+appeals|district\s+court|bankruptcy\s+court)", re.I)
# The Supreme Court of Texas, the Court of Criminal Appeals, and the fourteen courts of appeals
# ("Court of Appeals for the First District of Texas", "Fourteenth Court of Appeals, Houston, Texas").
_TEXAS = re.compile(
    r"supreme\s+court\s+of\s+texas|court\s+of\s+criminal\s+appeals\s+of\s+texas|"
    r"texas\s+court\s+of\s+criminal\s+appeals|"
    r"court\s+of\s+appeals\b.{0,80}?\bdistrict\s+of\s+texas|"
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    r"thirteenth|fourteenth|\d{1,2}(?:st|nd|rd|th))\s+court\s+of\s+appeals\b.{0,40}?\btexas",
    re.I,
)
# "Court of Appeal of the State of California" (singular: the federal courts are "Appeals"),
# "Supreme Court of California", "Supreme Court of the State of California".
_CALIFORNIA = re.compile(
    r"court\s+of\s+appeal\b(?!s).{0,80}?\bcalifornia|"
    r"supreme\s+court\s+of\s+(?:the\s+state\s+of\s+)?california",
    re.I,
)


def detect(first_lines: list[str]) -> str:
    """The built-in style for a brief, from its cover: a Supreme Court brief gets `scotus` (`sg`
    when the Solicitor General is named as counsel), a brief to a Texas appellate court `texas`,
    one to the California Court of Appeal or Supreme Court `california`, any other `default`."""
    head = re.sub(r"\s+", " ", " ".join(first_lines))
    if _SUPREME_COURT.search(head):
        return "sg" if _SOLICITOR_GENERAL.search(head) else "scotus"
    if _FEDERAL_COURT.search(head):
        return "default"
    if _TEXAS.search(head):
        return "texas"
    if _CALIFORNIA.search(head):
        return "california"
    return "default"
