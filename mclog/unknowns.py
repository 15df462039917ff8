"""Unknown cards as a constraint problem: which identities can the ``?`` cards have?

A record written from one seat leaves some cards unnamed.  A game engine follows each
as a *variable* whose value is the card's kind, and says what the record tells of them:

* ``fix(x, v)``: the card turned out to be ``v`` (a later move named it);
* ``same(new, old, known)``: the cards ``new`` are the cards ``old`` plus the named cards
  ``known``, in some order (a place whose cards are no longer told apart);
* ``at_most(xs, caps)``: among the cards ``xs``, at most ``caps[v]`` are a ``v`` (the
  deck holds only so many of a kind, R1 in Million Club);
* ``exactly(xs, counts)``: the cards ``xs`` are exactly ``counts`` (a reveal).

A record fits if and only if some assignment satisfies every constraint; a card is
*known* when every such assignment gives it the same value.  Both are answered by a
depth-first search with forward checking, one connected part of the problem at a time
(the cards of one round's Intrigue draft never meet another round's).  The domains are
small, and the search is bounded: past ``budget`` steps it raises ``TooHard`` rather
than running long.

This module knows no game: a value is any hashable.

>>> p = Problem()
>>> a, b = p.variable(("asia", "india")), p.variable(("asia", "india"))
>>> p.exactly([a, b], {"asia": 1, "india": 1}, tag="reveal")
>>> p.solve() is not None, sorted(p.possible()[a])
(True, ['asia', 'india'])
>>> p.fix(a, "india", tag="contract")
>>> p.possible()[b]
{'asia'}
>>> p.fix(b, "india", tag="swap")
>>> p.first_conflict()
'swap'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

#: Steps the search may take to find whether a record fits before it gives up (``TooHard``).
BUDGET = 200_000
#: Steps for each "can this card be that?" question; past it the answer is "maybe".
QUESTION_BUDGET = 5_000


class TooHard(Exception):
    """The search for identities took more than its budget of steps."""


@dataclass
class _Constraint:
    """``count(left, v) == count(right, v) + known[v]`` for every value (``kind="same"``),
    or ``count(left, v) <= caps[v]`` (``kind="at_most"``), or ``left[0] == value``."""

    kind: str
    left: tuple[int, ...]
    right: tuple[int, ...] = ()
    known: dict = field(default_factory=dict)
    tag: object = None


class Problem:
    """Variables with small domains, and the constraints that the record puts on them."""

    def __init__(self) -> None:
        self.domains: list[tuple[Hashable, ...]] = []
        self.constraints: list[_Constraint] = []
        self._possible: dict[int, set] | None = None

    # --- building --------------------------------------------------------------------

    def variable(self, domain: Iterable[Hashable]) -> int:
        self.domains.append(tuple(domain))
        self._possible = None
        return len(self.domains) - 1

    def _add(self, c: _Constraint) -> None:
        self.constraints.append(c)
        self._possible = None

    def fix(self, x: int, value: Hashable, tag: object = None) -> None:
        self._add(_Constraint("fix", (x,), known={value: 1}, tag=tag))

    def same(self, new: Sequence[int], old: Sequence[int], known: dict, tag: object = None) -> None:
        self._add(_Constraint("same", tuple(new), tuple(old), dict(known), tag))

    def exactly(self, xs: Sequence[int], counts: dict, tag: object = None) -> None:
        self._add(_Constraint("same", tuple(xs), (), dict(counts), tag))

    def at_most(self, xs: Sequence[int], caps: dict, tag: object = None) -> None:
        self._add(_Constraint("at_most", tuple(xs), known=dict(caps), tag=tag))

    # --- questions ---------------------------------------------------------------------

    def solve(self, upto: int | None = None, budget: int = BUDGET) -> dict[int, Hashable] | None:
        """One assignment that satisfies the first ``upto`` constraints (all by default),
        or ``None`` when there is none.  Raises ``TooHard`` past ``budget`` steps."""
        cons = self.constraints if upto is None else self.constraints[:upto]
        out: dict[int, Hashable] = {}
        for part in _parts(len(self.domains), cons):
            found = _Search(self.domains, part, budget).run()
            if found is None:
                return None
            out.update(found)
        return out

    def first_conflict(self, budget: int = BUDGET) -> object:
        """The tag of the first constraint after which no assignment remains (``None`` if
        every constraint can be met): the line of a record where it stops fitting."""
        if self.solve(budget=budget) is not None:
            return None
        lo, hi = 0, len(self.constraints)  # the first lo fit; the first hi do not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.solve(mid, budget) is None:
                hi = mid
            else:
                lo = mid
        return self.constraints[hi - 1].tag

    def possible(self, budget: int = QUESTION_BUDGET) -> dict[int, set]:
        """Every value each variable takes in some assignment (empty sets if none fits).

        A value the search could not settle within its budget counts as possible: a card
        is never shown as known unless it is.
        """
        if self._possible is not None:
            return self._possible
        seen: dict[int, set] = {x: set() for x in range(len(self.domains))}
        for part in _parts(len(self.domains), self.constraints):
            search = _Search(self.domains, part, BUDGET)
            first = search.run(prefer=seen)
            if first is None:
                continue
            for x, v in first.items():
                seen[x].add(v)
            for x in search.variables:
                for v in search.domain(x):
                    if v in seen[x]:
                        continue
                    try:
                        found = _Search(self.domains, part, budget).run(prefer=seen, force=(x, v))
                    except TooHard:
                        seen[x].add(v)
                        continue
                    if found is not None:
                        for y, w in found.items():
                            seen[y].add(w)
        self._possible = seen
        return seen


def _parts(n: int, constraints: Sequence[_Constraint]) -> list[list[_Constraint]]:
    """The constraints split into independent parts (no variable shared), with each
    part's variables; a variable under no constraint is a part of its own."""
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in constraints:
        xs = c.left + c.right
        for y in xs[1:]:
            a, b = find(xs[0]), find(y)
            if a != b:
                parent[a] = b
    groups: dict[int, list[_Constraint]] = {}
    for c in constraints:
        xs = c.left + c.right
        if xs:
            groups.setdefault(find(xs[0]), []).append(c)
        else:  # no variable: a count of known cards alone
            groups.setdefault(-1 - len(groups), []).append(c)
    bound = {find(x) for c in constraints for x in c.left + c.right}
    parts = list(groups.values())
    parts += [[_Constraint("free", (x,))] for x in range(n) if find(x) not in bound]
    return parts


