"""Joakim von Ankas fantastiska affärer
(``../shared/rules/joakim-von-ankas-fantastiska-affarer.en.txt``), the basic game and the
Business Sharks variant: its rules (``rules/``: moves, components (the board and card texts the rulebook does not
print) and the engine), its notation (``notation.py``, a verb table) and its drawing
(``board.py``).  Everything else (reading, writing, JSON, checks, the replay, the
recorder, simulation, the report, corpus rows) is the kit's (``mclog.kit``).

The record's tags: ``Players`` (clockwise; the first named plays first), ``Components``
(a component file beside the record, or ``illustrative``, the default), ``Limit`` (the
cash that wins, 1000 by default), ``Dividend`` (what the table does with "von Anka
demands a dividend": ``full``, ``cap``, ``out`` or ``once``) and ``Newspapers``
(``reshuffle``, or ``once``: the variant where the game ends when all 40 are drawn).
``Cash`` (each player's cash at the start, 0 by default: the rulebook deals none).
``Variant`` (``basic``, the default, or ``Business Sharks``).
``docs/joakim/format.md`` is the spec; ``docs/joakim/rules.md`` the readings J1...
"""

from __future__ import annotations

import dataclasses
import os

from mclog.errors import RecordError
from mclog.kit import KitGame, KitRecord
from mclog.protocol import GameOption
from mclog.record.framing import whole_number
from mclog.record.checks import written_as
from mclog.record.names import closest, seat_of, suggestion

from . import rules
from .component_files import load
from .notation import MILLIONS, VERBS, joins
from .rules.components import ComponentError
from .rules.engine import ANYONE
from .rules.moves import KINDS, Inspect, Peek, Tips
from .rules.sharks import deal_unseen, owed

TAGS = ("Components", "Limit", "Dividend", "Newspapers", "Cash", "Variant")


