"""Components and setup: R1, R2, R3, R30 and the rulebook's setup."""

import pytest
from table import ANN, BEN, CLEO, FINN, dealt, game, ind, run

from mclog import RuleError, SetupError
from mclog.games.millionclub.rules import Draw, Industry, Pick, StartPlayer, legal_moves, new_game


def test_r01_decks_hold_the_printed_cards():
    """R1: 39 Industry (13 of each type), 30 Colony (6 per continent), 8 Intrigue."""
    s = game(3)
    assert s.decks["industry"] == {"F": 13, "T": 13, "R": 13}
    assert s.decks["colony"] == dict.fromkeys(["africa", "asia", "america", "india", "oceania"], 6)
    assert sum(s.decks["intrigue"].values()) == 8 and set(s.decks["intrigue"].values()) == {1}


def test_r01_cannot_draw_more_cards_of_a_kind_than_exist():
    """R1: a seventh Asia colony cannot be drawn."""
    s = game(2)
    s.decks["colony"]["asia"] = 0  # all six are elsewhere
    with pytest.raises(RuleError) as e:
        run(s, Draw("asia"))
    assert str(e.value) == "No Asia card is left in the Colony deck (R1)"
    with pytest.raises(RuleError, match=r"Factories is an Industry card, not a card of the "
                                        r"Colony deck \(R1\)"):
        run(s, Draw("F"))
    assert Draw("asia") not in legal_moves(s)


def test_r02_player_count_and_colours():
    """R2: 2 to 6 players, six colours each used once, green only with 6 in the alternative."""
    with pytest.raises(SetupError, match=r"2 to 6 players, not 7 \(R2\)"):
        new_game(list("ABCDEFG"))
    with pytest.raises(SetupError, match=r"2 to 6 players, not 1"):
        new_game(["A"])
    with pytest.raises(SetupError, match=r"Each colour can be used by one player only \(R2\)"):
        new_game(["A", "B"], ["red", "red"])
    with pytest.raises(SetupError, match=r"'pink' is not a colour"):
        new_game(["A", "B"], ["red", "pink"])
    with pytest.raises(SetupError, match=r"Green \(the Schemer\) plays only in a 6-player"):
        new_game(["A", "B"], ["green", "red"], setup="alternative")
    assert new_game(["A", "B"], ["green", "red"]).table.colours == ("green", "red")
    s = new_game(list("ABCDEF"), setup="alternative")
    assert s.table.roles == ("Lobbyist", "Capitalist", "Colonist", "Heir", "Entrepreneur",
                             "Schemer")


def test_r03_starting_money():
    """R3: 7 million each; Heir 11 and Schemer 9 in the alternative setup."""
    assert game(4).money == [7, 7, 7, 7]
    s = new_game(list("ABCDEF"), setup="alternative")
    assert s.money == [7, 7, 7, 11, 7, 9]


def test_setup_deals_a_colony_then_an_industry_then_chance_picks_the_start_player():
    """Rulebook setup 5-8: colonies, industries at level 1, start player, prices."""
    s = game(3)
    assert [s.decision.kind, s.decision.deck] == ["draw", "colony"]
    run(s, Draw("asia"), Draw("india"), Draw("asia"))
    assert s.decision.deck == "industry"
    run(s, Draw("F"), Draw("T"), Draw("F"))
    assert s.industries == [[Industry("F", 1, 0)], [Industry("T", 1, 0)], [Industry("F", 1, 0)]]
    assert s.prices == {"F": 2, "T": 1, "R": 0}
    assert s.decision.kind == "start player" and s.decision.actor is None
    assert legal_moves(s) == [StartPlayer(0), StartPlayer(1), StartPlayer(2)]
    for seat in (3, -1):   # (a move made in Python, not read: the reader names players)
        with pytest.raises(RuleError) as e:
            run(s, StartPlayer(seat))
        assert str(e.value) == f"{seat} is not a seat at this table (0 to 2) (R30)"
    run(s, StartPlayer(CLEO))
    assert (s.round, s.start, s.decision.kind, s.decision.actor) == (1, CLEO, "place", CLEO)
    assert s.colonies[BEN]["india"] == 1 and s.decks["colony"]["asia"] == 4


def test_r30_alternative_setup_roles():
    """R30: Lobbyist level 2, Capitalist bonus 1, Colonist and Entrepreneur pick, Heir 11,
    Schemer picks after everyone, sees their colonies, has 9 and names the start player."""
    s = new_game(list("ABCDEF"), setup="alternative")
    # colonies to seats 0-4 (not the Schemer), then the Colonist's pick, then the Schemer's
    run(s, *(Draw(c) for c in ["asia", "asia", "india", "africa", "oceania"]))
    assert (s.decision.kind, s.decision.actor, s.decision.deck) == ("pick", 2, "colony")
    run(s, Pick(2, "india"))
    assert (s.decision.kind, s.decision.actor) == ("pick", 5)
    run(s, Pick(5, "asia"))
    run(s, *(Draw(c) for c in ["F", "T", "R", "F", "T"]))
    assert (s.decision.kind, s.decision.actor, s.decision.deck) == ("pick", 4, "industry")
    run(s, Pick(4, "R"), Pick(5, "F"))
    assert s.industries[0] == [ind("F2")]          # Lobbyist
    assert s.industries[1] == [ind("T1+1")]        # Capitalist
    assert s.industries[4] == [ind("T1"), ind("R1")]  # Entrepreneur: both level 1
    assert s.industries[5] == [ind("F1")]          # Schemer
    assert s.colonies[2] == {"africa": 0, "asia": 0, "america": 0, "india": 2, "oceania": 0}
    assert s.prices == {"F": 4, "T": 3, "R": 2}
    assert (s.decision.kind, s.decision.actor) == ("start player", FINN)
    assert StartPlayer(FINN, FINN) in legal_moves(s)  # may choose themself
    with pytest.raises(RuleError, match=r"It is F's decision \(choose the start player\), "
                                        r"not chance's \(R30\)"):
        run(s, StartPlayer(ANN))
    run(s, StartPlayer(FINN, FINN))
    assert (s.start, s.decision.actor) == (FINN, FINN)


def test_r30_colonist_picks_only_what_the_deck_still_holds():
    s = new_game(["A", "B", "C"], ["blue", "red", "white"], setup="alternative")
    run(s, Draw("asia"), Draw("asia"), Draw("asia"))
    s.decks["colony"]["india"] = 0
    with pytest.raises(RuleError, match=r"No India card is left in the Colony deck \(R1\)"):
        run(s, Pick(0, "india"))
    assert Pick(0, "india") not in legal_moves(s) and Pick(0, "asia") in legal_moves(s)


def test_alternative_setup_without_schemer_draws_the_start_player_by_chance():
    s = new_game(["A", "B"], ["white", "yellow"], setup="alternative")
    run(s, Draw("asia"), Draw("asia"), Draw("T"), Draw("T"))
    assert s.money == [11, 7]
    assert s.industries == [[ind("T1")], [ind("T2")]] and s.prices["T"] == 3
    assert s.decision.kind == "start player" and s.decision.actor is None


def test_a_game_goes_on_after_setup_with_round_one():
    s = dealt(2)
    assert (s.round, s.phase) == (1, "placement")
