"""For a teacher: every legal move at one decision point, and what each would change.

``decisions(game)`` lists the moments of a game where a player had a real choice (two
legal moves or more), built from the game itself, so that a notebook picks one by round,
disc or kind rather than by step arithmetic.  ``consequences(game, step)`` plays each
legal move of the question asked after ``step`` moves, on a copy, through the procedure
that follows (until the next question), and tabulates each player's change in
provisional score and money, the move actually played marked, the best for the player
deciding first.  A pawn's placement changes nothing yet: its worth shows only when its
disc resolves, and the table says so rather than guess.
"""

from __future__ import annotations

import pandas as pd

from ..rules.flow import describe_decision, legal_moves, play
from ..rules.moves import Place
from ..rules.scoring import score
from ..notation.text import move_text


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


def consequences(game, step: int) -> pd.DataFrame:
    """One row per legal move at ``step``: the move, each player's change in provisional
    score (``<name> points``) and money (``<name> money``), and ``played`` (the move
    the record made there); sorted by what it does for the player deciding."""
    state = game.state(step)
    names = game.record.table.names
    played = game.replay.moves[step] if step < len(game.replay.moves) else None
    before_scores = [r.total for r in score(state)]
    rows = []
    for move in legal_moves(state):
        after = state.copy()
        play(after, move)
        row = {"move": move_text(move, game.record.table),
               "next question": describe_decision(after)}
        after_scores = [r.total for r in score(after)]
        for seat, name in enumerate(names):
            row[f"{name} points"] = after_scores[seat] - before_scores[seat]
            row[f"{name} money"] = after.money[seat] - state.money[seat]
        row["note"] = ("worth shows when the disc resolves" if isinstance(move, Place)
                       else "")
        row["played"] = "played" if move == played else ""
        rows.append(row)
    df = pd.DataFrame(rows)
    actor = state.decision.actor if state.decision is not None else None
    if actor is not None and len(df):
        who = names[actor]
        df = df.sort_values([f"{who} points", f"{who} money"], ascending=False,
                            kind="stable").reset_index(drop=True)
    df.attrs["question"] = describe_decision(state)
    return df
