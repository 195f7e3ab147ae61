"""The language in use (issue 14): the system's by default, the setting, the environment's
override, English when a catalog is missing; the game's texts, names, numbers and dates in
German and French."""

from __future__ import annotations

import datetime
import re

import pytest

from helpers import AH, GE, IT, give_turn, six_player_game
from imperial_desktop import i18n
from imperial_desktop.core import ChooseRondel, event_text, load_board
from imperial_desktop.session.settings import Settings
from imperial_desktop.session.turn_summary import replay_summary, summary_text
from test_texts import hand_made_actions, hand_made_events, simulated

SYSTEM_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def speak(monkeypatch):
    """speak("de"): the game in that language for this test (English again afterwards)."""
    def choose(code: str) -> str:
        monkeypatch.setenv(i18n.LANGUAGE_ENV, code)
        return i18n.set_language(code)
    return choose


def _system(monkeypatch, value: str) -> None:
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    for name in SYSTEM_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", value)


def test_the_system_language_is_the_default(monkeypatch):
    _system(monkeypatch, "de_DE.UTF-8")
    assert i18n.set_language("system") == "de"
    assert i18n._("Player {number}") == "Spieler {number}"
    _system(monkeypatch, "fr_CA.UTF-8")
    assert i18n.set_language(Settings().language) == "fr"
    _system(monkeypatch, "C")
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: ("C", None))
    assert i18n.set_language("system") == "en"
    _system(monkeypatch, "ja_JP.UTF-8")  # a language the game does not speak
    monkeypatch.setattr(i18n.locale, "getlocale", lambda *args: ("ja_JP", "UTF-8"))
    assert i18n.set_language("system") == "en"


def test_the_setting_chooses_and_the_environment_overrides(monkeypatch):
    _system(monkeypatch, "de_DE.UTF-8")
    assert i18n.set_language("fr") == "fr" and i18n.language() == "fr"
    assert i18n._("Player {number}") == "Joueur {number}"
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "de")
    assert i18n.set_language("fr") == "de"
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "en")
    assert i18n.set_language("fr") == "en"
    assert i18n._("Player {number}") == "Player {number}"


def test_the_setting_is_validated():
    assert Settings().language == "system"
    assert Settings.from_dict({"language": "de"}).language == "de"
    assert Settings.from_dict({"language": "fr"}).language == "fr"
    for bad in ("xx", "", 3, None, "\ud800", ["de"]):
        assert Settings.from_dict({"language": bad}).language == "system"
    assert Settings.from_dict(Settings(language="fr").to_dict()).language == "fr"


def test_listeners_hear_every_change(speak):
    heard: list[str] = []
    i18n.on_language_change(heard.append)
    try:
        speak("fr")
        speak("de")
    finally:
        i18n._listeners.remove(heard.append)
    assert heard == ["fr", "de"]


def test_a_missing_catalog_falls_back_to_english(monkeypatch, tmp_path, speak):
    monkeypatch.setattr(i18n, "locale_root", lambda: tmp_path)  # no catalog at all
    assert speak("de") == "en"
    assert i18n._("Player {number}") == "Player {number}"
    # a damaged catalog is skipped like a missing one
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "game.mo").write_bytes(b"not a catalog")
    assert speak("fr") == "en"


def test_one_missing_domain_leaves_only_its_texts_in_english(monkeypatch, tmp_path, speak):
    real = i18n.locale_root()
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / "game.mo").write_bytes((real / "de" / "LC_MESSAGES" / "game.mo").read_bytes())
    monkeypatch.setattr(i18n, "locale_root", lambda: tmp_path)
    assert speak("de") == "de"
    assert i18n._("Player {number}") == "Spieler {number}"
    assert i18n._("a text of no catalog") == "a text of no catalog"


def test_names_follow_the_language(speak):
    board = load_board()
    assert (board.name_of("vienna"), board.name_of(GE), board.rondel[7].name) == ("Vienna", "German Empire", "Taxation")
    speak("de")
    assert (board.name_of("vienna"), board.name_of(GE), board.rondel[7].name) == ("Wien", "Deutsches Reich", "Steuer")
    assert board.regions["north_sea"].name == "Nordsee" and board.nation_by_id[AH].name == "Österreich-Ungarn"
    speak("fr")
    assert (board.name_of("vienna"), board.name_of(GE), board.rondel[7].name) == ("Vienne", "Empire Germanique", "Taxation")
    assert board.regions["north_sea"].name == "Mer du Nord" and board.rondel[4].name == "Importer"
    assert all(r.name and r.name != r.id for r in board.regions.values())
    assert board.regions["vienna"].id == "vienna"  # ids (and so saves) do not change


