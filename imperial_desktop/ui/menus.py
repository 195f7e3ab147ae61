"""The screens around the board: title, new game, load, settings and the rules summary.

Every screen builds its widgets from its own state in ``_build()`` and builds them again when the
window is resized (``pygame.VIDEORESIZE``), so nothing is ever left outside the window. Text
from players or files is escaped before a markup-aware widget (UITextBox, tool tips) sees it.
"""

from __future__ import annotations

import concurrent.futures
import logging
import random
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList, UITextBox, UITextEntryLine,
)

from imperial_desktop.ai import bot_names
from imperial_desktop.ai.expert import BUDGET_SECONDS as EXPERT_SECONDS
from imperial_desktop.ai.hard import BUDGET_SECONDS as HARD_SECONDS
from imperial_desktop.core import GameSetup, RulesOptions
from imperial_desktop.core.board import load_board
from imperial_desktop.i18n import LANGUAGES, N_, _, available_languages, ngettext, system_language
from imperial_desktop.session import autosave as autosaves, saves
from imperial_desktop.session import settings as settings_module
from imperial_desktop.core.validate import shows_nothing
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.keep import free_save_name, game_in_progress, keep_game
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import PACES, THINK_TIMES, NewGameChoices
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.localized import format_number, format_when
from imperial_desktop.ui.gui import TIP_WIDTH, ask, markup_escape, plain_text, show_dropdown_tips, text_problem
from imperial_desktop.ui.rules_window import RulesWindow

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

# English names are the keys of the flag-card menu; it shows the board's names in the language in use.
NATION_NAMES = {"austria_hungary": "Austria-Hungary", "italy": "Italy", "france": "France",
                "great_britain": "Great Britain", "germany": "German Empire", "russia": "Russia"}
LEVELS = [lvl for lvl in ("easy", "normal", "hard", "expert") if lvl in bot_names()] or ["random"]
MAX_SEAT_NAME = 24
# Shown names of the computer levels, seat kinds and the deal (the menus keep the English key).
CHOICE_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert"),
                "random": N_("random"), "human": N_("human"), "computer": N_("computer")}

# Plain-word explanations of every new-game option (tool tips; the Rules screen says more;
# translated where shown).
TIPS = {
    "players": N_("How many people sit at the table, 2 to 6 (people and computers together)"),
    "name": N_("The player's name (up to 24 characters; every player needs a different one)"),
    "kind": N_("\"human\": a person at this computer (several people take turns: hot seat); \"computer\": played by the program"),
    "level": N_("How well the computer plays: easy, normal, hard, expert (the strongest last)"),
    "card": N_("Standard start only: the nation whose flag card (and starting bonds) this player gets; \"random\" deals it"),
    "setup": N_("How the bonds are handed out before the first turn. \"standard start\": every player is dealt flag "
                "cards and gets the matching bonds, so each nation has its government at once. \"bond auction\" (the "
                "rule book's variant for experienced players): everyone starts with more cash and, nation by nation, "
                "the players buy bonds in turn; whoever holds the most of a nation governs it"),
    "investor_card": N_("Who may buy bonds during the game. \"with investor card\": the card passes round the table; "
                        "when a nation reaches the Investor space, its holder gets 2M and may buy a bond. \"without\": "
                        "after every nation's turn each player may buy a bond of that nation"),
    "shortfall": N_("On the Investor space a nation pays its bondholders interest. If it cannot pay it all: \"may not go "
                    "to Investor\": it may move there only if its treasury and its government's cash can pay together. "
                    "\"bondholders get less\": it may always move there, and the bondholders lose what is missing"),
    "forced": N_("A player with a Swiss Bank may force a nation that would pass the Investor space to stop there. "
                 "\"paid like a move\": the government pays the rondel cost of the spaces actually moved. "
                 "\"free\": the stop costs nothing"),
    "swiss": N_("Only in games without investor card. \"may force a stop\": a player with a Swiss Bank may still "
                "force a nation that would pass the Investor space to stop there. \"may not force\": nobody can"),
    "border": N_("Whether St. Petersburg and Kiev are neighbours: with the border, armies may march directly between "
                 "the two provinces; without it, they may not"),
    "seed": N_("A number that fixes the shuffles of this game (the same number gives the same deal); empty: a new one"),
    "start": N_("Start with these settings (Enter)"),
    "back": N_("Back to the title screen (Esc)"),
}


def tip(key: str) -> str:
    """The translated tool tip of a new-game option (our own text: no markup in it)."""
    return _(TIPS[key])


