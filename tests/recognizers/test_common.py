from toa.recognizers.common import alpha_key, boundary_before, natkey, number_token, popular_name_before, state_abbr


def test_number_token_accepts_roman_arabic_and_ordinals():
    assert number_token("III") == 3
    assert number_token("12") == 12
    assert number_token("Fourteenth") == 14


def test_natkey_orders_sections_numerically():
    secs = ["1983a", "2", "1983", "12(b)(10)", "12(b)(6)"]
    assert sorted(secs, key=natkey) == ["2", "12(b)(6)", "12(b)(10)", "1983", "1983a"]


def test_alpha_key_ignores_articles_and_volumes():
    assert alpha_key("The Oxford English Dictionary") == "oxford english dictionary"
    assert alpha_key("2 Wayne LaFave") == "wayne lafave"


def test_state_abbr_variants():
    assert state_abbr("N. Y.") == "N.Y."
    assert state_abbr("Virginia") == "Va."
    assert state_abbr("Narnia") is None


def test_popular_name_before_strips_signals_and_part_designators():
    t = "See also the Clean Water Act of 1972, 33 U.S.C. 1251."
    s = popular_name_before(t, t.index("33 U.S.C."))
    assert t[s : t.index(", 33")] == "Clean Water Act of 1972"
    t2 = "under title II of the Omnibus Safety Act, Pub. L. No. 90-1"
    s2 = popular_name_before(t2, t2.index("Pub."))
    assert t2[s2 : t2.index(", Pub")] == "Omnibus Safety Act"
    t3 = "as the statute provides, 33 U.S.C. 1251"
    assert popular_name_before(t3, t3.index("33")) is None


def test_boundary_before_does_not_split_on_abbreviations():
    t = "Rex Corp. v. Acme Inc., 12 X 3"
    assert boundary_before(t, t.index(", 12")) == 0
    t2 = "It was decided. See Foo Bar, 1"
    assert t2[boundary_before(t2, t2.index(", 1")) :].startswith("Foo Bar")
