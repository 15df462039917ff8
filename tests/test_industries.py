"""Industry cards, values and price markers: R4, R5, R6 and the industry-turn example."""

import pytest
from table import ANN, BEN, dealt, ind, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import CAPITAL, DEVELOP, Pass, Turn, legal_moves


def end_of_round_1(players=2, **pos):
    """Skip round 1's discs: everyone on Stock Exchange Factories vs nothing else."""
    s = position(dealt(players), **pos)
    s.round = 1
    for _ in range(2 * players):
        place(s, (4, "F"))
    return s


def test_r04_value_is_level_plus_bonus_for_all_purposes():
    """R4: a level-2 card with one Capital Increase is worth 3: its capital draw pays 3."""
    s = end_of_round_1(money={ANN: 0, BEN: 0}, industries={ANN: ["F2+1"], BEN: ["T1"]})
    # Stock Exchange with 4 pawns on F: F price 3 - R price 0 = 3 each, 6 per player
    assert s.money == [6, 6]
    assert s.decision.kind == "round turn" and s.decision.actor == ANN
    run(s, Turn(ANN, ind("F2+1"), CAPITAL))
    assert s.money[ANN] == 9 and s.industries[ANN] == [ind("F1+1")] and s.prices["F"] == 2


def test_r05_limits_read_the_printed_level():
    """R5: F4+1 cannot be developed; F1+2 cannot draw capital, whatever the bonus."""
    s = end_of_round_1(industries={ANN: ["F4+1", "R1+2"], BEN: ["T1"]})
    assert set(legal_moves(s)) == {Turn(ANN, ind("F4+1"), CAPITAL),
                                   Turn(ANN, ind("R1+2"), DEVELOP), Pass(ANN)}
    with pytest.raises(RuleError) as e:
        run(s, Turn(ANN, ind("F4+1"), DEVELOP))
    assert str(e.value) == ("Ann cannot develop the level-4 factory with 1 Capital Increase: "
                            "it is already at level 4 (R5)")
    with pytest.raises(RuleError) as e:
        run(s, Turn(ANN, ind("R1+2"), CAPITAL))
    assert str(e.value) == ("Ann cannot draw capital from the level-1 raw-materials with 2 "
                            "Capital Increase: its level is 1 (R5)")
    with pytest.raises(RuleError, match=r"Ann has no level-2 transport card, written T2: Ann owns .* \(R19\)"):
        run(s, Turn(ANN, ind("T2"), DEVELOP))


def test_example_industry_turn_develop_or_draw():
    """Rulebook: level 3 may go to 4, OR pay 3 million and go down to 2."""
    s = end_of_round_1(money={ANN: 0, BEN: 0}, industries={ANN: ["T3"], BEN: ["T1"]})
    before = s.money[ANN]
    a = s.copy()
    run(a, Turn(ANN, ind("T3"), DEVELOP))
    assert a.industries[ANN] == [ind("T4")] and a.money[ANN] == before and a.prices["T"] == 5
    run(s, Turn(ANN, ind("T3"), CAPITAL))
    assert s.industries[ANN] == [ind("T2")] and s.money[ANN] == before + 3 and s.prices["T"] == 3


def test_r06_prices_are_sums_of_values_and_follow_every_change():
    """R6: price = sum of values of the type, bonuses included; recomputed at once."""
    s = position(dealt(3), industries={ANN: ["F2+1", "R3"], BEN: ["F4"], 2: ["T1+1", "R1"]})
    assert s.prices == {"F": 7, "T": 2, "R": 4}
