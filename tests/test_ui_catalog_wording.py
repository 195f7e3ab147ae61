"""Wording of the game screen's catalogs found in the play-test (findings 12 and 13): French Undo
and Cancel are told apart, money amounts never meet a full stop ("4 Mio.."), German says
"kostenlos" throughout."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import catalogs  # noqa: E402

MONEY_FIELDS = ("amount", "cost", "rest", "treasury", "cash", "price", "paid", "interest", "total")


def ui_messages(language: str):
    catalog = catalogs.read_catalog(catalogs.po_path(language, "ui"), language, "ui")
    for message in catalog:
        if message.id and message.string:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            yield message.id, strings


@pytest.mark.parametrize("language, unit", [("de", "Mio."), ("fr", "mil.")])
def test_no_money_amount_is_followed_by_a_second_full_stop(language, unit) -> None:
    doubled = []
    for msgid, strings in ui_messages(language):
        for string in strings:
            shown = re.sub(r"\{(%s)\}" % "|".join(MONEY_FIELDS), "5 " + unit, string)
            if re.search(r"(?<!\.)\.\.(?!\.)", shown):
                doubled.append(string)
    assert doubled == []


def test_french_undo_and_cancel_differ(monkeypatch) -> None:
    from imperial_desktop import i18n

    monkeypatch.setenv(i18n.LANGUAGE_ENV, "fr")
    i18n.set_language("fr")
    try:
        assert i18n._("Undo") != i18n._("Cancel")
        assert i18n._("Undo") == "Défaire"
    finally:
        i18n.set_language("en")


def test_german_prices_say_kostenlos() -> None:
    assert not [s for _msgid, strings in ui_messages("de") for s in strings if "kostenfrei" in s]


@pytest.mark.parametrize("domain", ["game", "ui", "help", "tutorial"])
def test_german_never_declines_a_nation_name_after_von(domain) -> None:
    """'von Deutsches Reich' is wrong German and names are not declined: a nation's name stands
    alone ('Deutsches Reich: …', '(Deutsches Reich)'), as the play-test asked (finding 13)."""
    catalog = catalogs.read_catalog(catalogs.po_path("de", domain), "de", domain)
    wrong = [s for m in catalog if m.id and m.string
             for s in (m.string if isinstance(m.string, tuple) else (m.string,))
             if re.search(r"\b(von|des|dem|vom)\s+\{nation\}", s)]
    assert wrong == []


# Placeholders that hold a nation's name ({other} holds a player in the messages listed below).
NATION_FIELDS = "nation|other|owner|mover|nations"
OTHER_IS_A_PLAYER = {"{player} lost {nation} to {other}."}
# "de {nation}" gives "de Italie", "forcer {nation}" "forcer Italie": French wants "de l'Italie".
FRENCH_WORD_BEFORE_A_NATION = re.compile(
    r"(?:\b(?:de|du|des|à|au|aux|par|pour|contre|sur|avec|chez|vers|le|la|les|forcer|force|laisser)\s+"
    r"|\b[lLdD]['’]\s*)\{(%s)\}" % NATION_FIELDS)
# "… : {nation} perd …", "Laisser {nation} aller": a bare name inside a sentence, as its subject or
# object ("la nation {nation} a …" is an apposition and reads right).
FRENCH_BARE_NATION_IN_A_SENTENCE = re.compile(r"(?<!\bnation)\s\{(%s)\} +[^\W\d_A-Z]" % NATION_FIELDS)


def translated(language: str, domain: str):
    """(msgid, translation) of every translated message of a catalog, each plural form apart."""
    for message in catalogs.read_catalog(catalogs.po_path(language, domain), language, domain):
        if message.id and message.string:
            msgid = message.id[0] if isinstance(message.id, tuple) else message.id
            yield from ((msgid, s) for s in (message.string if isinstance(message.string, tuple) else (message.string,)))


@pytest.mark.parametrize("domain", ["game", "ui", "help", "tutorial"])
def test_french_never_puts_an_article_or_preposition_before_a_nation_name(domain) -> None:
    """French needs the article with a country ("de l'Italie", "la France") and a placeholder cannot
    carry one, so, as in German, the name stands alone: "{nation} : …", "… ({nation})"."""
    wrong = []
    for msgid, string in translated("fr", domain):
        for pattern in (FRENCH_WORD_BEFORE_A_NATION, FRENCH_BARE_NATION_IN_A_SENTENCE):
            wrong += [string for hit in pattern.finditer(string)
                      if not (hit.group(1) == "other" and msgid in OTHER_IS_A_PLAYER)]
    assert wrong == []


FRENCH_PLAIN_SPACE = re.compile(r" [:;?!»]|« ")  # a breakable space where French wants a no-break one


def french_strings(domain: str):
    catalog = catalogs.read_catalog(catalogs.po_path("fr", domain), "fr", domain)
    for message in catalog:
        if message.id and message.string:
            yield from (message.string if isinstance(message.string, tuple) else (message.string,))


@pytest.mark.parametrize("domain", ["game", "ui", "help", "tutorial"])
def test_french_marks_are_held_by_a_no_break_space(domain) -> None:
    """French sets a space before : ; ? ! and inside « »; pygame-gui's tooltips and text boxes break
    a line at any plain space, so that space is a no-break one (U+00A0) and the mark never wraps
    alone onto the next line."""
    assert [s for s in french_strings(domain) if FRENCH_PLAIN_SPACE.search(s)] == []


def test_pygame_gui_keeps_each_french_mark_with_its_word() -> None:
    """The catalog texts in a pygame-gui text box at many widths: no line starts with : ; ? ! » or
    ends with «; the same texts with plain spaces do break there (what the no-break space fixes)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    import pygame_gui

    from imperial_desktop.ui.gui import make_manager

    strings = list(french_strings("ui"))
    marks = ":;?»"  # (no French text has a "!" yet)
    sample = " ".join(next(s for s in strings if "\u00a0" + mark in s and "<" not in s) for mark in marks)
    assert "«\u00a0" in sample
    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = make_manager((800, 600))

    def broken(text: str) -> list[tuple[int, str]]:
        bad = []
        for width in range(80, 420, 13):
            box = pygame_gui.elements.UITextBox(text, pygame.Rect(0, 0, width, -1), manager)
            for row in box.text_box_layout.layout_rows:
                line = "".join(getattr(chunk, "text", "") for chunk in row.items).strip(" ")
                if line[:1] in tuple(":;?!»") or line.rstrip("\u00a0").endswith("«"):
                    bad.append((width, line))
            box.kill()
        return bad

    assert broken(sample) == []
    assert broken(sample.replace("\u00a0", " "))  # the test sees the fault it guards against


