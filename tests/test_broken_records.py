"""The corpus of broken records: each is rejected at the exact line and column, with the
exact message (the first line of each file says what is expected)."""

from pathlib import Path

import pytest

from mclog import RecordError, read, replay
from mclog.cli import main

CORPUS = sorted((Path(__file__).parent / "broken").glob("*.mclog"))


def expectation(path: Path) -> str:
    first = path.read_bytes().split(b"\n", 1)[0].decode()
    assert first.startswith("; expect: ")
    return first[len("; expect: "):]


def first_error(path: Path) -> RecordError:
    with pytest.raises(RecordError) as info:
        for record in read(path):
            replay(record)
    return info.value


def test_the_corpus_is_large_enough():
    assert len(CORPUS) >= 40


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_broken_record_is_rejected_where_and_why(path):
    error = first_error(path)
    assert str(error) == f"{path}:{expectation(path)}"


@pytest.mark.parametrize("path", CORPUS[:12], ids=lambda p: p.stem)
def test_validate_reports_it_on_stderr_without_traceback(path, capsys):
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == f"{path}:{expectation(path)}"
    assert "Traceback" not in err


def test_docs_errors_quotes_each_example_exactly():
    import re

    doc = (Path(__file__).parent.parent / "docs" / "errors.md").read_text()
    named = re.findall(r"`tests/broken/([\w-]+)\.mclog`", doc)
    assert len(named) >= 30
    for name in named:
        assert f"> {expectation(Path(__file__).parent / 'broken' / (name + '.mclog'))}" in doc
    for code in ("encoding", "too-large", "header", "syntax", "illegal-move", "check", "reveal",
                 "unknown", "redundant", "incomplete"):
        assert f"## `{code}`" in doc


@pytest.mark.parametrize("line,message", [
    ("setup jo india, JO asia", "3:7: 'jo' is not a word of the notation (see docs/millionclub/format.md)"),
    ("setup Jo india, JO asai", "3:20: 'asai' is not a word of the notation (did you mean asia?)"),
    ("setup Jo india, JO xq", "3:20: 'xq' is not a word of the notation (see docs/millionclub/format.md)"),
    ("setup Jo india, Joe asia",
     "3:17: 'Joe' is not a player of this game (the players are Jo, JO): did you mean Jo?"),
    # (a label a letter off two labels: both, not a guess among the verbs: 'buys')
    ("lobbys Jo up F1", "3:1: 'lobbys' is not a word of the notation (did you mean lobby or "
                        "lobbyist?)"),
    ("setup setup Jo india", "3:7: 'setup' is a line's label, which comes once, first on its "
                             "line"),
    # (an industry or a card before its verb, as a player may say it)
    ("end Jo F1 up", "3:8: 'F1 up': the verb comes before the industry: 'up F1'"),
    ("reveal Jo has india", "3:11: Expected a continent in Jo's reveal, found 'has' ('has' is "
                            "not written: 'reveal Jo india ...')"),
    # (a Capital Increase set apart from its industry)
    ("end Jo cash F2 +1", "3:16: '+1' follows 'F2': a Capital Increase is one word with its "
                          "industry, F2+1"),
    ("end Jo cash f2 + 1", "3:16: '+' follows 'f2': a Capital Increase is one word with its "
                           "industry, F2+1"),
    ("colonies Jo india buys", "3:13: 'india buys': the verb comes before the card: 'buys "
                               "india'"),
    # (a card not seen, the word 'card', a filler, two values the wrong way round)
    ("setup Jo unknown, JO asia", "3:10: 'unknown' is not a word of the notation (a card "
                                  "not seen is written ?)"),
    ("colonies Jo buys india card", "3:24: 'card' is not a word of the notation ('card' is "
                                    "not written: a card is written by its name alone)"),
    ("stock Jo takeover F1 JO", "3:19: Expected the owner's name (Jo, JO), found 'F1' ('F1' "
                                "and 'JO' are the wrong way round)"),
    ("stock Jo takeover JO F1 for 3", "3:25: 'for' is not written after 'F1', nor a price: "
                                      "the rules work it out"),
    # (only where the two read the other way round: 'dumps dumping' would not)
    ("intrigue Jo dumping, dumps R1 JO T1", "3:13: 'dumping' is a card, but no verb says "
                                            "what happens to it (draws, buys, sets, plays, "
                                            "picks ...)"),
    # (a verb written twice: said so, not taken for a card a slip away)
    ("colonies draws draws asia", "3:16: Expected the cards drawn after 'draws', found 'draws' "
                                  "('draws' is written twice)"),
    ("colonies Jo buys buys asia", "3:18: Expected the card bought, found 'buys' ('buys' is "
                                   "written twice)"),
    ("colonies Jo sets ?.", "3:18: Expected the card set aside, found '?.' (write it without "
                            "the point: '?')"),
    # (a seat's card left out, or said in words; an industry is bought face up, R15)
    ("colonies Jo buys", "3:17: Expected the card bought after 'buys', but the line ends (a "
                         "card not seen is written ?)"),
    ("colonies Jo buys a colony", "3:18: Expected the card bought, found 'a' (a card is "
                                  "written by its name alone, or ? if not seen)"),
    ("industries Jo buys", "3:19: Expected the card bought after 'buys', but the line ends"),
    ("setup Jo india, JO", "3:17: 'JO' names no card: write the card JO was dealt after the "
                           "name (a colony not seen is ?: 'JO ?')"),
    # (a spot typed on a phone, whose keyboard gives a dash or a full-width colon)
    ("place Jo IV\u2013F", "3:10: 'IV\u2013F' is not a word of the notation: a spot and its "
                          "sector are written IV:F"),
    ("place Jo iv\uff1at", "3:10: 'iv\uff1at' is not a word of the notation: a spot and its "
                          "sector are written IV:T"),
    ("place Jo IVR", "3:10: 'IVR' is not a word of the notation: a spot and its sector are "
                     "written IV:R"),   # (capitalised, as a name is: told as the spot)
])
def test_a_word_is_suggested_only_when_one_meaning_stands_out(line, message):
    """Two players called Jo and JO: ``jo`` is neither, and no guess is made between them."""
    from mclog import parse_one

    with pytest.raises(RecordError) as info:
        replay(parse_one(f'[Players "Jo yellow, JO blue"]\n\n{line}\n'))
    assert str(info.value) == f"<text>:{message}"


