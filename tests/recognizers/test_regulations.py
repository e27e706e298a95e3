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


def test_the_other_states_administrative_codes_by_their_own_names(run):
    found = full(
        run(
            "310 Mass. Code Regs. 7.00; 15A N.C. Admin. Code 2B.0211; 401 KAR 100:010; COMAR 26.08.02.03; "
            "327 Ind. Admin. Code 2-1-6; Tenn. Comp. R. & Regs. 0400-40-03-.03; Utah Admin. Code r. 317-2-1; "
            "S.C. Code Ann. Regs. 61-68; Conn. Agencies Regs. § 22a-426-1; Haw. Code R. § 11-54-4; "
            "Iowa Admin. Code r. 567-61.3; K.A.R. 28-16-28b; Mont. Admin. R. 17.30.620; "
            "N.D. Admin. Code 33-16-02.1-09; S.D. Admin. R. 74:51:01:01; W. Va. Code R. § 47-2-1; "
            "Code Ark. R. 014.00.1-101; Miss. Admin. Code 11-2-1.1; Okla. Admin. Code 252:730-1-1; "
            "250 R.I. Code R. 150-05-1; N.M. Code R. § 20.6.4.900; 35 Ill. Adm. Code 302.208; "
            "Nev. Admin. Code 445A.070."
        )
    )
    assert [o.display for o in found] == [
        "310 Mass. Code Regs. § 7.00",
        "15A N.C. Admin. Code § 2B.0211",
        "401 Ky. Admin. Regs. § 100:010",
        "Md. Code Regs. 26.08.02.03",
        "327 Ind. Admin. Code § 2-1-6",
        "Tenn. Comp. R. & Regs. 0400-40-03-.03",
        "Utah Admin. Code r. 317-2-1",
        "S.C. Code Ann. Regs. 61-68",
        "Conn. Agencies Regs. § 22a-426-1",
        "Haw. Code R. § 11-54-4",
        "Iowa Admin. Code r. 567-61.3",
        "Kan. Admin. Regs. § 28-16-28b",
        "Mont. Admin. R. 17.30.620",
        "N.D. Admin. Code 33-16-02.1-09",
        "S.D. Admin. R. 74:51:01:01",
        "W. Va. Code R. § 47-2-1",
        "Ark. Admin. Code 014.00.1-101",
        "Miss. Admin. Code 11-2-1.1",
        "Okla. Admin. Code § 252:730-1-1",
        "250 R.I. Code R. 150-05-1",
        "N.M. Code R. § 20.6.4.900",
        "35 Ill. Admin. Code § 302.208",
        "Nev. Admin. Code § 445A.070",
    ]
    assert {o.category for o in found} == {"rules_regulations"}
    # Montana's and South Dakota's "Admin. R." were read as rule sets "Mont. Admin. R. 17." and "S.D. Admin. R. 7"
    assert keys(run("Mont. Admin. R. 17.30.620")) == [StateCodeKey("Mont.", "admin r", "", "17.30.620")]


def test_agency_letters_and_compound_titles_before_the_name(run):
    # Wisconsin's and New Hampshire's rules carry the agency's letters; North Carolina's rule a space
    found = full(
        run(
            "Wis. Admin. Code § NR 102.04; N.H. Code Admin. R. Env-Wq 1703.01; 15A NCAC 02B .0211; "
            "06-096 Me. Code R. § 1; 12-004-052 Vt. Code R. § 2; 020.0002.1 Wyo. Code R. § 3."
        )
    )
    assert [o.display for o in found] == [
        "Wis. Admin. Code § NR 102.04",
        "N.H. Code Admin. R. Env-Wq 1703.01",
        "15A N.C. Admin. Code § 02B.0211",
        "06-096 Me. Code R. § 1",
        "12-004-052 Vt. Code R. § 2",
        "020.0002.1 Wyo. Code R. § 3",
    ]
    # Wyoming's and Maine's section numbers mean nothing without the agency's numbers before the name
    assert full(run("See Wyo. Code R. § 3.")) == []


def test_the_pennsylvania_code_is_the_states_regulations(run):
    [regs, stat] = full(run("25 Pa. Code § 93.7; 18 Pa. Cons. Stat. § 301."))
    assert (regs.display, regs.category) == ("25 Pa. Code § 93.7", "rules_regulations")
    assert stat.category == "statutes"
