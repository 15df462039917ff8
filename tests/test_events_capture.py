"""A game's events are noted as its one replay plays (issue 17, item 1): the same events
as a second play through the moves would note, for fully known records, a seat's record
with ``?`` cards, and a record cut short; and the corpus rows of a game replayed with
``events=True`` play each move once, with the final state the replay's own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mclog
from mclog.errors import RuleError
from mclog.games.millionclub.analysis.rows import corpus_rows
from mclog.games.millionclub.events import (SETTLING, Capture, events, noted, settlements,
                                            state_before)
from mclog.games.millionclub.notation.record import GameRecord, RevealEntry, record_from_moves
from mclog.games.millionclub.rules.flow import HANDLERS, play
from mclog.games.millionclub.rules.scoring import points
from mclog.games.millionclub.simulator import simulated_text
from table import random_game

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))
THURSDAY = Path(__file__).parent.parent / "sample_games" / "millionclub" / "thursday-club-3p.mclog"


def _fields(game) -> list[tuple]:
    """Every field of every event, the state before a settlement included."""
    return [(e.step, e.round, e.phase, e.disc, e.label, e.actor, e.card, e.cause,
             e.automatic, e.money, e.points, e.money_after, e.points_after, e.settles,
             None if e.settles is None else state_before(game, e))
            for e in events(game)]


class _EveryStepBefore:
    """A watch that copies the state before every procedure step of a capture's kinds,
    by (move, how many such steps came after the move before it): the states a capture
    once kept, as the game is played through in one pass."""

    steps = SETTLING   # (what a capture is told of)

    def __init__(self) -> None:
        self.move, self.nth, self.states = 0, 0, {}

    def moved(self, state) -> None:
        pass

    def stepping(self, state, frame) -> None:
        self.states[self.move, self.nth] = state.copy()
        self.nth += 1

    def stepped(self, state, frame) -> None:
        pass


def _both(record) -> tuple:
    """The events noted by the replay itself, and those noted by playing it again; each
    checked against the replay's own states."""
    captured = mclog.replay(record, events=True)
    assert captured.noted is not None
    later = mclog.replay(record)
    assert later.noted is None
    _running_totals_are_the_states(captured)
    return captured, later


def _running_totals_are_the_states(game) -> None:
    """After every step, the money and points the events have come to are those of the
    replay's state counted in hindsight: exactly the score every view shows where the
    record settles it (``scores_of``), and within its range where it does not; no change
    missed, and the reveal changes nothing it settles."""
    evs = events(game)
    for before, e in zip(evs, evs[1:]):   # each event's change, by category and in all
        assert e.points_before is before.points_after
        for seat, change in enumerate(e.points):
            assert change == {c: e.points_after[seat][c] - e.points_before[seat][c]
                              for c in change}
            assert e.point_change(seat) == sum(change.values())
    assert evs[0].points == evs[0].points_after   # (the setup: from nothing)
    last = 0
    steps = len(game.replay.moves)
    for index in range(steps + 1):
        while last + 1 < len(evs) and evs[last + 1].step <= index and not (
                index == steps and evs[last + 1].label == "reveal"):
            last += 1
        state = game.state(index) if index < steps else game.known_view(
            game.replay.current.copy())  # (the reveal's own event is checked below)
        assert evs[last].money_after == state.money, index
        assert evs[last].points_after == game.hindsight_points(state), index
        shown = game.scores_of(game.replay.state(index), final=False)
        for row, got in zip(shown, evs[last].points_after):
            lo, hi = row.total_range
            assert lo <= sum(got.values()) <= hi, index
            if row.exact:
                assert sum(got.values()) == row.total, index
                # (an event's ``exact`` is said at its own step: a later move may settle
                # the colonies with no change of money or points, so no new event)
                assert evs[last].exact or evs[last].step < index or any(
                    not r.exact for r in shown), index
    if evs[-1].label == "reveal":
        assert evs[-1].points_after == points(game.final)
    if game.revealed and game.complete and game.example is not None:
        assert evs[-1].label != "reveal"  # counted in hindsight: the reveal moves no score


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_the_replay_notes_the_same_events_as_a_second_play(path):
    record = mclog.read_one(path)
    captured, later = _both(record)
    assert _fields(captured) == _fields(later)
    assert noted(captured).round_ends == noted(later).round_ends
    # the events add up to the final score, exactly
    totals = [sum(e.points[seat][c] for e in events(captured) for c in e.points[seat])
              for seat in range(record.table.players)]
    assert totals == [r.total for r in captured.scores()]


