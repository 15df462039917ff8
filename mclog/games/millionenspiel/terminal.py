"""Millionenspiel on a terminal: the game throw by throw (``mclog replay``) and the final
money (``mclog score``)."""

from __future__ import annotations

from .notation.verbs import VERBS
from .replayer import GameReplay
from .rules.moves import Accept, BuyPension, StartPlayer


def replay_text(game: GameReplay) -> str:
    """Each throw on a line: the bets, the dice, where the pawn landed and what it paid."""
    names = game.record.names
    out = [f"{game.record.tags.get('Event', 'Millionenspiel')}: {', '.join(names)}"]
    states = game.replay.states()
    before = next(states)
    parts: list[str] = []
    money = [0] * len(names)
    for step, after in zip(game.steps, states):
        move = step.move
        text = move_text(move, names, before)
        if text:
            parts.append(text)
        money = [m + (a - b) for m, a, b in zip(money, after.money, before.money)]
        if after.throw != before.throw or after.finished and not before.finished \
                or isinstance(move, (StartPlayer, BuyPension)):
            changes = ", ".join(f"{n} {d:+,}" for n, d in zip(names, money) if d)
            label = f"throw {before.throw}" if before.throw else "start"
            out.append(f"  {label:<9} {'; '.join(parts)}" + (f"\n  {'':<9} -> {changes}"
                                                               if changes else ""))
            parts, money = [], [0] * len(names)
        before = after
    if parts:
        out.append(f"  {'throw ' + str(before.throw):<9} {'; '.join(parts)}")
    final = game.replay.current
    out.append("\nMoney: " + ", ".join(f"{n} {m:,}" for n, m in zip(names, final.money)))
    if final.finished:
        out.append(f"{names[final.winner]} is the first millionaire")
    return "\n".join(out)


def move_text(move, names, before) -> str:
    """``move`` in a player's words, as the table says it (keeping the throw goes without
    saying)."""
    if isinstance(move, Accept):
        return ""
    return VERBS.say(move, names, names[before.roller] if before.roller is not None else None)


def score_lines(game: GameReplay) -> list[str]:
    rows = game.scores()
    out = []
    if not game.complete:
        out.append(f"(provisional: the record ends at throw {game.replay.current.throw})")
    width = max(len(r.name) for r in rows)
    out.append(f"{'':<{width}}  {'Money':>9}  {'Pension':>7}  Rank")
    for r in sorted(rows, key=lambda r: r.rank):
        out.append(f"{r.name:<{width}}  {r.money:>9,}  {r.pension:>7}  {r.rank}"
                   + ("  first millionaire" if r.winner else ""))
    return out
