"""The U.S. Constitution offline: which articles, amendments and sections exist, and when
amendments were ratified. No network is needed to know that Amendment XXVIII does not exist."""

from __future__ import annotations

from .evidence import ABSENT, FOUND, Evidence

SCOPE = "U.S. Constitution, Articles I-VII and Amendments I-XXVII (offline table)"
ARTICLE_SECTIONS = {1: 10, 2: 4, 3: 3, 4: 4, 5: 1, 6: 1, 7: 1}
# Amendment -> (ratified, number of sections; 1 when not divided into sections)
AMENDMENTS = {
    **{n: ("1791-12-15", 1) for n in range(1, 11)},
    11: ("1795-02-07", 1),
    12: ("1804-06-15", 1),
    13: ("1865-12-06", 2),
    14: ("1868-07-09", 5),
    15: ("1870-02-03", 2),
    16: ("1913-02-03", 1),
    17: ("1913-04-08", 1),
    18: ("1919-01-16", 3),
    19: ("1920-08-18", 2),
    20: ("1933-01-23", 6),
    21: ("1933-12-05", 3),
    22: ("1951-02-27", 2),
    23: ("1961-03-29", 2),
    24: ("1964-01-23", 2),
    25: ("1967-02-10", 4),
    26: ("1971-07-01", 2),
    27: ("1992-05-07", 1),
}
RATIFIED = "1788-06-21"


def lookup(which: str, number: int, section: str | None) -> Evidence:
    if which == "article":
        count, ratified = ARTICLE_SECTIONS.get(number), RATIFIED
    else:
        ratified, count = AMENDMENTS.get(number, (None, None))
    if count is None:
        return Evidence(ABSENT, "offline", None, SCOPE, reason=f"there is no {which} {number}")
    flags = ["repealed"] if which == "amendment" and number == 18 else []
    ev = Evidence(
        FOUND,
        "offline",
        None,
        SCOPE,
        amended=[ratified],
        flags=flags,
        subunits={str(i): "" for i in range(1, count + 1)},
        pinpoints_authoritative=True,
    )
    if section and section.isdigit() and int(section) > count:
        ev.flags.append("section_not_in_constitution")
    return ev
