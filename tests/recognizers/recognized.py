"""What the recognizer tests read of an outcome: imported by name (a `conftest` is not a module to import
from: pytest keeps one per folder, and a run over several folders gets another's)."""


def full(occs):
    return [o for o in occs if o.kind == "full"]


def keys(occs):
    return [o.key for o in occs if o.kind == "full"]


def written_forms(form: str) -> list[str]:
    """Every way a table form can be written, its optional [ ] parts in or out."""
    depth, start = 0, form.find("[")
    if start < 0:
        return [form]
    for i in range(start, len(form)):
        depth += {"[": 1, "]": -1}.get(form[i], 0)
        if depth == 0:
            inner, rest = form[start + 1 : i], form[i + 1 :]
            return [form[:start] + a + b for a in ["", *written_forms(inner)] for b in written_forms(rest)]
    raise ValueError(form)
