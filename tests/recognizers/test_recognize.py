import time

from toa.model import Occurrence
from toa.recognizers import recognize


def test_returns_occurrences_with_caller_fields_unset():
    occs = recognize("See 18 U.S.C. 3231 and Fed. R. Crim. P. 32.", [])
    assert all(isinstance(o, Occurrence) for o in occs)
    assert {o.paragraph for o in occs} == {-1} and {o.story for o in occs} == {""}
    t = "See 18 U.S.C. 3231 and Fed. R. Crim. P. 32."
    for o in occs:
        assert o.text == t[o.start:o.end]
        assert o.anchor_end is not None


def test_results_in_text_order_and_no_overlaps_between_authorities():
    t = ("Restatement (Second) of Contracts § 90 (1981); § 90 also; U.S. Const. amend. IV; "
         "Pet. App. 4a; 28 U.S.C. 1291.")
    occs = recognize(t, [])
    starts = [o.start for o in occs]
    assert starts == sorted(starts)
    assert [o.key[0] for o in occs if o.kind == "full"] == ["restatement", "const", "usc"]
    assert [o.kind for o in occs].count("reference") == 1


def test_empty_text():
    assert recognize("", []) == []
    assert recognize("   ", []) == []


def test_speed_on_a_large_brief():
    para = ("The Government relies on 18 U.S.C. 924(c)(3)(A) and (B), Fed. R. Crim. P. 52(b), "
            "U.S. Const. amend. V, and H.R. Rep. No. 99-849, at 3 (1986). See J.A. 12; Pet. Br. 4. "
            "Under Section 924(c), the Court in Smith v. United States, 508 U.S. 223, 229 (1993), held "
            "that the First Amendment did not apply. 2 Wayne Doe, Criminal Law § 3 (2d ed. 2001). ")
    paras = [para * 3] * 200  # ~200 KB
    assert sum(len(p) for p in paras) > 190_000
    t0 = time.perf_counter()
    for p in paras:
        recognize(p, [(0, 10)])
    assert time.perf_counter() - t0 < 1.5


def test_pathological_inputs_do_not_backtrack():
    nasty = [
        "A" * 5000 + " 1 (",
        ("Abc Def " * 800) + "12 (2000)",
        "§ " + "1(" * 2000,
        "See " + "X. " * 3000 + "Rev. 1",
        ("Hearing on " + "a, " * 500) + "Before the " + "b " * 500,
        "1 " + "Foo. " * 2000 + "L. Rev. 1 (1999)",
    ]
    t0 = time.perf_counter()
    for t in nasty:
        recognize(t, [(0, len(t) // 2)])
    assert time.perf_counter() - t0 < 2.0