@pytest.mark.parametrize("players,message", [
    ("Jo yelow, Kim blue", "1:1: 'yelow' is not a colour of the game: yellow, black, blue, "
                          "white, red, green (R2): did you mean yellow?"),
    ("Jo (yellow), Kim blue", "1:1: '(yellow)' is not a colour of the game: yellow, black, "
                             "blue, white, red, green (R2): did you mean yellow?"),
    ("Jo yellow; Kim blue", "1:1: [Players] entry 'Jo yellow; Kim blue' should be a name "
                           "and a colour (commas separate the players: 'Ann yellow, Ben "
                           "blue')"),
    ("Jo yellow and Kim blue", "1:1: [Players] entry 'Jo yellow and Kim blue' should be a "
                               "name and a colour (commas separate the players: 'Ann "
                               "yellow, Ben blue')"),
    # (a name and its colour set apart otherwise than by a space; the name was 'Jo:')
    ("Jo: yellow, Kim: blue", "1:1: [Players] entry 'Jo: yellow': a space alone sets a "
                              "name and its colour apart ('Jo yellow')"),
    ("Jo - yellow, Kim - blue", "1:1: [Players] entry 'Jo - yellow' should be a name and a "
                                "colour (a space alone sets them apart: 'Jo yellow')"),
    ("yellow Jo, blue Kim", "1:1: [Players] entry 'yellow Jo': the name comes first, then "
                            "the colour ('Jo yellow')"),
])
def test_a_players_tag_written_another_way_is_told_how_it_is_written(players, message):
    from mclog import parse_one

    with pytest.raises(RecordError) as info:
        replay(parse_one(f'[Players "{players}"]\n\nsetup Jo india\n'))
    assert str(info.value) == f"<text>:{message}"


