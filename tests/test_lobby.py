"""Disc I, the Lobby: R11, R12, R32 and the rulebook's Lobby examples."""

import pytest
from table import ANN, BEN, CLEO, dealt, draws, ind, kinds, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import (
    CAPITAL, DEVELOP, Choose, MovePawn, Pass, Turn, legal_moves,
)


def round_two(players=3, **pos):
    s = position(dealt(players), **pos)
    s.round = 2  # Lobby available, Intrigue unavailable
    return s


def test_example_lobby_turns_per_pawn_equal_pawns_in_the_sector():
    """Rulebook example: yellow, blue, red each one pawn on Factories -> 3 turns each;
    red's second pawn on Transport -> 1 turn (R11)."""
    s = round_two(industries={ANN: ["F1"], BEN: ["F1"], CLEO: ["F1", "T1"]})
    place(s, (1, "F"), (1, "F"), (1, "F"), (4, "R"), (4, "R"), (1, "T"))
    assert (kinds(s), s.decision.actor, s.decision.budget) == ("lobby", ANN, (3, 0, 0))
    run(s, Turn(ANN, ind("F1"), DEVELOP), Turn(ANN, ind("F2"), DEVELOP),
        Turn(ANN, ind("F3"), DEVELOP))
    assert s.industries[ANN] == [ind("F4")]
    assert (s.decision.actor, s.decision.budget) == (BEN, (3, 0, 0))
    run(s, Pass(BEN))
    assert (s.decision.actor, s.decision.budget) == (CLEO, (3, 1, 0))
    with pytest.raises(RuleError) as e:
        run(s, Turn(CLEO, ind("T1"), CAPITAL))
    assert str(e.value) == "Cleo cannot draw capital from the level-1 transport: its level is 1 (R5)"
    run(s, Turn(CLEO, ind("T1"), DEVELOP), Turn(CLEO, ind("F1"), DEVELOP))
    assert s.decision.budget == (2, 0, 0)
    with pytest.raises(RuleError, match=r"Cleo has no Lobby turns for Transport, only 2 for "
                                        r"Factories \(R11\)"):
        run(s, Turn(CLEO, ind("T2"), DEVELOP))
    run(s, Turn(CLEO, ind("F2"), CAPITAL))  # develop and draw may be mixed
    assert s.money[CLEO] == 9 and s.industries[CLEO] == [ind("F1"), ind("T2")]
    assert s.prices == {"F": 6, "T": 2, "R": 0}


def test_r11_turns_for_a_type_not_owned_are_lost():
    s = round_two(industries={ANN: ["F1"], BEN: ["T1"], CLEO: ["R1"]})
    place(s, (1, "T"), (4, "F"), (4, "F"), (4, "F"), (4, "F"), (4, "F"))
    # Ann's only Lobby pawn is on Transport and she owns no transport: nobody is asked
    assert kinds(s) != "lobby"
    assert s.privileges[1] == ANN


def test_r32_lobby_turns_go_in_seat_order_from_the_start_player():
    s = round_two(industries={ANN: ["F1"], BEN: ["F1"], CLEO: ["F1"]})
    s.start = BEN
    s.decision = s.decision._replace(actor=BEN)
    place(s, (1, "F"), (1, "F"), (1, "F"), (4, "R"), (4, "R"), (4, "R"))
    order = []
    while kinds(s) == "lobby":
        order.append(s.decision.actor)
        run(s, Pass(s.decision.actor))
    assert order == [BEN, CLEO, ANN]


def test_r12_lobbyist_moves_a_pawn_which_takes_the_next_space_and_acts_there():
    """R12 and the rulebook example: the Lobbyist gains an extra action this round."""
    s = dealt(3)
    s.round = 6  # IV unavailable
    place(s, (1, "F"), 2, 2, (1, "R"), 5, 5)  # Ann has both Lobby pawns
    assert kinds(s) == "lobby"
    run(s, Pass(ANN))
    assert (kinds(s), s.decision.actor) == ("lobbyist", ANN)
    moves = legal_moves(s)
    assert MovePawn(ANN, 2) in moves and MovePawn(ANN, 5) in moves and MovePawn(ANN, 3) in moves
    assert all(m.disc not in (1, 4) for m in moves if isinstance(m, MovePawn))  # IV is off
    with pytest.raises(RuleError, match=r"The Stock Exchange disc \(IV\) is unavailable in "
                                        r"round 6 \(R7\)"):
        run(s, MovePawn(ANN, 4, "F"))
    run(s, MovePawn(ANN, 2))
    assert s.pawns[1] == [(ANN, "F")] and s.pawns[2] == [(BEN, None), (CLEO, None), (ANN, None)]
    # Intrigue: 3 pawns -> 4 cards, and Ann, on space 3, chooses last
    draws(s, "racket", "capitalisation", "expansion", "dumping")
    run(s, Choose(BEN, "dumping"))   # Ben's F1 vs a F1: compulsory swap with someone
    run(s, legal_moves(s)[0])
    run(s, Choose(CLEO, "expansion"), Pass(CLEO))
    assert s.decision.actor == ANN and set(legal_moves(s)) == {Choose(ANN, "racket"),
                                                               Choose(ANN, "capitalisation")}
    run(s, Choose(ANN, "capitalisation"))
    assert s.money[ANN] == 13


def test_r12_lobbyist_cannot_move_to_a_full_disc():
    s = dealt(2)
    s.round = 6  # IV unavailable
    place(s, (1, "F"), 2, 2, 3)  # Ann: I and II; Ben: II and III -> Intrigue is full (2 of 2)
    run(s, Pass(ANN))
    assert kinds(s) == "lobbyist"
    assert set(legal_moves(s)) == {MovePawn(ANN, 3), MovePawn(ANN, 5), Pass(ANN)}
    with pytest.raises(RuleError) as e:
        run(s, MovePawn(ANN, 2))
    assert str(e.value) == "All 2 spaces of the Intrigue disc (II) are taken (R12)"
    with pytest.raises(RuleError, match=r"another disc, not within the Lobby \(R12\)"):
        run(s, MovePawn(ANN, 1, "T"))