def test_decisions_and_events_in_german_and_french(speak):
    state = six_player_game()
    give_turn(state, IT, position=None)
    events = state.apply(ChooseRondel(IT, 3))  # Investor: interest, then investing
    lines = {}
    for code in ("en", "de", "fr"):
        speak(code)
        lines[code] = (state.describe_decision(), [event_text(e, state.board) for e in events])
    english, german, french = lines["en"], lines["de"], lines["fr"]
    assert english[0] == "P2 must invest in a bond, or pass"
    assert german[0] == "P2 darf eine Staatsanleihe kaufen oder passen"
    assert french[0] == "P2 peut investir dans une obligation, ou passer"
    assert english[1][0] == "Italy moves to Investor on the rondel"
    assert german[1][0] == "Italien rückt auf dem Rondell auf Investor vor"
    assert french[1][0] == "Italie\u00a0: avance sur la case Investisseur de la roue"  # no-break space before ":"
    assert any("Mio. Zinsen" in line for line in german[1]) and any("mil. d'intérêts" in line for line in french[1])
    give_turn(state, AH, position=0)
    speak("de")
    assert state.describe_decision() == "P1 (Österreich-Ungarn) muss ein Feld des Rondells wählen"
    speak("fr")
    assert state.describe_decision() == "P1 (Autriche-Hongrie) doit choisir une case de la roue"


LEFT_OVER = re.compile(r"\{|\}|\bNone\b|\b(the|and|moves|builds|pays|army|armies|fleet|fleets|bond)\b")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_action_and_event_text_is_translated(code, speak):
    """No English word, placeholder or None left in any action's or event's text."""
    board = load_board()
    english = [a.describe(board) for a in hand_made_actions()] + [event_text(e, board, ["Anna", "Ben", "Clara", "Dora"])
                                                                  for e in hand_made_events()]
    speak(code)
    texts = [a.describe(board) for a in hand_made_actions()] + [event_text(e, board, ["Anna", "Ben", "Clara", "Dora"])
                                                                for e in hand_made_events()]
    untranslated = [t for t, e in zip(texts, english) if t == e or LEFT_OVER.search(t)]
    assert not untranslated, untranslated


@pytest.mark.parametrize("code, words", [("de", ("Rondell", "Mio.")), ("fr", ("roue", "mil."))])
def test_the_turn_summary_is_translated(code, words, speak):
    record = simulated(3)
    speak(code)
    text = summary_text(replay_summary(record).all_turns())
    assert all(word in text for word in words), text[:500]
    assert not LEFT_OVER.search(text), LEFT_OVER.search(text).group(0)


def test_numbers_and_dates_in_the_locale_form(speak):
    moment = datetime.datetime(2026, 11, 23, 18, 40)
    assert (i18n.format_number(1234), i18n.format_number(-1234567), i18n.format_number(12)) == ("1,234", "-1,234,567", "12")
    assert i18n.format_date(moment) == "23 Nov 2026 18:40" and i18n.format_date(moment.date()) == "23 Nov 2026"
    speak("de")
    assert (i18n.format_number(1234), i18n.format_number(2.5, 1)) == ("1.234", "2,5")
    assert i18n.format_date(moment) == "23.11.2026 18:40"
    speak("fr")
    assert (i18n.format_number(1234), i18n.format_number(2.5, 1)) == ("1\u00a0234", "2,5")
    assert i18n.format_date(moment) == "23/11/2026 18:40"


def test_every_name_of_the_map_has_its_german_and_french_form():
    from imperial_desktop.resources import load_map_json

    data = load_map_json("europe")
    for entry in data["nations"] + data["regions"] + data["rondel"]:
        for key in ("name_en", "name_de", "name_fr"):
            assert isinstance(entry.get(key), str) and entry[key].strip(), (entry["id"], key)
    assert {r["name_fr"] for r in data["regions"] if r["id"] in ("north_sea", "ionian_sea", "baltic_sea")} == {
        "Mer du Nord", "Mer Ionienne", "Mer Baltique"}  # the French rule book's names


def test_only_languages_with_compiled_catalogs_are_offered(tmp_path, monkeypatch):
    """Uninstalled sources have no .mo: German and French are then not offered (and the install has all)."""
    from imperial_desktop import i18n

    assert i18n.available_languages() == ["en", "de", "fr"]
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "de" / "LC_MESSAGES" / "ui.mo").write_bytes(b"")
    (tmp_path / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (tmp_path / "fr" / "LC_MESSAGES" / "ui.po").write_text("", encoding="utf-8")
    monkeypatch.setattr(i18n, "locale_root", lambda: tmp_path)
    assert i18n.available_languages() == ["en", "de"]