DUEL = Path(__file__).parent.parent / "sample_games" / "millionclub" / "duel-2p.mclog"


@pytest.mark.parametrize("old,new,message", [
    ("check      money Zoe 4 Yann 6", "check money: Zoe 4, Yann 6",
     "31:7: Expected money, prices or score after 'check', found "
     "'money:' (write it without the colon: 'money')"),
    ("check      money Zoe 4 Yann 6", "check money Zoe=4 Yann=6",
     "31:13: Expected a player and a number in 'check money' (or prices, score), found "
     "'Zoe=4' (write the two apart: 'Zoe 4')"),
    ("check      money Zoe 4 Yann 6", "check money Zoe 4M Yann 6M",
     "31:17: Expected Zoe's money, found '4M' (a sum is written as a bare number: '4')"),
    ("reveal     Zoe india", "reveal Zoe: india",
     "88:8: Expected a player's name after 'reveal', found 'Zoe:' (write it without the "
     "colon: 'Zoe')"),
    ("lobbyist   Zoe moves V\n", "lobbyist Zoe moves V.\n",
     "36:20: Expected a disc such as III or IV:T, found 'V.' (write it without the point: "
     "'V')"),
    ("industries Zoe buys R\n", "industries Zoe buys R:\n",
     "42:21: Expected the card bought, found 'R:' (write it without the colon: 'R')"),
    ("reveal     Zoe india", "reveal Zoe indai",
     "88:12: Expected a continent in Zoe's reveal, found 'indai' (did you mean india?)"),
    # (that Zoe shows no colony and which ones she shows: which did the table mean?)
    ("reveal     Zoe india", "reveal Zoe none india",
     "88:12: 'none' says Zoe shows no colony, but this reveal names Zoe's colonies too: "
     "write one or the other"),
    ("reveal     Zoe india oceania", "reveal Zoe india oceania -",
     "88:26: '-' says Zoe shows no colony, but this reveal names Zoe's colonies too: "
     "write one or the other"),
    # (a word a player says between the values, which the notation leaves out)
    ("lobbyist   Yann moves IV:F", "lobbyist Yann moves to IV:F",
     "22:21: Expected a disc such as III or IV:T, found 'to' ('to' is not written: an "
     "item's values follow one another)"),
    ("stock      Yann takeover Zoe R1", "stock Yann takeover of Zoe R1",
     "16:21: Expected the owner's name (Zoe, Yann), found 'of' ('of' is not written: an "
     "item's values follow one another)"),
    ("colonies   draws oceania india", "colonies draws 2 ?",
     "13:16: Expected the cards drawn after 'draws', found '2' (each card is a word of its "
     "own, ? for one not seen: '? ?', not a count)"),
    ("colonies   draws oceania india", "colonies draws ? x2",
     "13:18: 'x2' is not a word of the notation (each card is a word of its own, ? for one "
     "not seen: '? ?', not a count)"),
    ("colonies   Zoe buys india", "colonies Zoe buys ??",
     "14:19: Expected the card bought, found '??' (a card not seen is written ?)"),
    ("colonies   Zoe buys india", "colonies Zoe buys unknown",
     "14:19: Expected the card bought, found 'unknown' (a card not seen is written ?)"),
    ("reveal     Zoe india oceania oceania oceania oceania", "reveal Zoe india 4 oceania",
     "88:18: Expected a continent in Zoe's reveal, found '4': a reveal names each colony "
     "card shown, not a count (oceania oceania oceania oceania)"),
    ("reveal     Zoe india oceania oceania oceania oceania", "reveal Zoe india oceania x4",
     "88:26: Expected a continent in Zoe's reveal, found 'x4': a reveal names each colony "
     "card shown, not a count (oceania oceania oceania oceania)"),
    # (a starting industry written with its level)
    ("setup      Zoe R, Yann F", "setup Zoe R1, Yann F1",
     "8:11: 'R1': a starting Industry card is written by its type alone, 'R' (each starts "
     "at level 1)"),
    # (a round written in words; a card's value without its verb; the opponent named twice)
    ("round 1", "round one",
     "11:7: Expected a round number 1 to 9, found 'one' (a number is written in figures: "
     "'1')"),
    ("intrigue   Yann plays increase, invests R2", "intrigue Yann plays increase R2",
     "38:30: 'R2' follows the card 'increase': what it does is written with its verbs, "
     "'plays increase, invests <industry>'"),
    ("intrigue   Yann plays contract, targets Zoe, takes india",
     "intrigue Yann plays contract, targets Zoe, takes Zoe india",
     "39:50: 'Zoe' is named once, by 'targets Zoe': 'takes' is followed by its continent "
     "alone ('takes asia')"),
    ("privilege  Zoe uses, draws oceania, buys oceania   {",
     "privilege Zoe draws oceania, buys oceania   {",
     "25:21: next is Zoe: use the Acquisition privilege (draw one more card) or pass now, "
     "not a card draw: a privilege used is written 'Zoe uses, draws oceania' ('Zoe pass' "
     "where it is not) (R10)"),
    # (a count after its continent counts the one before it)
    ("reveal     Zoe india oceania oceania oceania oceania", "reveal Zoe india x1 oceania x4",
     "88:18: Expected a continent in Zoe's reveal, found 'x1': a reveal names each colony "
     "card shown, not a count (india)"),
    ("reveal     Zoe india oceania oceania oceania oceania", "reveal Zoe india oceania 4x",
     "88:26: Expected a continent in Zoe's reveal, found '4x': a reveal names each colony "
     "card shown, not a count (oceania oceania oceania oceania)"),
    # (a name a slip away, in case or a letter, where a reveal names its player)
    ("reveal     Zoe india", "reveal zoe india",
     "88:8: Expected a player's name after 'reveal', found 'zoe': did you mean Zoe?"),
    ("reveal     Zoe india oceania oceania oceania oceania",
     "reveal Zoe india oceania oceania oceania oceania Yan america",
     "88:50: Expected a continent in Zoe's reveal, found 'Yan': did you mean Yann?"),
    ("end        Yann up R1", "end Yann up R5",
     "17:13: Expected an industry such as F2 or T3+1, found 'R5' (an industry card's printed "
     "level is 1 to 4, and +1 follows it for each Capital Increase: T3+1)"),
])
def test_a_check_or_reveal_written_another_common_way_says_how_to_write_it(old, new, message):
    from mclog import parse_one

    text = DUEL.read_text()
    assert old in text
    with pytest.raises(RecordError) as info:
        replay(parse_one(text.replace(old, new, 1)))
    assert str(info.value) == f"<text>:{message}"


