"""Million Club's table on one screen, for the shared terminal recorder
(``mclog.recording.terminal``): round, disc, whose decision, every player's money,
industries and colonies, the prices, the pawns, the cards on offer, the last moves, and
the legal answers, numbered in columns (more than a screen's worth: Tab completes them).
"""

from __future__ import annotations

from mclog.recording import LISTED, in_columns
from ..rules.board import DISCS, ROMAN
from ..rules.cards import INDUSTRY_TYPES
from ..rules.unknown import is_handle


def summary(recording, listed: int = LISTED) -> str:
    """The table on one screen, and the numbered answers."""
    s = recording.state
    names = recording.names
    seat = names[recording.seat] if recording.seat is not None else "every seat"
    where = recording.where()
    out = [f"== {where} " + "=" * max(4, 48 - len(where)) + f" (recorded from {seat})"]
    roles = recording.record.table.roles
    shown = tuple(f"{n} ({r})" for n, r in zip(names, roles)) if any(roles) else names
    width = max(map(len, shown))   # (the alternative setup: each colour brings its role)
    for p, name in enumerate(shown):
        colonies = recording.reveal_known(names[p])
        industries = " ".join(str(c) for c in sorted(s.industries[p])) or "-"
        out.append(f"  {name:<{width}}  {s.money[p]:>3} million  industries {industries}"
                   f"  colonies {' '.join(colonies) or '-'}")
    out.append("  prices   " + "   ".join(f"{k} {s.prices[k]}" for k in INDUSTRY_TYPES))
    pawns = []
    for disc in DISCS:
        on = s.pawns.get(disc) or []
        if on:
            pawns.append(f"{ROMAN[disc]}: " + ", ".join(
                names[p] + (f" {sector}" if sector else "") for p, sector in on))
    if pawns:
        out.append("  pawns    " + " · ".join(pawns))
    if s.hand and s.phase == "resolve":
        out.append("  on offer " + ", ".join("?" if is_handle(c) else c for c in s.hand))
    last = recording.last_moves(4)
    if last:
        out.append("  last     " + " · ".join(last))
    out.append(f"  next     {recording.question()}")
    options = recording.answers()
    if 0 < len(options) <= listed:
        out += in_columns(options)
    elif options:
        out.append(f"  ({len(options)} answers: Tab completes them)")
    return "\n".join(out)


__all__ = ["summary"]
