"""Cartel (``../shared/rules/cartel.en.txt``): its rules (``rules/``: moves, components
(the board the rulebook does not print) and the engine), its notation (``notation.py``, a
verb table), its drawing (``board_svg.py``), its bots and its analysis.
Everything else (reading, writing, JSON, checks, the replay, the recorder, simulation,
the report, corpus rows) is the kit's (``mclog.kit``).

The record's tags: ``Players`` (clockwise), ``Treasurer`` (a player's name; the last
player when absent, so the first named plays first), ``Components`` (a component file
beside the record, or ``illustrative``, the default), ``Advanced`` (the Advanced Cartel
rules in play: ``repurchase, raising, defensive``), and ``Seat`` (the player the record
is written from, for a record with ``?``).  ``docs/cartel/format.md`` is the spec.
"""

from __future__ import annotations

import dataclasses
import os
import re

from mclog.errors import RecordError
from mclog.kit import KitGame, KitRecord
from mclog.kit.notation import MoveEntry
from mclog.protocol import GameOption
from mclog.record.names import closest, seat_of, suggestion

from . import rules
from .component_files import load
from .rules.components import ComponentError
from .rules.moves import Draw
from .notation import MILLIONS, VERBS, joins

ADVANCED_WORDS = {"repurchase": "repurchase", "stock repurchase": "repurchase",
                  "raising": "raising", "raising cash": "raising",
                  "defensive": "defensive", "defensive discarding": "defensive",
                  "trading": "trading", "trading company cards": "trading"}


def advanced_rules(text: str) -> frozenset[str]:
    """The Advanced rules an ``Advanced`` tag names (``ValueError`` in words)."""
    out = set()
    for part in text.split(","):
        word = " ".join(part.lower().split())
        if not word or word == "none":
            continue
        if word not in ADVANCED_WORDS:
            named = [w for w in re.split(r"[\s;/&+]+", word) if w in ADVANCED_WORDS]
            if len(named) > 1:   # (``defensive raising``: several, set apart otherwise)
                raise ValueError(f"'{part.strip()}': commas set the rules apart "
                                 f"('{', '.join(named)}')")
            raise ValueError(f"'{part.strip()}' is no Advanced Cartel rule (they are "
                             "repurchase, raising, defensive, trading)"
                             + suggestion(closest(word, ADVANCED_WORDS)))
        out.add(ADVANCED_WORDS[word])
    return frozenset(out)


