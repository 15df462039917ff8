"""Unknown cards as a constraint problem: which identities can the ``?`` cards have?

A record written from one seat leaves some cards unnamed.  A game engine follows each
as a *variable* whose value is the card's kind, and says what the record tells of them:

* ``fix(x, v)``: the card turned out to be ``v`` (a later move named it);
* ``same(new, old, known)``: the cards ``new`` are the cards ``old`` plus the named cards
  ``known``, in some order (a place whose cards are no longer told apart);
* ``at_most(xs, caps)``: among the cards ``xs``, at most ``caps[v]`` are a ``v`` (the
  deck holds only so many of a kind, R1 in Million Club);
* ``exactly(xs, counts)``: the cards ``xs`` are exactly ``counts`` (a reveal);
* ``rule(xs, holds, encode)``: a condition the game states on the cards ``xs`` that no
  count says, such as a score the table counted (``check score``): ``holds(values)`` tells
  whether it holds once every card of ``xs`` is named, and ``encode`` writes the same
  condition into the CP-SAT model, so that both searches stay exact.

A record fits if and only if some assignment satisfies every constraint; a card is
*known* when every such assignment gives it the same value.  Both are answered one
connected part of the problem at a time (the cards of one round's Intrigue draft never
meet another round's), first by a quick depth-first search with propagation, which
settles nearly every record in a millisecond; a question it cannot settle in
``QUICK`` steps goes to OR-Tools' CP-SAT solver, which is exact (each card a set of
0/1 variables, each constraint a sum per kind).  Past ``SAT_SECONDS`` on one question
the problem raises ``TooHard`` rather than running long.

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

A game's own condition, written for both searches (here: the two cards differ):

>>> q = Problem()
>>> c, d = q.variable(("asia", "india")), q.variable(("asia", "india"))
>>> def differ(cp_model, model, bools):
...     for v in ("asia", "india"):
...         model.add(bools[0][v] + bools[1][v] <= 1)
>>> q.rule([c, d], Rule(lambda values: values[0] != values[1], differ), tag="count")
>>> q.fix(c, "asia", tag="named")
>>> q.possible()[d], q.part_fits()
({'india'}, True)
>>> q.fix(d, "asia", tag="named too")
>>> q.first_conflict()
'named too'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

#: Steps the quick search takes before the question goes to the CP-SAT solver.
QUICK = 2_000
#: The same for each "can this card be that?" question (there are many).
QUICK_QUESTION = 300
#: Seconds CP-SAT may take on one question before the record is "too hard" (``TooHard``).
SAT_SECONDS = 10.0


class TooHard(Exception):
    """The search for identities took more than its budget of steps."""


#: No known values: what a constraint that counts none holds (read, never written).
_NONE_KNOWN: Mapping[Any, int] = MappingProxyType({})


class _Constraint(NamedTuple):
    """``count(left, v) == count(right, v) + known[v]`` for every value (``kind="same"``),
    or ``count(left, v) <= caps[v]`` (``kind="at_most"``), or ``left[0] == value``, or a
    game's condition on the values of ``left`` (``kind="rule"``: ``rule``).  A named
    tuple, as every value here: made, read, never changed."""

    kind: str
    left: tuple[int, ...]
    right: tuple[int, ...] = ()
    known: Mapping[Any, int] = _NONE_KNOWN
    tag: object = None
    rule: Rule | None = None

    @property
    def condition(self) -> Rule:
        """The game's condition of a ``kind="rule"`` constraint."""
        if self.rule is None:
            raise TypeError(f"a {self.kind!r} constraint has no condition")
        return self.rule