# Placeholders that can hold a region's name, a sea's or a land's that German gives an article
# ("die Nordsee", "der Kanal", "die Türkei", "die Schweiz"), or a list of them ({seas}, {regions}), or
# a phrase ending in one ({where}: "in Rom", {move}/{moves}: "eine Flotte nach …").
REGION_FIELDS = "region|regions|destination|origin|sea|seas|where|route|harbour"
# A word before which such a name would need its article and case: a preposition, an article.
GERMAN_WORD_BEFORE_A_REGION = re.compile(
    r"\b(?:nach|in|im|ins|über|durch|aus|von|vom|zu|zum|zur|bei|beim|an|am|ans|auf|gegen|mit|für|bis|"
    r"um|unter|vor|hinter|neben|zwischen|ab|statt|der|die|das|den|dem|des)\s+\{(%s)\}"
    % REGION_FIELDS, re.IGNORECASE)
# The same in French: "vers Golfe de Gascogne", "à Mer Ionienne", "par Mer Baltique" need the article
# a placeholder cannot carry ("vers le golfe", "dans la mer", "par la mer"; French play-test).
FRENCH_WORD_BEFORE_A_REGION = re.compile(
    r"(?:\b(?:vers|de|à|dans|par|en|sur|depuis|pour|du|au|aux|le|la|les|des|entre|via|chez)\s+|\b(?:d'|l'|jusqu'))"
    r"\{(%s)\}" % REGION_FIELDS, re.IGNORECASE)
