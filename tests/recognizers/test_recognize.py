import time

from toa.keys import ConstitutionKey, RestatementKey, UsCodeKey
from toa.model import Occurrence
from toa.recognizers import recognize


def test_returns_occurrences_with_caller_fields_unset():
    occs = recognize("See 18 U.S.C. 3231 and Fed. R. Crim. P. 32.", [])
    assert all(isinstance(o, Occurrence) for o in occs)
    assert {o.paragraph for o in occs} == {-1} and {o.story for o in occs} == {""}
    t = "See 18 U.S.C. 3231 and Fed. R. Crim. P. 32."
    for o in occs:
        assert o.text == t[o.start : o.end]
        assert o.anchor_end is not None


def test_results_in_text_order_and_no_overlaps_between_authorities():
    t = "Restatement (Second) of Contracts § 90 (1981); § 90 also; U.S. Const. amend. IV; Pet. App. 4a; 28 U.S.C. 1291."
    occs = recognize(t, [])
    starts = [o.start for o in occs]
    assert starts == sorted(starts)
    assert [type(o.key) for o in occs if o.kind == "full"] == [RestatementKey, ConstitutionKey, UsCodeKey]
    assert [o.kind for o in occs].count("reference") == 1


def test_empty_text():
    assert recognize("", []) == []
    assert recognize("   ", []) == []


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
    # A guard against catastrophic backtracking (minutes or hours), not a speed measurement: the
    # speed of the recognizers is measured by bench/build_time.py. A few hundred ms is normal.
    assert time.perf_counter() - t0 < 10


def test_new_kinds_sort_against_the_old_within_each_category():
    t = (
        "See 47 C.F.R. 54.709; Cal. Code Regs., tit. 22, § 72001; Tex. Admin. Code § 1.1; Tex. R. App. P. 38.1; "
        "FINRA Rule 4530; Fed. R. Civ. P. 56; 18 U.S.C. 924; Pen. Code, § 187; Tex. Penal Code § 22.01; "
        'MCL 600.5805; Jane Roe, "A Long Enough Title," Daily News (Jan. 2, 2020), https://news.example/a; '
        "Regulation (EU) 2016/679, art. 5; Convention on Things, Jan. 1, 1990, 1 U.N.T.S. 2; "
        "Black's Law Dictionary (11th ed. 2019); Assembly Bill 977; H.R. Rep. No. 99-849 (1986)."
    )
    by_category = {}
    for o in recognize(t, []):
        if o.kind == "full":
            by_category.setdefault(o.category, []).append(o)
    assert set(by_category) >= {"rules_regulations", "statutes", "other", "legislative"}
    order = {c: [o.display for o in sorted(occs, key=lambda o: o.sort_key)] for c, occs in by_category.items()}
    assert order["statutes"][0] == "18 U.S.C. 924"
    rules = order["rules_regulations"]
    assert (
        rules.index("Fed. R. Civ. P. 56")
        < rules.index("Tex. R. App. P. 38.1")
        < rules.index("47 C.F.R. 54.709")
        < rules.index("Cal. Code Regs., tit. 22, § 72001")
    )
    assert len(order["other"]) == 4


def test_a_section_after_supra_is_a_pin_of_the_work(run):
    occs = run("(5 Witkin, supra, Torts, § 124; Weil & Brown, supra, § 3; see Pen. Code, § 187.)")
    assert [(o.kind, o.category) for o in occs if o.kind != "supra"] == [("full", "statutes")]
