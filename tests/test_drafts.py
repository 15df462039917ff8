"""Discs II, III, V: the drafts and their privileges, R13, R14, R15, R16."""

import pytest
from table import ANN, BEN, CLEO, dealt, draws, ind, kinds, place, position, run

from mclog import RuleError
from mclog.games.millionclub.rules import (
    Buy, Choose, Draw, Pass, Pick, SetAside, UsePrivilege, legal_moves,
)


def colonies_round(players=3, **pos):
    """Round 1: Ann and Ben on Colonies, Cleo and Ann on Industries, Ben and Cleo on IV."""
    s = position(dealt(players), **pos)
    place(s, 3, 3, 5, 5, (4, "F"), (4, "F"))
    return s


def test_example_draft_draws_pawns_plus_one_and_passes_the_rest_on():
    """Rulebook Colonies: 2 pawns -> 3 cards; each chooses one; one is left and set aside."""
    s = colonies_round()
    assert (kinds(s), s.decision.deck) == ("draw", "colony")
    draws(s, "asia", "india", "asia")
    assert (kinds(s), s.decision.actor, sorted(s.hand)) == ("draft", ANN, ["asia", "asia", "india"])
    assert legal_moves(s) == [Buy(ANN, "asia"), SetAside(ANN, "asia"),
                              Buy(ANN, "india"), SetAside(ANN, "india")]
    run(s, Buy(ANN, "india"))
    assert s.money[ANN] == 5 and s.colonies[ANN]["india"] == 1
    assert (s.decision.actor, s.hand) == (BEN, ["asia", "asia"])
    run(s, SetAside(BEN, "asia"))
    # 1-1 on Colonies: no privilege; the set-aside and the left-over card return (R15)
    assert s.privileges[3] is None
    assert s.decks["colony"]["asia"] == 6 - 3 and s.set_aside["colony"]["asia"] == 0


def test_r15_a_player_who_cannot_pay_cannot_buy():
    """R15, with the issue's own example message."""
    s = colonies_round(money={ANN: 7, BEN: 3, CLEO: 7})
    draws(s, "asia", "india", "asia")
    run(s, SetAside(ANN, "asia"), SetAside(BEN, "asia"))
    # Stock Exchange: F 3 - R 0 = 3 per pawn: Ben 3 -> 6, Cleo 7 -> 10.  Set Ben back to 3.
    s.money[BEN] = 3
    assert (kinds(s), s.decision.deck) == ("draw", "industry")
    draws(s, "T", "T", "R")
    run(s, Buy(CLEO, "R"))
    assert s.industries[CLEO] == [ind("F1"), ind("R1")] and s.money[CLEO] == 6
    s.money[ANN] = 3
    with pytest.raises(RuleError) as e:
        run(s, Buy(ANN, "T"))
    assert str(e.value) == "Ann cannot buy the Transport card: Ann has 3 million and it costs 4 (R15)"
    assert legal_moves(s) == [SetAside(ANN, "T")]
    s.money[ANN] = 4   # (exactly the price: she may buy)
    assert legal_moves(s) == [Buy(ANN, "T"), SetAside(ANN, "T")]
    with pytest.raises(RuleError, match=r"Ann was not handed a Raw materials card: the cards are "
                                        r"Transport, Transport \(R15\)"):
        run(s, SetAside(ANN, "R"))


def test_r13_short_deck_single_card_and_empty_deck_for_the_privilege():
    """R13: draw what there is; a pawn handed one card may still set it aside; pawns with
    no card do nothing; the privilege holder then finds the deck empty and gets nothing."""
    s = dealt(3)
    s.decks["colony"] = {"africa": 0, "asia": 1, "america": 0, "india": 1, "oceania": 0}
    s.set_aside["colony"]["africa"] = 27 - 2  # elsewhere, for conservation's sake
    place(s, 3, 3, (4, "F"), 3, (4, "F"), (4, "F"))  # spaces: Ann, Ben, Ann
    draws(s, "asia", "india")
    assert kinds(s) == "draft" and s.decision.actor == ANN
    run(s, Buy(ANN, "asia"))
    assert s.hand == ["india"] and legal_moves(s) == [Buy(BEN, "india"), SetAside(BEN, "india")]
    run(s, SetAside(BEN, "india"))
    # Ann's second pawn gets no card; Ann has the privilege (2 pawns to 1) but the deck is
    # empty: she is not even asked.
    assert s.privileges[3] == ANN
    assert s.resolving == 4 or s.resolving == 5 or kinds(s) == "round turn"
    assert s.decks["colony"]["india"] == 1  # set-aside card back only after the privilege


