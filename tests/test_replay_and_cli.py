"""Replay navigation, the HTML board, lenient mode, and the mclog command line."""

import json
from pathlib import Path

import pytest

import mclog
from mclog import parse_one, read_one, replay
from mclog.record.reading import read_text
from mclog.cli import main
from mclog.record.reading import read_text_lenient
from mclog.games.millionclub.draw import board_html
from mclog.games.millionclub.rules.flow import describe_decision

SAMPLES = Path(__file__).parent.parent / "sample_games" / "millionclub"
THURSDAY = SAMPLES / "thursday-club-3p.mclog"


@pytest.fixture(scope="module")
def game():
    return replay(read_one(THURSDAY))


def test_states_by_index_round_and_disc(game):
    assert game.state(0).decision.kind == "draw" and game.state(-1).finished
    start = game.round_start(4)
    s = game.state(start)
    assert (s.round, s.phase, s.placed) == (4, "placement", 0)
    assert game.steps[start].round == 4 and game.steps[start - 1].round == 3
    i = game.disc_start(4, 3)  # Colonies in round 4
    assert game.steps[i].disc == 3 and game.steps[i - 1].disc != 3
    assert game.steps[i].text == "draws asia"
    with pytest.raises(KeyError):
        game.round_start(10)


def test_every_step_knows_its_source_line_and_comment(game):
    lines = THURSDAY.read_text().splitlines()
    for step in game.steps:
        assert step.line > 0
    takeover = next(s for s in game.steps if s.text == "Cleo takeover Ann R2")
    assert lines[takeover.line - 1].startswith("stock      Cleo takes-over Ann R2")
    assert takeover.comments == ["6 million to me, and I have no industry left"]


def test_jumping_is_the_same_as_replaying(game):
    states = list(game.replay.states())
    for i in range(len(game) + 1):  # every step, from whichever snapshot is nearest
        assert game.replay.state(i) == states[i]
        assert game.state(i) == game.known_view(states[i], final=i == len(game))


def test_board_html_shows_pawns_prices_players_and_privileges(game):
    s = game.state(game.disc_start(2, 3))  # round 2, Colonies about to start
    html = board_html(s, next_question=describe_decision(s))
    assert "Round 2 &mdash; next: chance: draw a Colony card" in html
    assert 'class="off"><b>II</b> unavailable' in html
    assert html.count('class="pawn"') == 6 + 3  # six pawns on discs, three in the table
    assert "Factories <b>" in html and "(IV pawn " in html
    assert "Lobbyist: Ben" in html  # Ben held the Lobby privilege this round


def test_the_svg_board_is_what_a_state_and_the_widget_show(game):
    """Issue 14: the table as SVG: pawns with initials, the unavailable disc greyed,
    prices on a track, each player's score and rank, cards, chips, a legend."""
    from mclog.games.millionclub.board_svg import board_svg

    s = game.state(game.disc_start(2, 3))
    svg = board_svg(s, next_question=describe_decision(s))
    assert s._repr_html_() == svg
    assert 'class="caption"' in svg and "Round 2 &mdash; next: chance: draw a Colony card" in svg
    assert svg.count('<g class="pawn">') == 6 + 3  # six on the discs, three in the rows
    assert 'class="disc off"' in svg and "II unavailable" in svg
    assert "Lobbyist: Ben" in svg and "points (#" in svg and "million</text>" in svg
    assert "start player" in svg  # the legend
    hostile = game.record.table.names[0]
    assert svg.count(f">{hostile}<") >= 1



def test_lenient_mode_collects_every_failed_check():
    text = THURSDAY.read_text().replace("check      money Ann 13", "check      money Ann 14") \
        .replace("check      prices F3 T3 R6", "check      prices F4 T3 R6")
    record = parse_one(text)
    with pytest.raises(Exception, match="check failed after round [0-9]: Ann has 13 million"):
        replay(record)
    game = replay(record, strict=False)
    assert game.complete and [e.line for e in game.errors] == [39, 70]


def test_lenient_reading_goes_on_after_a_bad_game():
    good = THURSDAY.read_text()
    bad = good.replace("start      Ann", "start      Zed")
    records, errors = read_text_lenient(bad + "\n" + good + "\n" + bad, None)
    assert len(records) == 1 and len(errors) == 2
    assert [e.game for e in errors] == [1, 3]


def test_the_scores_and_replays_of_a_file_of_several_games_are_headed_by_their_game(tmp_path,
                                                                           capsys):
    """A season's file, or games of several kinds in one: each table says which game it
    is (its number in the file, the game and its event), a blank line between them."""
    other = SAMPLES.parent / "cartel" / "duel-2p.mclog"
    both = tmp_path / "season.mclog"
    both.write_text(THURSDAY.read_text(encoding="utf-8") + "\n" +
                    other.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["score", str(both)]) == 0
    out = capsys.readouterr().out
    assert main(["score", str(THURSDAY)]) == 0
    thursday = capsys.readouterr().out
    assert main(["score", str(other)]) == 0
    cartel = capsys.readouterr().out
    assert out == (f"game 1: Million Club, Thursday club\n{thursday}\n"
                   f"game 2: Cartel, Sunday duel\n{cartel}")
    replays = []   # (and the replay of each, as it is alone)
    for path in (both, THURSDAY, other):
        assert main(["replay", str(path)]) == 0
        replays.append(capsys.readouterr().out)
    assert replays[0] == (f"game 1: Million Club, Thursday club\n{replays[1]}\n"
                          f"game 2: Cartel, Sunday duel\n{replays[2]}")


