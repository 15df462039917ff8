"""Million Club's unseen cards drawn for a review's rollouts (issue 28,
``mclog/games/millionclub/deals.py``): each deal the record allows up to the step, drawn
as often as the shuffled decks make it, checked against an exact enumeration of small
cases (chi-square); never a card only a later move names."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

import mclog
from mclog.cli import main
from mclog.errors import ReviewError
from mclog.games import game, register
from mclog.games.millionclub.deals import Deals
from mclog.games.millionclub.replayed import DealHistory
from mclog.games.millionclub.rules.cards import is_handle
from mclog.games.millionclub.rules.unknown import OffDeck, Relabelled
from mclog.review import chances, position
from mclog.unknowns import Problem

ROOT = Path(__file__).parent.parent
MC = game("Million Club")
THURSDAY = ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog"
FIVE = ROOT / "sample_games" / "millionclub" / "five-players-every-intrigue-card.mclog"


# --- the exact distribution, by enumeration ----------------------------------------------

def _space(deals: Deals) -> int:
    size = math.prod(len(deals.kinds[c]) for c in deals.cards)
    return size * math.prod(math.factorial(len(e.new)) for e in deals.relabels)


def _exact(deals: Deals) -> dict[tuple, float]:
    """Each naming of the position's unknown cards with its probability: every deal
    (every card's kind, every re-labelled place's order) that holds the record's
    constraints, weighed by the product of the chances of the cards off the decks."""
    found: Counter = Counter()
    orders = [list(itertools.permutations(range(len(e.new)))) for e in deals.relabels]
    for kinds in itertools.product(*(deals.kinds[c] for c in deals.cards)):
        for order in itertools.product(*orders):
            kind = dict(zip(deals.cards, kinds))
            for e, row in zip(deals.relabels, order):
                for h, j in zip(e.new, row):
                    kind[h] = kind[e.old[j]] if is_handle(e.old[j]) else e.old[j]
            if not all(deals._holds(i, kind) for i in range(len(deals.checks))):
                continue
            weight = math.prod(max(0, deals._term(i, kind)) for i in range(len(deals.terms)))
            if weight:
                found[tuple(kind[h] for h in deals.handles)] += weight
    total = sum(found.values())
    return {k: v / total for k, v in found.items()}


def _p_value(observed: Counter, expected: dict[tuple, float], n: int) -> float:
    """Pearson's chi-square test of ``observed`` (``n`` draws) against ``expected``
    (bins expecting fewer than 5 merged), its p-value by Wilson and Hilferty's
    approximation."""
    stat, df, got, want = 0.0, -1, 0, 0.0
    for key in sorted(expected, key=expected.get):
        got, want = got + observed.get(key, 0), want + expected[key] * n
        if want >= 5:
            stat, df, got, want = stat + (got - want) ** 2 / want, df + 1, 0, 0.0
    if want:
        stat, df = stat + (got - want) ** 2 / want, df + 1
    assert set(observed) <= set(expected)   # (never a deal the record does not allow)
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def _draws(deals: Deals, n: int) -> Counter:
    return Counter(tuple(deals.draw(random.Random(k))[h] for h in deals.handles)
                   for k in range(n))


def _seat_record(players: int, seed: int, seat: int):
    full = mclog.replay(mclog.parse_one(MC.simulated_text(players, seed, "greedy", {})))
    return MC.replay(MC.seat_view(full, seat))


# --- real seats' records --------------------------------------------------------------------

@pytest.mark.parametrize("players, seed, seat, step", [
    (3, 5, 1, 30),   # two re-labelled places, a card named later
    (4, 7, 0, 20),   # the setup's face-down colonies and a draft drawn unseen
    pytest.param(3, 5, 1, 50, marks=pytest.mark.slow),
    pytest.param(6, 3, 0, 25, marks=pytest.mark.slow),
])
def test_a_seats_unseen_cards_come_in_proportion(players, seed, seat, step):
    """The deals drawn for rollouts against the exact enumeration: a chi-square test does
    not reject them (p > 0.001), and it does reject a draw that would take every fitting
    naming as equally likely (so the test can tell the two apart, where 3,000 draws
    are enough to)."""
    deals = _seat_record(players, seed, seat).deals(step)
    assert deals.handles and _space(deals) <= 10_000
    expected = _exact(deals)
    observed = _draws(deals, 3000)
    assert _p_value(observed, expected, 3000) > 0.001
    if len(expected) <= 1000:   # (with more namings than that, 3,000 draws are too few)
        uniform = {k: 1 / len(expected) for k in expected}
        assert _p_value(observed, uniform, 3000) < 0.001


@pytest.mark.parametrize("players, seed, seat, counted", [
    pytest.param(4, 7, 2, 2, marks=pytest.mark.slow),  # two players' colonies held tight
    pytest.param(3, 12, 1, 3, marks=pytest.mark.slow),
])
def test_deals_after_the_tables_count_come_in_proportion(players, seed, seat, counted):
    """A seat's record with the table's ``check score`` after round ``counted`` (the true
    totals): the count holds the unseen cards tight (changes made one at a time each
    break it), and the deals still come as often as the exact enumeration says."""
    full = mclog.replay(mclog.parse_one(MC.simulated_text(players, seed, "greedy", {})))
    lines = mclog.write(mclog.seat_view(full, seat)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"round {counted + 1}"))
    step = full.round_start(counted + 1)
    check = "check score " + " ".join(f"{name} {row.total}" for name, row in
                                      zip(full.record.players, full.score_at(step)))
    played = mclog.replay(mclog.parse_one("\n".join(lines[:at] + [check] + lines[at:])))
    deals = played.deals(step + 1)
    assert deals.counted and _space(deals) <= 30_000
    expected = _exact(deals)
    assert len(expected) >= 6
    assert _p_value(_draws(deals, 3000), expected, 3000) > 0.001


def _deals_of(draws, relabels, constraints, hand=(), colonies=(), decks=None):
    """Deals over a made-up history: ``draws`` (step, OffDeck), ``relabels`` (step,
    Relabelled) and ``constraints`` (a function adding them to the problem, given each
    handle's variable)."""
    problem, variables = Problem(), {}
    history = DealHistory(list(draws), list(relabels))
    for _, e in draws:
        if is_handle(e.card):
            variables[e.card] = problem.variable(dict(e.counts))
    for _, e in relabels:
        for h in e.new:
            variables[h] = problem.variable(dict(draws[0][1].counts))
        problem.same([variables[h] for h in e.new],
                     [variables[h] for h in e.old if is_handle(h)],
                     Counter(c for c in e.old if not is_handle(c)))
    constraints(problem, variables)
    history.mark(problem, 9)
    state = SimpleNamespace(hand=list(hand), set_aside={"intrigue": {}},
                            colonies=[dict.fromkeys(colonies, 1)],
                            decks={"intrigue": decks or dict(draws[0][1].counts)})
    return Deals(problem, variables, history, 9, state, seed=3)


def test_tight_cases_come_in_proportion_too():
    """Cards of one each (every change of one card's kind breaks a count), a reveal that
    fixes the kinds but not which card is which, a place re-labelled around a known card:
    the walk still reaches every deal, in proportion."""
    deck = (("a", 1), ("b", 1), ("c", 1), ("d", 1), ("e", 2))
    # Ann draws three unseen; then, with them out, Ben draws a known "e" (likelier when
    # none of hers is one); her three and a known "a" are re-labelled, one taken away.
    draws = [(1, OffDeck("?1.1", "intrigue", deck, ())),
             (1, OffDeck("?2.2", "intrigue", deck, ("?1.1",))),
             (1, OffDeck("?3.3", "intrigue", deck, ("?1.1", "?2.2"))),
             (2, OffDeck("e", "intrigue", deck, ("?1.1", "?2.2", "?3.3")))]
    relabels = [(3, Relabelled("intrigue", ("?4.4", "?4.5", "?4.6"), ("?2.2", "?3.3", "b")))]

    def limits(problem, v):
        problem.at_most([v[h] for h in ("?1.1", "?2.2", "?3.3")], dict(deck))
        problem.exactly([v["?1.1"], v["?4.4"]], {"c": 1, "e": 1})

    deals = _deals_of(draws, relabels, limits, hand=("?1.1", "?4.4", "?4.5", "?4.6"),
                      decks=dict(deck, b=2))
    expected = _exact(deals)
    assert len(expected) > 4 and len(set(expected.values())) > 1
    observed = _draws(deals, 3000)
    assert _p_value(observed, expected, 3000) > 0.001


def test_a_card_off_the_deck_weighs_the_deals_by_what_was_left():
    """One unseen card out, then two known "a" cards drawn from a deck of two "a" and two
    "b": the unseen card cannot be an "a" (none would have been left for the second
    draw).  With three "a" and two "b" it is an "a" a third of the time, not three
    fifths: (3/5 x 2/4 x 1/3) against (2/5 x 3/4 x 2/3), the chances of the two draws
    after it."""
    for a, chance in ((2, 0.0), (3, 1 / 3)):
        deck = (("a", a), ("b", 2))
        draws = [(1, OffDeck("?1.1", "intrigue", deck, ())),
                 (2, OffDeck("a", "intrigue", deck, ("?1.1",))),
                 (3, OffDeck("a", "intrigue", (("a", a - 1), ("b", 2)), ("?1.1",)))]
        deals = _deals_of(draws, [], lambda problem, v: None, hand=("?1.1",))
        assert _exact(deals).get(("a",), 0.0) == pytest.approx(chance)
        share = _draws(deals, 2000)[("a",)] / 2000
        assert abs(share - chance) < 0.04


# --- in a review -----------------------------------------------------------------------

def test_a_seats_record_of_million_club_is_reviewed():
    """Ben's record of the Thursday game (his seat's view): its win chances are rolled
    out, the same for the same seed, and a decision of his own is weighed."""
    thursday = mclog.replay(mclog.read_one(THURSDAY))
    ben = mclog.replay(mclog.parse_one(mclog.write(mclog.seat_view(thursday, 1))))
    assert ben.variables
    shares = chances(ben, 60, rollouts=12, seed=4)
    assert len(shares) == 3 and sum(shares) == pytest.approx(1)
    assert chances(mclog.replay(ben.record), 60, rollouts=12, seed=4) == shares
    own = next(i for i, s in enumerate(ben.steps) if s.actor == 1 and i > 60
               and MC.options_known(ben, i, 1) and len(MC.engine.legal(ben.replay.state(i))) > 1)
    found = position(ben, own, rollouts=8, seed=1)
    assert found.seat == 1 and sum(o.played for o in found.options) == 1


def test_a_rollout_does_not_know_what_only_a_later_move_names():
    """A card the record names later is known in hindsight (the replay shows it), but a
    rollout from before that move draws it: it comes out as another kind too."""
    played = _seat_record(3, 5, 1)
    for step in range(0, len(played), 5):
        deals = played.deals(step)
        hindsight = played.state(step)
        later = [h for h in deals.handles if not _held(hindsight, h)]
        if later:
            break
    else:
        pytest.fail("no step holds a card named only later")
    kinds = {deals.draw(random.Random(k))[later[0]] for k in range(200)}
    assert len(kinds) > 1


def _held(state, handle: str) -> bool:
    places = (state.hand, *state.set_aside.values(), *state.colonies)
    return any(handle in place for place in places)


def test_another_players_unseen_hand_is_not_weighed():
    """A rival choosing from a draft hand the seat did not see: its options are not
    known, and the review says so in words."""
    played = _seat_record(4, 7, 0)
    rival = next(i for i, s in enumerate(played.steps) if s.actor not in (None, 0)
                 and not MC.options_known(played, i, s.actor))
    with pytest.raises(ReviewError, match="options hang on cards this record's seat"):
        position(played, rival, rollouts=2)


@pytest.mark.slow
def test_mclog_review_of_a_seats_record_says_what_it_assumed(tmp_path, capsys):
    thursday = mclog.replay(mclog.read_one(THURSDAY))
    path = tmp_path / "ben.mclog"
    path.write_text(mclog.write(mclog.seat_view(thursday, 1)))
    assert main(["review", str(path), "--step", "60", "--rollouts", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "did not see are drawn for each rollout" in out


def test_a_full_record_is_reviewed_as_a_seat_saw_it():
    """``as_seen``: Ben's view of a full record, its unseen cards drawn; the record
    itself where the game hides nothing or it is written from that seat."""
    from mclog.review import as_seen

    full = mclog.replay(mclog.read_one(FIVE))
    ben = as_seen(full, 1)
    assert ben.variables and not full.variables
    assert ben.record.tags["Seat"] == "Ben" and as_seen(ben, 1) is ben
    step = len(ben) // 2
    assert chances(ben, step, rollouts=6, seed=3) != chances(full, step, rollouts=6, seed=3)
    with pytest.raises(ReviewError, match="written from Ben's seat: it cannot be seen as "
                                          "Ann saw it"):
        as_seen(ben, 0)
    register(ROOT / "tests" / "games" / "pig")
    pig = mclog.replay(mclog.read_one(ROOT / "tests/games/pig/samples/kitchen-table.mclog"))
    assert as_seen(pig, 0) is pig


def test_mclog_review_as_seen_needs_a_seat(tmp_path, capsys):
    assert main(["review", str(THURSDAY), "--as-seen", "--rollouts", "2"]) == 2   # (usage)
    assert "--as-seen reviews one player's decisions as they saw the game: name the " \
        "player with --seat" in capsys.readouterr().err


@pytest.mark.slow
def test_mclog_review_as_seen_reviews_from_the_seat(capsys):
    duel = ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"
    assert main(["review", str(duel), "--seat", "Yann", "--as-seen", "--rollouts", "3",
                 "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "Review of Yann's decisions as Yann saw the game: " in out
    assert "did not see are drawn for each rollout" in out


@pytest.mark.slow
def test_the_review_widget_fills_in_on_a_seats_record():
    """The replay widget's win-chance graph on Ben's view of a full record: every point
    filled in, each step's chances adding up to one."""
    import mclog.widgets
    from mclog.review import as_seen

    ben = as_seen(mclog.replay(mclog.read_one(FIVE)), 1)
    widget = mclog.widgets.review(ben, rollouts=2, every=60)
    assert widget.chances.wait(timeout=300) is True and widget.chances.error is None
    points = widget.chances.points
    assert len(points) > 3 and all(sum(p) == pytest.approx(1) for p in points.values())
