"""The eight Intrigue cards: R14, R22-R29, R31."""

import pytest
from table import ANN, BEN, CLEO, dealt, draws, ind, kinds, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import (
    CAPITAL, DEVELOP, BuyContract, CapitalIncrease, Choose, Dump, Lower, Pass, Raise, Swap,
    Target, Turn, legal_moves,
)

NOTHING = {"africa": 0, "asia": 0, "america": 0, "india": 0, "oceania": 0}


def chosen(card, **pos):
    """Round 1, 3 players: Ann alone on Intrigue draws 2 cards and chooses ``card``."""
    s = position(dealt(3), **pos)
    place(s, 2, 5, 5, 5, (4, "F"), (4, "F"))
    other = "racket" if card != "racket" else "capitalisation"
    draws(s, card, other)
    run(s, Choose(ANN, card))
    return s


def after_card(s):
    """The card is over when the Machiavelli privilege (Ann is alone on II) is asked."""
    return (kinds(s), s.decision.actor, s.decision.disc) == ("privilege", ANN, 2)


def test_r22_racket():
    s = chosen("racket", money={ANN: 7, BEN: 7, CLEO: 2})
    assert s.money == [10, 4, 0] and after_card(s)


def test_r26_capitalisation():
    s = chosen("capitalisation")
    assert s.money == [13, 7, 7] and after_card(s)


def test_r23_buy_a_colonial_contract():
    pos = dict(colonies={ANN: {}, BEN: {"asia": 1, "india": 1}, CLEO: {}})
    s = chosen("contract", **pos)
    assert (kinds(s), legal_moves(s)) == ("target", [Target(ANN, BEN), Target(ANN, CLEO)])
    cleo = s.copy()
    run(cleo, Target(ANN, CLEO))  # allowed; Cleo has no colony, so nothing happens
    assert after_card(cleo) and cleo.money[ANN] == 7
    run(s, Target(ANN, BEN))
    assert set(legal_moves(s)) == {BuyContract(ANN, "asia"), BuyContract(ANN, "india"), Pass(ANN)}
    with pytest.raises(RuleError) as e:
        run(s, BuyContract(ANN, "africa"))
    assert str(e.value) == "Ben has no Africa colony (R23)"
    run(s, BuyContract(ANN, "india"))
    assert s.money[:2] == [4, 10] and s.colonies[ANN]["india"] == 1
    assert s.colonies[BEN] == {**NOTHING, "asia": 1} and after_card(s)


def test_r23_contract_asks_nothing_when_nothing_can_happen():
    assert after_card(chosen("contract", money={ANN: 2}))  # cannot pay 3
    assert kinds(chosen("contract", money={ANN: 3})) == "target"  # (just the 3: she may)
    assert after_card(chosen("contract", colonies={BEN: {}, CLEO: {}}))  # nobody has one


def test_r24_colonial_unrest():
    s = chosen("unrest", colonies={ANN: {"asia": 1}, BEN: {"india": 2}, CLEO: {}})
    run(s, Target(ANN, BEN))
    assert set(legal_moves(s)) == {Swap(ANN, "asia", "india"), Pass(ANN)}
    with pytest.raises(RuleError, match=r"Ann has no India colony \(R24\)"):
        run(s, Swap(ANN, "india", "asia"))
    run(s, Swap(ANN, "asia", "india"))
    assert s.colonies[ANN] == {**NOTHING, "india": 1}
    assert s.colonies[BEN] == {**NOTHING, "india": 1, "asia": 1} and after_card(s)
    assert after_card(chosen("unrest", colonies={ANN: {}}))  # nothing of her own to give


def test_r25_expansion_two_turns_on_one_industry_in_any_order():
    s = chosen("expansion", industries={ANN: ["F1", "T3"]})
    assert set(legal_moves(s)) == {Turn(ANN, ind("F1"), DEVELOP), Turn(ANN, ind("T3"), DEVELOP),
                                   Turn(ANN, ind("T3"), CAPITAL), Pass(ANN)}
    run(s, Turn(ANN, ind("F1"), DEVELOP))
    with pytest.raises(RuleError) as e:
        run(s, Turn(ANN, ind("T3"), DEVELOP))
    assert str(e.value) == ("Expansion gives both turns to one industry: Ann's second turn must "
                            "be on the level-2 factory, written F2 (R25)")
    run(s, Turn(ANN, ind("F2"), CAPITAL))
    assert s.money[ANN] == 9 and s.industries[ANN] == [ind("F1"), ind("T3")] and after_card(s)
    s = chosen("expansion", industries={ANN: ["F1"]})
    run(s, Turn(ANN, ind("F1"), DEVELOP), )
    assert Pass(ANN) in legal_moves(s)  # the second turn is optional too (R31)
    run(s, Pass(ANN))
    assert after_card(s) and s.industries[ANN] == [ind("F2")]