class _Search:
    """Depth-first search over the variables of one part.

    Cards a move named come first, then the others from the last made to the first:
    the latest cards are the most constrained (a reveal says what a player ends with;
    a re-labelled place's cards are the older ones in some order), so settling them
    first lets each older card be checked at once against what its later self became.
    """

    def __init__(self, domains, constraints: list[_Constraint], budget: int) -> None:
        self.domains = domains
        self.cons = [c for c in constraints if c.kind != "free"]
        xs = sorted({x for c in constraints for x in c.left + c.right})
        self.variables = xs
        self.fixed: dict[int, Hashable] = {}
        self.empty = False
        for c in self.cons:
            if c.kind == "fix":
                (x,), (v,) = c.left, c.known
                if self.fixed.get(x, v) != v or v not in domains[x]:
                    self.empty = True
                self.fixed[x] = v
        self.budget = budget
        # the constraints each variable is in, with its side (0 left, 1 right)
        self.of: dict[int, list[tuple[int, int]]] = {x: [] for x in xs}
        for i, c in enumerate(self.cons):
            if c.kind == "fix":
                continue
            for x in c.left:
                self.of[x].append((i, 0))
            for x in c.right:
                self.of[x].append((i, 1))

    def domain(self, x: int) -> tuple:
        return (self.fixed[x],) if x in self.fixed else self.domains[x]

    def run(self, prefer: dict[int, set] | None = None, force: tuple | None = None):
        if self.empty:
            return None
        cons = [c for c in self.cons if c.kind != "fix"]
        index = {id(c): i for i, c in enumerate(self.cons)}
        # counts[i][side][v] and the unassigned count of each side
        counts = [[Counter(), Counter()] for _ in self.cons]
        unset = [[len(c.left), len(c.right)] for c in self.cons]
        for c in cons:  # a constraint that no assignment can meet is seen at once
            if c.kind == "same" and len(c.left) != len(c.right) + sum(c.known.values()):
                return None
            if c.kind == "same" and not c.left and not c.right:
                continue
            if not self._fits(c, counts[index[id(c)]], unset[index[id(c)]]):
                return None
        forced = force[0] if force is not None else None
        order = sorted(self.variables, key=lambda x: (x != forced, x not in self.fixed, -x))
        values: list[tuple] = []
        for x in order:
            dom = self.domain(x)
            if x == forced:
                dom = (force[1],) if force[1] in dom else ()
            # a value that breaks a constraint on its own is never tried
            dom = tuple(v for v in dom if self._alone(x, v, counts, unset))
            if not dom:
                return None
            if prefer is not None:  # values no assignment has shown yet first
                had = prefer.get(x, ())
                dom = tuple(sorted(dom, key=lambda v: v in had))
            values.append(dom)
        assignment: dict[int, Hashable] = {}
        steps = 0
        n = len(order)
        choice = [0] * n
        depth = 0
        while depth >= 0:
            if depth == n:
                return assignment
            x = order[depth]
            if choice[depth] > 0:  # undo the value tried last at this depth
                self._set(x, assignment.pop(x), counts, unset, -1)
            placed = False
            while choice[depth] < len(values[depth]):
                v = values[depth][choice[depth]]
                choice[depth] += 1
                steps += 1
                if steps > self.budget:
                    raise TooHard
                self._set(x, v, counts, unset, +1)
                if all(self._fits(self.cons[i], counts[i], unset[i]) for i, _ in self.of[x]):
                    assignment[x] = v
                    placed = True
                    break
                self._set(x, v, counts, unset, -1)
            if placed:
                depth += 1
                if depth < n:
                    choice[depth] = 0
            else:
                choice[depth] = 0
                depth -= 1
        return None

    def _alone(self, x: int, v, counts, unset) -> bool:
        self._set(x, v, counts, unset, +1)
        fits = all(self._fits(self.cons[i], counts[i], unset[i]) for i, _ in self.of[x])
        self._set(x, v, counts, unset, -1)
        return fits

    def _set(self, x: int, v, counts, unset, sign: int) -> None:
        for i, side in self.of[x]:
            counts[i][side][v] += sign
            unset[i][side] -= sign

    @staticmethod
    def _fits(c: _Constraint, count, unset) -> bool:
        left, right = count
        if c.kind == "at_most":
            room = 0
            for v, cap in c.known.items():
                have = left[v]
                if have > cap:
                    return False
                room += cap - have
            return sum(left.values()) <= sum(c.known.values()) and room >= unset[0]
        known = c.known
        for v in set(left) | set(right) | set(known):
            need = right[v] + known.get(v, 0)
            if left[v] > need + unset[1] or need > left[v] + unset[0]:
                return False
        return True
