"""The game-independent ``mclog.replay.Replay``, with a toy game: a counter that moves
may add 1 to 3 to, and that must never go past 10."""

import pytest

from mclog.replay import Replay


class Illegal(Exception):
    pass


def add(state: list[int], move: int) -> None:
    if not 1 <= move <= 3 or state[0] + move > 10:
        raise Illegal(f"cannot add {move} to {state[0]}")
    state[0] += move


def toy(every: int = 4) -> Replay:
    return Replay([0], list.copy, add, snapshot_every=every)


def test_push_and_extend_keep_the_same_moves_states_and_snapshots():
    one, many = toy(), toy()
    moves = [1, 2, 3, 1, 1, 1, 1]
    for i, m in enumerate(moves):
        one.push(m, ("info", i))
    many.extend((m, ("info", i)) for i, m in enumerate(moves))
    for r in (one, many):
        assert r.moves == moves and r.infos == [("info", i) for i in range(7)]
        assert [r.state(i)[0] for i in range(8)] == [0, 1, 3, 6, 7, 8, 9, 10]
        assert r.current == [10] and len(r._snapshots) == 2  # after 0 and 4 moves


def test_extend_stops_at_an_illegal_move_and_keeps_what_was_played():
    r = toy()
    with pytest.raises(Illegal, match="cannot add 3 to 9"):
        r.extend((m, None) for m in [3, 3, 3, 3])
    assert r.moves == [3, 3, 3] and r.current == [9]


def test_the_generator_sees_the_state_each_move_left():
    """A simulator is a generator that reads ``current`` before each move: here it adds
    as much as it may without passing 10."""
    r = toy()

    def greedy():
        while (left := 10 - r.current[0]) > 0:
            yield min(3, left), None

    r.extend(greedy())
    assert r.moves == [3, 3, 3, 1] and r.final == [10]


def test_stepping_forward_plays_each_move_once_and_any_order_gives_the_same_states():
    """A report draws every step in order: each state is the one before it and a move,
    not a snapshot and up to ``snapshot_every - 1`` moves.  In any order, and whatever
    a caller does to a state it was given, every state is the same."""
    import random

    played: list[int] = []

    def counted(state: list[int], move: int) -> None:
        played.append(move)
        add(state, move)

    r = Replay([0], list.copy, counted, snapshot_every=32)
    r.extend((1, None) for _ in range(10))
    played.clear()
    assert [r.state(i)[0] for i in range(11)] == list(range(11))
    assert len(played) == 9   # (state 0 is the snapshot; state 10 the running state)
    order = list(range(11)) * 3
    random.Random(5).shuffle(order)
    for i in order:
        state = r.state(i)
        assert state == [i]
        state[0] = -1   # (the caller's own copy: the next state is not made from it)


def test_a_step_not_in_the_game_is_named_as_it_was_asked_for():
    """``state(-20)`` of a game of 7 moves said ``step -12 is outside 0..7`` (the index
    once counted from the end), and ``state('3')`` Python's own words about ``<``; a
    whole number of NumPy's (a table's column) is a step like any other."""
    r = toy()
    r.extend((m, None) for m in [1, 2, 3, 1, 1, 1, 1])
    assert r.state(-1) == [10] and r.state(-8) == [0]
    for asked, said in ((8, "step 8 is outside 0..7"),
                        (-9, "step -9 is outside 0..7 (or -8..-1, counted from the end)"),
                        (-10**9, "step -1000000000 is outside 0..7 (or -8..-1, counted from "
                                 "the end)")):
        with pytest.raises(IndexError) as refused:
            r.state(asked)
        assert str(refused.value) == said
    for asked, said in (("3", "a str"), (2.0, "a float"), (None, "None")):
        with pytest.raises(TypeError) as refused:
            r.state(asked)
        assert str(refused.value) == f"a step is a whole number, not {said}"


def test_a_step_may_be_a_numpy_whole_number():
    numpy = pytest.importorskip("numpy")
    r = toy()
    r.extend((m, None) for m in [1, 2, 3])
    assert r.state(numpy.int64(2)) == [3]


def test_a_fork_goes_on_by_itself_from_the_same_moves():
    """``fork(infos)``: a replay of the same moves with the facts a new reading noted of
    them, which goes on without changing the one it came from; every step of either is
    the same state as a replay played whole."""
    r = toy(every=3)
    r.extend((m, ("old", i)) for i, m in enumerate([1, 2, 1, 1]))
    other = r.fork([("new", i) for i in range(4)])
    other.extend((m, ("new", i)) for i, m in enumerate([2, 3], 4))
    assert r.moves == [1, 2, 1, 1] and r.current == [5] and r.infos[0] == ("old", 0)
    assert other.moves == [1, 2, 1, 1, 2, 3] and other.current == [10]
    assert other.infos == [("new", i) for i in range(6)]
    whole = toy(every=3)
    whole.extend((m, None) for m in other.moves)
    assert [other.state(i) for i in range(7)] == [whole.state(i) for i in range(7)]
    assert [r.state(i) for i in range(5)] == [whole.state(i) for i in range(5)]
    with pytest.raises(ValueError, match="a fork of 4 moves takes as many infos, not 3"):
        r.fork([None] * 3)