def _options(keys: list[str], names: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Drop-down options: the translated name shown, the English key kept (see :func:`_selected`)."""
    return [(_(names.get(k, k) if names else k), k) for k in keys]


def _option(key: str, names: dict[str, str] | None = None) -> tuple[str, str]:
    return _options([key], names)[0]

_LISTER = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="list-saves")


def _font(size: int, kind: str = "regular") -> pygame.font.Font:
    """The cached font, made again if pygame was shut down and started since (as tests do)."""
    made = font(size, kind)
    try:
        made.size("Ag")
    except pygame.error:
        from imperial_desktop.ui import fonts

        fonts._FONTS.clear()
        made = font(size, kind)
    return made


def _fit(text: str, width: int, size: int = 13, kind: str = "regular") -> str:
    """``text`` shortened with "…" until it is at most ``width`` pixels wide in that font."""
    f = _font(size, kind)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip(" ,·-") + "…"


class MenuScene:
    """Base of the menu screens: a dimmed board behind a central panel of pygame-gui widgets."""

    title = ""
    panel_size = (720, 620)

    def __init__(self, app: "App"):
        self.app = app
        self.manager = app.manager
        self.elements: list[Any] = []
        self.windows: list[Any] = []  # dialogs and windows outside the panel
        self._make_panel()
        self._build()

    # ------------------------------------------------------------------ layout

    def window_size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def _make_panel(self) -> None:
        w, h = self.window_size()
        margin = 20 if min(w, h) >= 600 else 4
        pw, ph = max(1, min(self.panel_size[0], w - 2 * margin)), max(1, min(self.panel_size[1], h - 2 * margin))
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.panel = UIPanel(self.panel_rect, starting_height=1, manager=self.manager, object_id="#menu_panel")
        self.elements = [self.panel]
        if self.title:
            UILabel(pygame.Rect(16, 10, pw - 32, 36), _(self.title), self.manager, container=self.panel, object_id="#heading_label")

    def _build(self) -> None:  # pragma: no cover - overridden
        pass

    def relayout(self) -> None:
        """Build the screen again for the current window size, keeping what was chosen."""
        self.capture()
        self.panel.kill()
        self._make_panel()
        self._build()

    def capture(self) -> None:
        """Remember what the widgets hold before they are rebuilt (overridden where needed)."""

    def close(self) -> None:
        for element in self.elements + self.windows:
            element.kill()
        self.windows = []

    # ------------------------------------------------------------------ events

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.relayout()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if not self.asking():  # a press queued behind an open question waits for the answer
                self.on_button(event.ui_element)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            self.on_confirmed(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.asking():
            self.back()

    def wants_frames(self) -> bool:
        """Whether the screen changes by itself now: only while a folder is read in the background
        (otherwise it rests until input arrives)."""
        return getattr(self, "future", None) is not None

    def asking(self) -> bool:
        """True while one of this screen's questions is open."""
        self.windows = [w for w in self.windows if w.alive()]
        return bool(self.windows)

    def on_button(self, element: object) -> None:  # pragma: no cover - overridden
        pass

    def on_confirmed(self, dialog: object) -> None:
        pass

    def ask(self, question: str, *, title: str, ok: str, danger: bool = False):
        dialog = ask(self.manager, self.window_size(), question, title=title, ok=ok, danger=danger)
        self.windows.append(dialog)
        return dialog

    def back(self) -> None:
        self.app.show_title()

    def update(self, dt: float) -> None:
        show_dropdown_tips(self.dropdowns())

    def dropdowns(self) -> list[UIDropDownMenu]:
        """This screen's drop-down menus (their tool tips are shown by :func:`show_dropdown_tips`)."""
        return []

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_backdrop(surface)

    def button(self, rect: pygame.Rect, text: str, tip: str, object_id: str | None = None) -> UIButton:
        return UIButton(rect, text, self.manager, container=self.panel, tool_tip_text=tip, object_id=object_id)

    def label(self, rect: pygame.Rect, text: str, tip: str | None = None) -> UILabel:
        made = UILabel(rect, text, self.manager, container=self.panel)
        if tip:
            made.set_tooltip(tip, wrap_width=TIP_WIDTH)
        return made


def _save_settings(app: "App") -> str:
    """Write the settings; "" on success, else why not (never raises: a full or read-only disk
    must not stop a game)."""
    safely = getattr(settings_module, "save_settings_safely", None)
    try:
        if safely is not None:
            result = safely(app.settings)
            return result if isinstance(result, str) else ""
        settings_module.save_settings(app.settings)
    except OSError as exc:
        return _("Your settings could not be saved ({reason}).").format(reason=exc.strerror or exc)
    return ""


# ---------------------------------------------------------------------- title


class TitleScene(MenuScene):
    """Continue, New game, Load, Settings, Rules, Quit."""

    panel_size = (460, 540)
    SPECS = [
        ("continue", N_("Continue"), N_("Resume the last game where you left it (autosaved after every move)")),
        ("new", N_("New game"), N_("Set up a new game: players, computer opponents, variants")),
        ("learn", None, None),  # "Learn to play": its texts come from ui.coach (the tutorial's catalog)
        ("load", N_("Load"), N_("Open a saved game")),
        ("settings", N_("Settings"), N_("Language, window size, full screen, pace of computer turns, computers' thinking time, hidden cash")),
        ("rules", N_("Rules"), N_("A summary of the rules of Imperial, with every new-game option explained")),
        ("quit", N_("Quit"), N_("Leave the game (the current game is saved)")),
    ]

    def __init__(self, app: "App", note: str = ""):
        self.note = note
        self.has_auto = autosaves.has_autosave()
        self.panel_size = (460, 590 if note else 500)
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
        pitch = max(20, min(54, (ph - top - 10 - note_h) // len(self.SPECS)))
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
            UITextBox(markup_escape(self.note), pygame.Rect(16, y, pw - 32, max(20, ph - y - 10)), self.manager, container=self.panel)

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
        elif element is b["settings"]:
            self.app.switch(SettingsScene(self.app))
        elif element is b["rules"]:
            self.app.switch(RulesScene(self.app))
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


# ---------------------------------------------------------------------- new game


def _default_name(index: int, kind: str) -> str:
    if kind == COMPUTER:
        return _("Computer {number}").format(number=index) if index else _("Computer")
    return _("Player {number}").format(number=index + 1)


_DEFAULT_NAME = re.compile(r"^(Player|Spieler|Joueur|Computer|Ordinateur)( \d+)?$")  # in every language


def _clean_seat_name(value: Any, index: int, kind: str) -> str:
    """A seat name from the settings file fit to show (bad characters dropped, length cut)."""
    text = plain_text(value).replace("?", "") if isinstance(value, str) and text_problem(value, 10**6) else value
    if not isinstance(text, str) or not text.strip() or shows_nothing(text.strip()) or _DEFAULT_NAME.match(text.strip()):
        return _default_name(index, kind)  # a default name follows the language in use
    return text.strip()[:MAX_SEAT_NAME]


def _rules_options(data: Any) -> RulesOptions:
    """The options saved last time, or the defaults for anything unknown (never raises)."""
    cleaner = getattr(settings_module, "clean_rules_options", None)
    try:
        return RulesOptions.from_dict(cleaner(data) if cleaner else (data if isinstance(data, dict) else {}))
    except (ValueError, TypeError):
        return RulesOptions()


class NewGameScene(MenuScene):
    """Players and seats, set-up variant, investor card, rules options, deal and seed."""

    title = N_("New game")
    panel_size = (940, 650)

    def __init__(self, app: "App"):
        last = app.settings.last_new_game
        kinds = [s.get("kind") if s.get("kind") in (HUMAN, COMPUTER) else HUMAN for s in last.seats]
        self.seats: list[dict[str, str]] = [
            {"name": _clean_seat_name(s.get("name"), i, kinds[i]), "kind": kinds[i],
             "level": s.get("level") if s.get("level") in LEVELS else LEVELS[min(1, len(LEVELS) - 1)]}
            for i, s in enumerate(last.seats[:6])]
        while len(self.seats) < 2:
            self.seats.append({"name": _default_name(len(self.seats), COMPUTER), "kind": COMPUTER, "level": LEVELS[0]})
        opts = _rules_options(last.options)
        self.values: dict[str, str] = {
            "setup": "standard start" if last.bond_distribution != "auction" else "bond auction (experienced)",
            "investor_card": "with investor card" if last.investor_card else "without investor card",
            "shortfall": "may not go to Investor" if opts.investor_shortfall == "forbid" else "bondholders get less",
            "forced": "paid like a move" if opts.forced_stop_cost == "distance" else "free",
            "swiss": "may force a stop" if opts.swiss_force_without_card else "may not force",
            "border": "border" if opts.stpetersburg_kiev_border else "no border",
            "seed": "",
        }
        self.cards = ["random"] * len(self.seats)
        self.error_text = ""
        self.choices: NewGameChoices = last
        self._pending: tuple[GameSetup, list[Seat], int] | None = None
        self._replace_question = None
        super().__init__(app)

    # label, then the options: their English texts are the keys, shown translated
    OPTIONS = {
        "setup": (N_("Starting bonds"), [N_("standard start"), N_("bond auction (experienced)")]),
        "investor_card": (N_("Investor card"), [N_("with investor card"), N_("without investor card")]),
        "shortfall": (N_("Interest shortfall"), [N_("may not go to Investor"), N_("bondholders get less")]),
        "forced": (N_("Forced Investor stop"), [N_("paid like a move"), N_("free")]),
        "swiss": (N_("Swiss Bank, no card"), [N_("may force a stop"), N_("may not force")]),
        "border": (N_("St. Petersburg-Kiev"), [N_("no border"), N_("border")]),
    }

    def _build(self) -> None:
        m, p = self.manager, self.panel
        pw, ph = self.panel_rect.size
        inner = pw - 40
        rows = 13  # players, header, 6 seats, 4 option rows, error line
        pitch = max(22, min(40, (ph - 52 - 60) // rows))
        ch = pitch - 6  # control height
        self.widgets: dict[str, Any] = {}
        self.seat_rows: list[dict[str, Any]] = []
        y = 52
        self.label(pygame.Rect(20, y, 110, ch), _fit(_("Players"), 106, 14), tip("players"))
        self.widgets["players"] = UIDropDownMenu([str(i) for i in range(2, 7)], str(len(self.seats)),
                                                 pygame.Rect(130, y, 80, ch), m, container=p)
        self.widgets["players"].set_tooltip(tip("players"))
        y += pitch
        cols = [int(inner * f) for f in (0.30, 0.17, 0.19, 0.28)]
        xs = [20]
        for c in cols[:-1]:
            xs.append(xs[-1] + c + 12)
        cols = [c - 3 for c in cols]
        for x, c, text, key in zip(xs, cols, (_("Name"), _("Seat"), _("Computer level"), _("Flag card (standard start)")),
                                   ("name", "kind", "level", "card")):
            self.label(pygame.Rect(x, y, c, ch), _fit(text, c - 4, 14), tip(key))
        y += pitch
        card_keys = ["random"] + self._card_options(len(self.seats))
        nations = load_board().nation_by_id
        shown = {english: nations[nation].name for nation, english in NATION_NAMES.items()}
        deal_options = [(_(CHOICE_NAMES[k]) if k in CHOICE_NAMES else shown[k], k) for k in card_keys]
        for i, seat in enumerate(self.seats):
            name = UITextEntryLine(pygame.Rect(xs[0], y, cols[0], ch), m, container=p)
            name.set_text_length_limit(MAX_SEAT_NAME)
            name.set_text(seat["name"])
            name.set_tooltip(tip("name"))
            card = self.cards[i] if self.cards[i] in card_keys else "random"
            row = {
                "name": name,
                "kind": UIDropDownMenu(_options([HUMAN, COMPUTER], CHOICE_NAMES), _option(seat["kind"], CHOICE_NAMES),
                                       pygame.Rect(xs[1], y, cols[1], ch), m, container=p),
                "level": UIDropDownMenu(_options(LEVELS, CHOICE_NAMES), _option(seat["level"], CHOICE_NAMES),
                                        pygame.Rect(xs[2], y, cols[2], ch), m, container=p),
                "card": UIDropDownMenu(deal_options, deal_options[card_keys.index(card)],
                                       pygame.Rect(xs[3], y, cols[3], ch), m, container=p),
            }
            for key in ("kind", "level", "card"):
                row[key].set_tooltip(tip(key))
            if seat["kind"] == HUMAN:
                row["level"].disable()  # a level only matters for a computer seat
            self.seat_rows.append(row)
            y += pitch
        y += pitch // 2
        half = (inner - 20) // 2
        label_w = int(half * 0.42)
        keys = list(self.OPTIONS)
        for row_index in range(3):
            for col in range(2):
                key = keys[row_index * 2 + col]
                text, options = self.OPTIONS[key]
                x = 20 + col * (half + 20)
                self.label(pygame.Rect(x, y, label_w, ch), _fit(_(text), label_w - 4, 14), tip(key))
                menu = UIDropDownMenu(_options(options), _option(self.values[key]),
                                      pygame.Rect(x + label_w, y, half - label_w, ch), m, container=p)
                menu.set_tooltip(tip(key))
                self.widgets[key] = menu
            y += pitch
        self.label(pygame.Rect(20, y, label_w, ch), _fit(_("Seed (empty: new)"), label_w - 4, 14), tip("seed"))
        seed = UITextEntryLine(pygame.Rect(20 + label_w, y, half - label_w, ch), m, container=p)
        seed.set_allowed_characters("numbers")
        seed.set_text_length_limit(9)
        seed.set_text(self.values["seed"])
        seed.set_tooltip(tip("seed"))
        self.widgets["seed"] = seed
        y += pitch
        bh = min(44, max(24, ph - y - pitch - 12))
        # a newcomer meets house rules before the first game: say they can stay as they are
        hint = _("New to Imperial? Leave these options as they are; point at one for a short explanation.")
        message_rect = pygame.Rect(20, ph - bh - 12 - 30, pw - 40, 28)
        self.hint_label = None
        if ph - bh - 12 - 30 - y >= ch:  # room for a hint above the message line
            self.hint_label = UILabel(pygame.Rect(20, y, pw - 40, ch), _fit(hint, pw - 44, 14), m, container=p,
                                      object_id="#hint_label")
        elif not self.error_text:  # six seats leave no room: the hint stands on the message line until a message
            self.hint_label = UILabel(message_rect, _fit(hint, pw - 44, 14), m, container=p, object_id="#hint_label")
        self._sync_cards()
        self.error = UILabel(message_rect, _fit(self.error_text, pw - 44, 14), m, container=p)
        self.widgets["start"] = self.button(pygame.Rect(pw - 260, ph - bh - 12, 240, bh), _("Start the game"), tip("start"),
                                            "#primary_button")
        self.widgets["back"] = self.button(pygame.Rect(20, ph - bh - 12, 160, bh), _("Back"), tip("back"))

    def dropdowns(self) -> list[UIDropDownMenu]:
        menus = [w for w in self.widgets.values() if isinstance(w, UIDropDownMenu)]
        return menus + [row[k] for row in self.seat_rows for k in ("kind", "level", "card")]

    def _sync_cards(self) -> None:
        """Flag cards are chosen only for the standard start (the auction grants the bonds)."""
        standard = _selected(self.widgets["setup"]) == "standard start"
        for row in self.seat_rows:
            (row["card"].enable if standard else row["card"].disable)()

    def _card_options(self, n: int) -> list[str]:
        if n == 2:
            ids = ["austria_hungary", "italy"]
        elif n == 3:
            ids = ["austria_hungary", "italy", "france"]
        else:
            ids = list(NATION_NAMES)
        return [NATION_NAMES[i] for i in ids]  # the English names: the menu's keys

    def capture(self) -> None:
        self.seats = self.read_seats(raw=True)
        self.cards = [_selected(row["card"]) for row in self.seat_rows]
        for key in self.OPTIONS:
            self.values[key] = _selected(self.widgets[key])
        self.values["seed"] = self.widgets["seed"].get_text()
        self.error_text = self.error.text

    def set_players(self, players: int) -> None:
        """Show the screen again for another number of players (names and seats kept)."""
        self.capture()
        while len(self.seats) < players:
            i = len(self.seats)
            self.seats.append({"name": _default_name(i, COMPUTER), "kind": COMPUTER, "level": LEVELS[min(1, len(LEVELS) - 1)]})
        del self.seats[players:]
        self.cards = (self.cards + ["random"] * 6)[:players]
        self.panel.kill()
        self._make_panel()
        self._build()

    def read_seats(self, raw: bool = False) -> list[dict[str, str]]:
        out = []
        for i, row in enumerate(self.seat_rows):
            kind = _selected(row["kind"])
            name = row["name"].get_text() if raw else (row["name"].get_text().strip() or _default_name(i, kind))
            out.append({"name": name[:MAX_SEAT_NAME], "kind": kind, "level": _selected(row["level"])})
        return out

    def on_kind_changed(self, index: int) -> None:
        """A seat switched between human and computer: its level and (default) name follow."""
        row = self.seat_rows[index]
        kind = _selected(row["kind"])
        (row["level"].enable if kind == COMPUTER else row["level"].disable)()
        if _DEFAULT_NAME.match(row["name"].get_text().strip()) or not row["name"].get_text().strip():
            row["name"].set_text(_default_name(index, kind))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.widgets.get("players"):
                self.set_players(int(_selected(self.widgets["players"])))
                return
            if event.ui_element is self.widgets.get("setup"):
                self._sync_cards()
            for i, row in enumerate(self.seat_rows):
                if event.ui_element is row["kind"]:
                    self.on_kind_changed(i)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.asking():
            self.start()
            return
        super().handle_event(event)

    def on_button(self, element: object) -> None:
        if element is self.widgets["start"]:
            self.start()
        elif element is self.widgets["back"]:
            self.back()

    def build_setup(self) -> tuple[GameSetup, list[Seat], int]:
        """The set-up, seats and seed chosen on this screen (raises ValueError with a message)."""
        seats_data = self.read_seats()
        for number, seat in enumerate(seats_data, start=1):
            problem = text_problem(seat["name"], MAX_SEAT_NAME)
            if problem:
                raise ValueError(_("The name of player {number} cannot be used: {reason}.").format(number=number, reason=problem))
        n = len(seats_data)
        seats = [Seat(s["name"], s["kind"], s["level"]) for s in seats_data]
        seed_text = self.widgets["seed"].get_text().strip()
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1_000_000)
        options = RulesOptions(
            investor_shortfall="forbid" if _selected(self.widgets["shortfall"]) == "may not go to Investor" else "pay_what_you_can",
            forced_stop_cost="distance" if _selected(self.widgets["forced"]) == "paid like a move" else "free",
            swiss_force_without_card=_selected(self.widgets["swiss"]) == "may force a stop",
            stpetersburg_kiev_border=_selected(self.widgets["border"]) == "border",
        )
        bond = "standard" if _selected(self.widgets["setup"]) == "standard start" else "auction"
        card = _selected(self.widgets["investor_card"]) == "with investor card"
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError(_("Every player needs a different name."))
        setup = GameSetup.create(n, seed, names=names, bond_distribution=bond, investor_card=card, options=options)
        chosen = [_selected(row["card"]) for row in self.seat_rows]
        if bond == "standard" and any(c != "random" for c in chosen):
            setup = _with_chosen_deal(setup, chosen, random.Random(seed))
        self.choices = NewGameChoices(seats=seats_data, bond_distribution=bond, investor_card=card, options=options.to_dict())
        return setup, seats, seed

    def show_error(self, text: str) -> None:
        self.error_text = text
        self.error.set_text(_fit(text, self.error.rect.w - 4, 14))
        if text and self.hint_label is not None and self.hint_label.rect.colliderect(self.error.rect):
            self.hint_label.hide()  # the hint made way on the message line

    def start(self) -> None:
        """Start the game; first ask when it would replace an unfinished game behind Continue."""
        try:
            self._pending = self.build_setup()
        except ValueError as exc:
            self.show_error(str(exc))
            return
        running = game_in_progress()
        if running is None:
            self._start_pending()
            return
        self._replace_question = self.ask(
            _('A game is in progress ({players}, turn {turn}). A new game takes its place behind Continue; the game '
              'in progress stays in Load as "{name}". Start the new game?').format(**_in_progress_facts(running)),
            title=_("Replace the game in progress?"), ok=_("Start new game"))

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._replace_question and self._pending is not None:
            problem = _keep_running_game()
            if problem:
                self.show_error(_("The game in progress could not be kept, so nothing was started: {reason}").format(
                    reason=problem))
                return
            self._start_pending()

    def _start_pending(self) -> None:
        setup, seats, seed = self._pending
        self.app.settings.last_new_game = self.choices
        problem = _save_settings(self.app)
        self.app.start_game(GameSession(setup, seats, seed=seed, think_times=self.app.settings.think_seconds()))
        if problem and hasattr(self.app.scene, "show_message"):
            self.app.scene.show_message(problem + " " + _("The game goes on."), 6)


def _keep_base_name(saved: saves.SavedGame) -> str:
    from imperial_desktop.ui.save_dialog import default_name

    return default_name(saved.to_session())


def _in_progress_facts(running: saves.SavedGame) -> dict[str, object]:
    """The players, turn and keeping name of the game in progress, for the replace question."""
    base = _keep_base_name(running)
    try:
        name = free_save_name(base, running)
    except saves.SaveError:
        name = base
    return {"players": ", ".join(running.state.setup.players), "turn": running.state.turns_taken + 1, "name": name}


def _keep_running_game() -> str:
    """Save the unfinished game behind Continue under a free name before another takes its place;
    the reason it could not be kept, or "" (also when there is none to keep)."""
    running = game_in_progress()
    if running is None:
        return ""
    try:
        keep_game(running, _keep_base_name(running))
    except (saves.SaveError, OSError) as exc:
        return str(exc)
    return ""


def _selected(dropdown: UIDropDownMenu) -> str:
    """The key of the chosen option (its English text; the menu shows it translated)."""
    option = dropdown.selected_option
    return option[1] if isinstance(option, tuple) else option


def _with_chosen_deal(setup: GameSetup, chosen: list[str], rng: random.Random) -> GameSetup:
    """Replace the random deal by the flag cards chosen per seat (the rest dealt at random)."""
    by_name = {v: k for k, v in NATION_NAMES.items()}
    n = setup.num_players
    picks = [by_name.get(c) for c in chosen]
    taken = [p for p in picks if p]
    if len(set(taken)) != len(taken):
        raise ValueError(_("Two seats chose the same flag card"))
    if n <= 3:
        base = ["austria_hungary", "italy"] + (["france"] if n == 3 else [])
        extra = {2: {"austria_hungary": ("france", "germany"), "italy": ("russia", "great_britain")},
                 3: {"austria_hungary": ("great_britain",), "italy": ("russia",), "france": ("germany",)}}[n]
    else:
        base = list(NATION_NAMES)
        extra = {}
    free = [b for b in base if b not in taken]
    rng.shuffle(free)
    cards = []
    for seat, pick in enumerate(picks):
        nation = pick or free.pop()
        cards.append((nation, seat))
        cards.extend((other, seat) for other in extra.get(nation, ()))
    return replace(setup, flag_cards=tuple(cards))


# ---------------------------------------------------------------------- load


def _lines(text: str) -> str:
    """Plain text with line breaks as safe markup for a UITextBox."""
    return "<br>".join(markup_escape(line) for line in text.split("\n")) or " "


def _when(info: saves.SaveInfo) -> str:
    """When a game was saved, in the form of the language in use."""
    try:
        moment = info.saved_at.astimezone()
    except (OverflowError, ValueError, OSError):
        return _("unknown date")
    return format_when(moment)


def _listing() -> saves.SaveListing:
    """The saves folder, read on the lister thread; a failure becomes one problem line."""
    try:
        listing = saves.list_saves()
        for problem in listing.problems:  # the player sees "damaged"; the reason is for whoever reads the log
            logging.getLogger(__name__).warning("cannot load %s: %s", problem.path, problem.message)
        return listing
    except Exception as exc:  # noqa: BLE001 - a broken folder must not take the screen down
        listing = saves.SaveListing()
        listing.problems.append(saves.SaveProblem(
            saves.saves_dir(), _("the saves folder cannot be read ({reason})").format(reason=f"{type(exc).__name__}: {exc}")))
        return listing


class LoadScene(MenuScene):
    """Saved games with name, turn, date and players; unreadable files marked; load or delete.

    The folder is read on a background thread ("Reading saved games…" meanwhile)."""

    title = N_("Load a game")
    panel_size = (900, 640)

    def __init__(self, app: "App"):
        self.future: concurrent.futures.Future | None = _LISTER.submit(_listing)
        self.listing: saves.SaveListing | None = None
        self.rows: list[tuple[str, str]] = []  # (text, object id) per list row
        self.targets: dict[str, saves.SaveInfo | saves.SaveProblem] = {}
        self.selected_id: str | None = None
        self.info_text = _("Reading saved games…")
        self._delete_question = None
        self._delete_target: saves.SaveInfo | saves.SaveProblem | None = None
        self._replace_question = None
        self._pending_load: GameSession | None = None  # loaded, waiting for "replace the game in progress?"
        super().__init__(app)

    def _build(self) -> None:
        pw, ph = self.panel_rect.size
        bh = 44 if ph >= 400 else 28
        info_h = 84 if ph >= 400 else 40
        list_h = max(40, ph - 52 - info_h - bh - 36)
        self.list_rect = pygame.Rect(16, 52, pw - 32, list_h)
        self.rows = self._rows(self.list_rect.w - 48)
        self.list = UISelectionList(self.list_rect, self.rows, self.manager, container=self.panel,
                                    default_selection=self._row(self.selected_id))
        self.info = UITextBox(_lines(self.info_text),
                              pygame.Rect(16, 52 + list_h + 8, pw - 32, info_h), self.manager, container=self.panel)
        by = ph - bh - 12
        bw = min(180, (pw - 80) // 3)
        self.load_button = self.button(pygame.Rect(pw - bw - 20, by, bw, bh), _("Load"),
                                       _("Open the selected game (double-click works too)"), "#primary_button")
        self.delete_button = self.button(pygame.Rect(pw - 2 * bw - 40, by, bw, bh), _("Delete"),
                                         _("Delete the selected save (asks first)"), "#danger_button")
        self.back_button = self.button(pygame.Rect(20, by, bw, bh), _("Back"), _("Back to the title screen (Esc)"))
        self._update_buttons()

    def _row(self, object_id: str | None):
        for row in self.rows:
            if row[1] == object_id:
                return row
        return None

    def _rows(self, width: int) -> list[tuple[str, str]]:
        """One row per save (name, turn, date, then as many players as fit) and per unreadable file."""
        if self.listing is None:
            return []
        rows = []
        self.targets = {}
        for i, info in enumerate(self.listing.saves):
            name = _("Autosave (Continue)") if info.autosave else (plain_text(info.name) or _("(no name)"))
            status = _("game over") if info.game_over else _("turn {turn}").format(turn=format_number(info.nation_turns + 1))
            # what the name says already (a default name has the players and the turn) is not said twice
            facts = " · " + " · ".join(([] if status in name else [status]) + [_when(info)])
            players = [plain_text(p) for p in info.players]
            if all(p in name for p in players):
                rows.append((_fit(name, max(40, width - _font(13).size(facts)[0])) + facts, f"#save_{i}"))
            else:
                head = _fit(name, width // 2) + facts + " · "
                rows.append((head + _fit(", ".join(players), max(20, width - _font(13).size(head)[0])), f"#save_{i}"))
            self.targets[f"#save_{i}"] = info
        for i, problem in enumerate(self.listing.problems):
            text = _("{file} · damaged, cannot be loaded").format(file=plain_text(problem.path.name))
            if problem.path.suffix != ".json":  # the folder itself: its reason is the message
                text = plain_text(problem.message)
            rows.append((_fit(text, width), f"#problem_{i}"))
            self.targets[f"#problem_{i}"] = problem
        return rows

    def capture(self) -> None:
        self.selected_id = self._current_id()

    def _current_id(self) -> str | None:
        chosen = self.list.get_single_selection(include_object_id=True)
        if chosen is None:
            return None
        return chosen[1] if isinstance(chosen, tuple) else None

    def selected(self) -> saves.SaveInfo | saves.SaveProblem | None:
        key = self._current_id()
        return self.targets.get(key) if key else None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.future is not None and self.future.done():
            self.listing = self.future.result()
            self.future = None
            self.info_text = "" if (self.listing.saves or self.listing.problems) else _("No saved games yet.")
            if self.listing.problems:
                count = len(self.listing.problems)
                self.info_text = ngettext("{count} file in the saves folder cannot be read; it is marked in the list.",
                                          "{count} files in the saves folder cannot be read; they are marked in the list.",
                                          count).format(count=count)
            self.relayout()

    def _update_buttons(self) -> None:
        target = self.selected()
        (self.load_button.enable if isinstance(target, saves.SaveInfo) else self.load_button.disable)()
        (self.delete_button.enable if target is not None else self.delete_button.disable)()

    def _describe(self, target: saves.SaveInfo | saves.SaveProblem) -> str:
        if isinstance(target, saves.SaveProblem):
            return _("This save ({file}) is damaged and cannot be loaded. You can delete it.").format(
                file=target.path.name) + "\n" + _("Point here for the technical detail (it is in the log file too).")
        seats = ", ".join(
            _("{name} (computer, {level})").format(name=s.name, level=_(CHOICE_NAMES.get(s.level, s.level)))
            if s.kind == COMPUTER else _("{name} (human)").format(name=s.name) for s in target.seats)
        status = (_("The game is over.") if target.game_over else
                  _("Turn {turn}: {status}.").format(turn=target.nation_turns + 1, status=target.status))
        notes = " ".join(target.notes)
        head = _("{name} · saved {when}").format(name=target.name, when=_when(target))
        return f"{head}\n{seats}\n{status} {notes}".strip()

    def show_info(self, text: str, detail: str | None = None) -> None:
        """The text under the list; ``detail`` (a damaged file's reason) as its tooltip."""
        self.info_text = text
        self.info.set_text(_lines(text))
        self.info.set_tooltip(markup_escape(detail) if detail else None, wrap_width=TIP_WIDTH)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            target = self.selected()
            if target is not None:
                self.show_info(self._describe(target), target.message if isinstance(target, saves.SaveProblem) else None)
            self._update_buttons()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_selected()
            return
        super().handle_event(event)

    def load_selected(self) -> None:
        entry = self.selected()
        if not isinstance(entry, saves.SaveInfo):
            self.show_info(_("Choose a readable game in the list first."))
            return
        try:
            session = saves.load_game(entry.path)
        except saves.SaveError as exc:
            self.show_info(_("This save cannot be opened: {reason}").format(reason=exc))
            return
        running = None if entry.autosave else game_in_progress()
        if running is None or running.state.digest() == session.state.digest():
            self.app.start_game(session)
            return
        # the loaded game replaces the one behind Continue: ask, and keep that one (a crash hunt lost
        # a 65-turn game that way)
        self._pending_load = session
        self._replace_question = self.ask(
            _('A game is in progress ({players}, turn {turn}). The loaded game takes its place behind Continue; the '
              'game in progress stays in Load as "{name}". Load this game?').format(**_in_progress_facts(running)),
            title=_("Replace the game in progress?"), ok=_("Load game"))

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.load_button:
            self.load_selected()
        elif element is self.delete_button:
            target = self.selected()
            if target is None:
                return
            self._delete_target = target
            if isinstance(target, saves.SaveInfo) and target.autosave:
                question = _("Delete the autosave, the game behind Continue? This cannot be undone.")
            elif isinstance(target, saves.SaveInfo):
                question = _('Delete the save "{name}" ({when})? This cannot be undone.').format(name=target.name, when=_when(target))
            else:
                question = _("Delete the unreadable file {file}? This cannot be undone.").format(file=target.path.name)
            self._delete_question = self.ask(question, title=_("Delete the save?"), ok=_("Delete"), danger=True)

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._replace_question and self._pending_load is not None:
            session, self._pending_load = self._pending_load, None
            problem = _keep_running_game()
            if problem:
                self.show_info(_("The game in progress could not be kept, so nothing was loaded: {reason}").format(
                    reason=problem))
                return
            self.app.start_game(session)
            return
        if dialog is self._delete_question and self._delete_target is not None:
            target, self._delete_target = self._delete_target, None
            try:
                saves.delete_save(target.path)
            except saves.SaveError as exc:
                self.show_info(_("Not deleted: {reason}").format(reason=exc))
                return
            self.selected_id = None
            self.listing = None
            self.info_text = _("Reading saved games…")
            self.future = _LISTER.submit(_listing)
            self.relayout()


# ---------------------------------------------------------------------- settings


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
        "confirm": N_("Yes: after your turn the board shows its result and waits for Confirm turn (or Enter); until "
                      "then Undo takes your actions back one by one. No: the next player plays at once"),
    }
    # Shown names of the options (the English key is kept); languages are named in their own language.
    NAMES = {"off": N_("off"), "on": N_("on"), "yes": N_("yes"), "no": N_("no"), "instant": N_("instant"),
             "fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow"), "system": N_("System")}
    # Thinking time choices (settings.THINK_TIMES), named without their seconds: the levels search
    # differently, and "Expert 0.1 s" beside "Hard 1 s" read as if the Expert thought less (the
    # seconds are in the menu's tool tip).
    THINK_NAMES = {"quick": N_("quick"), "standard": N_("standard"), "long": N_("long"), "very_long": N_("very long")}
    DEFAULT_SECONDS = {"hard": HARD_SECONDS, "expert": EXPERT_SECONDS}  # what "standard" is

    def __init__(self, app: "App"):
        s = app.settings
        # the window as it is (a stored 1600x1000 is made smaller on a smaller screen); full
        # screen: the size the window will have when full screen is turned off
        w, h = (s.window_width, s.window_height) if s.fullscreen else app.window.get_size()
        size = f"{w}x{h}"
        self.language_before = _setting_language(s)
        self.values = {"language": self.language_before, "size": size, "full": "on" if s.fullscreen else "off",
                       "pace": s.pace, "hide": "yes" if s.hide_cash_in_hot_seat else "no",
                       "confirm": "yes" if s.confirm_turns else "no",
                       **{f"think_{level}": s.think_times.get(level, "standard") for level in THINK_TIMES}}
        self.message = ""
        super().__init__(app)

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
                ("hide", _("Hide cash in hot seat"), ["yes", "no"]), ("confirm", _("Confirm each turn"), ["yes", "no"])]
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
        self.app.set_language(s.language)
        problem = _save_settings(self.app)
        if (s.window_width, s.window_height, s.fullscreen) != window_before:  # a new pace moves no window
            self.app.apply_window_settings()
        return problem

    def saved(self, problem: str) -> None:
        """After Save: back to the title screen (which says why the settings were not written, if so)."""
        self.app.show_title(problem + " " + _("They apply until you quit.") if problem else "")


def _setting_language(settings: object) -> str:
    """The language kept in the settings: "system", "en", "de" or "fr"."""
    value = getattr(settings, "language", "system")
    return value if value in LANGUAGES or value == "system" else "system"


# ---------------------------------------------------------------------- rules


class RulesScene:
    """The rules summary in a window over the dimmed board (Back or Esc returns to the title)."""

    def __init__(self, app: "App"):
        self.app = app
        self.window = RulesWindow(app.manager, app.screen.get_size(), close_text=_("Back"))
        self.back_button = self.window.close_button

    @property
    def elements(self) -> list:
        return self.window.widgets()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.window.handle_event(event):
            self.app.show_title()
            return
        self.back_button = self.window.close_button

    def update(self, dt: float) -> None:
        if not self.window.alive:  # closed by Back, Esc or its X (the window takes those itself)
            self.app.show_title()

    def wants_frames(self) -> bool:
        """Nothing here moves by itself: the screen rests until input arrives."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_backdrop(surface)

    def close(self) -> None:
        self.window.kill()


__all__ = ["LoadScene", "MenuScene", "NewGameScene", "RulesScene", "SettingsScene", "TitleScene", "TIPS"]
