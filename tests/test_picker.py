"""The notebooks' game picker (issue 14): a record of a folder, or an upload; what cannot
be shown is said in words and the notebook goes on with its sample."""

import datetime
from pathlib import Path

import pytest

from mclog import widget_shell
from mclog.widget_shell import game_picker

SAMPLES = Path(__file__).parent.parent / "sample_games" / "millionclub"
THURSDAY = SAMPLES / "thursday-club-3p.mclog"


def _uploaded(name: str, content: bytes) -> tuple[dict, ...]:
    """The value a FileUpload widget holds once the browser has sent ``name``."""
    return ({"name": name, "type": "", "size": len(content),
             "last_modified": datetime.datetime.now(datetime.timezone.utc),
             "content": memoryview(content)},)


@pytest.fixture(autouse=True)
def a_fresh_kernel():
    """Each test starts as a fresh kernel would: no choice remembered."""
    widget_shell._CHOSEN.clear()
    yield
    widget_shell._CHOSEN.clear()


def test_the_picker_lists_a_folder_and_starts_at_the_default():
    picker = game_picker(str(THURSDAY))
    assert picker.choice.value == "thursday-club-3p.mclog"
    assert "duel-2p.mclog" in picker.choice.options
    picker.choice.value = "duel-2p.mclog"
    assert picker.game().record.table.names == ("Zoe", "Yann")
    assert picker.status.value == "Showing <b>duel-2p.mclog</b>"


def test_another_folder_an_upload_and_what_cannot_be_shown(tmp_path):
    picker = game_picker(str(THURSDAY))
    picker.folder.value = str(tmp_path)
    assert picker.choice.options == () and "No .mclog record in" in picker.status.value
    broken = tmp_path / "broken.mclog"
    broken.write_text('[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n'
                      "Ann sells F\n")
    picker.folder.value = str(tmp_path) + "/"  # (changed: listed again)
    picker.choice.value = "broken.mclog"
    game = picker.game()
    assert game.record.table.names == ("Ann", "Ben", "Cleo")  # the sample instead
    assert picker.status.value.startswith("<b>broken.mclog</b> cannot be shown: ")
    assert "broken.mclog:3:" in picker.status.value
    assert picker.status.value.endswith("showing thursday-club-3p.mclog")
    picker.upload.value = _uploaded("mine.mclog", (SAMPLES / "duel-2p.mclog").read_bytes())
    assert picker.game().record.table.names == ("Zoe", "Yann")


def test_a_record_of_another_game_is_named():
    picker = game_picker(str(THURSDAY))
    picker.folder.value = str(SAMPLES.parent / "millionenspiel")
    picker.choice.value = "duel-2p.mclog"
    picker.game()
    assert picker.status.value == ("<b>duel-2p.mclog</b> cannot be shown: duel-2p.mclog is a "
                                   "Millionenspiel record; this notebook is for Million Club; "
                                   "showing thursday-club-3p.mclog")


def test_running_the_pickers_cell_again_keeps_the_choice(tmp_path):
    """Issue 25: a click on the dropdown selects the picker's cell, so "Run Selected Cell
    and All Below" runs the picker again: it keeps the game chosen (and an upload)."""
    picker = game_picker(str(THURSDAY))
    picker.choice.value = "duel-2p.mclog"
    assert picker.game().record.table.names == ("Zoe", "Yann")
    again = game_picker(str(THURSDAY))  # (the cell run again)
    assert again.choice.value == "duel-2p.mclog"
    assert again.game().record.table.names == ("Zoe", "Yann")

    mine = (SAMPLES / "family-4p-alternative.mclog").read_bytes()
    again.upload.value = _uploaded("mine.mclog", mine)
    names = again.game().record.table.names
    third = game_picker(str(THURSDAY))
    assert third.game().record.table.names == names and len(names) == 4
    third.choice.value = "thursday-club-3p.mclog"  # (then a record of the folder)
    assert third.game().record.table.names == ("Ann", "Ben", "Cleo")
    other = game_picker(str(SAMPLES.parent / "millionenspiel" / "duel-2p.mclog"),
                        "Millionenspiel")  # (another notebook's picker: its own choice)
    assert other.choice.value == "duel-2p.mclog" and other.game().record.game == \
        "Millionenspiel"