def test_r15_acquisition_privilege_draws_one_card_that_may_be_bought():
    s = dealt(3)
    place(s, 3, 5, 5, 3, (4, "F"), (4, "F"))  # Ann: III and III
    draws(s, "asia", "india", "africa")
    run(s, Buy(ANN, "asia"), SetAside(ANN, "india"))
    assert (kinds(s), s.decision.actor) == ("privilege", ANN)
    run(s, UsePrivilege(ANN))
    assert (kinds(s), s.decision.deck) == ("draw", "colony")
    draws(s, "oceania")
    assert (kinds(s), s.hand) == ("draft", ["oceania"])
    run(s, Buy(ANN, "oceania"))
    assert s.money[ANN] == 3 and s.colonies[ANN]["oceania"] == 1
    # 3 Asia dealt at setup, 1 bought now; the set-aside India is back in the deck
    assert s.decks["colony"] == {"africa": 6, "asia": 2, "america": 6, "india": 6, "oceania": 5}


def test_r14_intrigue_privilege_draws_and_carries_out_then_all_eight_return():
    s = dealt(3)
    s.round = 3  # III unavailable
    place(s, 2, 5, 5, 2, (4, "F"), (4, "F"))  # Ann: II and II
    draws(s, "racket", "capitalisation", "expansion")
    run(s, Choose(ANN, "racket"))
    assert s.money == [10, 4, 4]
    run(s, Choose(ANN, "expansion"), Pass(ANN))
    assert (kinds(s), s.decision.actor) == ("privilege", ANN)
    run(s, UsePrivilege(ANN))
    with pytest.raises(RuleError, match=r"No Racket card is left in the Intrigue deck \(R1\)"):
        run(s, Draw("racket"))
    draws(s, "unfair")
    # Unfair competition: raise Ann's F1, then lower each opponent's factory above level 1
    assert kinds(s) == "raise"
    run(s, legal_moves(s)[0])
    assert s.industries[ANN] == [ind("F2")]
    assert sum(s.decks["intrigue"].values()) == 8 and not any(s.set_aside["intrigue"].values())


def test_r16_privilege_pick_reading():
    """R16: with the Japanese summary's reading the holder picks the card from the deck."""
    s = dealt(3, privilege_pick=True)
    place(s, 3, 5, 5, 3, (4, "F"), (4, "F"))
    draws(s, "asia", "india", "africa")
    run(s, Buy(ANN, "asia"), SetAside(ANN, "india"), UsePrivilege(ANN))
    assert (kinds(s), s.decision.actor) == ("pick", ANN)
    assert Pick(ANN, "america") in legal_moves(s)
    run(s, Pick(ANN, "america"), Buy(ANN, "america"))
    assert s.colonies[ANN]["america"] == 1


def test_r16_both_readings_replay_the_same_card():
    """R16: the draw and the pick name a card still in the deck; the outcome is the same."""
    results = []
    for pick in (False, True):
        s = dealt(3, privilege_pick=pick)
        place(s, 3, 5, 5, 3, (4, "F"), (4, "F"))
        draws(s, "asia", "india", "africa")
        run(s, Buy(ANN, "asia"), SetAside(ANN, "india"), UsePrivilege(ANN))
        run(s, Pick(ANN, "america") if pick else Draw("america"), Buy(ANN, "america"))
        results.append((s.money, s.colonies, s.decks))
    assert results[0] == results[1]
