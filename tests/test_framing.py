"""Framing: a plain line (no comment on it) is split by ``str.split`` and its columns are
worked out only when asked; both must agree with the full scanner's."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mclog.errors import RecordError
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


@pytest.mark.parametrize("line, why", [
    # (a tag typed in a word processor or a phone's notes: its quotes are typographic)
    ('[Players \u201cAnn, Ben\u201d]', ": this line has \u201c\u201d, a word processor's quotes, "
                                       'where the straight " goes'),
    ('[Players \u201eAnn, Ben\u201c]', ": this line has \u201e\u201c, a word processor's quotes, "
                                       'where the straight " goes'),
    ("[Players 'Ann, Ben']", ", not single ones"),
    ('[Players: "Ann, Ben"]', ": the name and the value are written apart, with no ':' or '='"),
    ('[Players = "Ann, Ben"]', ": the name and the value are written apart, with no ':' or '='"),
    ('[Players "Ann, Ben"', ": this line does not end with ]"),
    ('[Event "Ann\'s "big" night"]', ': a " inside the value is written \\"'),
    ("[Players]", ""),
])
def test_a_tag_pair_not_written_as_one_is_told_what_is_wrong(line, why):
    with pytest.raises(RecordError) as refused:
        list(split_games(f'[Game "Cartel"]\n  {line}\n'))
    assert (refused.value.line, refused.value.col) == (2, 3)
    assert refused.value.reason == ('A tag pair is written [Name "value"], with the value in '
                                    f"double quotes{why}")
