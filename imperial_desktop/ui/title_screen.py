"""The title screen: Continue, New game, Learn to play, Load, Games played, Settings, Rules, About, Quit; the
version at the foot of the panel."""

from __future__ import annotations

import concurrent.futures
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox

from imperial_desktop.i18n import N_, _
from imperial_desktop.session import autosave as autosaves
from imperial_desktop.session import saves
from imperial_desktop.ui.gui import TIP_WIDTH, markup_escape, plain_text
from imperial_desktop.ui.load_screen import LoadScene
from imperial_desktop.ui.menu_base import _LISTER, MenuScene, _fit
from imperial_desktop.ui.new_game_screen import NewGameScene
from imperial_desktop.ui.reference_screen import RulesScene
from imperial_desktop.ui.settings_screen import SettingsScene
from imperial_desktop.version import version

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App


class TitleScene(MenuScene):
    """Continue, New game, Load, Settings, Rules, Quit."""

    panel_size = (460, 540)
    SPECS = [
        ("continue", N_("Continue"), N_("Resume the last game where you left it (autosaved after every move)")),
        ("new", N_("New game"), N_("Set up a new game: players, computer opponents, variants")),
        ("learn", None, None),  # "Learn to play": its texts come from ui.coach (the tutorial's catalog)
        ("load", N_("Load"), N_("Open a saved game")),
        ("games", N_("Games played"), N_("Every finished game: look back at it, play a rematch, share its record; "
                                         "statistics per player and computer level")),
        ("settings", N_("Settings"), N_("Language, window size, full screen, pace of computer turns, computers' thinking time, hidden cash")),
        ("rules", N_("Rules"), N_("A summary of the rules of Imperial, with every new-game option explained")),
        ("about", N_("About"), N_("Version, authors, the board game's credits, and the licences of the fonts, "
                                  "libraries and sounds the game includes")),
        ("quit", N_("Quit"), N_("Leave the game (the current game is saved)")),
    ]

    def __init__(self, app: App, note: str = ""):
        self.note = note
        self.has_auto = autosaves.has_autosave()
        self.panel_size = (460, 660 if note else 570)
        self.continue_tip = _(self.SPECS[0][2])
        # which game is behind Continue, read off the UI thread (it names it in the tool tip)
        self.future: concurrent.futures.Future | None = _LISTER.submit(_continue_summary) if self.has_auto else None
        super().__init__(app)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.future is not None and self.future.done():
            summary, self.future = self.future.result(), None
            if summary:
                self.continue_tip = _("Resume {game} (autosaved after every move)").format(game=summary)
                self.buttons["continue"].set_tooltip(markup_escape(self.continue_tip), wrap_width=TIP_WIDTH)

    def _build(self) -> None:
        pw, ph = self.panel_rect.size
        UILabel(pygame.Rect(0, 14, pw, 56), "IMPERIAL", self.manager, container=self.panel, object_id="#title_label")
        UILabel(pygame.Rect(0, 70, pw, 24), _fit(_("Europe 1914 · investors, bonds and Great Powers"), pw - 8, 14),
                self.manager, container=self.panel)
        note_h = 70 if self.note else 0
        top = 104
        version_h = 22  # the version, discreetly at the foot of the panel
        pitch = max(20, min(54, (ph - top - 10 - note_h - version_h) // len(self.SPECS)))
        self.buttons: dict[str, UIButton] = {}
        y = top
        for key, text, tip in self.SPECS:
            primary = key == ("continue" if self.has_auto else "new")  # one obvious next step
            if key == "learn":
                from imperial_desktop.ui.coach import learn_texts

                text, tip = learn_texts()
            self.buttons[key] = self.button(pygame.Rect(70 if pw > 300 else 8, y, pw - (140 if pw > 300 else 16), pitch - 10),
                                            _(text), markup_escape(self.continue_tip if key == "continue" else _(tip)),
                                            "#primary_button" if primary else None)
            y += pitch
        if not self.has_auto:
            self.buttons["continue"].disable()
        if self.note:
            UITextBox(markup_escape(self.note), pygame.Rect(16, y, pw - 32, max(20, ph - y - 10 - version_h)), self.manager,
                      container=self.panel)
        self.version_label = UILabel(pygame.Rect(8, ph - version_h - 6, pw - 16, version_h),
                                     _fit(_("Version {version}").format(version=version()), pw - 24, 13),
                                     self.manager, container=self.panel, object_id="#hint_label")

    def on_button(self, element: object) -> None:
        b = self.buttons
        if element is b["continue"]:
            self.app.continue_game()
        elif element is b["new"]:
            self.app.switch(NewGameScene(self.app))
        elif element is b["learn"]:
            from imperial_desktop.ui.coach import start_tutorial

            start_tutorial(self.app)
        elif element is b["load"]:
            self.app.switch(LoadScene(self.app))
        elif element is b["games"]:
            from imperial_desktop.ui.games_screen import GamesScene

            self.app.switch(GamesScene(self.app))
        elif element is b["settings"]:
            self.app.switch(SettingsScene(self.app))
        elif element is b["rules"]:
            self.app.switch(RulesScene(self.app))
        elif element is b["about"]:
            from imperial_desktop.ui.about_screen import AboutScene

            self.app.switch(AboutScene(self.app))
        elif element is b["quit"]:
            self.app.running = False

    def back(self) -> None:
        pass


def _continue_summary() -> str | None:
    """"the game of Anna, Ben and Clara, turn 12" for the autosave, or None if it cannot be read."""
    try:
        saved = saves.read_save(saves.autosave_path())
    except saves.SaveError:
        return None
    players = [plain_text(p) for p in saved.state.setup.players]
    names = (_("{names} and {last}").format(names=", ".join(players[:-1]), last=players[-1]) if len(players) > 1
             else "".join(players))
    if saved.state.is_terminal():
        return _("the game of {players}, game over").format(players=names)
    return _("the game of {players}, turn {turn}").format(players=names, turn=saved.state.turns_taken + 1)


__all__ = ["TitleScene"]