def test_a_pick_is_kept_by_the_kernel_before_any_game_is_shown(tmp_path):
    """A record picked (or a file uploaded) is said under the picker as the kernel takes
    it, and running the picker's cell again before *Use this game* keeps it: the click
    on the dropdown that picks it is the one that selects the picker's cell."""

    picker = game_picker(str(THURSDAY))
    picker.choice.value = "duel-2p.mclog"
    assert picker.status.value == "<b>duel-2p.mclog</b> picked: <b>Use this game</b> shows it"
    again = game_picker(str(THURSDAY))  # (the cell run again, no game shown yet)
    assert again.choice.value == "duel-2p.mclog"
    assert again.game().record.table.names == ("Zoe", "Yann")
    mine = (SAMPLES / "family-4p-alternative.mclog").read_bytes()
    again.upload.value = _uploaded("<mine>.mclog", mine)
    assert again.status.value == ("<b>&lt;mine&gt;.mclog</b> uploaded: <b>Use this game</b> "
                                  "shows it")
    third = game_picker(str(THURSDAY))
    assert len(third.game().record.table.names) == 4
    assert third.status.value == "Showing <b>&lt;mine&gt;.mclog</b>"
    third.folder.value = str(tmp_path)  # (an empty folder: said so, and kept)
    assert third.status.value == f"No .mclog record in {tmp_path}"
    fourth = game_picker(str(THURSDAY))
    assert fourth.folder.value == str(tmp_path) and fourth.choice.options == ()
    assert fourth.game().record.table.names == ("Ann", "Ben", "Cleo")  # (the default)


@pytest.mark.parametrize("name", ["..", "", "dir/../x.mclog"])
def test_an_upload_with_an_odd_name_is_kept_under_a_plain_one(name):
    picker = game_picker(str(THURSDAY))
    duel = (SAMPLES / "duel-2p.mclog").read_bytes()
    picker.upload.value = _uploaded(name, duel)
    assert picker.game().record.table.names == ("Zoe", "Yann")
    assert picker.path().name == ("x.mclog" if name.endswith("x.mclog") else "upload.mclog")


def test_a_file_of_an_evenings_games_lists_them_and_shows_the_one_picked(tmp_path):
    """A file may hold several games (an evening's, of several games): the picker showed
    its first, and refused the whole file when that first was another game's.  It now
    lists the file's games, starts at the first of the notebook's game, shows the one
    picked, and keeps it when the cell runs again."""
    night = tmp_path / "night.mclog"
    night.write_text("\n".join(
        (SAMPLES.parent / game / name).read_text() for game, name in (
            ("cartel", "duel-2p.mclog"), ("millionclub", "duel-2p.mclog"),
            ("millionclub", "thursday-club-3p.mclog"))))
    picker = game_picker(str(THURSDAY))
    assert picker.number.layout.display == "none"   # (one game in the sample's file)
    picker.folder.value = str(tmp_path)
    picker.choice.value = "night.mclog"
    assert picker.number.options == (
        ("1: Cartel, Sunday duel, 2026.11.22", 1), ("2: Million Club, Sunday duel, 2026-11-22", 2),
        ("3: Million Club, Thursday club, 2026-11-19", 3))
    assert picker.number.value == 2 and picker.number.layout.display is None
    assert picker.game().record.table.names == ("Zoe", "Yann")
    assert picker.status.value == "Showing <b>night.mclog, game 2</b>"
    picker.number.value = 3
    again = game_picker(str(THURSDAY))   # (the cell run again: the game picked is kept)
    assert again.number.value == 3
    assert again.game().record.table.names == ("Ann", "Ben", "Cleo")
    again.number.value = 1
    assert again.game().record.table.names == ("Ann", "Ben", "Cleo")   # (the default)
    assert again.status.value == (
        "<b>night.mclog, game 1</b> cannot be shown: night.mclog, game 1 is a Cartel "
        "record; this notebook is for Million Club; showing thursday-club-3p.mclog")
    cartel = game_picker(str(SAMPLES.parent / "cartel" / "duel-2p.mclog"), "Cartel")
    cartel.folder.value = str(tmp_path)
    cartel.choice.value = "night.mclog"
    assert cartel.number.value == 1 and cartel.game().record.game == "Cartel"


def test_a_game_after_one_with_a_slip_is_shown(tmp_path):
    """An evening's file whose first game has a slip of notation: its second game is
    shown when picked (the picker read the file's games in order, and stopped at the
    first game's slip, which it said in place of the second game's); the first is said
    with its number."""
    duel = (SAMPLES / "duel-2p.mclog").read_text()
    night = tmp_path / "night.mclog"
    night.write_text(duel.replace("setup      Zoe R, Yann F", "setup      Zoe R, Yann Q")
                     + "\n" + duel)
    alone = tmp_path / "alone.mclog"   # (a file of one game: its slip has no number)
    alone.write_text(duel.replace("setup      Zoe R, Yann F", "setup      Zoe R, Yann Q"))
    picker = game_picker(str(THURSDAY))
    picker.folder.value = str(tmp_path)
    picker.choice.value = "night.mclog"
    picker.number.value = 2
    assert picker.game().record.table.names == ("Zoe", "Yann")
    assert picker.status.value == "Showing <b>night.mclog, game 2</b>"
    picker.number.value = 1
    assert picker.game().record.table.names == ("Ann", "Ben", "Cleo")   # (the default)
    assert picker.status.value == (
        f"<b>night.mclog, game 1</b> cannot be shown: {night}:8:24: game 1: &#x27;Q&#x27; "
        "is not a player of this game (the players are Zoe, Yann); showing "
        "thursday-club-3p.mclog")
    picker.choice.value = "alone.mclog"
    picker.game()
    assert f"cannot be shown: {alone}:8:24: &#x27;Q&#x27; is not" in picker.status.value


