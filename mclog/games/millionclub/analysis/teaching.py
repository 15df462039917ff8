"""For a teacher: every legal move at one decision point, and what each would change.

``consequences(game, step)`` plays each legal move of the question asked
after ``step`` moves, on a copy, through the procedure that follows (until
the next question), and tabulates each player's change in provisional score
and money.  A pawn's placement changes nothing yet: its worth shows only when
its disc resolves, and the table says so rather than guess.
"""

from __future__ import annotations

import pandas as pd

from ..rules.flow import describe_decision, legal_moves, play
from ..rules.moves import Place
from ..rules.scoring import score
from ..notation.text import move_text


def consequences(game, step: int) -> pd.DataFrame:
    """One row per legal move at ``step``: the move, and each player's change in
    provisional score (``<name> points``) and money (``<name> money``)."""
    state = game.state(step)
    names = game.record.table.names
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
        rows.append(row)
    df = pd.DataFrame(rows)
    df.attrs["question"] = describe_decision(state)
    return df
