"""Round structure: R7, R8, R9, R10, R19, R32 and the placement examples."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from table import ANN, BEN, CLEO, DAN, dealt, ind, kinds, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import Pass, Place, Turn, UsePrivilege, legal_moves
from mclog.games.millionclub.rules.board import unavailable_disc


def test_r07_unavailable_disc_by_round():
    """R7 and the rulebook example: in round 4 disc IV is unavailable."""
    assert [unavailable_disc(r) for r in range(1, 10)] == [1, 2, 3, 4, 5, 4, 3, 2, 1]
    s = dealt(3)
    with pytest.raises(RuleError) as e:
        run(s, Place(ANN, 1, "F"))
    assert str(e.value) == "The Lobby disc (I) is unavailable in round 1 (R7)"
    assert all(m.disc != 1 for m in legal_moves(s))


def test_r08_placement_order_and_capacity():
    """R8 and the rulebook example: 4 players, 4 spaces on a numbered disc; clockwise twice."""
    s = dealt(4, start=BEN)
    assert Place(BEN, 2) in legal_moves(s)  # (asked before disc II fills: the answer changes)
    order = []
    for _ in range(4):
        order.append(s.decision.actor)
        place(s, 2)
    assert order == [BEN, CLEO, DAN, ANN]
    assert s.pawns[2] == [(BEN, None), (CLEO, None), (DAN, None), (ANN, None)]
    with pytest.raises(RuleError) as e:
        run(s, Place(BEN, 2))
    assert str(e.value) == "All 4 spaces of the Intrigue disc (II) are taken (R8)"
    assert Place(BEN, 2) not in legal_moves(s)
    with pytest.raises(RuleError, match=r"A pawn on the Stock Exchange disc \(IV\) stands in a "
                                        r"sector: Factories \(F\), Transport \(T\) or Raw"):
        run(s, Place(BEN, 4))
    with pytest.raises(RuleError, match=r"The Colonies disc \(III\) has numbered spaces, not "
                                        r"sectors \(R8\)"):
        run(s, Place(BEN, 3, "F"))
    with pytest.raises(RuleError, match=r"It is Ben's decision \(place a pawn\), not Ann's \(R8\)"):
        run(s, Place(ANN, 3))
    # the Stock Exchange is unlimited, and both pawns may share a sector
    place(s, (4, "F"), (4, "F"), (4, "F"), (4, "F"))
    assert len(s.pawns[4]) == 4 and s.placed == 8


def test_r09_start_player_passes_clockwise_and_r19_round_turns_follow_it():
    """R9, R19: after round 1 started by Cleo, round 2 is started by Ann (3 players)."""
    s = dealt(3, start=CLEO)
    place(s, *[(4, "F")] * 6)
    turns = []
    while s.round == 1:
        assert kinds(s) == "round turn"
        turns.append(s.decision.actor)
        run(s, Pass(s.decision.actor))
    assert turns == [CLEO, ANN, BEN]
    assert (s.round, s.start, s.decision.actor) == (2, ANN, ANN)


def test_r19_round_turn_is_one_optional_turn_and_players_without_industries_are_skipped():
    s = position(dealt(3), industries={BEN: []})
    place(s, *[(4, "F")] * 6)
    assert s.decision.actor == ANN
    run(s, Turn(ANN, ind("F1"), "develop"))
    assert s.decision.actor == CLEO  # Ben owns no industry: nothing to decide


def test_r10_privilege_needs_strictly_most_pawns_and_is_optional():
    """R10: alone with one pawn wins; 1-1 is a tie; 2-1 wins; privileges may be declined."""
    s = dealt(3)
    place(s, 3, 5, 5, 5, (4, "F"), (4, "R"))  # Ann: III, V; Ben: V, IV; Cleo: V, IV
    # Colonies: Ann alone -> Acquisition. Industries: 1-1-1 -> none.
    while kinds(s) != "privilege":
        run(s, __import__("random").Random(1).choice(legal_moves(s)))
    assert (s.decision.actor, s.decision.disc) == (ANN, 3)
    assert legal_moves(s) == [UsePrivilege(ANN), Pass(ANN)]
    run(s, Pass(ANN))
    assert s.privileges[3] == ANN
    while s.resolving != 5 or kinds(s) != "round turn":
        assert kinds(s) != "privilege" and kinds(s) != "takeover"
        run(s, legal_moves(s)[-1])
        if kinds(s) == "round turn":
            break
    assert s.privileges[5] is None and s.privileges[4] is None


@given(st.lists(st.integers(0, 5), max_size=12))
def test_r10_holder_is_the_one_seat_with_strictly_most_pawns(seats):
    """R10 for any pawns on a disc: the holder has more pawns than every other seat; a tie
    for the most, or no pawn at all, gives no holder."""
    s = dealt(6)
    s.pawns[3] = [(seat, None) for seat in seats]
    counts = Counter(seats).most_common()
    expected = counts[0][0] if counts and (len(counts) == 1 or counts[0][1] > counts[1][1]) \
        else None
    assert s.privilege_holder(3) == expected