class Rule(NamedTuple):
    """A condition on some cards' values that is not a count (``Problem.rule``).

    ``holds(values)``: whether it holds when the cards are ``values`` (in the order of the
    constraint's cards); asked only once every one of them is settled.
    ``encode(cp_model, model, bools)``: the same condition added to a CP-SAT ``model``,
    where ``bools[i][v]`` is the 0/1 variable "the i-th card is a ``v``".
    """

    holds: Callable[[tuple], bool]
    encode: Callable[[object, object, list[dict]], None]


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

    def rule(self, xs: Sequence[int], rule: Rule, tag: object = None) -> None:
        """The cards ``xs`` meet ``rule`` (a condition of the game's, see ``Rule``)."""
        self._add(_Constraint("rule", tuple(xs), tag=tag, rule=rule))

    def drop_last(self) -> None:
        """Take the last constraint back (a check found false, in lenient mode)."""
        self.constraints.pop()
        self._possible = None

    # --- questions ---------------------------------------------------------------------

    def solve(self, upto: int | None = None) -> dict[int, Hashable] | None:
        """One assignment that satisfies the first ``upto`` constraints (all by default),
        or ``None`` when there is none.  Raises ``TooHard`` past ``SAT_SECONDS``."""
        return self._solve(self.constraints if upto is None else self.constraints[:upto])

    def fits_without(self, upto: int, left_out: Callable[[object], bool]) -> bool:
        """Whether the first ``upto`` constraints fit once those whose tag ``left_out``
        picks are taken away: whether a conflict hangs on them (a table's count, which a
        later line contradicts, is told as the slip it may be).  Raises ``TooHard``."""
        return self._solve([c for c in self.constraints[:upto]
                            if not left_out(c.tag)]) is not None

    def _solve(self, cons: Sequence[_Constraint]) -> dict[int, Hashable] | None:
        out: dict[int, Hashable] = {}
        for part in _parts(len(self.domains), cons):
            found = _decide(self.domains, part, QUICK)
            if found is None:
                return None
            out.update(found)
        return out

    def part_fits(self, index: int = -1) -> bool:
        """Whether the part of the problem that constraint ``index`` (the last by default)
        belongs to has an assignment: the question a new condition asks, without solving
        the parts it does not touch (they are no different than before it).  Raises
        ``TooHard`` past ``SAT_SECONDS``."""
        c = self.constraints[index]
        for part in _parts(len(self.domains), self.constraints):
            if any(c is d for d in part):
                return _decide(self.domains, part, QUICK) is not None
        return True

    def first_conflict(self) -> object:
        """The tag of the first constraint after which no assignment remains (``None`` if
        every constraint can be met): the line of a record where it stops fitting."""
        index = self.first_conflict_index()
        return None if index is None else self.constraints[index].tag

    def first_conflict_index(self) -> int | None:
        """The position of that constraint in ``constraints`` (``None`` if all fit)."""
        if self.solve() is not None:
            return None
        lo, hi = 0, len(self.constraints)  # the first lo fit; the first hi do not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.solve(mid) is None:
                hi = mid
            else:
                lo = mid
        return hi - 1

    def kinds_at_fault(self, index: int) -> list[Hashable]:
        """For a count constraint (``at_most``) that is the first conflict: the values whose
        cap, one higher, would let the constraints up to it fit."""
        c = self.constraints[index]
        if c.kind != "at_most":
            return []
        found = []
        for v in c.known:
            relaxed = _Constraint("at_most", c.left, known={**c.known, v: c.known[v] + 1},
                                  tag=c.tag)
            self.constraints[index] = relaxed
            try:
                if self.solve(index + 1) is not None:
                    found.append(v)
            finally:
                self.constraints[index] = c
        return found

    def possible(self) -> dict[int, set]:
        """Every value each variable takes in some assignment (empty sets if none fits).

        A value no answer could be had for within ``SAT_SECONDS`` counts as possible: a
        card is never shown as known unless it is.
        """
        if self._possible is not None:
            return self._possible
        seen: dict[int, set] = {x: set() for x in range(len(self.domains))}
        for part in _parts(len(self.domains), self.constraints):
            search = _Search(self.domains, part, QUICK)
            sat = _Sat(self.domains, part)
            try:
                first = _decide(self.domains, part, QUICK, sat=sat)
            except TooHard:
                first = None
                for x in search.variables:
                    seen[x].update(search.domain(x))
            if first is None:
                continue
            for x, v in first.items():
                seen[x].add(v)
            for x in search.variables:
                for v in search.domain(x):
                    if v in seen[x]:
                        continue
                    try:
                        found = _decide(self.domains, part, QUICK_QUESTION, prefer=seen,
                                        force=(x, v), sat=sat)
                    except TooHard:
                        seen[x].add(v)
                        continue
                    if found is not None:
                        for y, w in found.items():
                            seen[y].add(w)
        self._possible = seen
        return seen


    def cp_sat(self, variables: Iterable[int] = ()):
        """The whole problem as a CP-SAT model, for a caller that adds its own sums and
        optimises them (the range of a score): ``(cp_model, model, solver, vars)`` where
        ``vars[x][v]`` is the 0/1 variable "card ``x`` is a ``v``".  ``variables`` are made
        even if no constraint names them."""
        variables = set(variables)
        parts = _parts(len(self.domains), self.constraints)
        wanted = [c for part in parts if any(x in variables for c in part
                                             for x in c.left + c.right) for c in part]
        sat = _Sat(self.domains, wanted, extra=variables)
        sat._build()
        return sat.cp, sat.model, sat.solver, sat.vars


