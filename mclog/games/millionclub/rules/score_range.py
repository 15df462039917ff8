"""The range of each player's score while some colonies are unknown (issue 12).

Before the reveal, a record from one seat leaves rivals' colonies unnamed, and the
final scoring's dominance and globalisation depend on them.  The range given for a
score is exact: the lowest and the highest points over every identity of the unknown
colonies that fits the record (``mclog.unknowns``), found by CP-SAT with the scoring
written as sums (R20): for each continent, whether a player strictly leads it, and
then the cards of the lead; the complete sets of five continents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import CONTINENTS
from .scoring import COLONY_BONUSES, _leaders, points
from .state import State
from .unknown import is_handle

#: Seconds CP-SAT may take for one bound; past it the safe bound is kept.  (CP-SAT's
#: *deterministic* time, about a second of work on this kind of machine: the same record
#: gets the same ranges on a busy machine as on an idle one, issue 30.)
SECONDS = 5.0
#: Seconds a question is first given without presolve (most take milliseconds so; the
#: few that do not are asked again with it, which settles them at once).
QUICK_SECONDS = 0.05


def safe_ranges(state: State, can_be: dict[str, set]) -> list[dict[str, tuple[int, int]]]:
    """For each player, safe bounds of dominance and globalisation points over every
    identity the unknown colonies still held can have (``can_be[handle]``: the continents
    that handle may be): the true points always lie within, but the bounds are simple
    rather than tight (a player keeps a dominance for certain only if no rival could reach
    the same count; at best every unknown colony helps).  Where they meet, the points are
    certain and no search is needed; elsewhere ``exact_ranges`` narrows them.
    """
    n = state.players
    known = [[held[c] for c in CONTINENTS] for held in state.colonies]
    can = [[0] * 5 for _ in range(n)]
    count = [0] * n
    for seat, held in enumerate(state.colonies):
        for card, k in held.items():
            if k and is_handle(card):
                count[seat] += 1
                for i, c in enumerate(CONTINENTS):
                    if c in can_be.get(card, CONTINENTS):
                        can[seat][i] += 1
    if not any(count):
        return [{} for _ in range(n)]
    out = []
    for p in range(n):
        total = sum(known[p]) + count[p]
        lo_dom = hi_dom = 0
        for i in range(5):
            rivals_most = max((known[q][i] + can[q][i] for q in range(n) if q != p), default=0)
            rivals_least = max((known[q][i] for q in range(n) if q != p), default=0)
            if known[p][i] > rivals_most:
                lo_dom += known[p][i]
            best = known[p][i] + can[p][i]
            if best > rivals_least:
                hi_dom += best
        hi_dom = min(hi_dom, total)
        glob = (2 * min(known[p]), 2 * min(min(k + c for k, c in zip(known[p], can[p])),
                                          total // 5))
        ranges = {}
        if lo_dom != hi_dom:
            ranges["dominance"] = (lo_dom, hi_dom)
        if glob[0] != glob[1]:
            ranges["globalisation"] = glob
        out.append(ranges)
    return out


class ColonyScoring:
    """The final scoring of ``state`` as sums over its unknown colonies (R20).

    Every category but dominance and globalisation is certain whatever the unknown
    colonies are (a colony counts as a Colony card either way): ``base[p]``.  The two
    that depend on them are written twice, once in Python (``totals``: the points of
    one naming of the cards) and once as CP-SAT sums (``encode``), so that a ``check
    score`` is one condition for both searches of ``mclog.unknowns`` and a score's range
    is an optimum over the same model.
    """

    def __init__(self, state: State) -> None:
        self.n = n = state.players
        self.known = [[state.colonies[p][c] for c in CONTINENTS] for p in range(n)]
        self.held = [[h for h, k in state.colonies[p].items() for _ in range(k) if is_handle(h)]
                     for p in range(n)]
        self.points = points(state)
        self.base = [sum(v for c, v in row.items() if c not in COLONY_BONUSES)
                     for row in self.points]

    @property
    def handles(self) -> list[str]:
        """Every unknown colony held, each once (a handle is one card)."""
        return sorted({h for hs in self.held for h in hs})

    def points_if(self, kinds: dict[str, str]) -> list[dict[str, int]]:
        """Each player's points by category when every unknown colony ``h`` is a
        ``kinds[h]``."""
        counts = [list(row) for row in self.known]
        for p, hs in enumerate(self.held):
            for h in hs:
                counts[p][CONTINENTS.index(kinds[h])] += 1
        dominance = _leaders(counts, len(CONTINENTS))  # (R20, as ``points`` counts it)
        return [dict(self.points[p], dominance=dominance[p], globalisation=2 * min(counts[p]))
                for p in range(self.n)]

    def totals(self, kinds: dict[str, str]) -> list[int]:
        """Each player's total when every unknown colony ``h`` is a ``kinds[h]``."""
        return [sum(row.values()) for row in self.points_if(kinds)]

    def encode(self, model: Any, bools: dict[str, dict]) -> tuple[list, list]:
        """Add to ``model`` each player's dominance points and complete sets, given
        ``bools[h][c]``, the 0/1 variable "colony ``h`` is a ``c``"; returns both lists of
        integer variables (a total is ``base + dominance + 2 * sets``)."""
        n = self.n
        count = [[model.new_int_var(0, 30, "") for _ in CONTINENTS] for _ in range(n)]
        for p in range(n):
            for i, c in enumerate(CONTINENTS):
                model.add(count[p][i] == self.known[p][i]
                          + sum(bools[h][c] for h in self.held[p] if c in bools[h]))
        dominance, sets = [], []
        for p in range(n):
            gains = []
            for i in range(len(CONTINENTS)):
                lead = model.new_bool_var("")
                rivals = [q for q in range(n) if q != p]
                for q in rivals:  # leads: strictly more than every rival (R20)
                    model.add(count[p][i] >= count[q][i] + 1).only_enforce_if(lead)
                ties = []
                for q in rivals:  # or not: some rival has as many
                    tie = model.new_bool_var("")
                    model.add(count[q][i] >= count[p][i]).only_enforce_if(tie)
                    ties.append(tie)
                model.add_bool_or([lead, *ties])
                got = model.new_int_var(0, 30, "")  # the lead's cards, or 0: count x lead
                model.add(got == count[p][i]).only_enforce_if(lead)
                model.add(got == 0).only_enforce_if(~lead)
                gains.append(got)
            dom = model.new_int_var(0, 30, "")
            model.add(dom == sum(gains))
            least = model.new_int_var(0, 30, "")
            model.add_min_equality(least, count[p])
            dominance.append(dom)
            sets.append(least)
        return dominance, sets


