"""Game review by rollouts (issue 28): win chances from a position, each option of a
decision weighed with common random numbers, a whole game's review, hidden cards drawn in
proportion from a seat's record, and ``mclog review``."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest

import mclog
from mclog.arguments import most_processes
from mclog.cli import main
from mclog.errors import ReviewError
from mclog.games import register
from mclog.review import Estimate, chances, position, review

ROOT = Path(__file__).parent.parent
PIG = register(ROOT / "tests" / "games" / "pig")
CARTEL_DUEL = ROOT / "sample_games" / "cartel" / "duel-2p.mclog"


def _pig_kitchen():
    return mclog.replay(mclog.read_one(ROOT / "tests/games/pig/samples/kitchen-table.mclog"))


def test_a_finished_game_is_won_by_its_winner_in_every_rollout():
    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    assert chances(played, len(played), rollouts=3) == [0.0, 1.0]
    pig = _pig_kitchen()
    assert chances(pig, len(pig), rollouts=2) == [1.0, 0.0, 0.0]


def test_holding_at_thirty_wins_and_rolling_may_not():
    """Pig, the step before Ann's last hold: 27 banked and 3 at stake.  Holding wins at
    once; rolling risks a 1.  The review says so, with the same dice for both options."""
    pig = _pig_kitchen()
    index = len(pig) - 1
    assert pig.steps[index].move.__class__.__name__ == "Hold"
    found = position(pig, index, rollouts=60, seed=3)
    assert found.best.text == "Ann holds" and found.best.estimate.chance == 1.0
    assert found.played.text == "Ann holds" and found.loss == 0.0
    roll = next(o for o in found.options if o.text == "Ann rolls")
    assert roll.estimate.chance < 1.0 and roll.estimate.interval[1] <= 1.0
    assert found.question == "Ann rolls or holds"


@pytest.mark.slow
def test_a_review_is_the_same_for_the_same_seed():
    pig = _pig_kitchen()
    first = review(pig, 0, rollouts=10, seed=7).as_dict()
    assert review(pig, 0, rollouts=10, seed=7).as_dict() == first
    assert first["players"] == ["Ann", "Ben", "Cleo"] and first["decisions"]
    assert all(d["player"] == "Ann" for d in first["decisions"])
    assert first["chances"][-1] == {"step": len(pig), "Ann": 1.0, "Ben": 0.0, "Cleo": 0.0}


@pytest.mark.slow
def test_the_loss_is_the_best_options_chance_less_the_played_ones():
    pig = _pig_kitchen()
    result = review(pig, 0, rollouts=20, seed=1)
    for p in result.positions:
        assert p.loss == pytest.approx(max(0.0, p.best.estimate.chance
                                           - p.played.estimate.chance))
        assert p.best.estimate.chance == max(o.estimate.chance for o in p.options)
    assert [b.loss for b in result.blunders()] == sorted(
        [b.loss for b in result.blunders()], reverse=True)


def test_the_wilson_interval_holds_the_estimate():
    assert Estimate(0, 0).interval == (0.0, 1.0)
    low, high = Estimate(30, 60).interval
    assert low < 0.5 < high and high - low < 0.3
    assert Estimate(60, 60).interval[1] == 1.0 and Estimate(0, 60).interval[0] == 0.0


def test_what_cannot_be_reviewed_is_said():
    pig = _pig_kitchen()
    chance_step = next(i for i, s in enumerate(pig.steps) if s.actor is None)
    before = max(i for i, s in enumerate(pig.steps[:chance_step]) if s.actor is not None)
    after = min(i for i, s in enumerate(pig.steps) if s.actor is not None and i > chance_step)
    with pytest.raises(ReviewError) as refused:
        position(pig, chance_step, rollouts=2)
    assert str(refused.value) == (
        f"step {chance_step + 1} is chance's (chance: Ann's die), not a player's "
        f"decision; the nearest players' decisions are at steps {before + 1} and {after + 1}")
    # a step asked of one player (--seat Ben --step N) is that player's decision, or said
    ann_step = next(i for i, s in enumerate(pig.steps) if s.actor == 0)
    bens = [i for i, s in enumerate(pig.steps) if s.actor == 1]
    ben_before = max((i for i in bens if i < ann_step), default=None)
    ben_after = min(i for i in bens if i > ann_step)
    nearest = " and ".join(str(i + 1) for i in (ben_before, ben_after) if i is not None)
    with pytest.raises(ReviewError) as refused:
        position(pig, ann_step, rollouts=2, seat=1)
    assert str(refused.value) == (
        f"step {ann_step + 1} is Ann's decision, not Ben's; Ben's nearest "
        + (f"decisions are at steps {nearest}" if ben_before is not None else
           f"decision is at step {nearest}"))
    with pytest.raises(ReviewError) as refused:
        position(pig, chance_step, rollouts=2, seat=1)
    assert str(refused.value).startswith(
        f"step {chance_step + 1} is chance's (chance: Ann's die), not Ben's; Ben's nearest "
        "decision")
    assert position(pig, ann_step, rollouts=2, seat=0).seat == 0
    for index in (len(pig), -1):
        with pytest.raises(ReviewError) as refused:
            position(pig, index, rollouts=2)
        assert str(refused.value) == (f"there is no step {index + 1}: a decision is reviewed "
                                      f"at a step of the record, 1 to {len(pig)}")
    me = mclog.replay(mclog.parse_one(
        '[Game "Millionenspiel"]\n[Players "Zoe, Yann"]\n\nstart Zoe\n'
        "bets Yann 5, Zoe 5\nZoe rolls 4 1, lands red\nbets Zoe 5, Yann 5\n"
        "Yann rolls 2 3, past arrow, lands blue\nbets Yann 5, Zoe 5\n"))   # (10: no loop)
    with pytest.raises(ReviewError, match="names no track \\(\\[Track\\]\\), and no board "
                                          "of 13 to 60 spaces has the landings this record "
                                          "shows"):
        chances(me, len(me), rollouts=2)


@pytest.mark.slow
def test_every_game_is_reviewed_from_a_full_record():
    for path in ("millionclub/five-players-every-intrigue-card.mclog",
                 "millionenspiel/simulated-4p-seed11.mclog", "cartel/club-4p-advanced.mclog"):
        played = mclog.replay(mclog.read_one(ROOT / "sample_games" / path))
        index = next(i for i, s in enumerate(played.steps) if s.actor is not None
                     and i > len(played) // 2)
        shares = chances(played, index, rollouts=6, seed=2)
        assert sum(shares) == pytest.approx(1.0) and len(shares) == len(played.record.players)
        found = position(played, index, rollouts=6, seed=2)
        assert found.played.move == played.steps[index].move


@pytest.mark.slow
def test_a_cartel_seat_record_is_reviewed_on_its_own_decisions_only():
    played = mclog.replay(mclog.read_one(ROOT / "sample_games/cartel/kitchen-table-3p.mclog"))
    result = review(played, None, rollouts=2, seed=0)
    seats = {p.seat for p in result.positions}
    assert seats == {2}  # Cleo's: the others' options hang on cards she did not see
    ben = next(i for i, s in enumerate(played.steps) if s.actor == 1 and i > 20)
    with pytest.raises(ReviewError, match="Ben's options hang on cards this record's seat"):
        position(played, ben, rollouts=2)


def test_a_rollout_the_rules_refuse_is_said_as_mclogs_fault_at_its_step():
    from mclog.review import _play

    pig = _pig_kitchen()
    game = mclog.games.game(pig.record.game)
    index = next(i for i, s in enumerate(pig.steps) if s.actor is not None)
    move = pig.steps[index].move
    other = type(move)(1 - move.player)   # (the other player's move: refused)
    with pytest.raises(ReviewError) as info:
        _play((game, pig, "random", {}), (index, other, 0))
    assert str(info.value).startswith(f"step {index + 1}: a rollout from this position was "
                                      "refused by the rules (")
    assert str(info.value).endswith("this is mclog's fault, and worth reporting")


def test_a_choice_a_seat_did_not_see_made_is_not_reviewed():
    """Eve's record of a 6-player game writes ``Cleo sets aside ?``.  Cleo's hand is named
    in hindsight, so her options are known, but not which she chose: a rollout cannot play
    the move as written (it put a '?' into the next hand, and a bot's purchase of it
    crashed the review), so the review leaves that decision out, and says why when asked
    for it."""
    from mclog.games.millionclub.rules.cards import is_handle
    from mclog.games.millionclub.rules.moves import SetAside

    full = mclog.replay(mclog.read_one(
        ROOT / "sample_games/millionclub/six-players-alternative-schemer.mclog"))
    played = mclog.replay(mclog.seat_view(full, full.record.players.index("Eve")))
    game = mclog.games.game(played.record.game)
    unseen = [i for i, s in enumerate(played.steps)
              if type(s.move) is SetAside and s.move.card == "?"
              and not any(is_handle(m.card) for m in game.engine.legal(played.state(i)))]
    assert unseen   # (the case: options known, the choice not)
    for index in unseen:
        assert not game.options_known(played, index, played.steps[index].actor)
    with pytest.raises(ReviewError, match="Cleo's options hang on cards this record's seat"):
        position(played, unseen[0], rollouts=2)


@pytest.mark.slow
def test_the_unseen_cards_are_dealt_in_proportion():
    """Cartel: with two unseen cheap companies and two dear ones, a hand holding one card
    dealt unseen at the start (a cheap one) and one drawn unseen later (any): six deals
    fit, each equally likely, and ``deal_unseen`` draws them so (chi-square against the
    exact enumeration, 3,000 draws from a fixed seed)."""
    from mclog.games.cartel.rules.engine import cheap, deal_unseen

    base = mclog.replay(mclog.read_one(CARTEL_DUEL)).state(20)
    board = base.board
    cheap_ones = sorted(w for w in base.unseen if cheap(board, w))[:2]
    dear_ones = sorted(w for w in base.unseen if not cheap(board, w))[:2]
    assert len(cheap_ones) == 2 and len(dear_ones) == 2
    base.unseen = set(cheap_ones + dear_ones)
    base.cheap_unseen = 2
    for cartel in base.cartels:
        cartel.dealt_unseen = cartel.drawn_unseen = 0
    ann = base.cartels[0]
    ann.dealt_unseen, ann.drawn_unseen = 1, 1
    known = list(ann.hand)
    expected = {(c, d) for c in cheap_ones for d in cheap_ones + dear_ones if d != c}
    assert len(expected) == 6
    rng = random.Random(2026)
    counts: Counter = Counter()
    draws = 3000
    for _ in range(draws):
        state = base.copy()
        deal_unseen(state, rng)
        dealt, drawn = state.cartels[0].hand[len(known):]
        counts[(dealt, drawn)] += 1
        assert state.unseen == set(cheap_ones + dear_ones) - {dealt, drawn}
    assert set(counts) == expected
    chi2 = sum((counts[k] - draws / 6) ** 2 / (draws / 6) for k in expected)
    assert chi2 < 20.5  # (the 0.1% point of chi-square with 5 degrees of freedom)


def test_a_review_of_a_file_of_several_games_says_which_game_it_reviews(tmp_path, capsys):
    """As report says it: the first game of a file of several was reviewed with no word
    of the others; one rollout is one rollout, not '1 rollouts'."""
    two = tmp_path / "evening.mclog"
    two.write_text(CARTEL_DUEL.read_text() + "\n" + CARTEL_DUEL.read_text())
    for number, which in ((1, "game 1 of the file (--number N reviews another)"),
                          (2, "game 2 of the file")):
        assert main(["review", str(two), "--number", str(number), "--step", "12",
                     "--rollouts", "1"]) == 0
        said = capsys.readouterr().out.splitlines()
        assert said[0] == f"{two}: {which}" and said[1].startswith("step 12: Ann ")
        assert all(line.split("(")[-1].split(")")[0].endswith(", 1 rollout")
                   for line in said[2:])
    assert main(["review", str(CARTEL_DUEL), "--step", "12", "--rollouts", "1"]) == 0
    assert capsys.readouterr().out.startswith("step 12: ")   # (a file of one game)


def test_a_steps_options_have_their_chances_in_one_column(capsys):
    """Joakim's starting properties are said at length (``Ann takes 2 gold mines, 1 oil
    well, ...``): each option's chance stands in one column after the longest, not
    pushed out of line past a fixed width."""
    harbour = ROOT / "sample_games" / "joakim" / "harbour-sharks-4p.mclog"
    assert main(["review", str(harbour), "--step", "5", "--rollouts", "1", "--jobs", "1"]) == 0
    options = capsys.readouterr().out.splitlines()[1:]
    assert len(options) == 8 and max(len(line.split("%")[0]) for line in options) > 90
    assert len({line.index("%") for line in options}) == 1


@pytest.mark.slow
def test_mclog_review_writes_the_same_json_for_the_same_seed(tmp_path, capsys):
    out = [tmp_path / "a.json", tmp_path / "b.json"]
    for path in out:
        assert main(["review", str(CARTEL_DUEL), "--seat", "Ann", "--rollouts", "3",
                     "--seed", "5", "-o", str(path)]) == 0
    assert out[0].read_bytes() == out[1].read_bytes()
    data = json.loads(out[0].read_text())
    assert data["bots"] == "profit" and data["rollouts"] == 3 and data["decisions"]
    said = capsys.readouterr().out
    assert "Review of Ann's decisions" in said and "Chances to win at the end" in said
    assert main(["review", str(CARTEL_DUEL), "--step", "12", "--rollouts", "4"]) == 0
    assert "<- played" in capsys.readouterr().out
    assert main(["review", str(CARTEL_DUEL), "--seat", "Zed"]) == 1
    assert "'Zed' is not a player of this game" in capsys.readouterr().err
    assert main(["review", str(CARTEL_DUEL), "--seat", "1"]) == 1
    assert capsys.readouterr().err.endswith(": --seat takes the player's name (--seat Ann)\n")
    assert main(["review", str(CARTEL_DUEL), "--rollouts", "0"]) == 2
    assert main(["review", str(CARTEL_DUEL), "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
    assert main(["review", str(CARTEL_DUEL), "--step", "1"]) == 1
    assert "step 1 is chance's (the Treasurer deals Ann's starting company), not a " \
        "player's decision; the nearest player's decision is at step " \
        in capsys.readouterr().err
    assert main(["review", str(CARTEL_DUEL), "--seat", "Ben", "--step", "12",
                 "--rollouts", "4"]) == 1   # (step 12 is Ann's: see above)
    assert capsys.readouterr().err == (
        f"{CARTEL_DUEL}: step 12 is Ann's decision, not Ben's; Ben's nearest decision is "
        "at step 15\n")   # (Ben decides nothing before it)


@pytest.mark.slow
def test_the_report_draws_the_win_chance_graph_with_its_step_marker(tmp_path):
    page = tmp_path / "duel.html"
    assert main(["report", str(CARTEL_DUEL), "--review", "2", "--seed", "3", "-o",
                 str(page)]) == 0
    html = page.read_text()
    start = html.index("Chances to win (2 rollouts a step by the profit bots)")
    chart = html[start:html.index("</section>", start)]
    assert 'class="mclog-marker" data-axis="step"' in chart and "Ann" in chart
    again = tmp_path / "again.html"
    main(["report", str(CARTEL_DUEL), "--review", "2", "--seed", "3", "-o", str(again)])
    assert again.read_text() == html  # (the same seed, the same page)


@pytest.mark.slow
def test_the_replay_widget_shows_the_win_chance_graph_with_its_marker():
    import mclog.widgets
    from mclog.review import curve

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    points = curve(played, rollouts=2, seed=1, every=20)
    assert sorted(points) == sorted({*range(0, len(played), 20), len(played)})
    assert points[len(played)] == [0.0, 1.0]  # (the game is over: Ben won)
    widget = mclog.widgets.replay(played, chances=points)
    figure = widget.marked.figure
    assert figure.layout.title.text.startswith("Chances to win (profit bots")
    assert [t.name for t in figure.data] == ["Ann", "Ben"]
    widget.show(30)
    assert widget.marked.step == 30   # (the page draws the marker there)


@pytest.mark.parametrize("chances,error,said", [
    ([0.5, 0.5], TypeError, "chances are a win-chance curve, a dict of step -> each "
                            "player's chance (mclog.review.curve), not list"),
    ({"x": [0.5, 0.5]}, ValueError, "chances: 'x' is not a step of the game (0 to 99)"),
    ({500: [0.5, 0.5]}, ValueError, "chances: 500 is not a step of the game (0 to 99)"),
    ({3: [0.5]}, ValueError, "chances at step 3: [0.5] is not a chance for each of the 2 "
                             "players (Ann, Ben)"),
    ({3: 0.5}, ValueError, "chances at step 3: 0.5 is not a chance for each of the 2 "
                           "players (Ann, Ben)"),
])
def test_a_win_chance_curve_of_another_shape_is_said_in_words(chances, error, said):
    """``mclog.widgets.replay(played, chances=...)`` checks the curve it is given (it met
    a list, or a step's chance alone, with Python's ``'int' object is not subscriptable``
    deep in the chart)."""
    import mclog.widgets

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    with pytest.raises(error) as refused:
        mclog.widgets.replay(played, chances=chances)
    assert str(refused.value) == said


@pytest.mark.slow
def test_a_review_is_the_same_on_any_number_of_processes():
    # (each from a replay of its own: a replay keeps what its positions gave)
    one = review(_pig_kitchen(), 1, rollouts=12, seed=4, jobs=1).as_dict()
    assert review(_pig_kitchen(), 1, rollouts=12, seed=4, jobs=2).as_dict() == one

    def duel():
        return mclog.replay(mclog.read_one(CARTEL_DUEL))

    assert chances(duel(), 30, rollouts=6, seed=2, jobs=2) == \
        chances(duel(), 30, rollouts=6, seed=2, jobs=1)


def _first_decision(played) -> int:
    """The index of the first step a player decides among several options."""
    engine = mclog.games.game(played.record.game).engine
    return next(i for i, step in enumerate(played.steps) if step.actor is not None
                and len(engine.legal(played.state(i))) > 1)


@pytest.mark.slow
def test_a_review_on_a_dask_cluster_is_the_review_here():
    """Rollouts on a Dask cluster's workers (two local processes, each replaying the
    record's text once) give the figures played here, for the same seed."""
    from mclog.corpus.build import dask_client

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    index = _first_decision(played)
    names = played.record.players
    here = position(played, index, rollouts=40, seed=3).as_dict(names)
    curve_here = chances(played, index, rollouts=10, seed=3)
    with dask_client(jobs=2) as client:
        again = mclog.replay(mclog.read_one(CARTEL_DUEL))
        there = position(again, index, rollouts=40, seed=3, client=client)
        assert there.as_dict(names) == here
        assert chances(again, index, rollouts=10, seed=3, client=client) == curve_here
        # a whole review, each decision weighed on a worker (and a seat's record of
        # Million Club, its unseen cards drawn there)
        whole = review(played, 0, rollouts=4, seed=2, curve_rollouts=2).as_dict()
        fresh = mclog.replay(mclog.read_one(CARTEL_DUEL))
        assert review(fresh, 0, rollouts=4, seed=2, curve_rollouts=2,
                      client=client).as_dict() == whole
        thursday = mclog.replay(mclog.read_one(
            ROOT / "sample_games/millionclub/thursday-club-3p.mclog"))
        ben = mclog.replay(mclog.parse_one(mclog.write(mclog.seat_view(thursday, 1))))
        seat_here = chances(ben, 60, rollouts=6, seed=5)
        ben = mclog.replay(ben.record)
        assert chances(ben, 60, rollouts=6, seed=5, client=client) == seat_here
    assert len(here["options"]) > 1