def test_cli_validate_score_replay(capsys):
    assert main(["validate", str(THURSDAY)]) == 0
    assert capsys.readouterr().out == f"{THURSDAY}: 1 game OK\n"
    assert main(["score", str(THURSDAY), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)[0]
    assert [(r["name"], r["total"], r["rank"]) for r in rows] == [
        ("Ann", 24, 1), ("Ben", 12, 3), ("Cleo", 18, 2)]
    assert main(["score", str(THURSDAY)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].split()[-3:] == ["24", "4", "1"]
    assert not out.startswith("game 1")   # (one game: no heading)
    assert main(["replay", str(THURSDAY)]) == 0
    out = capsys.readouterr().out
    assert "\nRound 9\n" in out and "Final scores: Ann 24, Cleo 18, Ben 12" in out
    assert "Cleo takeover Ann R2" in out
    assert out.count("\nRound 1\n") == 1  # each round heading once
    # what the rules do by themselves has its own line, not the move's before it
    assert "  rules       Stock Exchange settlement\n" in out
    assert "  stock       Cleo takeover Ann R2\n              -> Ann +6, Cleo -6" in out
    # a privilege's moves under the record's own label, with the disc whose it is (they
    # stood under the disc's name capitalised, "Intrigue", beside the draft's "intrigue")
    assert ("  intrigue    draws dumping; draws expansion; Cleo plays dumping; Cleo dumps R1 "
            "Ann T1\n  privilege   (Intrigue) Cleo uses; draws contract; Cleo targets Ben; "
            "Cleo takes ? (India or Oceania)\n") in out


def test_cli_validate_reports_an_incomplete_game(tmp_path, capsys):
    path = tmp_path / "short.mclog"
    path.write_text(THURSDAY.read_text().split("round 2")[0])
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "the record ends in round 2 (next: Ben: place a pawn)" in err
    assert main(["validate", "--partial", str(path)]) == 0


@pytest.mark.parametrize("name, shown", [("new\nline.mclog", "new\\x0aline.mclog"),
                                         ("tab\tname.mclog", "tab\\x09name.mclog"),
                                         ("\x1b[31mred.mclog", "\\x1b[31mred.mclog")])
def test_a_mistake_in_a_file_with_a_control_character_in_its_name_is_one_line(
        tmp_path, capsys, name, shown):
    """``file:line:col: message`` is read by editors and scripts by its colons: a file
    whose name holds a line break or a tab (a file may be called so) still gets one line,
    the character shown, not obeyed."""
    path = tmp_path / name
    path.write_text(THURSDAY.read_text().split("round 2")[0])
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{tmp_path}/{shown}:")


def test_cli_fmt_check_rewrite_and_atomicity(tmp_path, capsys):
    path = tmp_path / "game.mclog"
    path.write_text(THURSDAY.read_text())
    assert main(["fmt", "--check", str(path)]) == 1
    assert "not in canonical form" in capsys.readouterr().err
    assert path.read_text() == THURSDAY.read_text()  # --check changes nothing
    assert main(["fmt", str(path)]) == 0
    canonical = path.read_text()
    assert main(["fmt", "--check", str(path)]) == 0
    assert parse_one(canonical) == read_one(THURSDAY)
    broken = tmp_path / "broken.mclog"
    broken.write_text(canonical.replace("Ann buys america", "Ann buys F"))
    before = broken.read_text()
    assert main(["fmt", str(broken)]) == 1
    assert broken.read_text() == before  # a record with mistakes is never rewritten
    assert "the file is unchanged" in capsys.readouterr().err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".mclog-")]


def test_cli_export_and_import_round_trip(tmp_path, capsys):
    assert main(["export", str(THURSDAY), "--json"]) == 0
    (data,) = json.loads(capsys.readouterr().out)  # an array, one record per game
    assert data["format"] == "mclog 1" and data["players"] == ["Ann", "Ben", "Cleo"]
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    assert main(["import", str(path)]) == 0
    text = capsys.readouterr().out
    assert parse_one(text) == read_one(THURSDAY)