def totals_rule(scoring: ColonyScoring, totals: dict[int, int]) -> tuple:
    """The condition "player ``p``'s total is ``totals[p]``" (a ``check score``) on the
    unknown colonies ``scoring.handles``, in that order: ``(holds, encode)``, the two sides
    of a ``mclog.unknowns.Rule``."""
    handles = scoring.handles

    def holds(values: tuple) -> bool:
        got = scoring.totals(dict(zip(handles, values)))
        return all(got[p] == v for p, v in totals.items())

    def encode(cp_model: Any, model: Any, bools: list[dict]) -> None:
        dominance, sets = scoring.encode(model, dict(zip(handles, bools)))
        for p, v in totals.items():
            model.add(scoring.base[p] + dominance[p] + 2 * sets[p] == v)

    return holds, encode


class Budget:
    """The work a record's ranges may take in all, in CP-SAT's deterministic seconds (the
    same on a busy machine as on an idle one): once it is spent, each bound not yet found
    is the safe one (``safe_ranges``), true but wider, and ``spent`` says so."""

    def __init__(self, seconds: float) -> None:
        self.left = seconds
        self.spent = False

    def allow(self, most: float) -> float:
        return max(0.0, min(most, self.left))

    def use(self, seconds: float) -> None:
        self.left -= seconds
        if self.left <= 0:
            self.spent = True

    def end(self) -> None:
        """Spend what is left: a search still running ends within its current question,
        each bound after it the safe one (a widget's search, when Python exits)."""
        self.use(self.left)


def _solve(cp: Any, model: Any, solver: Any, budget: Budget) -> Any:
    """Solve ``model`` as it stands, within ``budget``: first without presolve at the first
    linearisation level (a small model asked many times: most questions take milliseconds
    so), and where that does not settle it in a moment, with presolve, the second level
    and the full time (some models take seconds without them)."""
    for presolve, seconds in ((False, QUICK_SECONDS), (True, SECONDS)):
        solver.parameters.cp_model_presolve = presolve
        # (a lead is a sum that counts only where it is the largest: its LP relaxation is
        # weak at the first linearisation level, where a highest score is proven by
        # search, hundreds of milliseconds; the second level's cuts prove it in tens, but
        # cost every easy question some milliseconds more to set up)
        solver.parameters.linearization_level = 2 if presolve else 1
        solver.parameters.max_deterministic_time = budget.allow(seconds)
        if solver.parameters.max_deterministic_time <= 0:
            budget.spent = True
            return cp.UNKNOWN
        status = solver.solve(model)
        budget.use(solver.deterministic_time)
        if status in (cp.OPTIMAL, cp.INFEASIBLE):
            return status
    return status


