"""The game's languages: gettext catalogs, the chosen language, and translated text.

Every text a player sees goes through :func:`_` (or :func:`ngettext` / :func:`pgettext`);
texts defined at import time are marked with :func:`N_` and translated where they are shown,
so that a change of language reaches them.

Catalogs: ``imperial_desktop/locale/<lang>/LC_MESSAGES/<domain>.po`` are the sources (in the
repository); the build and the install compile them to ``.mo`` next to them. The domains split
the texts by owner (``game``: rules core, computer players and session; ``ui``: screens; ``help``:
the rules reference; ``tutorial``: the guided first game); one lookup searches them all.
English is the language of the source texts and has no catalog.

Standard library only: the rules core uses this module.
"""

from __future__ import annotations

import datetime
import gettext
import importlib.resources
import locale
import logging
import os
from typing import Callable

log = logging.getLogger(__name__)

DOMAINS: tuple[str, ...] = ("game", "ui", "help", "tutorial")
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT_LANGUAGE = "en"
LANGUAGE_ENV = "IMPERIAL_DESKTOP_LANGUAGE"  # overrides the setting (tests, the frozen smoke test)

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language: str = DEFAULT_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def locale_root():
    """The folder of the catalogs (``imperial_desktop/locale``)."""
    return importlib.resources.files("imperial_desktop") / "locale"


def _load_domain(language: str, domain: str) -> gettext.GNUTranslations | None:
    mo = locale_root() / language / "LC_MESSAGES" / f"{domain}.mo"
    try:
        with mo.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # damaged or unreadable catalog: English for that part
        log.warning("catalog %s/%s cannot be read: %s", language, domain, exc)
        return None


def available_languages() -> list[str]:
    """The languages this installation can show: English and those with compiled catalogs.

    (Running the uninstalled sources of a checkout finds no ``.mo``: German and French are then
    not offered rather than chosen and silently shown in English.)
    """
    found = [DEFAULT_LANGUAGE]
    for code in LANGUAGES:
        if code == DEFAULT_LANGUAGE:
            continue
        root = locale_root() / code / "LC_MESSAGES"
        if any((root / f"{domain}.mo").is_file() for domain in DOMAINS):
            found.append(code)
    return found


def system_language() -> str:
    """The system's language if the game speaks it, else English."""
    candidates = [os.environ.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for value in candidates:
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def normalize_language(code: object) -> str:
    """A known language code for ``code`` ("de", "de_DE.UTF-8", "system"...), else the system's."""
    if isinstance(code, str):
        short = code.strip().split("_")[0].split(".")[0].lower()
        if short in LANGUAGES:
            return short
    return system_language()


def set_language(code: object) -> str:
    """Use ``code`` (``$IMPERIAL_DESKTOP_LANGUAGE`` wins when set) and return the language in use.

    A language whose catalogs are missing falls back to English, part by part.
    """
    global _translations, _language
    override = os.environ.get(LANGUAGE_ENV, "").strip()
    language = normalize_language(override or code)
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if language != DEFAULT_LANGUAGE:
        loaded = [t for t in (_load_domain(language, d) for d in DOMAINS) if t is not None]
        if not loaded:
            log.warning("no catalogs for %s; the game speaks English", language)
            language = DEFAULT_LANGUAGE
        else:
            chain = loaded[0]
            for extra in loaded[1:]:
                chain.add_fallback(extra)
    _translations, _language = chain, language
    for listener in list(_listeners):
        listener(language)
    return language


def language() -> str:
    """The code of the language in use ("en", "de", "fr")."""
    return _language


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every :func:`set_language` (caches of translated text)."""
    _listeners.append(listener)


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the current language."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where the same English word needs ``context``."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (translate where shown)."""
    return message


# Numbers and dates in each language's usual form. A table for our three languages rather than
# the C library's locale (which changes the whole process, and whose de/fr locales are often not
# installed) or babel (a large runtime dependency for three formats).
_THOUSANDS = {"en": ",", "de": ".", "fr": "\u00a0"}  # French: a no-break space, "1 234"
_DECIMAL = {"en": ".", "de": ",", "fr": ","}
_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_number(number: int | float, decimals: int = 0) -> str:
    """``number`` with the current language's digit grouping: 1,234 / 1.234 / 1 234."""
    text = f"{abs(number):,.{decimals}f}"
    whole, _sep, fraction = text.partition(".")
    whole = whole.replace(",", _THOUSANDS.get(_language, ","))
    sign = "-" if number < 0 and text.strip("0.,") else ""
    return sign + whole + (_DECIMAL.get(_language, ".") + fraction if fraction else "")


def format_date(moment: datetime.datetime | datetime.date) -> str:
    """A date (and time, for a datetime) as the current language writes it.

    en "23 Nov 2026 18:40", de "23.11.2026 18:40", fr "23/11/2026 18:40".
    """
    if _language == "de":
        day = f"{moment.day:02d}.{moment.month:02d}.{moment.year}"
    elif _language == "fr":
        day = f"{moment.day:02d}/{moment.month:02d}/{moment.year}"
    else:
        day = f"{moment.day} {_MONTHS_EN[moment.month - 1]} {moment.year}"
    if isinstance(moment, datetime.datetime):
        return f"{day} {moment.hour:02d}:{moment.minute:02d}"
    return day


__all__ = ["DEFAULT_LANGUAGE", "available_languages", "DOMAINS", "LANGUAGES", "LANGUAGE_ENV", "N_", "_", "format_date", "format_number",
           "language", "locale_root",
           "ngettext", "normalize_language", "on_language_change", "pgettext", "set_language", "system_language"]
