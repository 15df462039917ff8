"""Tidy pandas tables of a replayed game (one row per observation).

>>> import mclog
>>> from mclog.games.millionclub.analysis import final_scores
>>> game = mclog.replay(mclog.read_one("sample_games/millionclub/duel-2p.mclog"))
>>> final_scores(game)[["name", "total", "rank"]].to_dict("records")
[{'name': 'Zoe', 'total': 12, 'rank': 2}, {'name': 'Yann', 'total': 20, 'rank': 1}]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mclog.arguments import of_game
from mclog.lazy import LazyModule

from ..rules.board import DISC_NAMES
from ..rules.cards import CONTINENTS, DEPENDS_ON, INDUSTRY_TYPES
from ..rules.scoring import CATEGORIES, COLONY_BONUSES, WEALTH_STEP, Score
from ..events import events

if TYPE_CHECKING:
    import pandas as pd
else:
    pd = LazyModule("pandas")   # (imported at the first table: mclog.lazy)

#: The columns of the highest points of each category unknown colonies can change.
HIGHS = tuple(f"{c}_high" for c in COLONY_BONUSES)


def highs(score: Score) -> dict[str, int]:
    """The ``HIGHS`` columns of one player's ``score``: the highest each category may
    reach (its value where the record settles it)."""
    return {high: score.range_of(c)[1] for c, high in zip(COLONY_BONUSES, HIGHS)}


#: The Stock Exchange spreads: what a pawn in each sector earns (R17).
SPREADS = {f"spread_{k}": (k, DEPENDS_ON[k]) for k in INDUSTRY_TYPES}


def _who(names, seat) -> str:
    return "chance" if seat is None else names[seat]


def _actor(names, event) -> str:
    """Who caused an event: a player, "chance" (a draw), "setup", or "rules" (an automatic
    step such as the Stock Exchange settlement)."""
    if event.step == 0:
        return "setup"
    if event.actor is None:
        return "rules" if event.automatic else "chance"
    return names[event.actor]


@of_game
def timeline(game) -> pd.DataFrame:
    """One row per (step, player): where the game stands after every move.

    Step 0 is the state after setup.  Move columns: ``step``, ``round``,
    ``phase``, ``disc``, ``label``, ``actor`` (name, or "chance"), ``move``
    (its text), ``line`` (source line); player columns: ``player`` (name),
    ``seat``, ``money``, ``n_industries``, ``n_colonies`` (cards held),
    ``unknown_colonies``, each score category (``industries`` ... ``wealth``,
    in points), ``dominance_high`` and ``globalisation_high`` (what unknown colonies
    allow those two at most: the value itself where settled), ``total`` (the
    provisional score: the final scoring applied now); and the three prices
    ``price_F``, ``price_T``, ``price_R``.

    Scores are the game's own answer at each step (``GameReplay.score_at``): exact in
    hindsight where the whole record settles the colonies they depend on, else a range,
    ``total_low`` to ``total_high`` with ``exact`` False; ``total`` and a ranged category
    then hold their lowest (as ``final_scores`` does), and ``<category>_high`` its highest.
    (Before the end a category's range is a safe bound, not always its tightest: the
    total's is exact.)
    """
    names = game.record.table.names
    n = len(names)
    cols: dict[str, list] = {k: [] for k in (
        "step", "round", "phase", "disc", "label", "actor", "move", "line", "player", "seat",
        "money", "n_industries", "n_colonies", "unknown_colonies", *CATEGORIES,
        *HIGHS, "total", "total_low", "total_high", "exact", "price_F", "price_T", "price_R")}
    steps = [None, *game.steps]
    for step, state in zip(steps, game.replay.states()):
        index = step.index if step else 0
        rows = game.score_at(index, state)
        move_cols = (index, step.round if step else 0, step.phase if step else "setup",
                     DISC_NAMES.get(step.disc) if step and step.disc else None,
                     step.label if step else "setup", _who(names, step.actor) if step else "",
                     step.text if step else "", step.line if step else 0)
        for seat in range(n):
            for key, value in zip(("step", "round", "phase", "disc", "label", "actor", "move",
                                   "line"), move_cols):
                cols[key].append(value)
            held = state.colonies[seat]
            row = rows[seat]
            cols["player"].append(names[seat])
            cols["seat"].append(seat)
            cols["money"].append(state.money[seat])
            cols["n_industries"].append(len(state.industries[seat]))
            cols["n_colonies"].append(sum(held.values()))
            cols["unknown_colonies"].append(row.unknown)
            for c in CATEGORIES:
                cols[c].append(getattr(row, c))
            for high, value in highs(row).items():
                cols[high].append(value)
            lo, hi = row.total_range
            cols["total"].append(lo)
            cols["total_low"].append(lo)
            cols["total_high"].append(hi)
            cols["exact"].append(lo == hi)
            cols["price_F"].append(state.prices["F"])
            cols["price_T"].append(state.prices["T"])
            cols["price_R"].append(state.prices["R"])
    return pd.DataFrame(cols)


@of_game
def prices(game) -> pd.DataFrame:
    """One row per step: the three price markers and the Stock Exchange spreads.

    ``spread_F`` is F - R (a pawn on Factories), ``spread_R`` is R - T,
    ``spread_T`` is T - F (R17).  ``round_end`` marks the last step of each
    round, so ``df[df.round_end]`` is the prices at the end of every round.
    """
    rows = []
    steps = [None, *game.steps]
    for step, state in zip(steps, game.replay.states()):
        row = {"step": step.index if step else 0, "round": step.round if step else 0,
               "disc": DISC_NAMES.get(step.disc) if step and step.disc else None,
               "label": step.label if step else "setup",
               "F": state.prices["F"], "T": state.prices["T"], "R": state.prices["R"]}
        for name, (a, b) in SPREADS.items():
            row[name] = state.prices[a] - state.prices[b]
        rows.append(row)
    df = pd.DataFrame(rows)
    df["round_end"] = df["round"] != df["round"].shift(-1, fill_value=-1)
    return df


@of_game
def final_scores(game) -> pd.DataFrame:
    """One row per player: every category of the final scoring, total, money and rank.

    While unknown colonies could change a score, ``total_low`` and ``total_high`` give
    its exact range and ``exact`` is False (a ranged category shows its lowest, and
    ``dominance_high`` and ``globalisation_high`` the highest: a category may range
    where the total is exact, as colonies trade one bonus for the other);
    ``rank`` goes by the lowest totals, and ``rank_best`` and ``rank_worst`` are the
    places the ranges allow (``scoring.places``; both the rank where it is settled)."""
    rows = []
    for r in game.scores():
        lo, hi = r.total_range
        best, worst = r.rank_range
        rows.append({"name": r.name, "seat": r.seat, **{c: getattr(r, c) for c in CATEGORIES},
                     **highs(r), "total": r.total, "money": r.money, "rank": r.rank,
                     "unknown_colonies": r.unknown, "total_low": lo, "total_high": hi,
                     "rank_best": best, "rank_worst": worst, "exact": r.exact})
    return pd.DataFrame(rows)


@of_game
def attribution(game) -> pd.DataFrame:
    """Where every point came from: one row per (event, player, category) that changed.

    Each row credits ``points`` of ``player``'s score in ``category`` to a move
    (``step``, ``move``), its ``disc`` or phase, its ``round``, its ``actor``
    and, while an Intrigue card is carried out, the ``card``.  Automatic steps
    (the Stock Exchange settlement, a Racket) are rows of their own.  Wealth is
    credited as money / 4 with each money change, and the rounding down at the
    end is its own row (``category == "wealth rounding"``), so that the points
    of every player add up exactly to their final score:

        attribution(game).groupby("player").points.sum() == final totals

    ``actor`` is a player's name, or "chance", "rules" or "setup" for what no player
    decided; ``actor_is_player`` says which, as a field of its own (and no player may be
    called by those words).

    ``unknown`` marks the points that depend on colonies the record leaves open: the
    dominance and globalisation of an event after which the whole record does not settle
    the score (``Event.exact``; they are then counted with one naming of the colonies that
    fits the whole record, so that the rows still add up to the final score), and what a
    reveal added at the end if it found no such naming.  Every other row is exact in
    hindsight: a seat's record with its reveal credits a colony's dominance to the move
    that bought it, not to the reveal.
    """
    names = game.record.table.names
    rows = []
    evs = events(game)
    hidden = _has_unknown_colonies(game)
    for e in evs:
        by_seat = e.points
        for seat in range(len(names)):
            changes: dict[str, float] = {c: v for c, v in by_seat[seat].items()
                                         if c != "wealth" and v}
            if e.money[seat]:
                changes["wealth"] = e.money[seat] / 4
            for category, points in changes.items():
                rows.append({
                    "step": e.step, "round": e.round, "phase": e.phase,
                    "disc": DISC_NAMES.get(e.disc) if e.disc else e.label,
                    "label": e.label, "actor": _actor(names, e),
                    "actor_is_player": e.step > 0 and e.actor is not None, "card": e.card,
                    "move": e.cause, "automatic": e.automatic, "player": names[seat],
                    "category": category, "points": float(points),
                    "unknown": hidden and (e.label == "reveal" or (
                        not e.exact and category in COLONY_BONUSES))})
    final = game.final
    last = evs[-1]
    for seat, name in enumerate(names):
        rounding = final.money[seat] // WEALTH_STEP - final.money[seat] / WEALTH_STEP
        if rounding:
            rows.append({"step": last.step, "round": last.round, "phase": "game over",
                         "disc": "end", "label": "end", "actor": "", "card": None,
                         "actor_is_player": False,
                         "move": "wealth: 1 point per full 4 million", "automatic": True,
                         "player": name, "category": "wealth rounding", "points": rounding,
                         "unknown": False})
    return pd.DataFrame(rows, columns=[
        "step", "round", "phase", "disc", "label", "actor", "actor_is_player", "card", "move",
        "automatic", "player", "category", "points", "unknown"])


def _has_unknown_colonies(game) -> bool:
    """Whether the record leaves some colony unnamed (a ``?`` Colony card)."""
    domains = game.problem.domains
    return any(CONTINENTS[0] in domains[x] for x in game.variables.values())


@of_game
def money_flows(game) -> pd.DataFrame:
    """Every movement of money: ``payer`` -> ``payee`` (a player or "bank"), ``amount``
    (always positive), and its ``cause`` (the move or the automatic step).  ``bank`` says
    whether one side is the bank (a field of its own, never read from a name: no player
    may be called "bank")."""
    names = game.record.table.names
    rows = []
    for e in events(game)[1:]:
        changed = [(s, d) for s, d in enumerate(e.money) if d]
        base = {"step": e.step, "round": e.round,
                "disc": DISC_NAMES.get(e.disc) if e.disc else e.label,
                "actor": _actor(names, e), "card": e.card, "cause": e.cause}
        if len(changed) == 2 and changed[0][1] == -changed[1][1]:
            (a, da), (b, _) = changed
            payer, payee = (a, b) if da < 0 else (b, a)
            rows.append({**base, "payer": names[payer], "payee": names[payee],
                         "amount": abs(da), "bank": False})
            continue
        for seat, delta in changed:
            rows.append({**base, "payer": "bank" if delta > 0 else names[seat],
                         "payee": names[seat] if delta > 0 else "bank", "amount": abs(delta),
                         "bank": True})
    return pd.DataFrame(rows, columns=["step", "round", "disc", "actor", "card", "cause",
                                       "payer", "payee", "amount", "bank"])


@of_game
def points_by_disc(game) -> dict[tuple[str, str], float]:
    """``attribution(game)`` summed by (player, disc), without building the table:
    what ``corpus`` needs from each of many games."""
    names = game.record.table.names
    out: dict[tuple[str, str], float] = {}
    for e in events(game):
        disc = DISC_NAMES[e.disc] if e.disc else e.label
        by_seat = e.points
        for seat, name in enumerate(names):
            change = sum(v for c, v in by_seat[seat].items() if c != "wealth") \
                + e.money[seat] / 4
            if change:
                out[(name, disc)] = out.get((name, disc), 0) + change
    for seat, name in enumerate(names):
        money = game.final.money[seat]
        if money % WEALTH_STEP:
            out[(name, "end")] = out.get((name, "end"), 0) + money // WEALTH_STEP - \
                money / WEALTH_STEP
    return out
