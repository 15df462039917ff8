"""Framing: a plain line (no comment on it) is split by ``str.split`` and its columns are
worked out only when asked; both must agree with the full scanner's."""

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from mclog.record.framing import _WORD, split_games

# words of the notation, separators, and odd characters, tags and comments left out
_PIECES = st.lists(st.sampled_from(
    ["round", "2", "Ann", "IV:T", "draws", "asia", ",", " ", "  ", "\t", ", ", "\u00a0",
     "\u2003", "\x1c", "é", "\r"]), max_size=12)


@given(_PIECES)
def test_a_plain_line_has_the_scanners_words_and_columns(pieces):
    line = "".join(pieces)
    games = list(split_games('[Players "Ann yellow, Ben blue"]\n' + line + "\n"))
    expected = _WORD.findall(line)
    if not expected:
        assert not games[0].lines
        return
    raw = games[0].lines[0]
    assert raw.words == expected
    cols = [m.start() + 1 for m in _WORD.finditer(line)]
    assert raw.col(0) == cols[0]
    assert [raw.col(i) for i in range(len(cols))] == cols


def test_the_first_column_after_leading_commas_and_spaces():
    raw = next(split_games('[Players "Ann yellow, Ben blue"]\n , \tround 2\n')).lines[0]
    assert raw.col(0) == 5 and raw.col(1) == 11


def test_a_run_of_semicolon_comment_lines_is_one_comment_whatever_stands_before_the_semicolon():
    """A run of ``;`` lines is one comment of several lines, a line written ``, ; note``
    among them too: written back a ``;`` line each, it reads back the same."""
    import mclog

    text = (Path(__file__).parent.parent / "sample_games" / "cartel" / "duel-2p.mclog"
            ).read_text().replace("end year 1, dummy upland",
                                  "; a\n; b\n, ; c\n; d\nend year 1, dummy upland")
    record = mclog.parse_one(text)
    notes = [e.text for e in record.entries if type(e).__name__ == "CommentEntry"]
    assert "a\nb\nc\nd" in notes
    written = mclog.write(record)
    assert "; a\n; b\n; c\n; d\nend year 1" in written
    assert mclog.parse_one(written) == record
