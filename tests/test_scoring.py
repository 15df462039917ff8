"""Final scoring and ranking: R20, R21 and the rulebook's scoring examples."""

from table import ANN, BEN, CLEO, DAN, dealt, position, random_game

from mclog.games.millionclub.rules import score
from mclog.games.millionclub.rules.scoring import ranks


def four(**pos):
    return position(dealt(4), **pos)


def test_example_market_leader_five_factories():
    """Rulebook: 5 factory cards against 4, 3 and 0 -> market leader, 5 VP."""
    s = four(industries={ANN: ["F1"] * 5, BEN: ["F1"] * 4, CLEO: ["F1"] * 3, DAN: ["T1"]})
    rows = score(s)
    assert [r.market_leader for r in rows] == [5, 0, 0, 1]  # Dan leads Transport alone


def test_example_consortium_two_sets():
    """Rulebook: 4 factory, 3 raw-material, 2 transport cards -> 2 consortia, 4 VP."""
    s = four(industries={ANN: ["F1"] * 4 + ["R1"] * 3 + ["T1"] * 2})
    assert score(s)[ANN].consortium == 4


def test_example_dominance_three_asia():
    """Rulebook: 3 Asia cards against 2, 1, 0 -> dominance in Asia, 3 VP."""
    s = four(colonies={ANN: {"asia": 3}, BEN: {"asia": 2}, CLEO: {"asia": 1}, DAN: {}})
    assert [r.dominance for r in score(s)] == [3, 0, 0, 0]


def test_example_wealth_fifteen_million():
    """Rulebook: 15 million -> 3 VP; the surplus counts only for ties."""
    s = four(money={ANN: 15})
    assert score(s)[ANN].wealth == 3


def test_r20_every_category_on_one_table():
    s = four(
        money={ANN: 15, BEN: 8, CLEO: 0, DAN: 3},
        industries={ANN: ["F4+1", "F2", "T3", "R1"], BEN: ["F1", "F1", "T2"],
                    CLEO: ["R4", "R3"], DAN: []},
        colonies={ANN: {"asia": 2, "africa": 1, "america": 1, "india": 1, "oceania": 1},
                  BEN: {"asia": 2}, CLEO: {"india": 3}, DAN: {}},
    )
    got = [r.as_dict() for r in score(s)]
    assert got[ANN] == dict(seat=0, name="Ann", industries=11, market_leader=0, consortium=2,
                            colonies=6, dominance=3, globalisation=2, wealth=3, total=27,
                            money=15, rank=1)
    # Factories 2-2 tie: no leader; Transport 1-1 tie; Raw: Cleo 2 alone. Asia 2-2: none;
    # Africa, America, Oceania: Ann 1 alone; India: Cleo 3 alone.
    assert got[BEN]["market_leader"] == 0 and got[CLEO]["market_leader"] == 2
    assert [g["dominance"] for g in got] == [3, 0, 3, 0]
    assert [g["total"] for g in got] == [27, 4 + 2 + 2, 7 + 2 + 3 + 3, 0]
    assert [g["rank"] for g in got] == [1, 3, 2, 4]


def test_r20_a_player_with_no_card_of_a_kind_cannot_lead_it():
    s = four(industries={ANN: [], BEN: [], CLEO: [], DAN: []}, colonies={p: {} for p in range(4)})
    assert all(r.market_leader == 0 and r.dominance == 0 for r in score(s))


def test_r21_ranking_ties_broken_by_money_then_shared():
    assert ranks([(30, 5), (30, 9), (12, 0)]) == [2, 1, 3]
    assert ranks([(30, 9), (30, 9), (12, 0), (12, 0)]) == [1, 1, 3, 3]
    s = four(money={ANN: 4, BEN: 7, CLEO: 4, DAN: 4},
             industries={ANN: ["T1"], BEN: ["R1"], CLEO: ["F1"], DAN: ["T1"]},
             colonies={p: {} for p in range(4)})
    # Ann 1+0+1 wealth = 2; Ben 1+1+1 = 3; Cleo 1+1+1 = 3; Dan 2
    rows = score(s)
    assert [r.total for r in rows] == [2, 3, 3, 2]
    assert [r.rank for r in rows] == [3, 1, 2, 3]  # Ben's 7 beats Cleo's 4; Ann and Dan share


def test_r21_places_a_range_allows_count_a_possible_tie_as_shared():
    """A rival whose lowest total is exactly Ann's highest, with the same money, may tie
    her (a shared first place), so is not surely ahead; one with a million more is."""
    from mclog.games.millionclub.rules.scoring import Score, places

    ann = Score(0, "Ann", 10, 0, 0, 2, 0, 0, 1, 5, ranges={"total": (13, 16)})
    ben = Score(1, "Ben", 13, 0, 0, 2, 0, 0, 1, 5)   # (16 points, 5 million)
    richer = Score(1, "Ben", 13, 0, 0, 2, 0, 0, 1, 6)
    assert places(ann, [ann, ben]) == (1, 2) and places(ben, [ann, ben]) == (1, 1)
    assert places(ann, [ann, richer]) == (2, 2)
    low = Score(2, "Cleo", 10, 0, 0, 2, 0, 0, 1, 5)   # (13 points: Ann's lowest, as rich)
    assert places(ann, [ann, low]) == (1, 1) and places(low, [ann, low]) == (1, 2)


def test_r20_the_safe_bounds_of_dominance_count_no_lead_a_tie_would_share():
    """The quick bounds a range starts from (``score_range.safe_ranges``): Ann's unknown
    colony can at best make her Asia 2, which only ties Ben's known 2, so Asia's dominance
    is not in her highest; if it may be an India, India's lead (1 against none) is."""
    from mclog.games.millionclub.rules.score_range import safe_ranges

    s = position(dealt(2), colonies={ANN: {"asia": 1}, BEN: {"asia": 2}})
    s.colonies[ANN]["?1.1"] = 1   # (a colony the record has not named: a handle)
    assert safe_ranges(s, {"?1.1": {"asia"}})[ANN] == {}   # (0 either way: no range)
    assert safe_ranges(s, {"?1.1": {"asia", "india"}})[ANN] == {"dominance": (0, 1)}


def test_game_ends_after_round_nine_with_a_score_for_everyone():
    s, moves = random_game(seed=7, players=4)
    assert s.finished and s.round == 9 and s.decision is None
    assert len(score(s)) == 4 and sorted(r.rank for r in score(s))[0] == 1