def test_a_position_asked_again_plays_no_rollout(monkeypatch):
    """What a replay's positions gave is kept while the replay lives: stepping back over
    a review, or asking again, plays nothing twice; another replay has its own."""
    from mclog.review import _Runner

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    index = _first_decision(played)
    first = chances(played, index, rollouts=4, seed=1)
    weighed = position(played, index, rollouts=20, seed=1)
    asked = []
    monkeypatch.setattr(_Runner, "outcomes", lambda self, tasks: asked.append(tasks) or
                        [[0, 0]] * len(tasks))
    assert chances(played, index, rollouts=4, seed=1) == first
    assert position(played, index, rollouts=20, seed=1) is weighed
    assert asked == []
    chances(played, index, rollouts=4, seed=2)   # (another seed: played)
    assert len(asked) == 1
    chances(mclog.replay(mclog.read_one(CARTEL_DUEL)), index, rollouts=4, seed=1)
    assert len(asked) == 2


def test_a_report_asked_for_no_rollouts_is_told_so(tmp_path, capsys):
    assert main(["report", str(CARTEL_DUEL), "--review", "0", "-o",
                 str(tmp_path / "x.html")]) == 2
    assert "--review is from 1 to 100000, not 0" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


@pytest.mark.parametrize("option,value,said", [
    ("--rollouts", "0", "--rollouts is from 1 to 100000, not 0"),
    ("--rollouts", "-5", "--rollouts is from 1 to 100000, not -5"),
    ("--jobs", "0", "--jobs is at least 1, not 0"),
    ("--jobs", "9999", f"--jobs is at most {most_processes()} on this machine (four processes "
                       "a processor: more would only share them, and fill its memory), not "
                       "9999"),
])
def test_a_review_asked_for_numbers_out_of_range_is_told_which(tmp_path, capsys, option,
                                                               value, said):
    out = tmp_path / "review.json"
    assert main(["review", str(CARTEL_DUEL), option, value, "-o", str(out)]) == 2
    assert capsys.readouterr().err == f"mclog: {said}\n"
    assert not out.exists()