def test_cli_missing_file_is_a_message_not_a_traceback(capsys):
    assert main(["validate", "no/such/file.mclog"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "no/such/file.mclog" in err


def test_cli_reports_an_internal_error_in_one_line(monkeypatch, capsys):
    import mclog.cli as cli

    def broken(args):
        raise KeyError("surprise")

    monkeypatch.delenv("MCLOG_DEBUG", raising=False)
    monkeypatch.setattr(cli, "cmd_score", broken)
    monkeypatch.setattr(cli, "build_parser", _parser_with(cli, "score", broken))
    assert cli.main(["score", str(THURSDAY)]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.startswith("mclog: internal error (KeyError")


def _parser_with(cli, command, fn):
    original = cli.build_parser

    def build(command=None):
        parser = original(command)
        for action in parser._subparsers._group_actions:
            action.choices[command].set_defaults(func=fn)
        return parser

    return build


def test_report_writes_one_escaped_page_and_never_over_the_record(tmp_path, capsys):
    """``mclog report``: a page light enough to send (issue 25: under 1.5 MB; its charts
    are SVG drawn by mclog, no plotly.js), the record's text escaped, and the record
    itself never overwritten."""
    import base64
    import gzip

    sample = Path(__file__).parent.parent / "sample_games" / "millionclub" / "thursday-club-3p.mclog"
    out = tmp_path / "thursday.html"
    assert main(["report", str(sample), "-o", str(out)]) == 0
    page = out.read_text()
    assert len(page.encode()) < 1_500_000 and "Plotly" not in page
    assert page.count('<svg class="mclog-chart"') == 3 and page.count("mclog-marker") >= 2
    packed = page.split('id="data">')[1].split("</script>")[0]
    data = json.loads(gzip.decompress(base64.b64decode(packed)))
    game = replay(read_one(sample))
    assert len(data["boards"]) == len(game) + 1 and data["texts"][1] == game.steps[0].text
    assert "Ann wins. Final scores: 1. Ann 24, 2. Cleo 18, 3. Ben 12" in page
    copy = tmp_path / "copy.mclog"
    copy.write_text(sample.read_text())
    assert main(["report", str(copy), "-o", str(copy)]) == 1
    assert "this is the record itself" in capsys.readouterr().err
    assert copy.read_text() == sample.read_text()
    assert main(["report", str(sample), "-o", str(out), "--number", "2"]) == 1
    assert capsys.readouterr().err == \
        f"{sample}: there is no game 2 in this file: it holds one game\n"
    assert main(["report", str(sample), "-o", str(out), "--number", "0"]) == 1
    assert capsys.readouterr().err == \
        f"{sample}: there is no game 0: the games of a file are numbered from 1\n"
    two = tmp_path / "two.mclog"
    two.write_text(sample.read_text() + "\n" + sample.read_text())
    assert main(["report", str(two), "-o", str(out), "--number", "3"]) == 1
    assert capsys.readouterr().err == f"{two}: there is no game 3 in this file: it holds 2 games\n"
    assert main(["report", str(sample), "-o", str(out)]) == 0   # (an earlier page: replaced)
    capsys.readouterr()


@pytest.mark.parametrize("command,what,kept", [
    (["report", "-o"], "a report page", "record"), (["report", "-o"], "a report page", "json"),
    (["report", "-o"], "a report page", "text"),
    (["review", "--step", "6", "--rollouts", "2", "-o"], "a review", "record"),
    (["review", "--step", "6", "--rollouts", "2", "-o"], "a review", "components"),
])
def test_o_never_writes_over_a_record_or_another_file_a_person_keeps(
        tmp_path, capsys, command, what, kept):
    """``report -o`` and ``review -o`` name another record by a slip of the fingers (the
    evening's other game, its JSON form, a box's component file): the file is kept as it
    is and the slip said.  An earlier page, or an earlier review, is replaced as ever."""
    sample = SAMPLES / "duel-2p.mclog"
    other = tmp_path / f"other.{ {'record': 'mclog', 'text': 'txt'}.get(kept, 'json') }"
    content = {"record": (SAMPLES / "thursday-club-3p.mclog").read_text(),
               "json": json.dumps({"format": "mclog 1", "players": ["Ann"]}),
               "components": (SAMPLES.parent / "joakim" / "cabin-box.json").read_text(),
               "text": "my notes of the evening\n"}[kept]
    other.write_text(content)
    assert main([command[0], str(sample), *command[1:], str(other)]) == 1
    assert capsys.readouterr().err == (
        f"{other}: holds something other than {what} (a record? a component file?), and is "
        "not written over: name another file, or remove this one first\n")
    assert other.read_text() == content
    again = tmp_path / "again.out"
    assert main([command[0], str(sample), *command[1:], str(again)]) == 0
    assert main([command[0], str(sample), *command[1:], str(again)]) == 0  # its own kind


def test_report_of_one_game_is_not_stopped_by_a_mistake_in_another(tmp_path, capsys):
    sample = Path(__file__).parent.parent / "sample_games" / "millionclub" / "duel-2p.mclog"
    both = tmp_path / "both.mclog"
    both.write_text('[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n'
                    "Ann sells F\n\n" + sample.read_text())
    out = tmp_path / "duel.html"
    assert main(["report", str(both), "-o", str(out), "--number", "2"]) == 0
    assert out.exists()
    assert main(["report", str(both), "-o", str(out)]) == 1
    assert ":3:5: game 1: 'sells' is not a word of the notation" in capsys.readouterr().err


def test_the_report_of_a_file_of_several_games_says_which_it_shows(tmp_path, capsys):
    """A report shows one game: of a file of several it reported the first as 'the
    report of Sunday duel', with nothing to say that the others were left out."""
    games = Path(__file__).parent.parent / "sample_games"
    night = tmp_path / "night.mclog"
    night.write_text("\n".join((games / game / "duel-2p.mclog").read_text()
                               for game in ("cartel", "millionclub", "millionenspiel")))
    out = tmp_path / "r.html"
    said = []
    for number in ("1", "2", "3"):
        assert main(["report", str(night), "-o", str(out), "--number", number]) == 0
        said.append(capsys.readouterr().out)
    assert said == [
        f"{out}: the report of game 1 of the file, Sunday duel (--number N reports another)\n",
        f"{out}: the report of game 2 of the file, Sunday duel (--number N reports another)\n",
        f"{out}: the report of game 3 of the file, Kitchen table duel\n"]
    assert main(["report", str(games / "cartel" / "duel-2p.mclog"), "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: the report of Sunday duel\n"


def test_hide_of_a_file_of_several_games_names_each_game_it_refuses(tmp_path, capsys):
    """``hide`` prints nothing if it cannot hide every game: the refusal of the file's
    first game said no game number, so it read as the whole file's.  A game that hides
    nothing among them (Millionenspiel) is no refusal: its seat's record is the record,
    with its ``[Seat]`` (it refused the whole evening's file)."""
    games = Path(__file__).parent.parent / "sample_games"
    night = tmp_path / "night.mclog"
    night.write_text("\n".join((games / game / "duel-2p.mclog").read_text()
                               for game in ("cartel", "millionclub", "millionenspiel")))
    assert main(["hide", "--seat", "Zoe", str(night)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        f"{night}: game 1: 'Zoe' is not a player of this game (the players are Ann, Ben)"]
    night.write_text("\n".join((games / game / "duel-2p.mclog").read_text()
                               for game in ("millionclub", "millionenspiel")))
    assert main(["hide", "--seat", "Yann", str(night)]) == 0
    hidden = capsys.readouterr().out
    club, dice = read_text(hidden)
    assert club.tags["Seat"] == dice.tags["Seat"] == "Yann"
    assert "setup      Zoe ?, Yann ?" in hidden.splitlines()   # (Million Club: hidden)
    assert dice.entries == mclog.read_one(games / "millionenspiel" / "duel-2p.mclog").entries
    # (a Millionenspiel record written from Zoe's seat is Yann's too: Zoe saw all he did)
    seated = tmp_path / "seated.mclog"
    seated.write_text(mclog.write(mclog.seat_view(mclog.replay(dice), "Zoe")))
    assert main(["hide", "--seat", "Yann", str(seated)]) == 0
    assert '[Seat "Yann"]' in capsys.readouterr().out
    assert main(["hide", "--seat", "Zed", str(games / "cartel" / "duel-2p.mclog")]) == 1
    assert capsys.readouterr().err == (f"{games / 'cartel' / 'duel-2p.mclog'}: 'Zed' is not "
                                       "a player of this game (the players are Ann, Ben)\n")


def test_the_table_options_are_the_games_own(capsys):
    """``--option name=value`` is checked against the options the game declares
    (``Game.options``): the command line names no game's options."""
    from mclog.cli import main

    assert main(["simulate", "--players", "3", "--seed", "1", "--option",
                 "setup=alternative", "--option", "privileges=pick"]) == 0
    out = capsys.readouterr().out
    assert '[Setup "alternative"]' in out and '[Privileges "pick"]' in out
    for argv, message in (
            (["--option", "setup=alt"],
             "mclog: Million Club's setup is one of standard, alternative, not 'alt'\n"),
            (["--option", "colour=red"],
             "mclog: Million Club has no option 'colour' (its options: setup, privileges)\n"),
            (["--option", "setup"],
             "mclog: --option is written name=value (setup=alternative), not 'setup'\n"),
            (["--game", "millionenspiel", "--setup", "alternative"],
             "mclog: Millionenspiel has no option 'setup' (its options: none)\n"),
            # (an option given twice, with two values: the last was kept, unsaid)
            (["--option", "setup=alternative", "--option", "setup=standard"],
             "mclog: setup is given twice, with two values: --option setup=alternative, "
             "--option setup=standard; give it once\n"),
            (["--setup", "standard", "--option", "setup=alternative"],
             "mclog: setup is given twice, with two values: --setup standard, --option "
             "setup=alternative; give it once\n"),
            (["--game", "cartel", "--advanced", "trading", "--advanced", "raising"],
             "mclog: advanced is given twice, with two values: --advanced trading, "
             "--advanced raising; give it once\n")):
        assert main(["simulate", "--players", "3", "--seed", "1", *argv]) == 2  # (usage)
        assert capsys.readouterr().err == message
    assert main(["simulate", "--players", "3", "--seed", "1", "--setup", "alternative",
                 "--option", "setup=alternative"]) == 0   # (twice alike: no doubt)
    assert '[Setup "alternative"]' in capsys.readouterr().out


def test_each_option_a_game_declares_is_a_flag_of_its_own(capsys, tmp_path):
    """The flags of ``record`` and ``simulate`` are made from the options the games
    declare (``--advanced`` is Cartel's, ``--setup`` Million Club's), each the same as
    ``--option``, checked against the game chosen; the recorder widget takes them as
    keywords, the others being tags."""
    from mclog.cli import main

    assert main(["simulate", "--game", "cartel", "--players", "3", "--seed", "1",
                 "--advanced", "repurchase"]) == 0
    assert '[Advanced "repurchase"]' in capsys.readouterr().out
    assert main(["simulate", "--players", "3", "--seed", "1", "--advanced", "x"]) == 2
    assert capsys.readouterr().err == ("mclog: Million Club has no option 'advanced' (its "
                                       "options: setup, privileges)\n")
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    shown = " ".join(capsys.readouterr().out.split())   # (argparse folds the help)
    assert "(Cartel) --option advanced=..." in shown
    # each game's bots, as the games name them (Joakim has no greedy bot: the example's),
    # and then any game a test registered from its folder
    assert ("Million Club's greedy, random; Millionenspiel's chance, random; Cartel's "
            "profit, random, thrifty; Joakim von Ankas fantastiska affärer's random, "
            "trader") in shown
    with pytest.raises(SystemExit):
        main(["review", "--help"])
    assert ("strongest: Million Club's greedy; Millionenspiel's chance; Cartel's profit; "
            "Joakim von Ankas fantastiska affärer's trader") in \
        " ".join(capsys.readouterr().out.split())
    import mclog.widgets

    widget = mclog.widgets.recorder(tmp_path / "w.mclog", game="cartel", players="Ann, Ben",
                                    advanced="repurchase", Event="Flags")
    text = (tmp_path / "w.mclog").read_text()
    assert '[Advanced "repurchase"]' in text and '[Event "Flags"]' in text
    assert "advanced" not in text and widget.recording.names == ("Ann", "Ben")


@pytest.mark.parametrize("argv", [["simulate", "--seed", "1"], ["record", "new.mclog"],
                                  ["import", "x.json"]])
def test_a_game_the_command_line_names_must_be_one_mclog_knows(argv, capsys):
    """``--game`` is checked as the command line is read: a name mclog does not know is a
    mistake of the command (exit 2, argparse's form), as an unknown bot or option is; any
    name a game answers to is taken (``joakim``)."""
    from mclog.cli import build_parser, main
    from mclog.games import names

    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--game", "Go"])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"error: argument --game: mclog knows no game called 'Go': the games are "
        f"{', '.join(names())}\n")
    assert build_parser().parse_args([*argv, "--game", "joakim"]).game == \
        "Joakim von Ankas fantastiska affärer"


def test_a_comment_after_a_check_or_the_reveal_says_so_on_the_step_before():
    """Issue 25: a comment written after a check line or the reveal (``; the reveal``) is
    no move's: the step before it shows it as what it is about, not as the move's own."""
    import mclog

    text = THURSDAY.read_text()
    game = mclog.replay(mclog.parse_one(text.rstrip("\n") + " ; the reveal\n"))
    last = game.steps[-1]
    assert last.comments[-1] == "at the reveal: the reveal"
    checked = [c for s in game.steps for c in s.comments if c.startswith("after the check")]
    assert checked == ["after the check: counted at the table after round 6"]
    own = mclog.replay(mclog.parse_one(text.rstrip("\n") + "\n; a note of its own\n"))
    assert own.steps[-1].comments[-1] == "a note of its own"


@pytest.mark.parametrize("argv", [["validate", "--help"], ["corpus", "build", "--help"],
                                  ["--help"], ["valdate", "x"], ["simulate", "--seed", "x"],
                                  ["validate", "--bogus", "f"], []])
def test_a_command_parsed_alone_says_what_the_whole_parser_says(argv, capsys):
    """``mclog validate`` builds only its own command's parser (a faster start): its help,
    usage and errors are the whole parser's, word for word."""
    import mclog.cli as cli

    said = []
    for parser in (cli.build_parser(), cli.build_parser(cli._command(argv))):
        with pytest.raises(SystemExit) as exit_:
            parser.parse_args(argv)
        said.append((exit_.value.code, capsys.readouterr()))
    assert said[0] == said[1]
    assert cli._command(["validate", "x"]) == "validate" and cli._command(["-h"]) is None


def test_every_command_and_argument_says_what_it_is_in_its_help():
    """``mclog COMMAND -h`` opens with what the command does, and every argument it
    takes (the record file too) has a line of help: none is a bare name."""
    import argparse

    from mclog import cli

    def arguments(parser: argparse.ArgumentParser):
        for action in parser._actions:   # (argparse keeps no public list of them)
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    yield from arguments(sub)
            elif not isinstance(action, argparse._HelpAction):
                yield parser.prog, action

    for command in cli.COMMANDS:
        parser = cli.build_parser(command)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        assert sub.choices[command].description == cli._sentence(cli.COMMANDS[command][0])
        bare = [(prog, action.dest) for prog, action in arguments(sub.choices[command])
                if not action.help]
        assert not bare, bare


def test_the_package_functions_given_no_record_say_what_they_take():
    """``mclog.replay("game.mclog")`` in a notebook: a worded ``TypeError``, where Python
    said that a str has no attribute 'game'."""
    import mclog

    played = replay(read_one(SAMPLES / "duel-2p.mclog"))
    read_it = "read it with mclog.read_one(path) or mclog.parse_one(text)"
    for call, said in [
            (lambda: mclog.replay("game.mclog"),
             f"mclog.replay takes a record, not a str: {read_it}"),
            (lambda: mclog.replay(None), f"mclog.replay takes a record, not None: {read_it}"),
            (lambda: mclog.to_json(3), f"mclog.to_json takes a record, not an int: {read_it}"),
            (lambda: mclog.write(played), "mclog.write takes a record, not a replayed game: "
                                          "give it the game's .record")]:
        with pytest.raises(TypeError) as refused:
            call()
        assert str(refused.value) == said
    for name in ("cartel/duel-2p.mclog", "millionenspiel/duel-2p.mclog", "joakim/sunday-3p.mclog"):
        game = replay(read_one(SAMPLES.parent / name))   # (every game's record is one)
        with pytest.raises(TypeError, match="not a replayed game"):
            mclog.to_json(game)
        assert mclog.to_json(game.record)


def test_the_widgets_given_a_record_say_they_take_a_replayed_game():
    """``replay_widget(record)`` in a notebook (the record rather than its replay): a
    worded ``TypeError`` from each widget a notebook opens, where it said that a
    'GameRecord' object has no attribute 'variables'."""
    import mclog
    import mclog.widgets
    from mclog.games import game
    from mclog.games.millionclub.widget import replay_widget
    from mclog.widget_shell import StepWidget

    record = read_one(SAMPLES / "duel-2p.mclog")
    give = "give it mclog.replay(record)"
    for call, said in [
            (lambda: replay_widget(record),
             f"replay_widget takes a replayed game, not a record: {give}"),
            (lambda: replay_widget("duel-2p.mclog"),
             f"replay_widget takes a replayed game, not a str: {give}"),
            (lambda: mclog.widgets.replay(read_one(SAMPLES.parent / "millionenspiel"
                                                   / "duel-2p.mclog")),
             f"mclog.widgets.replay takes a replayed game, not a record: {give}"),
            (lambda: mclog.widgets.replay(record),
             f"mclog.widgets.replay takes a replayed game, not a record: {give}"),
            (lambda: mclog.widgets.review(record, start=False),
             f"mclog.widgets.review takes a replayed game, not a record: {give}"),
            (lambda: StepWidget(game("Cartel"), None),
             f"StepWidget takes a replayed game, not None: {give}"),
            (lambda: mclog.seat_view(record, 0),
             f"mclog.seat_view takes a replayed game, not a record: {give}")]:
        with pytest.raises(TypeError) as refused:
            call()
        assert str(refused.value) == said
    assert type(replay_widget(replay(record))).__name__ == "ReplayWidget"


def test_what_mclog_prints_is_utf8_whatever_the_locale_says(tmp_path):
    """A locale whose encoding cannot write every name (an ISO-8859 locale, Windows' code
    page; here ``PYTHONIOENCODING``): ``mclog export`` into a file or a pipe still writes
    the record's JSON whole, in UTF-8, and ``mclog score`` its table, rather than stopping
    half way ("'latin-1' codec can't encode character")."""
    import os
    import subprocess
    import sys

    record = tmp_path / "names.mclog"
    record.write_text('[Game "Cartel"]\n[Players "Søren, 陳"]\n\nstart Søren kestrel\n',
                      encoding="utf-8")
    for encoding in ("", "latin-1", "ascii"):
        env = {**os.environ, "PYTHONIOENCODING": encoding}
        done = {command: subprocess.run([sys.executable, "-m", "mclog", command, str(record)],
                                        capture_output=True, env=env, timeout=600)
                for command in ("export", "score")}
        assert [d.returncode for d in done.values()] == [0, 0], done
        data = json.loads(done["export"].stdout.decode("utf-8"))
        assert data[0]["players"] == ["Søren", "陳"], encoding
        assert "1   Søren " in done["score"].stdout.decode("utf-8")


@pytest.mark.parametrize("given, said", [
    ("null", "null"), ("7", "7"), ('["Cartel"]', '["Cartel"]'),
    ('{"name": "Cartel"}', '{"name": "Cartel"}')])
def test_a_json_game_that_is_no_name_is_refused_not_read_as_million_club(tmp_path, capsys,
                                                                          given, said):
    """A ``"game"`` that is there but no string names no game: it is not taken for a
    record with no ``"game"`` (which is Million Club's), whose errors would then speak of
    fields the record never meant to have."""
    from mclog.games import names

    games = ", ".join(names())
    path = tmp_path / "game.json"
    path.write_text(f'{{"game": {given}, "players": ["Ann", "Ben"]}}', encoding="utf-8")
    assert main(["import", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}: game: {said} is not a game's name: the "
                                       f"games are {games}\n")
    path.write_text(f'[{{"game": "Cartel"}}, {{"game": {given}}}]', encoding="utf-8")
    assert main(["import", str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"{path}: [1].game: {said} is not a game's name")
    from mclog import MclogError, from_json

    with pytest.raises(MclogError) as refused:
        from_json(json.loads(path.read_text(encoding="utf-8"))[1], "game.json")
    assert str(refused.value) == f"game.json: game: {said} is not a game's name: the games " \
                                 f"are {games}"


def test_game_one_of_a_file_of_several_is_numbered_as_the_others_are(tmp_path, capsys):
    """In a file of several games every game's mistakes say its number, game 1's too: its
    illegal move, its failed check (``--lenient``) and its end in progress were said
    without one, having been found before a second game was read."""
    duel = (SAMPLES / "duel-2p.mclog").read_text()
    wrong = duel.replace("place      Yann IV:R, Zoe III", "place      Yann II, Zoe III")
    checked = duel.replace("check      money Zoe 4 Yann 6", "check      money Zoe 5 Yann 6")
    stopped = duel[:duel.index("round 3")]
    said = "draws oceania is on a 'colonies' line, but the game is in round 1, at the " \
        "Intrigue (II): next is chance: draw an Intrigue card (an 'intrigue' line); the " \
        "rules would allow it if line 12 read 'Yann IV:R' (not 'Yann II')"
    for text, args, error in (
            (wrong, [], f"13:18: game 1: {said}"),
            (checked, ["--lenient"], "31:12: game 1: check failed after round 3: Zoe has 4 "
                                     "million by the rules, but the record says 5; the record "
                                     "would agree with it if line 12 read 'Zoe IV:R' (not "
                                     "'Zoe IV:F')"),
            (stopped, [], "26:1: game 1: the record ends in round 3 (next: Yann: place a "
                          "pawn); a complete game ends after round 9 (use --partial to accept "
                          "games in progress)")):
        path = tmp_path / "two.mclog"
        path.write_text(text + "\n" + duel)
        assert main(["validate", *args, str(path)]) == 1
        assert capsys.readouterr().err == f"{path}:{error}\n"
        path.write_text(text)   # (alone in its file: no number)
        assert main(["validate", *args, str(path)]) == 1
        assert capsys.readouterr().err == f"{path}:{error.replace('game 1: ', '')}\n"


def test_a_report_without_its_page_is_told_how_to_name_one(capsys, tmp_path):
    """``mclog report game.mclog`` (no ``-o``) is told the command that writes the page
    beside it, where argparse said only "the following arguments are required"; nothing
    is written (a page it chose could replace a file of the user's).  So is a corpus
    build without its folder."""
    record = tmp_path / "friday night.mclog"
    record.write_text((SAMPLES / "duel-2p.mclog").read_text())
    assert main(["report", str(record)]) == 2
    assert capsys.readouterr().err == (f"mclog: report writes a page: name it with -o (mclog "
                                       f"report '{record}' -o 'friday night.html')\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friday night.mclog"]
    assert main(["corpus", "build", str(record), "games/"]) == 2
    assert capsys.readouterr().err == ("mclog: corpus build writes a folder of tables: name it "
                                       f"with -o (mclog corpus build '{record}' games/ -o "
                                       "corpus)\n")


def test_a_word_a_command_does_not_take_is_told_under_its_own_usage(capsys):
    """An option a command does not have is told under that command's usage, with the one
    a slip meant (argparse said "unrecognized arguments" under the usage of all of mclog);
    an option written before the command is told to follow it; a second file to a
    command that reads one is told so.  Files after an option are read with the others."""
    duel, club = str(SAMPLES / "duel-2p.mclog"), str(SAMPLES / "thursday-club-3p.mclog")
    for argv, said in (
            (["validate", "--strcit", duel],
             "'--strcit' is not an option of mclog validate (did you mean --strict?)"),
            (["simulate", "--seed", "1", "--gmaes", "3"],
             "'--gmaes' is not an option of mclog simulate (did you mean --games or --game?)"),
            (["score", "--jsn", duel], "'--jsn' is not an option of mclog score (did you "
                                       "mean --json?)"),
            (["score", "-q", duel], "'-q' is not an option of mclog score (mclog score "
                                    "--help lists its options)"),
            (["--strict", "validate", duel], "'--strict' is an option of mclog validate, "
                                             "written after the command: mclog validate "
                                             "--strict ..."),
            (["score", duel, club], f"'{club}' is one word more than mclog score takes: it "
                                    "reads one file (run it once for each)"),
            (["simulate", "--seed", "1", "out"], "'out' is one word more than mclog simulate "
                                                 "takes: it takes its options alone"),
            (["corpus", "build", duel, "-o", "out", "--quite"],
             "'--quite' is not an option of mclog corpus build (did you mean --quiet?)")):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        err = capsys.readouterr().err
        command = " ".join(argv[:2]) if argv[0] == "corpus" else \
            next(word for word in argv if not word.startswith("-"))
        assert exit_.value.code == 2 and err.startswith(f"usage: mclog {command} ")
        assert err.endswith(f"mclog {command}: error: {said}\n"), err
    assert main(["validate", duel, "--partial", club]) == 0
    assert capsys.readouterr().out == f"{duel}: 1 game OK\n{club}: 1 game OK\n"


def test_mclog_alone_help_and_a_word_that_is_no_command(tmp_path, capsys, monkeypatch):
    """``mclog`` alone lists the commands and says to name one (exit 2); ``mclog help``
    and ``mclog help record`` are ``--help``'s (exit 0); a slip of a command's name is told
    the command meant, and a record named first is told to come after the command (exit
    2, one line each), where argparse said only that a command is required, or listed
    every choice."""
    from mclog.cli import COMMANDS

    assert main([]) == 2
    said = capsys.readouterr()
    assert "validate            replay every game" in said.err and said.err.endswith(
        "mclog: say which command to run (mclog COMMAND --help for its options)\n")
    assert main(["help"]) == 0 and "record              record a game at the table" in \
        capsys.readouterr().out
    with pytest.raises(SystemExit) as exit_:
        main(["help", "record"])
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("usage: mclog record")
    commands = ", ".join(COMMANDS)
    (tmp_path / "night.mclog").write_text("")
    monkeypatch.chdir(tmp_path)
    for argv, hint in ((["recrod", "night.mclog"], ": did you mean record?"),
                       (["help", "vaildate"], ": did you mean validate?"),
                       (["night.mclog"], ": a record is named after the command (mclog "
                                         "validate night.mclog)"),
                       (["go"], "")):
        assert main(argv) == 2
        word = argv[1] if argv[0] == "help" else argv[0]
        assert capsys.readouterr().err == (f"mclog: '{word}' is not a command of mclog (the "
                                           f"commands are {commands}){hint}\n")


@pytest.mark.parametrize("old, new", [
    ("end        Yann up R1\n", "end        Yann upgrades R1\n"),
    ("end        Zoe pass, Yann cash R2+1", "end        Zoe nothing, Yann cash R2+1")])
def test_a_verb_said_as_a_table_says_it_reads_as_the_verb(old, new):
    """``upgrades`` is ``up`` and ``nothing`` is ``pass``, as ``develops`` and ``passes``
    are: the same record."""
    text = (SAMPLES / "duel-2p.mclog").read_text()
    assert old in text
    assert parse_one(text.replace(old, new, 1)) == parse_one(text)


def test_a_choice_skipped_is_told_it_is_written_pass(tmp_path, capsys):
    """``skips`` is no word of the notation (a player may be called Skip): it is told
    the word, where it was asked whether it meant 'swaps'."""
    path = tmp_path / "skips.mclog"
    path.write_text((SAMPLES / "duel-2p.mclog").read_text().replace(
        "privilege  Yann pass", "privilege  Yann skips", 1))
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}:40:17: 'skips' is not a word of the notation "
                                       "(a choice let go is written pass)\n")


@pytest.mark.parametrize("sample", ["millionclub/duel-2p.mclog", "millionenspiel/duel-2p.mclog"])
def test_import_checks_a_record_without_building_the_iri_grammars(sample, tmp_path):
    """``mclog import`` of Million Club's or Millionenspiel's JSON took over a second, ten
    times all else it did: importing jsonschema imported its ``iri`` format checker,
    ``rfc3987_syntax`` (Jupyter installs it), which builds 38 grammars.  The record is
    checked without it, and a program that imports it afterwards still gets it."""
    import importlib.util
    import subprocess
    import sys

    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(mclog.games.game(read_one(
        SAMPLES.parent / sample).game).to_json(read_one(SAMPLES.parent / sample))),
        encoding="utf-8")
    there = importlib.util.find_spec("rfc3987_syntax") is not None
    code = ("import sys, io, contextlib\n"
            "from mclog.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            f"    assert main(['import', {str(exported)!r}]) == 0\n"
            "assert out.getvalue().startswith('[Game') or out.getvalue().startswith('[Event')\n"
            "assert 'jsonschema' in sys.modules and 'rfc3987_syntax' not in sys.modules\n"
            + ("import rfc3987_syntax\n" if there else ""))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
