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