def test_a_review_from_python_asked_for_more_processes_than_the_machine_bears_is_refused():
    """``jobs=500`` in a notebook forked 500 processes for the rollouts; it is refused in
    the command line's words, before any is forked."""
    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    with pytest.raises(ValueError) as refused:
        chances(played, 10, rollouts=2, jobs=500)
    assert str(refused.value) == (f"jobs is at most {most_processes()} on this machine (four "
                                  "processes a processor: more would only share them, and "
                                  "fill its memory), not 500")


@pytest.mark.parametrize("given,error,said", [
    ({"rollouts": 0}, ValueError, "rollouts is from 1 to 100000, not 0"),
    ({"rollouts": "10"}, TypeError, "rollouts is a whole number, not a str"),
    ({"rollouts": True}, TypeError, "rollouts is a whole number, not a bool"),
    ({"rollouts": 2.5}, TypeError, "rollouts is a whole number, not a float"),
    ({"seed": "x"}, TypeError, "seed is a whole number, not a str"),
    ({"every": 0}, ValueError, "every is at least 1, not 0"),
    ({"bots": "nonsense"}, ValueError, "unknown bot 'nonsense': the bots are random, profit, "
                                       "thrifty"),
    ({"bots": ["profit"]}, TypeError, "bots are named in a str ('random, greedy'), not list"),
    ({"bots": "profit,random,random"}, ValueError, "bots 'profit,random,random' name 3 bots, "
     "for a table of 2 players (a name for each seat, the last filling the table)"),
    ({"bots": "profit,,random"}, ValueError, "bots 'profit,,random': seat 2's bot is not "
     "named (a name for each seat, with a comma between two names)"),
])
def test_a_notebooks_slip_in_a_reviews_settings_is_said_before_any_rollout(
        given, error, said, monkeypatch):
    """``mclog.widgets.review`` and the review's functions check what they are given, in
    words, before a rollout is played (the widget took ``rollouts=-1`` or a bot the game
    has not, and its thread then failed or drew nothing)."""
    import mclog.review
    import mclog.widgets

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    monkeypatch.setattr(mclog.review, "_Runner", lambda *a, **k: pytest.fail("rolled out"))
    calls = [lambda: mclog.widgets.review(played, start=False, **given),
             lambda: mclog.review.curve(played, **given)]
    if "every" not in given:
        calls += [lambda: chances(played, 10, **given),
                  lambda: mclog.review.position(played, 10, **given),
                  lambda: mclog.review.review(played, **given)]
    for call in calls:
        with pytest.raises(error) as refused:
            call()
        assert str(refused.value) == said


