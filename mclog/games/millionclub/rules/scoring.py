"""Final scoring (rulebook "Game End"; R20) and ranking (R21).

``score`` applies the final scoring to any state, so analysis can show a
*provisional* score during the game; after round 9 it is the final score.

>>> from mclog.games.millionclub.rules.cards import Industry
>>> consortia({"F": 4, "R": 3, "T": 2})   # rulebook example: 2 consortia
2
>>> ranks([(41, 12), (41, 9), (37, 30)])
[1, 2, 3]
>>> ranks([(41, 12), (41, 12), (37, 30)])
[1, 1, 3]
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace  # noqa: F401  (replace: the examples')
from typing import Final, NamedTuple

from mclog.engine import by_fields

from .cards import CONTINENTS, INDUSTRY_TYPES, is_handle
from .state import State

#: Score categories in the order of the score pad.
CATEGORIES: Final = (
    "industries", "market_leader", "consortium", "colonies", "dominance", "globalisation",
    "wealth",
)
#: The categories an unknown colony can change (R20 compares the continents held for them):
#: a seat's record may leave them open (``Score.ranges``); every other is certain.
COLONY_BONUSES: Final = ("dominance", "globalisation")
CATEGORY_NAMES: Final = {
    "industries": "Industry cards",
    "market_leader": "Market leader",
    "consortium": "Consortium",
    "colonies": "Colony cards",
    "dominance": "Dominance",
    "globalisation": "Globalisation",
    "wealth": "Wealth",
}


@dataclass(frozen=True, slots=True)
class Score:
    """One player's points by category, with total, money (the tie-break) and rank."""

    seat: int
    name: str
    industries: int
    market_leader: int
    consortium: int
    colonies: int
    dominance: int
    globalisation: int
    wealth: int
    money: int
    rank: int = 0
    #: Colonies whose continent is not known yet (``?`` before the reveal): they count
    #: as Colony cards, but dominance and globalisation leave them out until revealed.
    unknown: int = 0
    #: Where the score depends on unknown cards: ``{category: (lowest, highest)}`` over
    #: every identity the record allows them, ``"total"`` included (``score_range.py``),
    #: and ``"rank"``, the best and worst place, where they allow more than one
    #: (``places``); empty when exact.
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """The points; where unknown colonies leave them open, the lowest they can be (the
        total's own range, not the sum of each category's lowest)."""
        if "total" in self.ranges:
            return self.ranges["total"][0]
        return sum(getattr(self, c) for c in CATEGORIES)

    @property
    def exact(self) -> bool:
        """Whether the total is settled (a category may still show a range: unknown
        colonies can trade dominance for globalisation and leave the sum alone)."""
        low, high = self.total_range
        return low == high

    @property
    def total_text(self) -> str:
        """The total as every view writes it: ``12``, or its range ``12-15``."""
        low, high = self.total_range
        return str(low) if low == high else f"{low}-{high}"

    @property
    def total_range(self) -> tuple[int, int]:
        """The lowest and highest total the unknown cards allow (the total twice if exact)."""
        if "total" in self.ranges:
            return self.ranges["total"]
        total = self.total
        return total, total

    def range_of(self, category: str) -> tuple[int, int]:
        """The lowest and highest points of ``category`` the unknown cards allow (its
        value twice where the record settles it).

        >>> row = Score(0, "Ann", 8, 0, 0, 3, 0, 0, 1, 5, ranges={"dominance": (0, 3)})
        >>> row.range_of("dominance"), row.range_of("industries")
        ((0, 3), (8, 8))
        """
        value = getattr(self, category)
        return self.ranges.get(category, (value, value))

    @property
    def rank_range(self) -> tuple[int, int]:
        """The best and the worst place the unknown cards allow (``places``; the rank
        twice where the record settles it)."""
        return self.ranges.get("rank", (self.rank, self.rank))

    @property
    def rank_text(self) -> str:
        """The place as every view writes it: ``2``, or the places it allows ``1-2``."""
        best, worst = self.rank_range
        return str(best) if best == worst else f"{best}-{worst}"

    def as_dict(self) -> dict[str, int | str | dict[str, list[int]]]:
        out: dict[str, int | str | dict[str, list[int]]] = {"seat": self.seat,
                                                            "name": self.name}
        out.update({c: getattr(self, c) for c in CATEGORIES})
        out.update(total=self.total, money=self.money, rank=self.rank)
        if self.unknown:
            out["unknown"] = self.unknown
        if self.ranges:
            out["range"] = {c: list(r) for c, r in self.ranges.items()}
        return out

    def __reduce__(self) -> tuple[type, tuple]:
        return by_fields(self)   # (see mclog.engine.by_fields)


