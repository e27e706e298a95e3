"""CourtListener's bulk files as PostgreSQL's COPY writes them, for the index's tests and bench.

The quotings the export script has used (courtlistener-bulk.md): PostgreSQL's defaults (a field
quoted only when it needs it, a quote inside doubled), FORCE_QUOTE (every non-NULL field quoted),
a backslash before a quote inside a field, and a backquote for the quote. NULL is an empty
unquoted field in all three. The tables carry more columns than the index reads, in another
order than the reader asks for them, as the real ones do.
"""

from __future__ import annotations

import bz2
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

COLUMNS = {
    "courts": ("id", "pacer_court_id", "short_name", "full_name", "citation_string", "jurisdiction", "in_use"),
    "dockets": ("id", "date_created", "case_name", "docket_number", "court_id", "source"),
    "opinion-clusters": (
        "id",
        "date_created",
        "judges",
        "date_filed",
        "date_filed_is_approximate",
        "case_name_short",
        "case_name",
        "case_name_full",
        "syllabus",
        "precedential_status",
        "docket_id",
        "blocked",
    ),
    "citations": ("id", "volume", "reporter", "page", "type", "cluster_id"),
}
QUOTINGS = ("default", "force", "backslash", "backquote")


def field(value, quoting: str) -> str:
    """One field; a backslash is written escaped (the files are read with COPY's ESCAPE '\\')."""
    if value is None:
        return ""
    text = str(value).replace("\\", "\\\\")
    if quoting == "backquote":
        return "`" + text.replace("`", "\\`") + "`"
    if quoting == "backslash":
        return '"' + text.replace('"', '\\"') + '"'
    needs = quoting == "force" or text == "" or any(ch in text for ch in ',"\n\r\\') or text != text.strip()
    return '"' + text.replace('"', '""') + '"' if needs else text


def line(values: Iterable, quoting: str) -> str:
    return ",".join(field(v, quoting) for v in values) + "\n"


def write(
    folder: Path, kind: str, day: str, rows: Iterable[dict], quoting: str = "default", packed: bool = True
) -> Path:
    """`kind`-`day`.csv(.bz2) in `folder`: the header, then each row's columns (missing ones NULL)."""
    columns = COLUMNS[kind]
    path = folder / f"{kind}-{day}.csv{'.bz2' if packed else ''}"
    header = ",".join(field(c, quoting) if quoting != "default" else c for c in columns) + "\n"
    opener = bz2.open if packed else open
    with opener(path, "wt", encoding="utf-8", newline="") as out:
        out.write(header)
        for row in rows:
            out.write(line((row.get(c) for c in columns), quoting))
    return path


def write_generation(
    folder: Path,
    day: str,
    cases: list[dict] | Callable[[], Iterable[dict]],
    quoting: str = "default",
    packed: bool = True,
) -> None:
    """The four files of one generation for `cases`: each a dict with id, name, date, court and
    citations [(volume, reporter, page)], and optionally full name, short name and status; or a
    function that makes them anew for each file (a synthetic generation too big to hold)."""
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(cases, list):
        listed = cases
        cases = lambda: listed  # noqa: E731
    courts = sorted({c["court"] for c in cases()})
    write(
        folder,
        "courts",
        day,
        ({"id": c, "short_name": c.upper(), "full_name": f"Court {c}", "in_use": "t"} for c in courts),
        quoting,
        packed,
    )
    write(
        folder,
        "dockets",
        day,
        ({"id": c["id"] + 1000, "court_id": c["court"], "case_name": c["name"], "source": 0} for c in cases()),
        quoting,
        packed,
    )
    write(
        folder,
        "opinion-clusters",
        day,
        (
            {
                "id": c["id"],
                "date_created": "2020-01-01 00:00:00+00",
                "judges": c.get("judges"),
                "date_filed": c["date"],
                "date_filed_is_approximate": "t" if c.get("approximate") else "f",
                "case_name_short": c.get("short"),
                "case_name": c["name"],
                "case_name_full": c.get("full"),
                "syllabus": c.get("syllabus"),
                "precedential_status": c.get("status", "Published"),
                "docket_id": c["id"] + 1000,
                "blocked": "f",
            }
            for c in cases()
        ),
        quoting,
        packed,
    )
    write(
        folder,
        "citations",
        day,
        (
            {"id": n, "volume": v, "reporter": r, "page": p, "type": 1, "cluster_id": c["id"]}
            for n, (c, (v, r, p)) in enumerate(((c, cite) for c in cases() for cite in c["citations"]), 1)
        ),
        quoting,
        packed,
    )