class Joakim(KitGame):
    name = "Joakim von Ankas fantastiska affärer"
    players = range(2, 6)   # (five pawns in the box)
    file_prefix = "joakim"
    round_word = "round"
    #: Another player's ADVANCE TIP is the one thing a seat cannot see (J18).
    hidden_information = True
    engine = rules.JoakimRules()
    verbs = VERBS
    joins = staticmethod(joins)
    tag_order = ("Game", "Event", "Site", "Date", "Players", *TAGS, "Seat", "Bots", "Seed")
    #: What the table counts: cash (less what the loans are repaid with, in the Business
    #: Sharks), not points.
    total_name = "cash"
    options = (
        GameOption("components", (), "illustrative",
                   "the component set: illustrative, or your box's component file"),
        GameOption("limit", (), "1000", "the cash that wins (the rulebook: 800, 1000, "
                                         "1500)"),
        GameOption("dividend", rules.DIVIDEND_RULES, "full",
                   "von Anka demands a dividend: full, cap (at 100), out, once"),
        GameOption("newspapers", rules.NEWSPAPER_RULES, "reshuffle",
                   "reshuffle, or once: 40 one-time newspapers, the most cash wins"),
        GameOption("cash", (), "0", "each player's cash at the start (the rulebook deals "
                                    "none)"),
        # (any text: the game reads it as the record's Variant tag is read, so the tag's
        # own 'Business Sharks' is taken too, and a slip is told its nearest variant)
        GameOption("variant", (), "basic",
                   "basic, or sharks: the Business Sharks variant"),
    )

    # --- the table a record sets -------------------------------------------------------

    table_tags = (*TAGS, "Seat")

    def table_tag(self, record: KitRecord, tag: str):
        value = record.tags.get(tag, "").strip()
        if tag == "Seat":
            return seat_of(value, record.names)
        if tag == "Components":
            try:
                return load(value, record.file)
            except ComponentError as exc:
                raise ValueError(str(exc)) from None
        if tag == "Limit":
            return _limit(value or str(rules.LIMIT))
        if tag == "Cash":
            return _cash(value or "0")
        if tag == "Variant":
            sharks = _variant(value)
            if sharks:
                _sharks_have_cards(self.table_tag(record, "Components"))
            return sharks
        choices = rules.DIVIDEND_RULES if tag == "Dividend" else rules.NEWSPAPER_RULES
        word = value.lower() or choices[0]
        if word not in choices:
            raise ValueError(f"'{value}' is not one of {', '.join(choices)}"
                             + suggestion(closest(word, choices)))
        return word

    def table(self, record: KitRecord) -> rules.Table:
        try:
            seat = self.table_tag(record, "Seat") if "Seat" in record.tags else None
            board, limit, dividend, newspapers, cash, sharks = (
                self.table_tag(record, tag) for tag in TAGS[:6])
            return rules.Table(record.names, board, limit, dividend, newspapers, cash, sharks,
                               seat=seat)
        except ValueError as exc:
            raise RecordError(str(exc), line=record.start_line, col=1, file=record.file,
                              code="header") from None

    def round_of(self, state) -> int:
        """A round: each player still in the game has moved once (the lucky crown's
        jumps aside)."""
        n = len(state.active()) or 1
        return (state.turns + n - 1) // n

    # --- what the table counts ---------------------------------------------------------

    def total_words(self, played):
        """Cash, and in the Business Sharks cash less what the loans are repaid with: a
        total that may be below 0, which 'cash' alone would not explain (J23)."""
        return "cash less loans" if played.final.table.sharks else "cash"

    def score_parts(self, state):
        """Cash: the first to show the limit in cash wins, and with one-time newspapers
        the most cash does (the properties are worth nothing at the end).  In the
        Business Sharks variant, less what the loans are repaid with (J23)."""
        if state.table.sharks:
            return [{"cash": p.cash, "loans": -owed(p)} for p in state.players]
        return [{"cash": p.cash} for p in state.players]

    def standing(self, state, points):
        """The winner first (the first to show the limit, or the last in the game), then
        by cash (less what the loans are repaid with, in the Business Sharks: J23), those
        who left the game last."""
        return [(seat == state.winner, not p.out, p.cash - owed(p))
                for seat, p in enumerate(state.players)]

    def money(self, state):
        return [p.cash for p in state.players]

    #: ``check values gold 7 oil 3``: the tray's market values, by kind.
    named_checks = {"values": KINDS}

    check_aliases = {"score": ("scores",), "values": ("value",),
                     "properties": ("property",), "loans": ("loan",), "tips": ("tip",)}

    @property
    def checks(self):
        return {"score": self.points, "money": self.money, "cash": self.money,
                "values": lambda s: s.values,
                "properties": lambda s: [sum(p.held(k) for k in KINDS) for p in s.players],
                "worth": lambda s: [p.cash - owed(p) + sum(p.held(k) * s.values[k]
                                                           for k in KINDS)
                                    for p in s.players],
                "loans": lambda s: [sum(p.loans) for p in s.players],
                "tips": lambda s: [p.hand for p in s.players]}

    def final_text(self, played):
        text = super().final_text(played)
        state = played.final
        if played.complete and state.winner is not None:
            who = played.record.names[state.winner]
            how = (f"shows {state.players[state.winner].cash} in cash (the limit is "
                   f"{state.table.limit})" if state.players[state.winner].cash >=
                   state.table.limit else "is the last in the game"
                   if len(state.active()) == 1 else "has the most cash")
            return f"{who} {how}. " + text
        return text

    def draw(self, state) -> str:
        from .board import table_html

        return table_html(state)

    def report_charts(self, played):
        from .analysis import sources_chart, wealth_chart
        from .board import value_chart

        return [("The market values (the six marker pins)", value_chart(played)),
                ("Cash (solid) and worth at market value (dotted)", wealth_chart(played)),
                ("Where each player's money came from", sources_chart(played))]

    # --- a review by rollouts --------------------------------------------------------

    review_bots = "trader"

    def outcome(self, state):
        """(cash less the loans' repayment, whether the seat won): the winner has the most,
        save where all the others left the game with none, and there the second part says
        who won.  (In the Business Sharks a player may hold more than the winner and not
        have won, a loan unpaid: ranked no higher than the winner, J23.)"""
        net = [p.cash - owed(p) for p in state.players]
        top = net[state.winner] if state.winner is not None else None
        return [(value if top is None or seat == state.winner else min(value, top),
                 seat == state.winner) for seat, value in enumerate(net)]

    def rollout_state(self, played, index, state, rng):
        """The position as a rollout plays on from it: a game without a component file
        cannot be played on (no card says what it does), and a peeked newspaper the
        record's seat did not see is any card of the pile."""
        from mclog.errors import ReviewError

        if state.board.inline:
            raise ReviewError("this game has no component file ([Components \"inline\"]): "
                              "without the cards' texts no game can be played on from it")
        unseen = sorted(c for c in state.news if c not in state.peeked)
        rng.shuffle(unseen)   # (each card of the pile as likely as another)
        state.peeked = [c if c is not None else unseen.pop() for c in state.peeked]
        if state.table.sharks:   # (the hands' unseen Affärstipskort, any of those left)
            deal_unseen(state, rng)
        # (a rollout sees every card: what the record's seat could not see is dealt)
        state.table = dataclasses.replace(state.table, seat=None)
        return state

    # --- a seat's record ---------------------------------------------------------------

    def seat_view(self, played, seat: int):
        """The record as ``seat``'s player writes it: another player's advance tip is
        ``?`` (the cards they peeked at), and so are the Affärstipskort another player
        draws, and those one player inspects in another's hand where ``seat`` is neither;
        everything else is shown to all."""
        return self.seat_record(played, seat, lambda move: _hidden(move, seat))

    # --- simulation and the recorder -----------------------------------------------------

    #: Random bots may trade for ever without reaching the limit: a simulated game stops
    #: there, in progress (the ``trader`` bots end theirs).
    simulation_limit = 20_000

    @property
    def bots(self):
        from .bots import TraderBot

        return {"trader": TraderBot}

    def option_tags(self, options, path=None):
        """The table's tags from ``--option name=value``, each checked; a component file
        given from the working folder is named as the record's folder sees it."""
        options = options or {}
        chosen = self.checked_options({o.name: options.get(o.name) for o in self.options})
        components = chosen["components"]
        try:
            board = load(components)
        except ComponentError as exc:
            raise ValueError(str(exc)) from None
        if board.inline and path is None:
            raise ValueError("a simulated game needs the cards' texts: 'inline' has none "
                             "(name a component file, or illustrative)")
        if path is not None and components != "illustrative" and \
                not os.path.isabs(components):
            components = os.path.relpath(os.path.abspath(components),
                                         os.path.dirname(os.path.abspath(path)))
        tags = {"Components": components, "Limit": str(_limit(chosen["limit"]))}
        if _variant(chosen["variant"]):
            tags["Variant"] = "Business Sharks"
            _sharks_have_cards(board)
        if chosen["dividend"] != "full":
            tags["Dividend"] = chosen["dividend"]
        if chosen["newspapers"] != "reshuffle":
            tags["Newspapers"] = chosen["newspapers"]
        if _cash(chosen["cash"]):
            tags["Cash"] = str(_cash(chosen["cash"]))
        return tags

    def answer_hint(self, played) -> str:
        """What to type at this decision, in the notation's words."""
        state = played.replay.current
        d = self.engine.decision(state)
        return (d and self.written(played, d.kind, state.tasks[0].player)) or \
            super().answer_hint(played)

    def written(self, played, kind, seat):
        words = {"place": ("place",), "start": ("start",), "value": ("value",),
                 "roll": ("roll", "crown"), "move": ("move",),
                 "trade": ("buy", "sell", "pass", "crown", "exercise"),
                 "news": ("news",), "joakim": ("joakim",), "club": ("club",),
                 "joakim die": ("home",), "choose": ("choose",), "peek": ("peek",),
                 "auction": ("sold", "unsold"), "swap": ("swap",), "take": ("take",),
                 "buy": ("buy", "pass"), "extra": ("draw", "pass"),
                 "change": ("change", "pass"), "option": ("option", "pass"),
                 "debt": ("sell", "deal"),
                 "tips": ("tips",), "end": ("tip", "repay", "deal", "inspect", "pass"),
                 "borrow": ("borrow", "pass"), "lot": ("lot",), "bid": ("bid", "pass"),
                 "raise": ("raise", "pass"), "rumour": ("disbelieve", "pass"),
                 "inline": ("values", "earn", "pay", "buy", "sell", "give", "get", "swap",
                            "take", "auction", "closed", "shuffle", "draw", "peek",
                            "option", "change", "crown")}.get(kind)
        if kind == "move" and played.replay.current.board.inline:
            words = ("land",)
        if kind == "roll" and played.replay.current.table.sharks:
            words = ("roll", "crown", "tip", "repay", "deal", "inspect")
        if kind == "inline" and played.replay.current.table.sharks:
            words = (*(words or ()), "borrow", "keep", "rumour", "interest", "lot")
        if not words:
            return None
        # (an auction is won, and a rumour disbelieved, by whoever does: not the player
        # whose square or card it is)
        anyone = kind in ANYONE
        return self.forms_hint(played, words, None if anyone else seat, anyone=anyone)


