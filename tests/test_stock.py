"""Disc IV, the Stock Exchange: R17, R18 and the rulebook's example."""

import pytest
from table import ANN, BEN, CLEO, dealt, ind, kinds, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import Pass, Takeover, legal_moves


def stock_round(players=3, spots=(), **pos):
    s = position(dealt(players), **pos)
    place(s, *spots)
    return s


def test_example_stock_exchange_factories_16_raw_materials_12():
    """Rulebook: yellow has 2 pawns on Factories, F=16, R=12: +4 per pawn, 8 in all."""
    s = stock_round(
        money={ANN: 0, BEN: 0, CLEO: 0},
        industries={ANN: ["F4", "F4", "R4"], BEN: ["F4", "R4", "T1"], CLEO: ["F4", "R4"]},
        spots=[(4, "F"), 5, 5, (4, "F"), (4, "T"), 5])
    assert s.prices == {"F": 16, "T": 1, "R": 12}
    assert s.money[ANN] == 8


def test_r17_pawns_are_netted_and_a_shortfall_is_forgiven():
    """R17: R = 1, T = 5, F = 2: a pawn on R is worth -4, on F +1, on T +3."""
    s = stock_round(
        money={ANN: 2, BEN: 1, CLEO: 0},
        industries={ANN: ["F2", "R1"], BEN: ["T4"], CLEO: ["T1"]},
        spots=[(4, "R"), (4, "R"), (4, "T"), (4, "F"), 5, (4, "T")])
    # Ann: F +1, R -4 -> -3, pays all of 2; Ben: R -4 -> pays 1 (of 4); Cleo: T +3 twice -> 6
    assert s.money == [0, 0, 6]


def test_r18_hostile_takeover_costs_three_times_the_value_paid_to_the_owner():
    s = stock_round(
        money={ANN: 20, BEN: 0, CLEO: 0},
        industries={ANN: ["F1"], BEN: ["T2+1"], CLEO: ["R4"]},
        spots=[(4, "F"), 5, 5, (4, "F"), 5, (4, "R")])
    # Ann: 2 pawns on F: 2 x (F 1 - R 4) = -6 -> 14
    assert s.money[ANN] == 14 and (kinds(s), s.decision.actor) == ("takeover", ANN)
    # Ben's T2+1 costs 3 x 3 = 9; Cleo's R4 costs 12: Ann can afford both
    assert set(legal_moves(s)) == {Takeover(ANN, BEN, ind("T2+1")), Takeover(ANN, CLEO, ind("R4")),
                                   Pass(ANN)}
    with pytest.raises(RuleError) as e:
        run(s, Takeover(ANN, ANN, ind("F1")))
    assert str(e.value) == "Ann must name an opponent, not themself (R18)"
    with pytest.raises(RuleError) as e:   # (a move made in Python: three players, 0 to 2)
        run(s, Takeover(ANN, 3, ind("F1")))
    assert str(e.value) == "3 is not a seat at this table (0 to 2) (R18)"
    with pytest.raises(RuleError, match=r"Ben has no level-2 transport card, written T2: Ben owns \S+ \(R18\)"):
        run(s, Takeover(ANN, BEN, ind("T2")))
    run(s, Takeover(ANN, BEN, ind("T2+1")))  # a player's last industry may be taken (R18)
    assert s.money[:2] == [5, 9] and s.industries[ANN] == [ind("F1"), ind("T2+1")]
    assert s.industries[BEN] == [] and s.prices["T"] == 3  # T2+1 keeps its bonus (R5)


def test_r18_takeover_only_when_the_holder_can_pay_in_full():
    s = stock_round(
        money={ANN: 8, BEN: 0, CLEO: 0},
        industries={ANN: ["F1"], BEN: ["T3"], CLEO: ["R1"]},
        spots=[(4, "T"), 5, 5, (4, "T"), 5, (4, "F")])
    # Ann: 2 x (T 3 - F 1) = +4 -> 12; Ben's T3 costs 9 and Cleo's R1 costs 3
    assert s.money[ANN] == 12 and len(legal_moves(s)) == 3
    exact = s.copy()
    exact.money[ANN] = 9   # (just the 9 that Ben's T3 costs: it may be taken over)
    assert legal_moves(exact) == [Takeover(ANN, BEN, ind("T3")), Takeover(ANN, CLEO, ind("R1")),
                                  Pass(ANN)]
    s2 = s.copy()
    s2.money[ANN] = 8
    assert legal_moves(s2) == [Takeover(ANN, CLEO, ind("R1")), Pass(ANN)]
    with pytest.raises(RuleError) as e:
        run(s2, Takeover(ANN, BEN, ind("T3")))
    assert str(e.value) == ("Ann cannot take over Ben's level-3 transport: it costs 3 x 3 = "
                            "9 million and Ann has 8 (R18)")