def cases_of(clusters: list[dict]) -> list[dict]:
    """The fake CourtListener's clusters (fakes/data.py) as write_generation's cases: the same
    cases in the bulk files as behind the fake API."""
    return [
        {
            "id": c["id"],
            "name": c["case_name"],
            "short": c.get("case_name_short"),
            "full": c.get("case_name_full"),
            "date": c["date_filed"],
            "court": c["court_id"],
            "status": c.get("precedential_status", "Published"),
            "citations": [(int(x["volume"]), x["reporter"], x["page"]) for x in c["citations"]],
            # where the opinion's pages end in the reporter the fake pages it by
            "last_page": {c["citations"][0]["reporter"]: max(c["star_pages"])} if c.get("star_pages") else {},
        }
        for c in clusters
    ]


def with_neighbours(cases: list[dict], per_volume: int = 25) -> list[dict]:
    """`cases` in full volumes: each volume they are cited in gets other cases around them, the
    first one beginning the page after each case's last (`last_page`, else 20 pages on), so that
    the index holds the volume densely and knows where each case ends."""
    out, next_id = list(cases), 9_000_000
    volumes: dict[tuple[int, str], list[int]] = {}
    for c in cases:
        for volume, reporter, page in c["citations"]:
            if str(page).isdigit():
                volumes.setdefault((volume, reporter), []).append(
                    int(c.get("last_page", {}).get(reporter) or int(page) + 20)
                )
    for (volume, reporter), ends in volumes.items():
        pages = sorted({e + 1 for e in ends} | set(range(5000, 5000 + per_volume)))
        for page in pages:
            next_id += 1
            out.append(
                {
                    "id": next_id,
                    "name": f"Neighbour {next_id} v. Volume {volume}",
                    "date": "2000-01-01",
                    "court": "scotus",
                    "citations": [(volume, reporter, str(page))],
                }
            )
    return out


# The reporter mix of CourtListener's citations, roughly: regional and federal reporters, the
# Supreme Court's three, neutral cites; (reporter, volumes, cases a volume).
REPORTERS = [("F.3d", 999, 300), ("F.2d", 999, 300), ("F. Supp. 2d", 999, 250), ("P.3d", 500, 250),
             ("N.E.2d", 999, 250), ("So. 2d", 999, 300), ("U.S.", 600, 90), ("S. Ct.", 143, 150),
             ("L. Ed. 2d", 210, 120), ("Cal. App. 4th", 250, 120), ("S.W.3d", 700, 250)]  # fmt: skip
NAMES = ["Smith", "Jones", "O'Brien", 'The "Big" Company', "Müller, Inc.", "State", "United States",
         "Back\\slash LLC", "Doe,\nJohn", "Société Générale"]  # fmt: skip


def synthetic(count: int, seed: int = 7) -> Iterator[dict]:
    """`count` cases shaped like CourtListener's (the same each time for a seed): a case of
    several reporters now and then (parallel cites), names with quotes, commas, backslashes,
    newlines and accents, a long syllabus now and then."""
    rng = random.Random(seed)
    for n in range(1, count + 1):
        reporter, volumes, per_volume = REPORTERS[n % len(REPORTERS)]
        cites = [(rng.randint(1, volumes), reporter, str(rng.randint(1, per_volume * 12)))]
        if rng.random() < 0.8:
            other = REPORTERS[(n + 3) % len(REPORTERS)]
            cites.append((rng.randint(1, other[1]), other[0], str(rng.randint(1, other[2] * 12))))
        year = rng.randint(1850, 2026)
        yield {
            "id": n,
            "name": f"{rng.choice(NAMES)} v. {rng.choice(NAMES)} {n}",
            "full": f"{rng.choice(NAMES)}, Appellant, v. {rng.choice(NAMES)}, Appellee" if rng.random() < 0.5 else None,
            "date": f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
            "court": rng.choice(("scotus", "ca9", "ca2", "cal", "tex", "ny")),
            "syllabus": 'The syllabus, "quoted", long. ' * 200 if rng.random() < 0.01 else None,
            "citations": cites,
        }