def test_a_review_of_a_seat_no_player_holds_is_refused():
    import mclog.review

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    with pytest.raises(ValueError, match=r"^seat 2 is no player's: the seats are 0 to 1 "
                                         r"\(Ann, Ben\)$"):
        mclog.review.review(played, 2)
    with pytest.raises(ValueError, match=r"^'ben' is not a player of this game \(the players "
                                         r"are Ann, Ben\): did you mean Ben\?$"):
        mclog.review.review(played, "ben")


def test_the_review_widget_fills_its_graph_nearest_the_step_shown_first():
    """``mclog.widgets.review``: the win-chance graph fills in as rollouts finish, the
    steps nearest the slider first (a tie: the earlier), each step's chances those of
    ``chances`` for the seed, and the whole graph on the widget's thread."""
    import mclog.widgets

    played = mclog.replay(mclog.read_one(CARTEL_DUEL))
    widget = mclog.widgets.review(played, rollouts=6, seed=2, every=10, start=False)
    filler = widget.chances
    assert filler.steps == [*range(0, len(played), 10), len(played)]
    widget.slider.value = 60
    for _ in range(3):
        assert filler.fill_one()
    assert list(filler.points) == [60, 50, 70]
    fresh = mclog.replay(mclog.read_one(CARTEL_DUEL))
    assert filler.points[50] == chances(fresh, 50, rollouts=6, seed=2)
    filler.start()
    assert filler.wait(timeout=300)
    figure = widget.marked.figure
    assert list(figure.data[0].x) == filler.steps
    assert [figure.data[s].y[-1] for s in range(2)] == [0.0, 1.0]   # (Ben won)
    # ... and the page is sent the graph as filled (the chart it draws is this JSON)
    drawn = widget.marked.view.figure["data"]
    assert drawn[0]["x"] == filler.steps and [drawn[s]["y"][-1] for s in range(2)] == [0, 1]
    assert not filler.fill_one()


