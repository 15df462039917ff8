"""Every sample game replays, round-trips, and has its final scores pinned.

The scores were checked by hand against the rulebook's scoring (R20, R21);
the working is in each test's docstring.
"""

from pathlib import Path

import pytest

from mclog import read, parse_one, read_one, replay, write

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))


def scores(name):
    game = replay(read_one(SAMPLES[[p.name for p in SAMPLES].index(name)]))
    assert game.complete
    return {r.name: (r.industries, r.market_leader, r.consortium, r.colonies, r.dominance,
                     r.globalisation, r.wealth, r.total, r.money, r.rank) for r in game.scores()}


def test_thursday_club_3p():
    """Ann: no industry; 11 colonies (africa 2, america 1, asia 3, india 4, oceania 1):
    dominance 2+1+3+4 (Oceania tied 1-1 with Cleo), one full set of five = 2, wealth
    4 // 4 = 1 -> 24.  Ben: industries worth 8 and the most cards of two types -> 3,
    one colony (Africa, behind Ann's 2), 2 million -> 12.  Cleo: industries worth 7,
    leader in one type with 2 cards -> 2, India and Oceania (no dominance), 29 million
    -> 7 -> 18.  Ranks: Ann 1, Cleo 2, Ben 3."""
    assert scores("thursday-club-3p.mclog") == {
        "Ann": (0, 0, 0, 11, 10, 2, 1, 24, 4, 1),
        "Ben": (8, 3, 0, 1, 0, 0, 0, 12, 2, 3),
        "Cleo": (7, 2, 0, 2, 0, 0, 7, 18, 29, 2),
    }


def test_family_4p_alternative():
    """Olga (the Colonist) wins with industries worth 12, one market lead (1 card),
    a consortium (2), 6 colonies with dominance 3, and 12 million (3) -> 27."""
    assert scores("family-4p-alternative.mclog") == {
        "Mia": (4, 0, 0, 4, 2, 0, 0, 10, 0, 3),
        "Noah": (6, 0, 0, 3, 0, 0, 0, 9, 3, 4),
        "Olga": (12, 1, 2, 6, 3, 0, 3, 27, 12, 1),
        "Piet": (6, 0, 0, 2, 2, 0, 1, 11, 5, 2),
    }


def test_duel_2p():
    """Zoe: industries worth 2, five colonies with dominance 4, 6 million (1) -> 12.
    Yann: industries worth 9, leader of one type with 3 cards, 4 colonies with
    dominance 2, 8 million (2) -> 20."""
    assert scores("duel-2p.mclog") == {
        "Zoe": (2, 0, 0, 5, 4, 0, 1, 12, 6, 2),
        "Yann": (9, 3, 0, 4, 2, 0, 2, 20, 8, 1),
    }


def test_five_players_every_intrigue_card():
    """Simulated (5 greedy bots, seed 6).  Dan, Ben and Eve tie on 30 points: money breaks
    the tie (R21: Dan 4, Ben 2, Eve 0), so they rank 2, 3, 4 behind Ann's 31."""
    assert scores("five-players-every-intrigue-card.mclog") == {
        "Ann": (20, 0, 2, 4, 4, 0, 1, 31, 4, 1),
        "Ben": (13, 0, 2, 8, 7, 0, 0, 30, 2, 3),
        "Cleo": (13, 4, 0, 6, 0, 0, 0, 23, 2, 5),
        "Dan": (16, 3, 0, 5, 5, 0, 1, 30, 4, 2),
        "Eve": (16, 3, 0, 7, 4, 0, 0, 30, 0, 4),
    }


def test_six_players_alternative_schemer():
    """Simulated (6 greedy bots, seed 1), alternative setup with the Schemer (Cleo)."""
    assert scores("six-players-alternative-schemer.mclog") == {
        "Ann": (19, 5, 2, 5, 4, 0, 5, 40, 23, 1),
        "Ben": (15, 0, 4, 6, 5, 0, 3, 33, 15, 3),
        "Cleo": (8, 0, 2, 5, 5, 0, 6, 26, 26, 6),
        "Dan": (17, 5, 2, 4, 3, 0, 4, 35, 16, 2),
        "Eve": (16, 7, 0, 5, 0, 0, 4, 32, 18, 4),
        "Finn": (15, 0, 2, 5, 5, 0, 4, 31, 18, 5),
    }


def test_the_set_covers_what_issue_4_asks():
    """A game per player count, two alternative setups (one of 6 with the Schemer), a deck
    that runs out, and every Intrigue card played somewhere in the set."""
    from mclog.games.millionclub.rules.cards import INTRIGUE_CARDS
    from mclog.games.millionclub.rules.moves import Choose, Draw

    counts, alternative, schemer, exhausted, played = set(), 0, False, False, set()
    for path in SAMPLES:
        game = replay(read_one(path))
        table = game.record.table
        counts.add(table.players)
        alternative += table.setup == "alternative"
        schemer |= "Schemer" in table.roles
        exhausted |= any(s.deck_size("colony") == 0 or s.deck_size("industry") == 0
                         for s in game.replay.states())
        for step in game.steps:
            if isinstance(step.move, Choose) or (
                    isinstance(step.move, Draw) and step.deck == "intrigue"
                    and step.recipient is not None):
                played.add(step.move.card)
    assert counts == {2, 3, 4, 5, 6} and alternative >= 2 and schemer and exhausted
    assert played == set(INTRIGUE_CARDS)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_replays_and_round_trips(path):
    records = list(read(path))
    assert records
    for record in records:
        game = replay(record)
        assert game.complete and not game.errors
        text = write(record, game)
        back = parse_one(text)
        assert back == record and write(back) == text


def test_every_sample_is_pinned():
    pinned = {"thursday-club-3p.mclog", "family-4p-alternative.mclog", "duel-2p.mclog",
              "five-players-every-intrigue-card.mclog", "six-players-alternative-schemer.mclog"}
    assert {p.name for p in SAMPLES} <= pinned, "pin the new sample's scores in this file"
