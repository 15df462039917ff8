"""The words of the .mclog notation for Million Club: cards, discs, verbs, labels.

Every word has a short canonical form and readable long aliases; matching is
case-insensitive.  ``docs/millionclub/format.md`` lists them all (generated from here in
spirit: the tests check that every alias below appears there).

>>> CARDS["factories"], CARDS["as"], CARDS["unfair-competition"]
('F', 'asia', 'unfair')
>>> parse_industry("t3+1"), parse_spot("stock:raw")
(Industry(kind='T', level=3, bonus=1), (4, 'R'))
"""

from __future__ import annotations

import re
from typing import Final

from mclog.record.names import COMMANDS

from ..rules.board import COLONIES, INDUSTRIES, INTRIGUE, LOBBY, ROMAN, STOCK
from ..rules.cards import CONTINENTS, INDUSTRY_TYPES, INTRIGUE_CARDS, Industry

UNKNOWN: Final = "?"

#: card word -> card kind (canonical word = the kind itself, industries in capitals)
CARDS: Final[dict[str, str]] = {}
_CARD_ALIASES: Final = {
    "F": ["f", "factory", "factories"],
    "T": ["t", "transport", "transports"],
    "R": ["r", "raw", "raw-materials", "rawmaterials", "raw_materials"],
    "africa": ["af"],
    "asia": ["as"],
    "america": ["am", "americas"],
    "india": ["in", "ind"],
    "oceania": ["oc"],
    "racket": [],
    "contract": ["buy-contract", "colonial-contract", "buy-a-colonial-contract"],
    "unrest": ["colonial-unrest"],
    "expansion": ["expand"],
    "capitalisation": ["capitalization", "capital"],
    "unfair": ["unfair-competition"],
    "dumping": ["dump"],
    "increase": ["capital-increase"],
}
for _kind, _aliases in _CARD_ALIASES.items():
    for _word in (_kind, *_aliases):
        CARDS[_word.lower()] = _kind
assert set(_CARD_ALIASES) >= set(CONTINENTS) | set(INTRIGUE_CARDS)

#: disc word -> disc number
DISCS: Final[dict[str, int]] = {}
for _disc, _words in {
    LOBBY: ["i", "lobby"],
    INTRIGUE: ["ii", "intrigue"],
    COLONIES: ["iii", "colonies", "colony"],
    STOCK: ["iv", "stock", "stock-exchange", "exchange"],
    INDUSTRIES: ["v", "industries", "industry"],
}.items():
    for _word in _words:
        DISCS[_word] = _disc

#: verb word -> canonical verb (each verb's row in ``verbs.py`` reads it in any of them)
VERBS: Final[dict[str, str]] = {}
VERB_ALIASES: Final[dict[str, tuple[str, ...]]] = {
    "draws": ("draw", "drew"),
    "picks": ("pick", "picked"),
    "up": ("develop", "develops", "developed", "dev", "upgrade", "upgrades", "upgraded"),
    "cash": ("capital-from", "cashes", "cashed", "draws-capital"),
    "pass": ("passes", "passed", "declines", "decline", "no", "stop", "done", "nothing"),
    "uses": ("use", "yes"),
    "moves": ("move", "moved"),
    "plays": ("play", "played", "chooses", "choose", "chose"),
    "buys": ("buy", "bought"),
    "sets": ("set", "set-aside", "sets-aside", "discards", "discard"),
    "takeover": ("takes-over", "take-over", "took-over"),
    "targets": ("target", "names", "looks-at"),
    "takes": ("take", "took"),
    "swaps": ("swap", "swapped", "exchanges"),
    "raises": ("raise", "raised"),
    "lowers": ("lower", "lowered"),
    "dumps": ("dumped",),
    "invests": ("invest", "invested", "notes"),
}
for _verb, _verb_aliases in VERB_ALIASES.items():
    for _word in (_verb, *_verb_aliases):
        VERBS[_word] = _verb