# Messages whose {region} is always a home province, i.e. a city (a factory, production, an import,
# the provinces the railway crosses): "eine Fabrik in Rom", "nach Hamburg importieren" is right German
# ("une usine à Rome" right French) and a city never takes an article, so these keep their preposition (checked in the code that
# formats each of them). {city} and {cities} only ever hold such cities and are not listed above.
REGION_IS_A_CITY = {
    # a factory stands, is built, destroyed or protected in a home province
    "destroy the factory in {region}", "factory in {region}", "builds a factory in {region}",
    "destroys the factory in {region}", "protects the factory in {region}",
    "{nation}: builds a shipyard in {region}", "{nation}: builds an armaments factory in {region}",
    "{nation} builds a shipyard in {region}", "{nation} builds an armaments factory in {region}",
    "{nation} built a shipyard in {region}.", "{nation} built an armaments factory in {region}.",
    "{nation}: three armies destroy the factory in {region}",
    "{nation} destroys the factory in {region} (three armies are removed)",
    "{nation} destroys {owner}'s factory in {region} (three armies are removed)",
    "{nation} destroyed the factory in {region}, giving up 3 armies.",
    "{nation} destroyed {owner}'s factory in {region}, giving up 3 armies.",
    "Destroy the factory in {region} (3 armies)", "a factory in {region}",
    "Hostile armies stand in {region}: no factory can be built there",
    "No factory can be built in {region} now",
    # an army entering a home province (ai/hint.py)
    "enters {nation}'s home province {region}, where it has a factory",
    "enters {nation}'s home province {region}",
    # production and imports place units in home provinces only
    "produce in {regions}", "production in {regions}", "a fleet in {region}", "an army in {region}",
    "import an army to {region}", "import a fleet to {region}",
    "{nation}: imports a fleet into {region}", "{nation}: imports an army into {region}",
    "{nation} imports a fleet into {region}", "{nation} imports an army into {region}",
    "{nation} produces a fleet in {region}", "{nation} produces an army in {region}",
    "Fleet in {region} (1M)", "Army in {region} (1M)",
    "Import one fleet into {region} for 1M from the treasury.",
    "Import one army into {region} for 1M from the treasury.",
    "Hostile armies stand in {region}: nothing can be imported there",
    "{nation} has no army or fleet pieces left to place in {region}",
    # {where} of the turn summary's produced and imported units (session/turn_summary.py, _where)
    "into {region}", "in {region}", "{count} into {region}", "{count} in {region}",
}


@pytest.mark.parametrize("domain", ["game", "ui", "help", "tutorial"])
def test_german_never_puts_a_preposition_before_a_region_name(domain) -> None:
    """Seas and some lands need an article in German ("in die Nordsee", "über das Ionische Meer",
    "nach der Türkei") and a placeholder cannot carry it, so "eine Flotte nach {destination}" gives
    "eine Flotte nach Westliches Mittelmeer" (German play-test). The name stands alone instead, as in
    English in places: "{origin} → {destination}", "Kampf: {region}", "(Seetransport: {seas})".
    Messages whose region is always a home province are exempt (REGION_IS_A_CITY): a home
    province is a city, which never takes an article ("eine Fabrik in Rom", "nach Wien importieren")."""
    wrong = [string for msgid, string in translated("de", domain)
             if msgid not in REGION_IS_A_CITY and GERMAN_WORD_BEFORE_A_REGION.search(string)]
    assert wrong == []


@pytest.mark.parametrize("domain", ["game", "ui", "help", "tutorial"])
def test_french_never_puts_a_preposition_before_a_region_name(domain) -> None:
    """As in German (above): a sea or a land needs its article in French ("vers le golfe de
    Gascogne", "dans la mer Ionienne") and a placeholder cannot carry it; the French play-test of
    session 18 read "un navire vers Golfe de Gascogne" and "(par Mer Baltique)". The name stands
    alone: "{units} → {destination}", "une bataille ({region})". Cities (REGION_IS_A_CITY) keep "à"."""
    wrong = [string for msgid, string in translated("fr", domain)
             if msgid not in REGION_IS_A_CITY and FRENCH_WORD_BEFORE_A_REGION.search(string)]
    assert wrong == []
    assert FRENCH_WORD_BEFORE_A_REGION.search("un navire vers {destination}")  # sees what it guards against
