"""Complex fields (w:fldChar begin/separate/end around w:instrText) and simple fields: walking
them, removing TA fields, and making the hidden TA fields and the TOA fields toa writes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import P, R, RPR, XML_SPACE, is_on, make, qn, w_attr
from .text import insert_at_start

_FLD, _INSTR, _FLD_SIMPLE = qn("w:fldChar"), qn("w:instrText"), qn("w:fldSimple")
_DEL_INSTR = qn("w:delInstrText")


@dataclass
class ComplexField:
    instr: str = ""
    nodes: list = field(default_factory=list)  # fldChar/instrText elements, begin to end
    paragraphs: list = field(default_factory=list)  # w:p elements from begin to end

    @property
    def keyword(self) -> str:
        words = self.instr.split()
        return words[0].upper() if words else ""


def complex_fields(root) -> list[ComplexField]:
    """Every complete complex field under `root`, in document order (nested ones too)."""
    done: list[ComplexField] = []
    stack: list[ComplexField] = []
    for p in root.iter(P):
        for f in stack:
            f.paragraphs.append(p)
        for el in p.iter(_FLD, _INSTR):
            if _owner_p(el) is not p:
                continue  # a paragraph nested in this one (text box) is visited on its own
            if el.tag == _INSTR:
                if stack:
                    stack[-1].instr += el.text or ""
                    stack[-1].nodes.append(el)
                continue
            kind = w_attr(el, "fldCharType")
            if kind == "begin":
                stack.append(ComplexField(nodes=[el], paragraphs=[p]))
            elif stack:
                stack[-1].nodes.append(el)
                if kind == "end":
                    done.append(stack.pop())
    return done


def has_fields(p) -> bool:
    """Paragraph `p` holds a field instruction (complex or simple)."""
    return next(p.iter(_INSTR, _FLD_SIMPLE), None) is not None


def instructions(p, starts: Mapping[object, int], end: int) -> list[tuple[int, list[tuple[str, bool]]]]:
    """The instruction of every field in paragraph `p` (complex fields that end here, simple
    fields; not those of a paragraph nested in it, a text box), in order: each with the offset of
    the first text after it (`starts` maps a text node to its offset in the paragraph's text; `end`
    when no text follows) and its characters, each with whether its run is italic."""
    out: list[tuple[int, list[tuple[str, bool]]]] = []
    pending: list[list[tuple[str, bool]]] = []
    open_fields: list[list[tuple[str, bool]]] = []
    for el in p.iter():
        if el.tag in (_FLD, _INSTR, _FLD_SIMPLE) and _owner_p(el) is not p:
            continue
        if el in starts and pending:
            out += [(starts[el], chars) for chars in pending]
            pending = []
        if el.tag == _FLD:
            kind = w_attr(el, "fldCharType")
            if kind == "begin":
                open_fields.append([])
            elif kind == "end" and open_fields:
                pending.append(open_fields.pop())
        elif el.tag == _INSTR and open_fields:
            italic = _italic_run(el.getparent())
            open_fields[-1] += [(ch, italic) for ch in el.text or ""]
        elif el.tag == _FLD_SIMPLE:
            pending.append([(ch, False) for ch in w_attr(el, "instr") or ""])
    return out + [(end, chars) for chars in pending]


def _italic_run(run) -> bool:
    if run is None or run.tag != R:
        return False
    rpr = run.find(RPR)
    return rpr is not None and (is_on(rpr.find(qn("w:i"))) or is_on(rpr.find(qn("w:iCs"))))


def _owner_p(el):
    for anc in el.iterancestors(P):
        return anc
    return None


def paragraphs_in(root, keyword: str) -> set:
    """The paragraphs that the complex fields under `root` with this keyword (TOA, TOC) run over."""
    return {p for f in complex_fields(root) if f.keyword == keyword for p in f.paragraphs}


def remove_ta_fields(root) -> int:
    """Remove every TA field (complex, or simple and printing nothing) under `root`; returns how many.

    Only field characters and instruction text go (and runs left empty), so no printed text
    moves."""
    count = 0
    for f in complex_fields(root):
        if f.keyword != "TA":
            continue
        for el in f.nodes:
            r = el.getparent()
            r.remove(el)
            if r.tag == R and all(c.tag == RPR for c in r):
                r.getparent().remove(r)
        count += 1
    for fs in list(root.iter(_FLD_SIMPLE)):
        if (w_attr(fs, "instr") or "").split()[:1] == ["TA"] and not "".join(fs.itertext()).strip():
            fs.getparent().remove(fs)
            count += 1
    return count


def hidden_field(instruction: list[tuple[str, bool]]) -> list:
    """The hidden runs of a complex field with no result: begin, the instruction's pieces (text,
    italic) one run each, end."""
    runs = [_hidden_run(make("w:fldChar", {"fldCharType": "begin"}))]
    for text, italic in instruction:
        instr = make("w:instrText", text=text)
        instr.set(XML_SPACE, "preserve")
        runs.append(_hidden_run(instr, italic))
    runs.append(_hidden_run(make("w:fldChar", {"fldCharType": "end"})))
    return runs


def _hidden_run(child, italic: bool = False):
    r = make("w:r")
    rpr = make("w:rPr")
    if italic:
        rpr.append(make("w:i"))
    rpr.append(make("w:vanish"))
    r.append(rpr)
    r.append(child)
    return r


def wrap_in_field(first_p, last_p, instruction: str) -> None:
    """Make the paragraphs from `first_p` to `last_p` the result of a field with `instruction`:
    begin, code and separator at the start of the first, end at the end of the last."""
    instr = make("w:instrText", text=instruction)
    instr.set(XML_SPACE, "preserve")
    begin = [
        _plain_run(make("w:fldChar", {"fldCharType": "begin"})),
        _plain_run(instr),
        _plain_run(make("w:fldChar", {"fldCharType": "separate"})),
    ]
    insert_at_start(first_p, begin)
    last_p.append(_plain_run(make("w:fldChar", {"fldCharType": "end"})))


def _plain_run(child):
    r = make("w:r")
    r.append(child)
    return r


def code_starts(el, prefix: str) -> bool:
    """Some field instruction text under `el` starts with `prefix` ("TOA")."""
    return any((instr.text or "").strip().upper().startswith(prefix) for instr in el.iter(_INSTR))


def simple_field_starts(root, prefix: str) -> bool:
    """Some simple field under `root` has an instruction that starts with `prefix`."""
    return any((s.get(qn("w:instr")) or "").strip().upper().startswith(prefix) for s in root.iter(_FLD_SIMPLE))


def unwrap_fields(root, keywords: frozenset[str]) -> bool:
    """Unwrap the fields whose keyword is one of `keywords`, their printed result left in place: a
    simple field is replaced by its runs; of a complex field, the field characters and everything
    between begin and separate (its code, nested fields included) go. True when any was found."""
    codes = "".join(t.text or "" for t in root.iter(_INSTR, _DEL_INSTR)).upper()
    simple = [f for f in root.iter(_FLD_SIMPLE) if _field_keyword(f.get(qn("w:instr")) or "") in keywords]
    if not simple and not any(k in codes for k in keywords):
        return False
    for f in simple:
        for child in list(f):
            if child.tag != qn("w:fldData"):
                f.addprevious(child)
        f.getparent().remove(f)
    for child in _complex_field_parts(root, keywords):
        if child.getparent() is not None:
            child.getparent().remove(child)
    return True


@dataclass
class _OpenField:
    """A complex field being read: its instruction so far, whether its code is still being read
    (before its separate), and the run children that go when it is unwrapped."""

    instr: list[str] = field(default_factory=list)
    code: bool = True
    owned: list = field(default_factory=list)


def _complex_field_parts(root, keywords: frozenset[str]) -> list:
    """The run children of the complex fields of `keywords` that unwrapping removes: each field's
    characters and its code (nested fields included), not its result."""
    open_fields: list[_OpenField] = []  # innermost last
    doomed: list = []
    for child in (c for r in root.iter(R) for c in r if c.tag != RPR):
        ended = _read_field_part(open_fields, child)
        if ended is not None and _field_keyword("".join(ended.instr)) in keywords:
            doomed += ended.owned
    for f in open_fields:  # never ended: Word would still read the instruction
        if _field_keyword("".join(f.instr)) in keywords:
            doomed += f.owned
    return doomed


def _read_field_part(open_fields: list[_OpenField], child) -> _OpenField | None:
    """Take one run child into the fields open around it; the field it ends, if it ends one."""
    kind = child.get(qn("w:fldCharType")) if child.tag == _FLD else None
    if kind == "begin":
        open_fields.append(_OpenField())
    for f in open_fields:
        if f.code or (f is open_fields[-1] and kind in ("separate", "end")):
            f.owned.append(child)
    if not open_fields:
        return None
    top = open_fields[-1]
    if child.tag in (_INSTR, _DEL_INSTR) and top.code:
        top.instr.append(child.text or "")
    elif kind == "separate":
        top.code = False
    elif kind == "end":
        return open_fields.pop()
    return None


def _field_keyword(instr: str) -> str:
    words = instr.split()
    return words[0].lstrip("\\").upper() if words else ""
