"""Money, dates and save-name stamps as the language in use writes them.

Numbers and dates come from :mod:`imperial_desktop.i18n` (``format_number``, ``format_date``);
this module adds the game's money ("12M", German "12 Mio.", French "12 mil.") and the short
stamp in a save's default name.
"""

from __future__ import annotations

from datetime import datetime

from imperial_desktop import i18n
from imperial_desktop.i18n import format_date, format_number

# a save name's time stamp: no "/" or ":" (the name becomes a file name)
_STAMP = {"en": "%d %b %H.%M", "de": "%d.%m. %H.%M", "fr": "%d-%m %Hh%M"}


def format_when(moment: datetime) -> str:
    """Date and time of day (when a game was saved) in the language's usual form."""
    return format_date(moment)


def format_money(amount: int) -> str:
    """An amount of money in millions: "12M" (German "12 Mio.", French "12 mil.")."""
    return i18n._("{amount}M").format(amount=format_number(amount))


def format_stamp(moment: datetime) -> str:
    """A short day-and-time stamp for a save's default name."""
    return moment.strftime(_STAMP.get(i18n.language(), _STAMP["en"]))


__all__ = ["format_money", "format_number", "format_stamp", "format_when"]