def totals_settled(state: State, problem: Any, variables: dict[str, int],
                   example: dict[str, str] | None, budget: Budget | None = None
                   ) -> bool | None:
    """Whether every player's total in ``state`` is one number over every naming of its
    unknown colonies that fits the record: ``exact_ranges``'s totals all exact, asked as
    one question ("can any total differ from the example naming's?") where that takes a
    question per player or two.  An event's points are exact or not by this (issue 12:
    a five-player seat's record asks it of some thirty holdings of colonies).  ``None``:
    no example names every colony held (ask ``exact_ranges``); ``False`` also where the
    budget ran out before it was proven (as a safe bound is not exact)."""
    scoring = ColonyScoring(state)
    safe = _open(scoring, state, problem, variables)
    if safe is None:
        return True
    if example is None or any(h not in example for h in scoring.handles):
        return None
    budget = budget or Budget(float("inf"))
    if budget.left <= 0:
        budget.spent = True
        return False
    cp, model, solver, dominance, sets = _model(scoring, problem, variables)
    guess = scoring.points_if(example)
    differs = []
    for p in range(state.players):
        if safe[p]:   # (a player whose two categories the safe bounds fix cannot differ)
            other = model.new_bool_var("")
            model.add(dominance[p] + 2 * sets[p] != guess[p]["dominance"]
                      + guess[p]["globalisation"]).only_enforce_if(other)
            differs.append(other)
    model.add_bool_or(differs)
    return _solve(cp, model, solver, budget) == cp.INFEASIBLE


def _open(scoring: ColonyScoring, state: State, problem: Any, variables: dict[str, int]
          ) -> list[dict[str, tuple[int, int]]] | None:
    """The safe ranges of ``state``'s players (``safe_ranges``), or None where the unknown
    colonies held can change no player's points: nothing is left to search."""
    if not any(scoring.held):
        return None
    possible = problem.possible()
    safe = safe_ranges(state, {h: possible[x] for h, x in variables.items()})
    return safe if any(safe) else None


def _model(scoring: ColonyScoring, problem: Any, variables: dict[str, int]) -> tuple:
    """The CP-SAT model of the unknown colonies ``scoring`` holds, with each player's
    dominance points and complete sets: ``(cp_model, model, solver, dominance, sets)``."""
    xs = {h: variables[h] for h in scoring.handles}
    cp, model, solver, b = problem.cp_sat(xs.values())
    dominance, sets = scoring.encode(model, {h: b[x] for h, x in xs.items()})
    return cp, model, solver, dominance, sets


def _safe_row(certain: dict, safe: dict) -> dict[str, tuple[int, int]]:
    """A player's ranges from the safe bounds alone (``safe_ranges``)."""
    dom = safe.get("dominance", certain["dominance"])
    glob = safe.get("globalisation", certain["globalisation"])
    return {"dominance": dom, "globalisation": glob,
            "total": (dom[0] + glob[0], dom[1] + glob[1])}