def sure_winners(rows: list[Score]) -> list[Score]:
    """Who wins whatever the unknown colonies are (R21: on equal points the richer; equal
    points and money share the place): the players ranked first when every score is
    exact; with ranges, the one player whose lowest total beats every rival's highest
    (money deciding a tie); else nobody (``[]``): the record does not tell yet.

    >>> a = Score(0, "Ann", 10, 0, 0, 2, 0, 0, 1, 5, ranges={"total": (13, 16)})
    >>> b = Score(1, "Ben", 9, 0, 0, 2, 0, 0, 1, 5)
    >>> [r.name for r in sure_winners([a, b])], [r.name for r in sure_winners([b])]
    (['Ann'], ['Ben'])
    >>> b2 = replace(b, industries=12)   # Ben 15: Ann could still be below him
    >>> sure_winners([a, b2])
    []
    >>> sure_winners([a, replace(b, industries=10)])   # Ben 13, as rich: a tie is possible
    []
    """
    if all(r.exact for r in rows):
        best = max((r.total, r.money) for r in rows)
        return [r for r in rows if (r.total, r.money) == best]
    for r in rows:
        low = (r.total_range[0], r.money)
        if all(low > (q.total_range[1], q.money) for q in rows if q is not r):
            return [r]
    return []


def consortia(counts: dict[str, int]) -> int:
    """Complete sets of all the kinds in ``counts`` (a consortium or a globalisation)."""
    return min(counts.values())


def ranks(keys: list[tuple[int, int]]) -> list[int]:
    """R21: rank by (points, money); equal keys share a place, the next place is skipped."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def places(row: Score, rows: list[Score]) -> tuple[int, int]:
    """The best and the worst place ``row``'s player can hold (R21) while unknown colonies
    leave totals open: ahead of every rival whose highest total is below their lowest,
    behind every rival whose lowest is above their highest, money deciding equal points.
    Each rival's range is taken on its own, so these are safe bounds; with every total
    exact both are the rank.

    >>> a = Score(0, "Ann", 10, 0, 0, 2, 0, 0, 1, 5, ranges={"total": (13, 16)})
    >>> b = Score(1, "Ben", 12, 0, 0, 2, 0, 0, 1, 5)         # 15
    >>> c = Score(2, "Cleo", 5, 0, 0, 2, 0, 0, 1, 5)         # 8
    >>> [places(r, [a, b, c]) for r in (a, b, c)]
    [(1, 2), (1, 2), (3, 3)]
    """
    return places_of([(row.total_range, row.money),
                      *((q.total_range, q.money) for q in rows if q is not row)])[0]


def places_of(totals: list[tuple[tuple[int, int], int]]) -> list[tuple[int, int]]:
    """``places`` of every row at once, each given as its total's range and its money:
    each range is read once, as a view of a game asks this at every step.

    >>> places_of([((13, 16), 5), ((15, 15), 5), ((8, 8), 5)])
    [(1, 2), (1, 2), (3, 3)]
    """
    out = []
    for seat, ((low, high), money) in enumerate(totals):
        best = worst = 1
        for other, ((their_low, their_high), their_money) in enumerate(totals):
            if other != seat:
                best += (their_low, their_money) > (high, money)
                worst += (their_high, their_money) > (low, money)
        out.append((best, worst))
    return out


def ranked(rows: list[Score]) -> list[Score]:
    """The rows in the order every view lists them: by the places a player can hold (the
    best, then the worst), then by rank (the lowest totals, then money: R21), then by the
    highest total."""
    return sorted(rows, key=lambda r: (r.rank_range, r.rank, -r.total_range[1], r.seat))


#: R20's wealth: a point for every so many millions (what is left over counts for none).
WEALTH_STEP: Final = 4

_TYPE_INDEX: Final = {kind: i for i, kind in enumerate(INDUSTRY_TYPES)}


def _leaders(counts: list[list[int]], kinds: int) -> list[int]:
    """R20 on lists: per kind, the one seat with strictly the most cards scores that many."""
    bonus = [0] * len(counts)
    for k in range(kinds):
        column = [row[k] for row in counts]
        best = max(column)
        if best > 0 and column.count(best) == 1:
            bonus[column.index(best)] += best
    return bonus


class Holdings(NamedTuple):
    """What one player's cards count for (R20), before any comparison with the others:
    the industries of each type, their value, the colonies of each continent and in all.
    Kept by a caller that counts a game again and again (``events.py``): a player whose
    cards did not change is not counted again."""

    industry_counts: list[int]   # by type, in ``INDUSTRY_TYPES`` order
    industry_value: int          # levels and Capital Increases
    colony_counts: list[int]     # by continent, in ``CONTINENTS`` order
    colonies: int                # every colony card held, unknown ones included


def holdings(state: State, seat: int) -> Holdings:
    """What ``seat``'s cards count for now."""
    counts = [0, 0, 0]
    value = 0
    for card in state.industries[seat]:
        counts[_TYPE_INDEX[card.kind]] += 1
        value += card.level + card.bonus
    held = state.colonies[seat]
    return Holdings(counts, value, [held[c] for c in CONTINENTS], sum(held.values()))


