"""The engine's readings of cases neither the rulebook nor the rulings settle.

Each is written in docs/millionclub/rules.md ("Readings") with its reasoning; the test
name matches the heading there.
"""

from table import ANN, BEN, CLEO, DAN, dealt, draws, kinds, place, position, run

from mclog.games.millionclub.rules import (
    Buy, MovePawn, Pass, SetAside, Swap, Target, UsePrivilege, legal_moves,
)


def test_example_intrigue_four_pawns_draw_five_cards():
    """Rulebook Intrigue: "e.g. 5 cards if there are 4 pawns"."""
    s = dealt(4)
    place(s, 2, 2, 2, 2, (4, "F"), (4, "F"), (4, "F"), (4, "F"))
    n = 0
    while kinds(s) == "draw":
        run(s, legal_moves(s)[0])
        n += 1
    assert n == 5 and len(s.hand) == 5 and s.decision.actor == ANN


def test_example_colonies_one_pawn_draws_two_cards():
    """Rulebook Colonies: "e.g. 2 cards if there is 1 pawn"."""
    s = dealt(2)
    place(s, 3, 5, (4, "F"), 5)
    draws(s, "asia", "india")
    assert kinds(s) == "draft" and sorted(s.hand) == ["asia", "india"]


def test_reading_lobbyist_moves_the_last_placed_lobby_pawn():
    s = dealt(2)
    s.round = 2
    place(s, (1, "F"), 3, (1, "R"), 5)
    while kinds(s) == "lobby":
        run(s, Pass(s.decision.actor))
    run(s, MovePawn(ANN, 3))
    assert s.pawns[1] == [(ANN, "F")]


def test_reading_no_takeover_question_when_nothing_is_affordable():
    s = position(dealt(3), money={ANN: 2}, industries={BEN: ["T4"], CLEO: ["R4"]})
    place(s, (4, "F"), 5, 5, (4, "F"), 5, (4, "T"))
    # Ann: 2 x (F 1 - R 4) = -6, pays her 2; she holds the privilege but can afford nothing
    assert s.privileges[4] == ANN and kinds(s) != "takeover"


def test_reading_privilege_is_offered_to_a_holder_who_cannot_pay():
    s = position(dealt(3), money={ANN: 0})
    place(s, 3, 5, 5, 3, (4, "F"), (4, "F"))
    draws(s, "asia", "india", "africa")
    run(s, SetAside(ANN, "asia"), SetAside(ANN, "india"))
    assert legal_moves(s) == [UsePrivilege(ANN), Pass(ANN)]
    run(s, UsePrivilege(ANN))
    draws(s, "oceania")
    assert legal_moves(s) == [SetAside(ANN, "oceania")]


def test_reading_unrest_may_swap_like_for_like():
    s = position(dealt(3), colonies={ANN: {"asia": 1}, BEN: {"asia": 1}, CLEO: {}})
    place(s, 2, 5, 5, 5, (4, "F"), (4, "F"))
    draws(s, "unrest", "racket")
    run(s, legal_moves(s)[[m.card for m in legal_moves(s)].index("unrest")], Target(ANN, BEN))
    assert set(legal_moves(s)) == {Swap(ANN, "asia", "asia"), Pass(ANN)}


def test_reading_unfair_competition_lowers_opponents_clockwise():
    s = position(dealt(4, start=CLEO), industries={ANN: ["F2"], BEN: ["F2"], CLEO: ["F1"],
                                                   DAN: ["F2"]})
    place(s, 2, 5, 5, 5, (4, "F"), (4, "F"), (4, "F"), (4, "F"))  # Cleo alone on Intrigue
    draws(s, "unfair", "racket")
    run(s, legal_moves(s)[[m.card for m in legal_moves(s)].index("unfair")])
    run(s, legal_moves(s)[0])  # raise Cleo's F1
    order = []
    while kinds(s) == "lower":
        order.append(s.decision.target)
        run(s, legal_moves(s)[0])
    assert order == [DAN, ANN, BEN]


def test_reading_a_bought_privilege_card_and_returning_cards():
    s = dealt(3)
    place(s, 5, 3, 3, 5, (4, "F"), (4, "F"))  # Ann: V, V
    draws(s, "asia", "india", "africa")
    run(s, SetAside(BEN, "asia"), SetAside(CLEO, "india"))
    draws(s, "T", "T", "R")
    run(s, Buy(ANN, "R"), SetAside(ANN, "T"), UsePrivilege(ANN))
    draws(s, "F")
    run(s, SetAside(ANN, "F"))
    assert s.decks["industry"] == {"F": 10, "T": 13, "R": 12}