def test_a_reveal_of_too_few_colonies_says_how_many_in_words():
    """Ann's record of the Thursday club, with one of Cleo's two colonies left out of her
    reveal: the count is said as a player says it ("1 colony", not "1 colonies")."""
    from mclog import parse_one

    path = DUEL.parent / "thursday-club-3p.mclog"
    text = path.read_text().replace("reveal     Cleo india oceania", "reveal Cleo india")
    with pytest.raises(RecordError) as info:
        replay(parse_one(text))
    assert str(info.value) == ("<text>:100:8: Cleo shows 1 colony (india), but the game gives "
                               "Cleo 2 (?, ?)")


@pytest.mark.parametrize("written", [
    "reveal Zoe india oceania oceania oceania oceania, reveal Yann america asia india oceania",
    "reveal Zoe india oceania oceania oceania oceania Yann america asia india oceania"])
def test_the_reveals_of_two_players_on_one_line_read_as_two_lines(written):
    """Several players' reveals may share a line, their names apart or each item with its
    verb (``reveal Zoe india, reveal Yann asia``, as the other lines join items)."""
    from mclog import parse_one, write

    text = DUEL.read_text()
    two = ("reveal     Zoe india oceania oceania oceania oceania\n"
           "reveal     Yann america asia india oceania\n")
    assert two in text
    joined = parse_one(text.replace(two, written + "\n"))
    assert write([joined]) == write([parse_one(text)])
    assert replay(joined).scores() == replay(parse_one(text)).scores()