def points(state: State) -> list[dict[str, int]]:
    """Each player's points by category, as the final scoring would count them now.

    The lean form of ``score`` (no ranks, no objects): analysis calls it after
    every event of a game, so it counts on plain lists.
    """
    return points_of_holdings([holdings(state, seat) for seat in range(state.players)],
                              state.money)


def points_of_holdings(held: list[Holdings], money: list[int]) -> list[dict[str, int]]:
    """``points`` of what each player's cards count for (``holdings``) and their money."""
    leaders, dominance = bonuses(held)
    return [seat_points(h, leaders[seat], dominance[seat], money[seat])
            for seat, h in enumerate(held)]


def bonuses(held: list[Holdings]) -> tuple[list[int], list[int]]:
    """R20's bonuses of each player, which compare the players: the market leader's (by
    industry type) and the dominance (by continent)."""
    return leader_bonuses(held), dominance_bonuses(held)


def leader_bonuses(held: list[Holdings]) -> list[int]:
    """Each player's market leader bonus (R20): the industry counts of all players decide."""
    return _leaders([h.industry_counts for h in held], 3)


def dominance_bonuses(held: list[Holdings]) -> list[int]:
    """Each player's dominance bonus (R20): the colony counts of all players decide."""
    return _leaders([h.colony_counts for h in held], 5)


def seat_points(held: Holdings, leader: int, dominance: int, money: int) -> dict[str, int]:
    """One player's points by category: what their cards count for, their bonuses
    (``bonuses``) and their money."""
    return {
        "industries": held.industry_value,
        "market_leader": leader,
        "consortium": 2 * min(held.industry_counts),
        "colonies": held.colonies,
        "dominance": dominance,
        "globalisation": 2 * min(held.colony_counts),
        "wealth": money // WEALTH_STEP,
    }


def score(state: State) -> list[Score]:
    """Every player's score by category and rank, as the final scoring would count it now."""
    by_seat = points(state)
    totals = [sum(p.values()) for p in by_seat]
    places = ranks([(totals[seat], state.money[seat]) for seat in range(state.players)])
    return [
        Score(seat=seat, name=state.name(seat), industries=p["industries"],
              market_leader=p["market_leader"], consortium=p["consortium"],
              colonies=p["colonies"], dominance=p["dominance"],
              globalisation=p["globalisation"], wealth=p["wealth"],
              money=state.money[seat], rank=places[seat],
              unknown=sum(n for c, n in state.colonies[seat].items() if is_handle(c)))
        for seat, p in enumerate(by_seat)
    ]
