"""The settings screen: language, window size, full screen, pace of computer turns, thinking
time of the Hard and Expert computers, hidden cash in hot seat, confirmation of each turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel

from imperial_desktop.ai.expert import BUDGET_SECONDS as EXPERT_SECONDS
from imperial_desktop.ai.hard import BUDGET_SECONDS as HARD_SECONDS
from imperial_desktop.i18n import LANGUAGES, N_, _, available_languages, system_language
from imperial_desktop.session.settings import COLOUR_PALETTES, PACES, TEXT_SIZES, THINK_TIMES
from imperial_desktop.ui import board_look
from imperial_desktop.ui.localized import format_number
from imperial_desktop.ui.menu_base import MenuScene, _fit, _save_settings, _selected

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


class SettingsScene(MenuScene):
    """Language, window size, full screen, pace of computer turns, thinking time of the Hard and
    Expert computers, hidden cash in hot seat, confirmation of each turn.

    A language chosen in the menu is shown at once (this screen is built again in it); Save keeps
    it, Back returns to the language used before."""

    title = N_("Settings")
    panel_size = (640, 500)
    SIZES = ["1280x720", "1280x800", "1366x768", "1440x900", "1600x1000", "1920x1080", "1920x1200"]
    TIPS = {
        "language": N_("The language of the game; \"System\" follows the language of your computer"),
        "size": N_("The size of the window when it is not full screen"),
        "full": N_("Fill the whole screen"),
        "pace": N_("How fast computer turns are shown: instant, fast, normal (about half a second per step) or slow"),
        "think_hard": N_("How long a Hard computer thinks about each decision. Longer thinking plays stronger and "
                         "makes you wait longer. Applies from the next game you start or continue"),
        "think_expert": N_("How long an Expert computer thinks about each decision (about a rondel choice eight "
                           "times as long, four times with three players, once with two): longer thinking tries out more moves and "
                           "makes you wait longer, but in our tests the standard time played strongest. Applies "
                           "from the next game you start or continue"),
        "hide": N_("In a hot-seat game (several people at this computer), hide everybody's cash between turns"),
        "colours": N_("The nations' colours. Colour-blind friendly: colours chosen to stay apart for players who "
                      "tell red from green or blue from yellow badly (the home provinces too). In both, every "
                      "nation's pieces, flags, factories and markers carry its own mark"),
        "text": N_("Shows everything larger: menus, buttons, questions and windows grow by this much; the board and "
                   "its tables grow less, as they already grow with the window. Larger sizes look a little softer. "
                   "A window smaller than 1600x900 (for 125%) or 1920x1080 (for 150%) grows only as far as it "
                   "allows, so that nothing is cut off"),
        "sound": N_("How loud the sound effects (and the music) are; off: no sound at all. M turns the sound off "
                    "and on again during a game"),
        "music": N_("A calm music loop plays while the sound is on"),
        "confirm": N_("Yes: after your turn the board shows its result and waits for Confirm turn (or Enter); until "
                      "then Undo takes your actions back one by one. No: the next player plays at once"),
    }
    # Shown names of the options (the English key is kept); languages are named in their own language.
    NAMES = {"off": N_("off"), "on": N_("on"), "yes": N_("yes"), "no": N_("no"), "instant": N_("instant"),
             "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow"), "system": N_("System"),
             "standard": N_("standard"), "colour_blind": N_("colour-blind friendly")}
    # Thinking time choices (settings.THINK_TIMES), named without their seconds: the levels search
    # differently, and "Expert 0.1 s" beside "Hard 1 s" read as if the Expert thought less (the
    # seconds are in the menu's tool tip).
    THINK_NAMES = {"quick": N_("quick"), "standard": N_("standard"), "long": N_("long"), "very_long": N_("very long")}
    DEFAULT_SECONDS = {"hard": HARD_SECONDS, "expert": EXPERT_SECONDS}  # what "standard" is

    def __init__(self, app: App):
        s = app.settings
        # the window as it is (a stored 1600x1000 is made smaller on a smaller screen); full
        # screen: the size the window will have when full screen is turned off
        w, h = (s.window_width, s.window_height) if s.fullscreen else app.window.get_size()
        size = f"{w}x{h}"
        self.language_before = _setting_language(s)
        self.values = {"language": self.language_before, "size": size, "full": "on" if s.fullscreen else "off",
                       "pace": s.pace, "hide": "yes" if s.hide_cash_in_hot_seat else "no",
                       "confirm": "yes" if s.confirm_turns else "no",
                       "colours": getattr(s, "colours", "standard"),
                       "text": str(getattr(s, "text_size", 100)),
                       "sound": "off" if s.mute or not s.volume else str(s.volume),
                       "music": "on" if s.music else "off",
                       **{f"think_{level}": s.think_times.get(level, "standard") for level in THINK_TIMES}}
        self.message = ""
        super().__init__(app)

    def _volume_steps(self) -> list[str]:
        """The Sound row's choices: off, then the volume in steps of ten (and the one set, if between)."""
        steps = [str(volume) for volume in range(10, 101, 10)]
        current = self.values["sound"]
        if current not in steps and current != "off" and current != "0":
            steps = sorted([*steps, current], key=int)
        return ["off", *steps]

    def _names(self) -> dict[str, str]:
        return {**self.NAMES, **LANGUAGES}

    def _think_options(self, level: str) -> list[tuple[str, str]]:
        """The thinking-time choices of a level: "quick", "standard", ..."""
        return [(_(self.THINK_NAMES[key]), key) for key in THINK_TIMES[level]]

    def _think_seconds(self, level: str) -> str:
        """The seconds per decision of each choice, for the tool tip: "quick: 0.3 s, standard: 1 s, …"."""
        parts = []
        for key, seconds in THINK_TIMES[level].items():
            seconds = self.DEFAULT_SECONDS[level] if seconds is None else seconds
            number = format_number(seconds, next((d for d in (0, 1) if round(seconds, d) == seconds), 2))
            parts.append(_("{choice}: {seconds} s").format(choice=_(self.THINK_NAMES[key]), seconds=number))
        return _("Seconds per decision: {choices}.").format(choices=", ".join(parts))

    def _build(self) -> None:
        m, p = self.manager, self.panel
        pw, ph = self.panel_rect.size
        label_w = min(260, pw // 2 - 20)
        menu_w = min(220, pw - label_w - 40)
        sizes = self.SIZES if self.values["size"] in self.SIZES else self.SIZES + [self.values["size"]]
        languages = available_languages()
        rows = [("language", _("Language"), ["system", *languages]), ("size", _("Window size"), sizes),
                ("full", _("Full screen"), ["off", "on"]), ("pace", _("Computer turns"), list(PACES)),
                ("think_hard", _("Hard computer thinks"), list(THINK_TIMES["hard"])),
                ("think_expert", _("Expert computer thinks"), list(THINK_TIMES["expert"])),
                ("hide", _("Hide cash in hot seat"), ["yes", "no"]), ("confirm", _("Confirm each turn"), ["yes", "no"]),
                ("colours", _("Colours"), list(COLOUR_PALETTES)),
                ("text", _("Text size"), [str(size) for size in TEXT_SIZES]),
                ("sound", _("Sound"), self._volume_steps()), ("music", _("Music"), ["off", "on"])]
        pitch = max(30, min(46, (ph - 60 - 70) // (len(rows) + 1)))
        ch = min(32, pitch - 4)
        self.menus: dict[str, UIDropDownMenu] = {}
        y = 60
        for key, text, options in rows:
            tip = _(self.TIPS[key])
            if key.startswith("think_"):
                tip += ". " + self._think_seconds(key.removeprefix("think_"))
            self.label(pygame.Rect(20, y, label_w, ch), _fit(text, label_w - 4, 14), tip)
            names = self._names()
            shown = ([(_(names[o]) if o in self.NAMES else names.get(o, o), o) for o in options]
                     if not key.startswith("think_") else self._think_options(key.removeprefix("think_")))
            if key == "sound":  # off, then "10%" ... "100%"
                shown = [(_(self.NAMES[o]) if o in self.NAMES else _("{percent}%").format(percent=o), o) for o in options]
            if key == "text":  # "125%" ("125 %" in German and French)
                shown = [(_("{percent}%").format(percent=o), o) for o in options]
            if key == "language":  # which language "System" means here: "System (Deutsch)"
                meant = system_language() if system_language() in languages else "en"
                shown[0] = (f"{shown[0][0]} ({LANGUAGES[meant]})", "system")
            fallback = options.index("standard") if key.startswith("think_") else 0
            current = shown[options.index(self.values[key]) if self.values[key] in options else fallback]
            menu = UIDropDownMenu(shown, current, pygame.Rect(20 + label_w + 10, y, menu_w, ch), m, container=p,
                                  expansion_height_limit=max(60, self.window_size()[1] - self.panel_rect.y - y - ch - 50))
            menu.set_tooltip(tip)
            self.menus[key] = menu
            y += pitch
        self.language, self.size, self.full, self.pace, self.think_hard, self.think_expert, self.hide = (
            self.menus[k] for k in ("language", "size", "full", "pace", "think_hard", "think_expert", "hide"))
        self.confirm_turns = self.menus["confirm"]
        bh = min(44, max(24, ph - y - 40))
        self.note = UILabel(pygame.Rect(20, ph - bh - 44, pw - 40, 26), _fit(self.message, pw - 44, 14), m, container=p)
        self.done = self.button(pygame.Rect(pw - 200, ph - bh - 12, 180, bh), _("Save"), _("Keep these settings"), "#primary_button")
        self.back_button = self.button(pygame.Rect(20, ph - bh - 12, 160, bh), _("Back"), _("Back without changes (Esc)"))

    def dropdowns(self) -> list[UIDropDownMenu]:
        return list(self.menus.values())

    def capture(self) -> None:
        for key, menu in self.menus.items():
            self.values[key] = _selected(menu)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.menus.get("sound"):
            chosen = _selected(self.menus["sound"])  # heard at once, at the volume chosen (kept by Save)
            self.app.sound.preview(0 if chosen == "off" else int(chosen))
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.menus.get("language"):
            self.app.set_language(_selected(self.language))  # shown at once: this screen in the new language
            self.relayout()
            return
        super().handle_event(event)

    def back(self) -> None:
        if _selected(self.language) != self.language_before:
            self.app.set_language(self.language_before)
        super().back()

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.done:
            self.saved(self.store())

    def store(self) -> str:
        """Keep the chosen settings in the app and write them (a new window size applies at once);
        "" when written, else why not."""
        s = self.app.settings
        window_before = (s.window_width, s.window_height, s.fullscreen)
        w, h = (int(v) for v in _selected(self.size).split("x"))
        s.window_width, s.window_height = w, h
        s.fullscreen = _selected(self.full) == "on"
        s.pace = _selected(self.pace)
        s.think_times = {level: _selected(self.menus[f"think_{level}"]) for level in THINK_TIMES}
        s.hide_cash_in_hot_seat = _selected(self.hide) == "yes"
        s.confirm_turns = _selected(self.confirm_turns) == "yes"
        s.language = _selected(self.language)
        s.colours = _selected(self.menus["colours"])
        board_look.use_palette(s.colours)  # the game screen shows it when this closes (SettingsLayer)
        sound = _selected(self.menus["sound"])
        s.mute = sound == "off"
        if sound != "off":  # off keeps the volume for the sound turned on again
            s.volume = int(sound)
        s.music = _selected(self.menus["music"]) == "on"
        self.app.apply_sound_settings()
        text_before, s.text_size = getattr(s, "text_size", 100), int(_selected(self.menus["text"]))
        self.app.set_language(s.language)
        problem = _save_settings(self.app)
        if (s.window_width, s.window_height, s.fullscreen) != window_before:  # a new pace moves no window
            self.app.apply_window_settings()
        elif s.text_size != text_before:
            self.app.apply_text_size()
        return problem

    def saved(self, problem: str) -> None:
        """After Save: back to the title screen (which says why the settings were not written, if so)."""
        self.app.show_title(problem + " " + _("They apply until you quit.") if problem else "")


def _setting_language(settings: object) -> str:
    """The language kept in the settings: "system", "en", "de" or "fr"."""
    value = getattr(settings, "language", "system")
    return value if value in LANGUAGES or value == "system" else "system"


__all__ = ["SettingsScene"]