@pytest.mark.slow
def test_the_review_widget_says_where_its_rollouts_stopped():
    """A position the review cannot weigh (Millionenspiel without a track, whose landings
    no board allows) stops the filling, and the graph's title says where and why."""
    import mclog.widgets

    me = mclog.replay(mclog.parse_one(
        '[Game "Millionenspiel"]\n[Players "Zoe, Yann"]\n\nstart Zoe\n'
        "bets Yann 5, Zoe 5\nZoe rolls 4 1, lands red\nbets Zoe 5, Yann 5\n"
        "Yann rolls 2 3, past arrow, lands blue\nbets Yann 5, Zoe 5\n"))
    widget = mclog.widgets.review(me, rollouts=2, every=1)
    assert widget.chances.wait(timeout=300) is False
    assert "no board of 13 to 60 spaces" in widget.chances.error
    title = widget.marked.figure.layout.title.text
    assert "stopped at step" in title and "no board of 13 to 60 spaces" in title
    assert widget.marked.view.figure["layout"]["title"]["text"] == title   # (as drawn)


def test_a_scheduler_that_is_not_there_is_said_in_words(capsys):
    assert main(["review", str(CARTEL_DUEL), "--step", "31", "--rollouts", "2",
                 "--scheduler", "nonsense"]) == 1
    err = capsys.readouterr().err
    assert "nonsense: no Dask scheduler answered there" in err and "Traceback" not in err