def test_r27_unfair_competition():
    s = chosen("unfair", industries={ANN: ["F1", "T4"], BEN: ["F2", "F3"], CLEO: ["F1"]})
    assert legal_moves(s) == [Raise(ANN, ind("F1"))]  # T4 cannot be developed; no Pass (R31)
    run(s, Raise(ANN, ind("F1")))
    assert (kinds(s), s.decision.target) == ("lower", BEN)  # Cleo's F1 cannot be lowered
    assert legal_moves(s) == [Lower(ANN, BEN, ind("F2")), Lower(ANN, BEN, ind("F3"))]
    with pytest.raises(RuleError, match=r"lowers one of Ben's factory industries \(R27\)"):
        run(s, Lower(ANN, CLEO, ind("F1")))
    run(s, Lower(ANN, BEN, ind("F3")))
    assert s.industries[ANN] == [ind("F2"), ind("T4")]
    assert s.industries[BEN] == [ind("F2"), ind("F2")] and s.prices["F"] == 7 and after_card(s)
    assert after_card(chosen("unfair", industries={ANN: ["F4"]}))  # nothing to raise: nothing


def test_r27_a_level_1_industry_is_not_lowered():
    """R27 lowers an industry above level 1: the rival's F1 is not offered, and a record
    that lowers it is refused."""
    s = chosen("unfair", industries={ANN: ["F1"], BEN: ["F1", "F3"], CLEO: ["T2"]})
    run(s, Raise(ANN, ind("F1")))
    assert legal_moves(s) == [Lower(ANN, BEN, ind("F3"))]
    with pytest.raises(RuleError) as e:
        run(s, Lower(ANN, BEN, ind("F1")))
    assert str(e.value) == ("Unfair competition lowers a factory industry above level 1, not "
                            "the level-1 factory (R27)")
    run(s, Lower(ANN, BEN, ind("F3")))
    assert s.industries[BEN] == [ind("F1"), ind("F2")] and after_card(s)   # (Cleo: no F)


def test_r28_dumping():
    s = chosen("dumping", industries={ANN: ["F1+1"], BEN: ["T3"], CLEO: ["R4"]})
    assert legal_moves(s) == [Dump(ANN, ind("F1+1"), BEN, ind("T3"))]  # no Pass (R31)
    with pytest.raises(RuleError) as e:
        run(s, Dump(ANN, ind("F1+1"), CLEO, ind("R4")))
    assert str(e.value) == ("Dumping swaps industries whose values differ by at most 1: F1+1 is "
                            "worth 2 and R4 is worth 4 (R28)")
    run(s, Dump(ANN, ind("F1+1"), BEN, ind("T3")))
    assert s.industries[ANN] == [ind("T3")] and s.industries[BEN] == [ind("F1+1")]
    assert s.prices == {"F": 2, "T": 3, "R": 4} and after_card(s)
    # R14: an impossible card does nothing
    assert after_card(chosen("dumping", industries={ANN: ["F1"], BEN: ["T4"], CLEO: ["R4"]}))


def test_r29_capital_increase():
    s = chosen("increase", industries={ANN: ["F4+1", "T1"]})
    assert legal_moves(s) == [CapitalIncrease(ANN, ind("F4+1")), CapitalIncrease(ANN, ind("T1"))]
    run(s, CapitalIncrease(ANN, ind("F4+1")))  # a card with a bonus may get another
    assert s.industries[ANN] == [ind("F4+2"), ind("T1")] and s.money[ANN] == 7
    assert s.prices["F"] == 6 + 2 and after_card(s)  # Ben's and Cleo's F1 count too


def test_r31_who_must_and_who_may():
    """R31: the 'may' cards offer Pass; the compulsory ones do not; Racket just happens."""
    may = chosen("contract", colonies={BEN: {"asia": 1}})
    run(may, Target(ANN, BEN))
    assert Pass(ANN) in legal_moves(may)
    must = chosen("increase")
    assert Pass(ANN) not in legal_moves(must)
    with pytest.raises(RuleError, match=r"next is Ann: put the Capital Increase note under one own "
                                        r"industry now, not passing \(R29\)"):
        run(must, Pass(ANN))