class Cartel(KitGame):
    name = "Cartel"
    players = range(2, 5)
    units = MILLIONS   # (its sums are millions: a table may write $15M)
    total_name = "worth"
    file_prefix = "cartel"
    round_word = "year"
    hidden_information = True
    engine = rules.CartelRules()
    verbs = VERBS
    joins = staticmethod(joins)
    tag_order = ("Game", "Event", "Site", "Date", "Players", "Treasurer", "Components",
                 "Advanced", "Seat", "Bots", "Seed")
    options = (
        GameOption("components", (), "illustrative",
                   "the component set: illustrative, or your board's component file"),
        GameOption("advanced", (), "none",
                   "the Advanced Cartel rules in play, with commas: repurchase, raising, "
                   "defensive, trading (or none)"),
    )

    # --- the table a record sets -------------------------------------------------------

    table_tags = ("Treasurer", "Components", "Advanced", "Seat")

    def table_tag(self, record: KitRecord, tag: str):
        value = record.tags.get(tag, "")
        if tag in ("Treasurer", "Seat"):
            return seat_of(value, record.names)
        if tag == "Components":
            try:
                return load(value, record.file)
            except ComponentError as exc:
                raise ValueError(str(exc)) from None
        return advanced_rules(value)

    def table(self, record: KitRecord) -> rules.Table:
        try:
            names = record.names
            treasurer = self.table_tag(record, "Treasurer") if "Treasurer" in record.tags \
                else len(names) - 1
            board = self.table_tag(record, "Components")
            advanced = self.table_tag(record, "Advanced")
            seat = self.table_tag(record, "Seat") if "Seat" in record.tags else None
        except ValueError as exc:
            raise RecordError(str(exc), line=record.start_line, col=1, file=record.file,
                              code="header") from None
        return rules.Table(names, treasurer, board, advanced, seat)

    def round_of(self, state) -> int:
        return 0 if state.stage == "setup" else state.year

    # --- what the table counts ---------------------------------------------------------

    def score_parts(self, state):
        """Each Cartel's worth by part: money, companies (printed values), unsold stock
        (blocks at the stock price) and bonds (repayment prices, taken off)."""
        board = state.board
        return [{"cash": c.money,
                 "companies": sum(board.companies[w].value for w in c.companies),
                 "stock": c.blocks * c.price,
                 "bonds": -sum(c.repay)} for c in state.cartels]

    def money(self, state):
        return [c.money for c in state.cartels]

    check_aliases = {"score": ("scores",), "price": ("prices",), "profits": ("profit",)}

    @property
    def checks(self):
        return {"score": self.points, "worth": self.points, "money": self.money,
                "cash": self.money,   # (as a payment's key says it: 'pay Ann cash 10')
                "profits": lambda s: [c.profits + c.new for c in s.cartels],
                "price": lambda s: [c.price for c in s.cartels]}

    def draw(self, state) -> str:
        from .board_svg import table_html

        return table_html(state)

    def step_players(self, played, index):
        from .board_svg import player_lines

        return player_lines(played.state(index))

    # --- the report and the corpus ------------------------------------------------------

    def report_charts(self, played):
        from .analysis import timeline
        from .charts import (companies_chart, money_chart, price_chart, profits_chart,
                             worth_chart)

        line = timeline(played)  # (one pass over the states serves both charts)
        return [("The stock prices (each Cartel's price marker)", price_chart(played, line)),
                ("Money over the game", money_chart(played, line)),
                ("Profits paid at each year's end", profits_chart(played)),
                ("The worth by part (bonds' repayment below zero)", worth_chart(played)),
                ("What the companies brought: own, Bonus and Special Profits",
                 companies_chart(played))]

    def corpus_schema(self):
        from .analysis import CORPUS_EXTRA

        base = super().corpus_schema()
        return {table: base[table] + CORPUS_EXTRA.get(table, []) for table in base}

    def corpus_rows(self, played, game_id, source):
        from .analysis import corpus_rows

        return corpus_rows(played, game_id, source)

    # --- a review by rollouts --------------------------------------------------------

    review_bots = "profit"

    def rollout_state(self, played, index, state, rng):
        """The position with every card the seat did not see drawn among those the record
        allows (``rules.engine.deal_unseen``: each such deal equally likely), and seen by
        every seat from then on: a rollout is a game of full information.  (Left as the
        record's seat, it dealt every card another player drew later unseen, and the
        rollouts of an even position from Ann's record gave Ben 98 games of 100.)"""
        from .rules.engine import deal_unseen

        deal_unseen(state, rng)
        state.table = dataclasses.replace(state.table, seat=None)
        return state

    def options_known(self, played, index, seat):
        """Not where the player's hand holds cards the record's seat did not see."""
        cartel = played.state(index).cartels[seat]
        return not (cartel.dealt_unseen or cartel.drawn_unseen)

    # --- a seat's record ---------------------------------------------------------------

    def seat_view(self, played, seat: int):
        """The record as ``seat``'s player writes it: every card another player draws is
        ``?`` (the Private Offerings dealt to them included); what is bought, offered or
        discarded is seen by all.

        A record that does not name a card of that seat's own (``draw Ann ?``: it is
        written from another seat) does not hold what the seat saw, and the seat's record
        would be refused (C23): that is said at the card, code ``seat``, and nothing is
        made."""
        record = played.record
        for entry in record.entries:
            move = entry.move if isinstance(entry, MoveEntry) else None
            if isinstance(move, Draw) and move.player == seat and move.company is None:
                name, written = record.names[seat], record.tags.get("Seat")
                whose = f"it is written from {written}'s seat" if written else \
                    "it does not say what they drew"
                raise record.error(
                    f"{name}'s record cannot be made from this one: {name}'s own card is ? "
                    f"here ({whose}), and {name}'s record names every card {name} draws "
                    "(C23)", entry.line, entry.col, code="seat")
        return self.seat_record(played, seat, lambda move: Draw(move.player, None) if
                                isinstance(move, Draw) and move.player != seat else None)

    # --- simulation and the recorder -----------------------------------------------------

    @property
    def bots(self):
        from .bots import ProfitBot, ThriftyBot

        return {"profit": ProfitBot, "thrifty": ThriftyBot}

    def recorder_questions(self):
        """Every game's, and who the Treasurer is (who deals, and plays last: C1)."""
        players, *rest = super().recorder_questions()
        return [players, ("treasurer", "Treasurer: who deals, and plays last (Enter: the last "
                                       "player)", None), *rest]

    def option_tags(self, options, path=None):
        """``Components`` and ``Advanced`` from ``--option components=... advanced=...``,
        the Treasurer the recorder asks, and ``Seat`` from the recorder's ``--seat``, each
        checked.  A component file given from the working folder is named as the record's
        folder (``path``'s) sees it, where a reader looks for it."""
        options = options or {}
        chosen = self.checked_options({k: options.get(k) for k in ("components",
                                                                   "advanced")})
        components = chosen["components"]
        try:
            load(components)
        except ComponentError as exc:
            raise ValueError(str(exc)) from None
        if path is not None and components != "illustrative" and \
                not os.path.isabs(components):
            components = os.path.relpath(os.path.abspath(components),
                                         os.path.dirname(os.path.abspath(path)))
        tags = {"Treasurer": options["treasurer"]} if options.get("treasurer") else {}
        tags["Components"] = components
        if chosen["advanced"] != "none":
            tags["Advanced"] = ", ".join(sorted(advanced_rules(chosen["advanced"])))
        if options.get("seat"):
            tags["Seat"] = options["seat"]
        return tags

    def answer_hint(self, played) -> str:
        """What to type at this decision, in the notation's words."""
        state = played.replay.current
        d = self.engine.decision(state)
        # (chance deals to a player: named in the forms as a player deciding is)
        return (d and self.written(played, d.kind, state.next_seat())) or \
            super().answer_hint(played)

    def written(self, played, kind, seat):
        words = {"start": ("start",), "deal": ("draw",), "draw": ("draw",),
                 "pool": ("pool",), "turn": ("buy", "offer", "pass", "trade"),
                 "bid": ("bid",),
                 "pay": ("pay",), "discard": ("discard", "bury"), "dummy": ("dummy",),
                 "repurchase": ("repurchase", "keep"), "year end": ("end",)}.get(kind)
        if not words:
            return None
        table = played.replay.current.table
        if "trading" not in table.advanced:
            words = tuple(w for w in words if w != "trade")
        if "defensive" not in table.advanced:
            words = tuple(w for w in words if w != "bury")
        forms = self.forms_hint(played, words, seat)
        tail = " (? for a card you did not see)" if kind in ("deal", "draw") else \
            " (X for no bid)" if kind == "bid" else ""
        return forms + tail + ("; a company is its word in the component file"
                               if "<company>" in forms else "")

GAME = Cartel()
