"""The data tables the recognizers build their patterns from (toa/recognizers/data/*.toml), as
eyecite builds its patterns from reporters-db: a code's names and forms are data, the grammar
around them is code.

A form is written as a brief prints it, with [ ] around an optional part; `form_pattern` turns it
into a regex fragment that also takes the spacing briefs vary: a space after a period or beside
"&" may be left out ("Ohio Adm.Code", "R.&Regs."), and so may one between initials ("N. J.")."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from typing import Any


def load(name: str, entry: str) -> list[dict[str, Any]]:
    """The entries of the table `name` (data/NAME.toml, a list of [[ENTRY]] tables)."""
    text = resources.files("toa.recognizers").joinpath("data", f"{name}.toml").read_text(encoding="utf-8")
    entries: list[dict[str, Any]] = tomllib.loads(text)[entry]
    return entries


def form_pattern(form: str) -> str:
    """A regex fragment matching `form` as briefs write it ("Fla. Admin. Code[ Ann.]")."""
    out = []
    for i, ch in enumerate(form):
        # the characters beside it, optional parts' brackets aside ("Pa.C.S.[ A.]")
        before, after = form[:i].rstrip("[]")[-1:], form[i + 1 :].lstrip("[]")[:1]
        if ch == "[":
            out.append("(?:")
        elif ch == "]":
            out.append(")?")
        elif ch == " ":
            out.append(r"\s?" if before in (".", "&") or after == "&" else r"\s")
        elif ch == ".":
            out.append(r"\.\s?" if after.isalpha() else r"\.")
        else:
            out.append(re.escape(ch))
    return "".join(out)