def _variant(text: str) -> bool:
    """Whether a ``Variant`` tag (or ``--option variant=``) names the Business Sharks."""
    word = " ".join(text.lower().replace("-", " ").split())
    if word in ("", "basic", "none"):
        return False
    if word in ("business sharks", "sharks", "business shark", "affärshajar"):
        return True
    meant = closest(word, {"basic": "basic", "business sharks": "Business Sharks"})
    raise ValueError(f"'{text}' is no variant of the game: basic, or Business Sharks"
                     + suggestion(meant))


def _sharks_have_cards(board) -> None:
    """The Business Sharks need the Affärstipskort's texts and the loan cards' split,
    from the component file, or the cards' effects written in the record (J30)."""
    if board.inline:
        return
    if not board.tips or not board.loans:
        raise ValueError("the Business Sharks variant needs the Affärstipskort's texts "
                         "and the loan cards' split ('tips' and 'loans'), and the "
                         f"component set {board.source} has no "
                         + ("Affärstipskort" if not board.tips else "loan cards") + " (J30)")


def _hidden(move, seat: int):
    """``move`` as ``seat``'s record writes it, where that seat did not see it (None:
    as it is)."""
    if isinstance(move, Peek) and move.player != seat:
        return Peek(move.player, None)
    if isinstance(move, Tips) and move.player != seat:
        return Tips(move.player, None, None, None)
    if isinstance(move, Inspect) and seat not in (move.player, move.other):
        return Inspect(move.player, move.other,
                       *(None if c else c for c in (move.first, move.second, move.third)))
    return None