#: line labels: the phase a line's moves belong to (checked by the replayer)
LABELS: Final = {
    "setup": "setup", "start": "start", "round": "round", "place": "place",
    "lobby": "lobby", "lobbyist": "lobbyist", "intrigue": "intrigue",
    "colonies": "colonies", "stock": "stock", "industries": "industries",
    "privilege": "privilege", "end": "end", "check": "check", "reveal": "reveal",
    # (a label as a table also says it, one or many: first on a line no name starts a
    # move, so a disc's word there, ``colony``, can only be the label)
    "placement": "place", "placements": "place", "places": "place", "intrigues": "intrigue",
    "colony": "colonies", "industry": "industries", "privileges": "privilege",
    "ends": "end", "reveals": "reveal",
}

_INDUSTRY: Final = re.compile(r"^([ftr])([1-4])(?:\+([0-9]{1,2}))?$", re.IGNORECASE)


def parse_industry(word: str) -> Industry | None:
    """``F2`` -> level-2 factory; ``T3+1`` -> level-3 transport with one Capital Increase.

    A type alone (``R``, ``raw``) names the player's only industry of that type, or one of
    several identical ones: it is read as level 0 (``SHORT``), and the replayer, which
    knows what the player owns, completes it.
    """
    card = _INDUSTRY_WORDS.get(word)
    if card is not None:
        return card
    kind = CARDS.get(word.lower())
    if kind in INDUSTRY_TYPES:
        return Industry(kind, SHORT, 0)
    m = _INDUSTRY.match(word)
    if m is None:
        return None
    card = Industry(m.group(1).upper(), int(m.group(2)), int(m.group(3) or 0))
    if len(_INDUSTRY_WORDS) < 4096:  # a record repeats the same few cards again and again
        _INDUSTRY_WORDS[word] = card
    return card


_INDUSTRY_WORDS: Final[dict[str, Industry]] = {}
#: The level of an industry written by its type alone (``Kim cash R``), until completed.
SHORT: Final = 0


def parse_spot(word: str) -> tuple[int, str | None] | None:
    """``III`` -> (3, None); ``IV:T`` or ``stock:transport`` -> (4, "T")."""
    spot = SPOTS.get(word)
    return spot if spot is not None else _parse_spot(word)


def _parse_spot(word: str) -> tuple[int, str | None] | None:
    disc_word, _, sector_word = word.lower().partition(":")
    disc = DISCS.get(disc_word)
    if disc is None:
        return None
    if not sector_word:
        return disc, None
    sector = CARDS.get(sector_word)
    if sector not in ("F", "T", "R"):
        return None
    return disc, sector


def spot_word(disc: int, sector: str | None) -> str:
    return ROMAN[disc] + (f":{sector}" if sector else "")


def is_reserved(word: str) -> bool:
    """Words a player's name must not be, or it could not be told from the notation."""
    w = word.lower()
    return (w in CARDS or w in DISCS or w in VERBS or w in LABELS or w == UNKNOWN
            or parse_industry(w) is not None or parse_spot(w) is not None
            or w in _OTHER_WORDS)


#: Other words the notation or the analysis reads specially: check kinds and the other
#: words they are said by (``price``, ``scores``: a check line may go on to another kind,
#: so a player called so could not be told from it; ``parse.CHECKS``), ``reveal Ben
#: none``, ``sets aside``, the actors of an event that are not players (analysis), and the
#: recorder's commands (``Comment asia`` would be a comment, ``undo`` would take a move
#: back): a name must never make the recorder write a line the reader refuses, or do
#: something else than record the move.
_OTHER_WORDS: Final = frozenset({
    "money", "prices", "price", "score", "scores", "from", "for", "with", "none", "aside",
    "bank", "chance", "rules", "setup", *COMMANDS})


#: The canonical spot words, looked up before any parsing (they are most of a record).
SPOTS: Final[dict[str, tuple[int, str | None]]] = {}
for _disc, _roman in ROMAN.items():
    SPOTS[_roman] = (_disc, None)
    for _sector in ("F", "T", "R"):
        SPOTS[f"{_roman}:{_sector}"] = (_disc, _sector)
