"""For a teacher: every legal move at one decision point, and what each would change.

``decisions(game)`` lists the moments of a game where a player had a real choice (two
legal moves or more), built from the game itself, so that a notebook picks one by round,
disc or kind rather than by step arithmetic (``chosen_step``: the widest draft, say).
``consequences(game, step)`` plays each legal move of the question asked after ``step``
moves, on a copy, through the procedure that follows (until the next question), and
tabulates each player's change in provisional score and money, the move actually played
marked, the best for the player deciding first.  A pawn's placement changes nothing yet:
its worth shows only when its disc resolves, and the table says so rather than guess.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mclog.arguments import of_game, whole
from mclog.lazy import LazyModule

from ..rules.flow import describe_decision, legal_moves, play
from ..rules.moves import Place
from ..notation.text import move_text

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)


@of_game
def decisions(game) -> pd.DataFrame:
    """One row per decision with a choice (two legal moves or more): ``step`` (the state
    the question was asked in: ``consequences(game, step)``), ``round``, ``disc``,
    ``kind``, ``player``, ``question``, ``options`` and ``played`` (the move made)."""
    names = game.record.table.names
    rows = []
    for step, state in zip(game.steps, game.replay.states()):
        d = state.decision
        if d is None or d.actor is None:
            continue
        options = len(legal_moves(state))
        if options < 2:
            continue
        rows.append({"step": step.index - 1, "round": state.round, "disc": state.resolving,
                     "kind": d.kind, "player": names[d.actor],
                     "question": describe_decision(state), "options": options,
                     "played": step.text})
    return pd.DataFrame(rows, columns=["step", "round", "disc", "kind", "player", "question",
                                       "options", "played"])


def chosen_step(moments: pd.DataFrame, kinds: Sequence[str] = (), *,
                widest: bool = False) -> int | None:
    """The step of one decision of ``moments`` (``decisions(game)``) to show: of those of
    one of ``kinds`` if the game has any, else of all; the one with the most options
    (``widest``; the first of equals) or else the last.  ``None`` where the game has no
    decision with a choice (a record just begun, or stopped in its setup), which a
    notebook then says rather than fail.

    >>> moments = pd.DataFrame({"step": [3, 8, 12], "kind": ["draft", "place", "draft"],
    ...                         "options": [4, 9, 4]})
    >>> chosen_step(moments, ["draft"], widest=True), chosen_step(moments, ["takeover"])
    (3, 12)
    >>> chosen_step(moments.iloc[:0], ["draft"]) is None
    True
    """
    picked = moments[moments.kind.isin(list(kinds))]
    if not len(picked):
        picked = moments
    if not len(picked):
        return None
    if widest:
        picked = picked.sort_values("options", ascending=False, kind="stable")
    return int(picked.step.iloc[0 if widest else -1])


@of_game
def consequences(game, step: int) -> pd.DataFrame:
    """One row per legal move at ``step``: the move, each player's change in provisional
    score (``<name> points``) and money (``<name> money``), and ``played`` (the move
    the record made there); sorted by what it does for the player deciding.

    Scores are the game's own (``GameReplay.scores_of``): counted with what the whole
    record settles of its unknown colonies, so a change they leave open is written as its
    span (``0 to +3``).  Moves that read alike because the cards are unseen (``Cleo buys
    ?``, one per unseen card in the hand) are one row, ``Cleo buys one of 3 unseen
    cards``."""
    whole(step, "step", 0, len(game))   # (a step from the end would pair a state with
    state = game.state(step)            # another step's move)
    names = game.record.table.names
    played = game.replay.moves[step] if step < len(game.replay.moves) else None
    played_text = move_text(played, game.record.table) if played is not None else None
    before = game.scores_of(state.copy())
    groups: dict[str, list] = {}
    for move in legal_moves(state):
        groups.setdefault(move_text(move, game.record.table), []).append(move)
    actor = state.decision.actor if state.decision is not None else None
    rows, keys = [], []
    for text, moves in groups.items():
        spans: list[list[tuple[int, int]]] = [[] for _ in names]
        money: list[int] = []   # (the same for every move of a group: cards alike)
        for move in moves:
            after = state.copy()
            play(after, move)
            money = [after.money[seat] - state.money[seat] for seat in range(len(names))]
            same_colonies = after.colonies == state.colonies
            for seat, row in enumerate(game.scores_of(after)):
                lo, hi = row.total_range
                b_lo, b_hi = before[seat].total_range
                if same_colonies:  # what the colonies bring is the same, whatever they are
                    spans[seat].append((lo - b_lo,) * 2)
                else:
                    spans[seat].append((lo - b_hi, hi - b_lo))
        shown = text
        if len(moves) > 1 and "?" in text:
            shown = text.replace("?", f"one of {len(moves)} unseen cards", 1)
        row = {"move": shown, "next question": describe_decision(after)}
        for seat, name in enumerate(names):
            lo, hi = min(a for a, _ in spans[seat]), max(b for _, b in spans[seat])
            row[f"{name} points"] = lo if lo == hi else f"{lo:+d} to {hi:+d}"
            row[f"{name} money"] = money[seat]
        row["note"] = ("worth shows when the disc resolves" if isinstance(moves[0], Place)
                       else "")
        row["played"] = "played" if (played in moves or text == played_text) else ""
        rows.append(row)
        keys.append((min(a for a, _ in spans[actor]) if actor is not None else 0,
                     money[actor] if actor is not None else 0))
    df = pd.DataFrame(rows)
    if actor is not None and len(df):
        order = sorted(range(len(rows)), key=lambda i: keys[i], reverse=True)
        df = df.iloc[order].reset_index(drop=True)
    df.attrs["question"] = describe_decision(state)
    return df