def test_the_options_table_of_a_decision_for_a_notebook():
    """Issue 28: notebook 05's rollouts beside its one-step effects, as a table."""
    from mclog.review import options_table

    played = mclog.replay(mclog.read_one(
        ROOT / "sample_games" / "millionclub" / "five-players-every-intrigue-card.mclog"))
    index = len(played) - 1
    table = options_table(played, index, rollouts=6, seed=2)
    assert list(table.columns) == ["move", "chance to win", "95% from", "95% to",
                                   "mean final score", "rollouts", "played"]
    assert (table.played == "played").sum() == 1
    assert table["chance to win"].between(0, 1).all()
    assert table["95% from"].le(table["chance to win"]).all()
    assert "the move played gave away" in table.attrs["question"]
    assert options_table(played, index, rollouts=6, seed=2).equals(table)   # (the seed's)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    """A clock ten seconds later at each reading."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 10.0
        return self.now


def test_mclog_review_on_a_terminal_says_how_long_is_left(monkeypatch, capsys):
    """A review of a long game takes hours: on a terminal its progress line says about how
    long is left, from the pace so far (each decision here took ten seconds)."""
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr("mclog.cli.time", _Clock())
    path = ROOT / "tests/games/pig/samples/kitchen-table.mclog"
    assert main(["review", str(path), "--rollouts", "2", "--jobs", "1"]) == 0
    said = [line.rstrip() for line in terminal.getvalue().split("\r") if line.strip()]
    # the k-th line: 10 s a decision so far, the 26 - k decisions left at the same pace
    assert said[0] == "reviewing: 1 of 26 decisions, about 4 min left"      # 250 s
    assert said[12] == "reviewing: 13 of 26 decisions, about 2 min left"    # 130 s
    assert said[23] == "reviewing: 24 of 26 decisions, under a minute left"  # 20 s
    assert said[-1] == "reviewing: 26 of 26 decisions" and len(said) == 26
    assert "Review of every player's decisions" in capsys.readouterr().out