def _decide(domains, part, budget: int, prefer=None, force=None, sat=None):
    """An assignment of ``part`` (with ``force``'s value), or ``None``: the quick search
    first, CP-SAT when the quick search runs out of steps."""
    try:
        return _Search(domains, part, budget).run(prefer=prefer, force=force)
    except TooHard:
        return (sat or _Sat(domains, part)).solve(force)


class _Sat:
    """The same part as a CP-SAT model (built on first use, then asked with assumptions):
    a 0/1 variable per card and kind, exactly one kind per card, and a sum per kind for
    each constraint."""

    def __init__(self, domains, part: list[_Constraint], extra: Iterable[int] = ()) -> None:
        self.domains, self.part, self.extra = domains, part, tuple(extra)
        self.model: Any = None   # (ortools' model, built on first use)

    def _build(self) -> None:
        from ortools.sat.python import cp_model

        m = cp_model.CpModel()
        xs = sorted({x for c in self.part for x in c.left + c.right} | set(self.extra))
        b = {x: {v: m.new_bool_var(f"x{x}={v}") for v in self.domains[x]} for x in xs}
        for bs in b.values():
            m.add_exactly_one(bs.values())
        for c in self.part:
            if c.kind == "fix":
                (x,), (v,) = c.left, c.known
                m.add(b[x][v] == 1) if v in b[x] else m.add_bool_or([])
            elif c.kind == "rule":
                c.condition.encode(cp_model, m, [b[x] for x in c.left])
            elif c.kind in ("same", "at_most"):
                values = set(c.known)
                for x in c.left + c.right:
                    values |= set(b[x])
                for v in values:
                    left = sum(b[x][v] for x in c.left if v in b[x])
                    right = sum(b[y][v] for y in c.right if v in b[y]) + c.known.get(v, 0)
                    m.add(left == right) if c.kind == "same" else m.add(left <= right)
        self.model, self.vars, self.cp = m, b, cp_model
        self.solver = cp_model.CpSolver()
        self.solver.parameters.num_workers = 1
        # (deterministic time: the same record gets the same answer on a busy machine)
        self.solver.parameters.max_deterministic_time = SAT_SECONDS

    def solve(self, force=None):
        if self.model is None:
            self._build()
        m, cp = self.model, self.cp
        m.clear_assumptions()
        if force is not None:
            x, v = force
            if v not in self.vars[x]:
                return None
            m.add_assumptions([self.vars[x][v]])
        status = self.solver.solve(m)
        if status in (cp.OPTIMAL, cp.FEASIBLE):
            return {x: next(v for v, var in bs.items() if self.solver.value(var))
                    for x, bs in self.vars.items()}
        if status == cp.INFEASIBLE:
            return None
        raise TooHard


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
    """Depth-first search with constraint propagation over the variables of one part.

    Each variable keeps the values it can still take.  Taking a value for one card
    narrows the others at once: a kind whose deck count is reached is struck from every
    other card out at that moment; a place's cards and their re-labelled selves keep
    the same counts; a reveal's last cards must be what is left of it.  The next card
    tried is the one with the fewest values left (the latest made, on a tie: the most
    constrained), so that a record that does not fit is found out early.
    """

    def __init__(self, domains, constraints: list[_Constraint], budget: int) -> None:
        self.cons = [c for c in constraints if c.kind in ("same", "at_most", "rule")]
        xs = sorted({x for c in constraints for x in c.left + c.right})
        self.variables = xs
        self.rank = {x: {v: i for i, v in enumerate(domains[x])} for x in xs}
        start = {x: frozenset(domains[x]) for x in xs}
        for c in constraints:
            if c.kind == "fix":
                (x,), (v,) = c.left, c.known
                start[x] = start[x] & {v}
        self.start = start
        self.budget = budget
        self.of: dict[int, list[int]] = {x: [] for x in xs}
        for i, c in enumerate(self.cons):
            for x in set(c.left + c.right):
                self.of[x].append(i)

    def domain(self, x: int) -> tuple:
        rank = self.rank[x]
        return tuple(sorted(self.start[x], key=lambda v: rank[v]))

    # --- the search -------------------------------------------------------------------

    def run(self, prefer: dict[int, set] | None = None, force: tuple | None = None):
        self.dom = dict(self.start)
        if force is not None:
            x, v = force
            self.dom[x] = self.dom[x] & {v}
        if any(not d for d in self.dom.values()):
            return None
        for c in self.cons:
            if c.kind == "same" and len(c.left) != len(c.right) + sum(c.known.values()):
                return None
        self.trail: list[tuple[int, frozenset]] = []
        self.single: list[Counter] = [Counter() for _ in self.cons]  # at_most: cards settled per kind
        for i, c in enumerate(self.cons):
            if c.kind == "at_most":
                for x in c.left:
                    if len(self.dom[x]) == 1:
                        self.single[i][next(iter(self.dom[x]))] += 1
        self.prefer = prefer or {}
        self.steps = 0
        if not self._propagate(list(range(len(self.cons)))):
            return None
        return self._dfs()

    def _dfs(self) -> dict | None:
        dom = self.dom
        best, key = None, None
        for x in self.variables:
            n = len(dom[x])
            if n > 1 and (key is None or (n, -x) < key):
                best, key = x, (n, -x)
        if best is None:
            return {x: next(iter(d)) for x, d in dom.items()}
        x = best
        had = self.prefer.get(x, ())
        rank = self.rank[x]
        for v in sorted(dom[x], key=lambda v: (v in had, rank[v])):
            self.steps += 1
            if self.steps > self.budget:
                raise TooHard
            mark = len(self.trail)
            queue: list[int] = []
            if self._narrow(x, frozenset((v,)), queue) and self._propagate(queue):
                found = self._dfs()
                if found is not None:
                    return found
            self._undo(mark)
        return None

    # --- propagation ---------------------------------------------------------------------

    def _narrow(self, x: int, new: frozenset, queue: list[int]) -> bool:
        old = self.dom[x]
        if new == old:
            return True
        if not new:
            return False
        self.trail.append((x, old))
        self.dom[x] = new
        if len(new) == 1:
            (v,) = new
            for i in self.of[x]:
                if self.cons[i].kind == "at_most":
                    self.single[i][v] += 1
        queue.extend(self.of[x])
        return True

    def _undo(self, mark: int) -> None:
        trail, dom = self.trail, self.dom
        while len(trail) > mark:
            x, old = trail.pop()
            if len(dom[x]) == 1:
                (v,) = dom[x]
                for i in self.of[x]:
                    if self.cons[i].kind == "at_most":
                        self.single[i][v] -= 1
            dom[x] = old

    def _propagate(self, queue: list[int]) -> bool:
        pending = set(queue)
        queue = list(pending)
        while queue:
            i = queue.pop()
            pending.discard(i)
            more: list[int] = []
            kind = self.cons[i].kind
            ok = (self._at_most(i, more) if kind == "at_most" else
                  self._rule(i) if kind == "rule" else self._same(i, more))
            if not ok:
                return False
            for j in more:
                if j not in pending:
                    pending.add(j)
                    queue.append(j)
        return True

    def _at_most(self, i: int, queue: list[int]) -> bool:
        c, single, dom = self.cons[i], self.single[i], self.dom
        for v, n in list(single.items()):
            cap = c.known.get(v, 0)
            if n > cap:
                return False
            if n == cap:  # the deck's last card of this kind is out: no other card is one
                for y in c.left:
                    d = dom[y]
                    if len(d) > 1 and v in d and not self._narrow(y, d - {v}, queue):
                        return False
        return True

    def _rule(self, i: int) -> bool:
        """A game's condition: checked once every one of its cards is settled."""
        c, dom = self.cons[i], self.dom
        values: list = []
        for x in c.left:
            d = dom[x]
            if len(d) != 1:
                return True
            values.extend(d)
        return c.condition.holds(tuple(values))

    def _same(self, i: int, queue: list[int]) -> bool:
        c, dom = self.cons[i], self.dom
        sides = (c.left, c.right)
        # lo[side][v]: cards of that side settled as v; hi[side][v]: cards that may be v
        lo: tuple[dict, dict] = ({}, dict(c.known))
        hi: tuple[dict, dict] = ({}, dict(c.known))
        for side, xs in enumerate(sides):
            low, high = lo[side], hi[side]
            for x in xs:
                d = dom[x]
                if len(d) == 1:
                    for v in d:
                        low[v] = low.get(v, 0) + 1
                for v in d:
                    high[v] = high.get(v, 0) + 1
        for v in hi[0].keys() | hi[1].keys():
            for side, other in ((0, 1), (1, 0)):
                mine, theirs = lo[side].get(v, 0), hi[other].get(v, 0)
                if mine > theirs:
                    return False
                xs = sides[side]
                if mine == theirs:  # no more of this kind on this side
                    for x in xs:
                        d = dom[x]
                        if len(d) > 1 and v in d and not self._narrow(x, d - {v}, queue):
                            return False
                need = lo[other].get(v, 0)
                if need > mine and need == hi[side].get(v, 0):
                    # every card of this side that can be one must be one
                    for x in xs:
                        d = dom[x]
                        if len(d) > 1 and v in d and not self._narrow(x, frozenset((v,)), queue):
                            return False
        return True