def exact_ranges(state: State, problem: Any, variables: dict[str, int],
                 example: dict[str, str] | None = None,
                 categories: bool = True, budget: Budget | None = None,
                 ask_first: bool = True) -> list[dict[str, tuple]]:
    """For each player, ``{"dominance": (lo, hi), "globalisation": (lo, hi), "total": (lo,
    hi)}``: the lowest and highest points the unknown colonies still held in ``state`` allow
    in those two categories and in their sum (the other categories do not depend on them).

    ``example``: one naming of the unknown colonies that fits (``handle -> continent``),
    if the caller has one: a player whose points no other naming can change is then
    settled by one question ("can they differ?", with ``ask_first``) instead of a lowest
    and a highest.  Every naming met on the way (the example, each solver's answer) is a
    witness: a bound that a witness reaches and the safe bound allows is proven at once.
    ``budget``: the record's ``Budget``, shared by its calls (none: 5 seconds a bound).
    ``categories=False``: only the total's range is exact; where it is open, the two
    categories' are the safe bounds of ``safe_ranges`` (true, but not tight), at a third
    of the cost (a view of every step shows totals only).

    Every bound is exact or, where CP-SAT runs out of time, the safe bound of
    ``safe_ranges`` (never the solver's unproven bound clipped to nothing): a range always
    holds the truth."""
    n = state.players
    scoring = ColonyScoring(state)
    known = scoring.points
    certain = [{c: (known[p][c],) * 2 for c in COLONY_BONUSES} for p in range(n)]
    for row in certain:
        row["total"] = (row["dominance"][0] + row["globalisation"][0],) * 2
    safe = _open(scoring, state, problem, variables)
    if safe is None:
        return certain
    budget = budget or Budget(float("inf"))
    if budget.left <= 0:  # the record's work is spent: the safe bounds, at once
        budget.spent = True
        return [_safe_row(certain[p], safe[p]) for p in range(n)]
    cp, model, solver, dominance, sets = _model(scoring, problem, variables)
    if example is not None and any(h not in example for h in scoring.handles):
        example = None
    guess = scoring.points_if(example) if example is not None else None
    #: The lowest and highest points of each player met so far, by what they count:
    #: the total (dominance + globalisation) and each of the two.
    seen: dict[str, list[list[int | None]]] = {what: [[None, None] for _ in range(n)]
            for what in ("total", "dominance", "globalisation")}

    def witness(dom: list[int], glob: list[int]) -> None:
        for what, values in (("total", [d + g for d, g in zip(dom, glob)]),
                             ("dominance", dom), ("globalisation", glob)):
            met = seen[what]
            for p, v in enumerate(values):
                low, high = met[p]
                met[p] = [v if low is None else min(low, v), v if high is None else max(high, v)]

    if guess is not None:
        witness([g["dominance"] for g in guess], [g["globalisation"] for g in guess])

    def answered() -> None:  # (after a solve that found a naming)
        witness([solver.value(dominance[p]) for p in range(n)],
                [2 * solver.value(sets[p]) for p in range(n)])

    def solve() -> Any:
        return _solve(cp, model, solver, budget)

    def can_differ(expr: Any, value: int) -> bool:
        """Whether some fitting naming gives ``expr`` another value than ``value``."""
        model.clear_objective()
        other = model.new_bool_var("")
        model.add(expr != value).only_enforce_if(other)
        model.clear_assumptions()
        model.add_assumptions([other])
        status = solve()
        model.clear_assumptions()
        if status in (cp.OPTIMAL, cp.FEASIBLE):
            answered()
        return status != cp.INFEASIBLE  # (out of time: it may; ask for the bounds)

    def bounds(expr: Any, safe_lo: int, safe_hi: int,
               reached: Sequence[int | None] = (None, None)) -> tuple[int, int]:
        """The lowest and highest value of ``expr``; ``reached``: the lowest and highest a
        witness gave (a safe bound reached is proven without a search)."""
        found = []
        for sense, safe_bound, better, met in ((model.minimize, safe_lo, max, reached[0]),
                                               (model.maximize, safe_hi, min, reached[1])):
            if met == safe_bound:
                found.append(safe_bound)
                continue
            sense(expr)
            status = solve()
            if status in (cp.OPTIMAL, cp.FEASIBLE):
                answered()
            if status == cp.OPTIMAL:
                found.append(round(solver.objective_value))
            elif status == cp.FEASIBLE:  # out of time: the proven bound, within the safe one
                found.append(better(round(solver.best_objective_bound), safe_bound))
            else:
                found.append(safe_bound)
        return found[0], found[1]

    out = []
    for p in range(n):
        if not safe[p]:
            out.append(certain[p])
            continue
        dom_safe = safe[p].get("dominance", certain[p]["dominance"])
        glob_safe = safe[p].get("globalisation", certain[p]["globalisation"])
        total_expr = dominance[p] + 2 * sets[p]
        if guess is not None and ask_first:
            dom, glob = guess[p]["dominance"], guess[p]["globalisation"]
            if not can_differ(total_expr, dom + glob):
                if not can_differ(dominance[p], dom):
                    out.append({"total": (dom + glob,) * 2, "dominance": (dom, dom),
                                "globalisation": (glob, glob)})
                    continue
        total = bounds(total_expr, dom_safe[0] + glob_safe[0], dom_safe[1] + glob_safe[1],
                       tuple(seen["total"][p]))
        row = {"total": total}
        # (the total is the two categories' sum: where one of them is certain, the other's
        # range is the total's less it, exact without a search)
        if "globalisation" not in safe[p]:
            glob = glob_safe[0]
            row["dominance"], row["globalisation"] = (total[0] - glob, total[1] - glob), \
                glob_safe
        elif "dominance" not in safe[p]:
            dom = dom_safe[0]
            row["dominance"], row["globalisation"] = dom_safe, (total[0] - dom, total[1] - dom)
        elif not categories:
            row["dominance"], row["globalisation"] = dom_safe, glob_safe
        else:   # (each within the total less the other's safe bounds)
            row["dominance"] = bounds(
                dominance[p], max(dom_safe[0], total[0] - glob_safe[1]),
                min(dom_safe[1], total[1] - glob_safe[0]), tuple(seen["dominance"][p]))
            row["globalisation"] = bounds(
                2 * sets[p], max(glob_safe[0], total[0] - row["dominance"][1]),
                min(glob_safe[1], total[1] - row["dominance"][0]),
                tuple(seen["globalisation"][p]))
        out.append(row)
    return out
