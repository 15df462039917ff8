"""Million Club on a terminal: the game round by round (``mclog replay``) and the score
table (``mclog score``).  Plain text, returned to the command line, which prints it with
the record's control characters escaped."""

from __future__ import annotations

from .events import events
from .replayed import RANGE_SECONDS, GameReplay
from .rules.board import DISC_NAMES
from .rules.cards import INDUSTRY_TYPES
from .rules.scoring import CATEGORIES, CATEGORY_NAMES, ranked


def replay_text(game: GameReplay) -> str:
    """The game round by round: each line of moves, then the money and prices it changed.

    Money changes come from the game's events (``mclog.games.millionclub.events``), so what the
    rules do on their own (the Stock Exchange settlement) is shown on a line of its own
    rather than credited to the move before it.
    """
    names = game.record.table.names
    out = [f"{game.record.tags.get('Event', 'Game')}: {', '.join(names)}"]
    automatic: dict[int, list] = {}
    own: dict[int, list] = {}
    for e in events(game)[1:]:
        (automatic if e.automatic else own).setdefault(e.step, []).append(e)
    states = game.replay.states()
    before = next(states)
    key = None
    lines: list[str] = []
    money = [0] * len(names)

    def flush(after) -> None:
        if lines:
            out.append(_group_text(key, lines, _changes(before_group, after, names, money)))

    before_group = before
    heading = None
    for step, after in zip(game.steps, states):
        k = (step.round, step.label, step.disc)
        if k != key:
            flush(before)
            if step.round != heading:
                out.append(f"\nRound {step.round}" if step.round else "\nSetup")
                heading = step.round
            key, lines, money, before_group = k, [], [0] * len(names), before
        lines.append(step.text)
        for e in own.get(step.index, []):
            money = [m + d for m, d in zip(money, e.money)]
        for e in automatic.get(step.index, []):
            flush(after)
            out.append(_group_text((step.round, "rules", None), [e.cause],
                                   _changes(after, after, names, e.money)))
            key, lines, money, before_group = None, [], [0] * len(names), after
        before = after
    flush(before)
    if game.final.finished:
        out.append("\nFinal scores: " + ", ".join(
            f"{r.name} {r.total_text}" for r in ranked(game.scores())))
    return "\n".join(out)


def ranking_text(rows) -> str:
    """Players by place, each with their score or its range where unknown colonies leave
    it open, and the places such a range allows: ``1. Ann 24, 2-3. Cleo 15-21, 2-3. Ben
    16``."""
    return ", ".join(f"{r.rank_text}. {r.name} {r.total_text}" for r in ranked(rows))



def _group_text(key, moves: list[str], changes: str) -> str:
    """A line of moves under the label its record's line has (``privilege``, as the record
    writes it, with the disc whose privilege it is: ``privilege   (Intrigue) Cleo uses``)."""
    _, label, disc = key
    whose = f"({DISC_NAMES[disc]}) " if label == "privilege" and disc in DISC_NAMES else ""
    text = f"  {label:<11} {whose}{'; '.join(moves)}"
    return text + (f"\n  {'':<11} -> {changes}" if changes else "")


def _changes(before, after, names, money) -> str:
    parts = [f"{name} {delta:+d}" for name, delta in zip(names, money) if delta]
    for kind in INDUSTRY_TYPES:
        if after.prices[kind] != before.prices[kind]:
            parts.append(f"{kind} {before.prices[kind]}->{after.prices[kind]}")
    return ", ".join(parts)


def score_lines(game: GameReplay) -> list[str]:
    """One game's score table, with ranges where unknown colonies leave the points open."""
    rows = game.scores()
    out = []
    if not game.complete:
        out.append(f"(provisional: the record ends in round {game.replay.current.round})")
    headers = ["", *[CATEGORY_NAMES[c] for c in CATEGORIES], "Total", "Money", "Rank"]
    table = [[r.name, *[_points(r, c) for c in CATEGORIES], _points(r, "total"),
              str(r.money), r.rank_text] for r in rows]
    widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(headers)]
    out.append("  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in
                         enumerate(zip(headers, widths))))
    for row in table:
        out.append("  ".join(v.rjust(w) if i else v.ljust(w) for i, (v, w) in
                             enumerate(zip(row, widths))))
    if any(r.ranges for r in rows):
        out.append("(a range such as 12-15: the points depend on colonies not revealed yet; "
                   "a rank such as 1-2: the places those points allow)")
    if game.range_budget.spent:
        out.append(f"(the search for exact ranges stopped after its budget of "
                   f"{RANGE_SECONDS:g} s of work for this record: a range past it is a safe "
                   "bound, true but maybe wider than the exact one)")
    return out


def _points(row, category: str) -> str:
    """A score cell: the points, or their range where unknown colonies could change them."""
    if category in row.ranges:
        lo, hi = row.ranges[category]
        return str(lo) if lo == hi else f"{lo}-{hi}"
    return str(getattr(row, category))


