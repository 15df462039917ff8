"""The track: the colours of its spaces, from the black space with the arrow (space 0)
in the direction the pawn moves.

The rulebook does not give the colour of each printed space, so a record states the
colour the pawn lands on (``lands yellow``), which is all the rules need.  A record may
also describe the track in a ``[Track "..."]`` tag (every space's colour from the arrow,
typed once by the owner of the board): then each landing, and each passing of the arrow,
is checked against it (M12).

>>> track = parse_track("black blue beige yellow blue green beige blue red beige blue "
...                     "yellow green")
>>> len(track), landing(track, 10, 7)     # 7 spaces on from space 10: past the arrow
(13, (4, 'blue', 1))
"""

from __future__ import annotations

from mclog.errors import RuleError

#: The colours of the spaces, with what landing on each does (M8).
COLOURS = ("blue", "yellow", "red", "beige", "green", "black")
#: The payout factor of a winning colour: every player wins this many times their bet.
WINS = {"blue": 1, "yellow": 10, "red": 100}

#: An illustrative track for simulations and examples: NOT the printed board (whose
#: spaces the rulebook does not list).  40 spaces from the arrow; the black arrow space
#: first.  Its mix (many blue and beige, some yellow and green, few red and black) is a
#: guess at a fair board, chosen so that each colour is reached by some sum of two dice.
ILLUSTRATIVE = (
    "black", "blue", "beige", "yellow", "blue", "green", "beige", "blue", "red", "beige",
    "blue", "yellow", "beige", "black", "blue", "green", "beige", "yellow", "blue", "beige",
    "blue", "red", "beige", "blue", "yellow", "green", "beige", "blue", "black", "beige",
    "yellow", "blue", "beige", "green", "blue", "red", "beige", "blue", "yellow", "beige",
)


def parse_track(text: str) -> tuple[str, ...]:
    """The colours of a ``Track`` tag: words separated by spaces or commas, the first the
    black space with the arrow.  ``RuleError`` saying what is wrong."""
    words = text.replace(",", " ").lower().split()
    for i, word in enumerate(words):
        if word not in COLOURS:
            raise RuleError(f"space {i} of the track is {word!r}, not a colour of the "
                            f"board ({', '.join(COLOURS)})", "M12")
    if len(words) < 13:
        raise RuleError(f"a track of {len(words)} spaces is too short: two dice move the "
                        "pawn up to 12 spaces at a throw, and the track is a loop", "M12")
    if words[0] != "black":
        raise RuleError("the track starts at the space with the arrow, which is black "
                        f"(the rulebook's setup), not {words[0]}", "M12")
    return tuple(words)


def landing(track: tuple[str, ...], position: int, spaces: int) -> tuple[int, str, int]:
    """(the new position, its colour, how often the pawn reached or passed the arrow) of
    a pawn at ``position`` moved ``spaces`` forward."""
    end = position + spaces
    new = end % len(track)
    return new, track[new], end // len(track)
