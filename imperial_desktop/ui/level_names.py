"""The computer levels as a player reads them: capitalised names in the language in use.

Saves, settings and the bots keep the lower-case keys ("easy", "hard", "expert:0.02"); every
place that shows a level to a player shows :func:`level_name` of it.
"""

from __future__ import annotations

from imperial_desktop.i18n import N_, _

LEVEL_NAMES = {
    "random": N_("Random"),
    "easy": N_("Easy"),
    "greedy": N_("Greedy"),
    "normal": N_("Normal"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
    "exploiter": N_("Exploiter"),
}


def level_name(level: str) -> str:
    """The translated, capitalised name of a computer level key (a tuned key such as
    "expert:0.02" by its level; an unknown key with a capital first letter)."""
    key = level.split(":", 1)[0].strip().lower()
    if key in LEVEL_NAMES:
        return _(LEVEL_NAMES[key])
    return key[:1].upper() + key[1:]


__all__ = ["LEVEL_NAMES", "level_name"]