def test_a_games_events_cross_to_another_process_as_they_are():
    """A replayed game's events (a Dask worker's, a review's) are pickled as the call
    that makes each (``Event.__reduce__``: its ``__init__`` is written out, which mypyc
    could not unpickle otherwise), the state before a settlement with them."""
    import dataclasses
    import pickle

    game = mclog.replay(mclog.read_one(SAMPLES[0]), events=True)
    kept = game.noted.events
    sent = pickle.loads(pickle.dumps(kept))
    names = [f.name for f in dataclasses.fields(kept[0])]
    assert [[getattr(e, n) for n in names] for e in sent] == \
        [[getattr(e, n) for n in names] for e in kept]
    assert len(sent) > 20 and any(e.settles is not None for e in sent)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6),
       setup=st.sampled_from(["standard", "alternative"]), data=st.data())
@pytest.mark.slow
def test_a_seats_record_with_unknown_cards_and_a_cut_one_note_the_same(
        seed, players, setup, data):
    final, moves = random_game(seed, players, setup)
    full = mclog.replay(record_from_moves(final.table, moves))
    seat = data.draw(st.integers(0, players - 1), label="seat")
    view = mclog.parse_one(mclog.write(mclog.seat_view(full, seat)))
    captured, later = _both(view)
    assert captured.variables  # the seat did not see every card
    assert _fields(captured) == _fields(later)
    # the same record without its reveal, and cut at some move
    kept = [e for e in view.entries if not isinstance(e, RevealEntry)]
    cut = data.draw(st.integers(1, len(kept)), label="cut")
    partial = GameRecord(view.tags, view.table, kept[:cut])
    captured, later = _both(partial)
    assert _fields(captured) == _fields(later)


def test_unknown_colonies_are_credited_to_the_move_not_the_reveal():
    """A seat's record with its reveal is counted in hindsight: no event is the reveal's,
    the events end on the fully known game's score, and every event whose points the
    record settles is the fully known game's event at that step, to the point."""
    final, moves = random_game(11, 4)
    known = mclog.replay(record_from_moves(final.table, moves), events=True)
    view = mclog.parse_one(mclog.write(mclog.seat_view(known, 0)))
    game = mclog.replay(view, events=True)
    assert not any(e.label == "reveal" for e in events(game))
    assert events(game)[-1].points_after == events(known)[-1].points_after
    true_after, after = {}, {}
    for e in events(known):
        true_after[e.step] = e.points_after  # after the last event of each step
    for e in events(game):
        after[e.step] = e
    settled = [e for e in after.values() if e.exact and e.step in true_after]
    assert len(settled) > len(after) // 2
    for e in settled:
        assert e.points_after == true_after[e.step], e.cause
    # the ranged ones are said to be so
    assert any(not e.exact for e in events(game))


def _counting_handlers(monkeypatch) -> list[int]:
    """Count every move the engine carries out from now on."""
    played = [0]
    for handler in HANDLERS.values():
        for kind, apply in list(handler.moves.items()):
            def counted(state, d, move, apply=apply):
                played[0] += 1
                return apply(state, d, move)
            monkeypatch.setitem(handler.moves, kind, counted)
    return played


def test_a_corpus_game_is_played_once(monkeypatch):
    record = mclog.parse_one(simulated_text(4, "standard", "greedy,random", 7))
    played = _counting_handlers(monkeypatch)
    game = mclog.replay(record, events=True)
    moves = len(game.replay.moves)
    assert played[0] == moves
    rows = corpus_rows(game, "g", "src")
    assert played[0] == moves  # the rows, the scores and the final state play nothing again
    assert len(rows["timeline"]["round"]) == 10 * 4
    # without events=True, the events are noted when first asked for: a second play
    again = mclog.replay(record)
    corpus_rows(again, "g", "src")
    assert played[0] == 3 * moves


@pytest.mark.parametrize("seat", [None, 1])
def test_the_state_before_a_settlement_is_the_one_the_game_passed_through(seat):
    """A settlement's state before it is made again from its move when asked
    (``state_before``), not kept: it is the state the game passed through just before
    that procedure step, played through in one pass; on a whole record and a seat's."""
    full = mclog.replay(mclog.read_one(THURSDAY))
    record = full.record if seat is None else \
        mclog.parse_one(mclog.write(mclog.seat_view(full, seat)))
    game = mclog.replay(record, events=True)
    watch = _EveryStepBefore()
    state = game.replay.state(0)
    for index, move in enumerate(game.replay.moves, 1):
        watch.move, watch.nth = index, 0
        play(state, move, watch)
    settled = settlements(game)
    assert len(settled) > 5 and any(e.settles for e in settled)   # (a second one after a move)
    for e in settled:
        assert state_before(game, e) == watch.states[e.step, e.settles], e.cause
    with pytest.raises(ValueError, match="no settlement"):
        state_before(game, events(game)[1])