@pytest.mark.parametrize("command", [
    ["review", "--rollouts", "5"],
    ["review", "--step", "4", "--rollouts", "5"],
    ["report", "--review", "5"],
])
@pytest.mark.parametrize("where, said", [
    ("a folder", "{out}: is a folder; give the name of a file to write"),
    ("missing/review.json", "{out}: cannot write beside it in {folder}: No such file or "
                            "directory"),
])
def test_an_output_that_cannot_be_written_is_said_before_any_rollout(
        tmp_path, capsys, monkeypatch, command, where, said):
    """A review of a whole game may take hours: a ``-o`` that names a folder, or a file in
    a folder that is not there, is refused before the first rollout, not after the last."""
    import mclog.review

    def no_rollouts(*args, **kwargs):
        raise AssertionError("the rollouts began before the output was checked")

    for name in ("review", "position", "curve"):
        monkeypatch.setattr(mclog.review, name, no_rollouts)
    (tmp_path / "a folder").mkdir()
    out = tmp_path / where
    assert main([*command, str(CARTEL_DUEL), "-o", str(out)]) == 1
    assert capsys.readouterr().err == said.format(
        out=out, folder=out.parent) + "\n"
    assert list(tmp_path.iterdir()) == [tmp_path / "a folder"]   # (no temporary left)