@pytest.mark.parametrize("game_name, sample", [
    ("Million Club", THURSDAY),
    ("Cartel", SAMPLES.parent / "cartel" / "duel-2p.mclog")])
def test_the_widgets_of_the_game_shown_before_are_closed_at_the_next(game_name, sample):
    """Each "Use this game" made a new replay widget and left the one before in the
    kernel with every frame of its game (some 16 MB for six players): a notebook that
    showed one game after another kept them all.  The picker closes the widgets of the
    game it gave before, every widget they made with them, and no other."""
    from ipywidgets.widgets.widget import _instances

    import mclog
    from mclog.widgets import replay

    picker = game_picker(str(sample), game_name)
    other = replay(mclog.replay(mclog.read_one(sample)))   # (not the picker's)
    first = picker.game()
    shown = replay(first)
    made = widget_shell.widgets_of(shown)
    assert len(made) > 20 and shown.links and all(link in made for link in shown.links)
    assert all(widget.comm is not None for widget in made)
    kept = len(_instances)
    for _ in range(3):   # (a game picked and shown again and again)
        again = picker.game()
        assert again is not first
        assert all(widget.comm is None for widget in made)   # (closed, each of them)
        first, shown = again, replay(again)
        made = widget_shell.widgets_of(shown)
        assert len(_instances) == kept   # (as many as before: nothing left behind)
    assert other.comm is not None and shown.comm is not None


JOAKIM = Path(__file__).parent.parent / "sample_games" / "joakim"


def test_a_record_is_uploaded_with_the_component_file_it_names():
    """A Joakim record naming its own box's file (``[Components "cabin-box.json"]``):
    uploaded alone, it is refused in words that name no temporary folder and say how to
    mend it; uploaded with its file in one choice, it is shown; the file alone is said to
    be no record, and the choice before it stands."""
    picker = game_picker(str(JOAKIM / "sunday-3p.mclog"), "Joakim von Ankas fantastiska affärer")
    record = ("cabin-5p.mclog", (JOAKIM / "cabin-5p.mclog").read_bytes())
    box = ("cabin-box.json", (JOAKIM / "cabin-box.json").read_bytes())
    picker.upload.value = _uploaded(*record)
    assert picker.game().record.names == ("Ann", "Ben", "Cleo")   # (the sample instead)
    assert picker.status.value == (
        "<b>cabin-5p.mclog</b> cannot be shown: cabin-5p.mclog:6:1: [Components] "
        "cabin-box.json: no component file there (looked for cabin-box.json) (an uploaded "
        "record finds a file it names only among the files uploaded with it: upload the "
        "record and that file together, choosing both in the file dialog); showing "
        "sunday-3p.mclog")
    picker.upload.value = _uploaded(*box) + _uploaded(*record)   # (in any order)
    assert picker.status.value == "<b>cabin-5p.mclog</b> uploaded: <b>Use this game</b> shows it"
    assert picker.game().record.names == ("Ann", "Ben", "Cleo", "Dan", "Eve")
    assert picker.status.value == "Showing <b>cabin-5p.mclog</b>"
    picker.upload.value = _uploaded(*box)
    assert picker.status.value.startswith("<b>cabin-box.json</b>: no record uploaded (a .json "
                                          "file is taken for a component file")
    assert picker.game().record.names == ("Ann", "Ben", "Cleo", "Dan", "Eve")


def test_of_two_records_uploaded_at_once_the_first_is_shown_and_the_other_named():
    picker = game_picker(str(THURSDAY))
    picker.upload.value = (_uploaded("b.mclog", (SAMPLES / "duel-2p.mclog").read_bytes())
                           + _uploaded("a.mclog", THURSDAY.read_bytes()))
    assert picker.status.value == ("<b>b.mclog</b> uploaded: <b>Use this game</b> shows it "
                                   "(one record at a time: a.mclog not shown)")
    assert picker.game().record.table.names == ("Zoe", "Yann")


def test_an_upload_whose_name_the_disk_refuses_is_kept_under_a_plain_one():
    """A name of 300 bytes (100 Chinese characters in UTF-8) is no file name on Linux: the
    record was refused with 'File name too long'; it is now shown, kept as upload.mclog,
    and the status says so."""
    picker = game_picker(str(THURSDAY))
    name = "對局" * 50 + ".mclog"
    picker.upload.value = _uploaded(name, (SAMPLES / "duel-2p.mclog").read_bytes())
    assert picker.status.value == (
        f"<b>{name[:100]} ... (cut)</b> uploaded: <b>Use this game</b> shows it (kept as "
        "upload.mclog: this disk takes no such name)")
    assert picker.game().record.table.names == ("Zoe", "Yann")
    assert picker.path().name == "upload.mclog"