def _event_rows(game) -> list[tuple]:
    """The corpus's ``events`` rows of ``game`` as (event, seat, money, points)."""
    rows = corpus_rows(game, "g", "src")["events"]
    return list(zip(rows["event"], rows["seat"], rows["money"], rows["points"]))


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_each_events_row_is_its_events_change_for_its_player(seat):
    """The rows count each event's totals once (the totals after the event before are the
    ones before it): each row is still the event's own change of money and points for
    its player, and a player it left as they were has no row; on a whole record and on
    seats' records (whose points wait for the record's end)."""
    full = mclog.replay(mclog.read_one(THURSDAY))
    record = full.record if seat is None else \
        mclog.parse_one(mclog.write(mclog.seat_view(full, seat)))
    game = mclog.replay(record, events=True)
    expected = [(i, s + 1, e.money[s], e.point_change(s))
                for i, e in enumerate(events(game)) for s in range(3)
                if e.money[s] or e.point_change(s)]
    assert _event_rows(game) == expected
    assert len(expected) > 50 and any(row[3] < 0 for row in expected)


def test_a_capture_refuses_an_illegal_move_as_the_engine_does():
    """The capture plays through the engine's own ``play``: a move out of turn is refused,
    and the state is left as it was."""
    game = mclog.replay(mclog.read_one(THURSDAY))
    state = game.replay.state(0)
    capture = Capture(state)
    index = next(i for i, m in enumerate(game.replay.moves) if m.player is not None)
    for move, facts in zip(game.replay.moves[:index], game.replay.infos):
        capture.play(state, move, facts)
    move, facts = game.replay.moves[index], game.replay.infos[index]
    wrong = replace(move, player=(move.player + 1) % 3)
    before = state.copy()
    with pytest.raises(RuleError, match="decision"):
        capture.play(state, wrong, facts)
    assert state == before


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_the_points_counted_again_are_the_rules_points_at_every_move(seed, players):
    """The capture counts again only the players whose cards changed (``_Counted``):
    after every move of a random game, what it counts is the rules' ``points`` of the
    whole table; after a move that changes no card and no money (a pawn placed), it is
    the list counted before, not counted again."""
    from mclog.games.millionclub.events import _Counted
    from mclog.games.millionclub.rules import new_game, play
    from mclog.games.millionclub.rules.moves import Place

    _, moves = random_game(seed, players)
    state = new_game(["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"][:players])
    counted = _Counted(state)
    before = counted.points
    placed = 0
    for move in moves:
        play(state, move)
        now = counted.count(state)
        assert now == points(state)
        if type(move) is Place and state.phase == "placement":
            assert now is before
            placed += 1
        before = now
    assert placed > 0


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 6), revealed=st.booleans(),
       data=st.data())
@pytest.mark.slow
def test_one_question_settles_an_events_points_as_the_ranges_do(seed, players, revealed,
                                                                data):
    """An event's points are exact when no naming of the unknown colonies that fits the
    record gives any player another total: asked as one question (``totals_settled``),
    where the ranges take one or two a player (a five-player seat's record took 215).
    At every holding of colonies a seat's record passes through, with its reveal and
    without, the answer is the ranges' own."""
    from mclog.games.millionclub.rules.score_range import exact_ranges

    final, moves = random_game(seed, players)
    full = mclog.replay(record_from_moves(final.table, moves))
    view = mclog.parse_one(mclog.write(mclog.seat_view(full, data.draw(
        st.integers(0, players - 1), label="seat"))))
    if not revealed:
        view = GameRecord(view.tags, view.table,
                          [e for e in view.entries if not isinstance(e, RevealEntry)])
    game = mclog.replay(view)
    seen, answers = set(), []
    for index in range(0, len(game.replay) + 1, 3):
        state = game.known_view(game.replay.state(index))
        held = tuple(tuple(sorted(h.items())) for h in state.colonies)
        if held in seen:
            continue
        seen.add(held)
        ranges = exact_ranges(state, game.problem, game.variables, None, False)
        truth = all(r["total"][0] == r["total"][1] for r in ranges)
        answers.append(truth)
        assert game.totals_settled(state) == truth, index
    assert answers