def _sum(text: str) -> int | None:
    """A tag's sum of money: plain digits (``int()`` would take ``+800`` and ``٨٠٠``),
    a minus before them read so that the range can be told."""
    digits = text.strip()
    value = whole_number(digits.removeprefix("-"))
    return None if value is None else -value if digits.startswith("-") else value


def _sum_hint(text: str) -> str:
    """How a tag's sum is written, for one written another common way: ``1 000`` (its
    thousands set apart), ``1000M`` or ``1000 M`` (in millions, as the game counts)."""
    word = text.strip()
    joined = "".join(word.split())
    if joined != word and whole_number(joined) is not None:
        return f" (a number is written without a space in it: '{joined}')"
    return written_as(joined, set(), {}, MILLIONS)


def _limit(text: str) -> int:
    value = _sum(text)
    if value is None:
        raise ValueError(f"'{text}' is not a sum of money (the rulebook names 800, 1000 "
                         f"and 1500){_sum_hint(text)}")
    if not 1 <= value <= 1_000_000:
        raise ValueError(f"{value} cannot be the limit: 1 to 1000000")
    return value


def _cash(text: str) -> int:
    value = _sum(text)
    if value is None:
        raise ValueError(f"'{text}' is not a sum of money{_sum_hint(text)}")
    if not 0 <= value <= 1_000_000:
        raise ValueError(f"{value} cannot be the starting cash: 0 to 1000000")
    return value


GAME = Joakim()
