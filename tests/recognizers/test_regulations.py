from recognized import full, keys, written_forms
from toa.keys import CfrKey, StateCodeKey


def test_state_administrative_codes_by_their_own_numbering(run):
    found = full(
        run(
            "Or. Admin. R. 839-020-0050(2)(a); Ga. Comp. R. & Regs. 560-12-1-.01; "
            "Fla. Admin. Code Ann. r. 64B8-9.003; Ala. Admin. Code r. 335-6-6-.02; Minn. R. 4717.7000."
        )
    )
    assert [o.display for o in found] == [
        "Or. Admin. R. 839-020-0050(2)(a)",
        "Ga. Comp. R. & Regs. 560-12-1-.01",
        "Fla. Admin. Code r. 64B8-9.003",
        "Ala. Admin. Code r. 335-6-6-.02",
        "Minn. R. 4717.7000",
    ]
    assert {o.category for o in found} == {"rules_regulations"}


def test_a_hyphenated_regulation_number_is_never_a_range_of_rules(run):
    # it was read as rules 9 to 20 of a rule set called "83"
    assert keys(run("Or. Admin. R. 839-020-0050.")) == [StateCodeKey("Or.", "admin r", "", "839-020-0050")]


def test_title_first_forms_and_their_written_out_names_are_one_regulation(run):
    a = keys(run("12 NYCRR 23-1.7(d)"))
    b = keys(run("N.Y. Comp. Codes R. & Regs. tit. 12, § 23-1.7(d)"))
    assert a == b == [StateCodeKey("N.Y.", "comp code r regs", "12", "23-1.7(d)")]
    assert [o.display for o in full(run("940 CMR 3.16(3)"))] == ["940 Mass. Code Regs. § 3.16(3)"]


def test_initialisms_key_as_the_abbreviated_code(run):
    assert keys(run("N.J.A.C. 10:69-1.1")) == keys(run("N.J. Admin. Code § 10:69-1.1"))
    assert keys(run("WAC 296-126-092")) == keys(run("Wash. Admin. Code § 296-126-092"))


def test_a_title_number_alone_is_no_cite(run):
    assert full(run("The CMR 3.16 form was filed.")) == []


def test_treasury_regulation_number_holds_its_code_subsection(run):
    assert keys(run("Treas. Reg. § 1.501(c)(3)-1(d)(2)")) == [CfrKey("26", "1.501(c)(3)-1(d)(2)")]


def test_more_states_administrative_codes_and_their_own_forms(run):
    found = full(
        run(
            "Ohio Adm.Code 4501:1-1-02(A); Ariz. Admin. Code § R4-23-110; Idaho Admin. Code r. 24.01.01.100; "
            "7 Colo. Code Regs. 1101-2; Mich. Admin. Code R. 336.1201."
        )
    )
    assert [o.display for o in found] == [
        "Ohio Admin. Code 4501:1-1-02(A)",
        "Ariz. Admin. Code § R4-23-110",
        "Idaho Admin. Code r. 24.01.01.100",
        "7 Colo. Code Regs. § 1101-2",
        "Mich. Admin. Code r. 336.1201",
    ]
    assert {o.category for o in found} == {"rules_regulations"}
    # Texas's initialism is its code, title first; "Code R." was read as a record cite "R. 336"
    assert keys(run("22 TAC § 535.2(a)")) == keys(run("22 Tex. Admin. Code § 535.2(a)"))
    assert keys(run("Ohio Admin. Code 4501:1-1-02")) == keys(run("Ohio Adm.Code 4501:1-1-02"))


def test_a_record_cite_after_a_word_is_still_no_regulation(run):
    assert full(run("The trial court ruled (R. 336), and the Code was not raised (R. 12).")) == []


def test_every_form_of_every_administrative_code_in_the_table_is_read(run):
    from toa.recognizers.tables import load

    for entry in load("administrative_codes", "code"):
        entry_keys = []
        for written in (w for f in entry["forms"] for w in written_forms(f)):
            cite = f"12 {written} 101-2.3" if entry.get("title_first") else f"{written} 101-2.3"
            found = full(run(f"See {cite}."))
            assert [(o.category, o.key.jurisdiction, o.key.section) for o in found] == [
                ("rules_regulations", entry["state"], "101-2.3")
            ], cite
            entry_keys.append(found[0].key)
        # however it is written, an entry names one code
        assert len(set(entry_keys)) == 1, entry
