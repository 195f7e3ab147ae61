"""The new game screen: players and seats, set-up variant, investor card, rules options, the
flag cards dealt and the seed."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UILabel, UITextEntryLine

from imperial_desktop.ai import bot_names
from imperial_desktop.core import GameSetup, RulesOptions
from imperial_desktop.core.setup import chosen_deal, dealt_flag_cards
from imperial_desktop.core.validate import shows_nothing
from imperial_desktop.i18n import N_, _
from imperial_desktop.session import settings as settings_module
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import KINDS, Seat, known_kind, plays_by_level
from imperial_desktop.session.settings import NewGameChoices
from imperial_desktop.ui import board_look
from imperial_desktop.ui.level_names import level_name
from imperial_desktop.ui.gui import plain_text, text_problem
from imperial_desktop.ui.menu_base import (
    CHOICE_NAMES,
    MenuScene,
    _fit,
    _option,
    _options,
    _save_settings,
    _selected,
)
from imperial_desktop.ui.running_game import (
    ask_to_replace,
    game_in_progress,
    keep_running_game,
)

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

LEVELS = [lvl for lvl in ("easy", "normal", "hard", "expert") if lvl in bot_names()] or ["random"]
MAX_SEAT_NAME = 24

TIPS = {
    "players": N_("How many people sit at the table, {low} to {high} on this board (people and computers together)"),
    "name": N_("The player's name (up to 24 characters; every player needs a different one)"),
    "kind": N_("\"human\": a person at this computer (several people take turns: hot seat); \"computer\": played by the program"),
    "level": N_("How well the computer plays: Easy, Normal, Hard or Expert (the strongest last)"),
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
    "border": N_("Whether {first} and {second} are neighbours: with the border, armies may march directly between "
                 "the two provinces; without it, they may not"),
    "seed": N_("A number that fixes the shuffles of this game (the same number gives the same deal); empty: a new one"),
    "start": N_("Start with these settings (Enter)"),
    "back": N_("Back to the title screen (Esc)"),
}


def tip(key: str) -> str:
    """The translated tool tip of a new-game option (our own text and the board's names: no markup in it)."""
    if key == "players":
        counts = player_counts()
        return _(TIPS[key]).format(low=counts[0], high=counts[-1])
    return _(TIPS[key]).format(**_border_names()) if key == "border" else _(TIPS[key])


def player_counts() -> list[int]:
    """The numbers of players the board in use is played by (its rules data: a starting cash per
    count), within the game's 2 to 6."""
    counts = sorted(n for n in board_look.board().starting_cash_standard if 2 <= n <= 6)
    return counts or [2]


def fit_count(players: int, counts: list[int]) -> int:
    """The allowed count nearest to ``players`` (the fewer on a tie)."""
    return min(counts, key=lambda n: (abs(n - players), n))


def _border() -> board_look.DisputedBorder | None:
    """The border a rules option adds on the board in use (the new game offers it), if any."""
    return next(iter(board_look.disputed_borders()), None)


def _border_names() -> dict[str, str]:
    """The names of the two regions of that border in the language in use."""
    border, board = _border(), board_look.board()
    return {"first": board.name_of(border.first), "second": board.name_of(border.second)} if border else {}


def _default_name(index: int, computer: bool) -> str:
    """"Computer 2", "Player 3": the name a computer's or a person's seat gets when none is typed."""
    if computer:
        return _("Computer {number}").format(number=index) if index else _("Computer")
    return _("Player {number}").format(number=index + 1)


def _computer_seat(index: int, level: str) -> dict[str, str]:
    """A computer's seat added to the table, as the screen keeps its rows."""
    return Seat.computer(_default_name(index, computer=True), level).to_dict()


_DEFAULT_NAME = re.compile(r"^(Player|Spieler|Joueur|Computer|Ordinateur)( \d+)?$")  # in every language


def _clean_seat_name(value: Any, index: int, kind: str) -> str:
    """A seat name from the settings file fit to show (bad characters dropped, length cut)."""
    text = plain_text(value).replace("?", "") if isinstance(value, str) and text_problem(value, 10**6) else value
    if not isinstance(text, str) or not text.strip() or shows_nothing(text.strip()) or _DEFAULT_NAME.match(text.strip()):
        return _default_name(index, plays_by_level(kind))  # a default name follows the language in use
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

    def __init__(self, app: App):
        last = app.settings.last_new_game
        kinds = [known_kind(s.get("kind")) for s in last.seats]
        self.seats: list[dict[str, str]] = [
            {"name": _clean_seat_name(s.get("name"), i, kinds[i]), "kind": kinds[i],
             "level": s.get("level") if s.get("level") in LEVELS else LEVELS[min(1, len(LEVELS) - 1)]}
            for i, s in enumerate(last.seats[:6])]
        wanted = fit_count(len(self.seats), player_counts())  # last game's table, as the board in use seats it
        while len(self.seats) < wanted:
            self.seats.append(_computer_seat(len(self.seats), LEVELS[0]))
        del self.seats[wanted:]
        opts = _rules_options(last.options)
        self.values: dict[str, str] = {
            "setup": "standard start" if last.bond_distribution != "auction" else "bond auction (experienced)",
            "investor_card": "with investor card" if last.investor_card else "without investor card",
            "shortfall": "may not go to Investor" if opts.investor_shortfall == "forbid" else "bondholders get less",
            "forced": "paid like a move" if opts.forced_stop_cost == "distance" else "free",
            "swiss": "may force a stop" if opts.swiss_force_without_card else "may not force",
            "border": "border" if _border() and getattr(opts, _border().option, False) else "no border",
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
        "border": (N_("{first}-{second}"), [N_("no border"), N_("border")]),  # the board's regions
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
        self.widgets["players"] = UIDropDownMenu([str(i) for i in player_counts()], str(len(self.seats)),
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
        board = board_look.board()  # the nations' names in the language in use; their ids are the menu's keys
        deal_options = [(_(CHOICE_NAMES[k]) if k in CHOICE_NAMES else board.name_of(k), k) for k in card_keys]
        for i, seat in enumerate(self.seats):
            name = UITextEntryLine(pygame.Rect(xs[0], y, cols[0], ch), m, container=p)
            name.set_text_length_limit(MAX_SEAT_NAME)
            name.set_text(seat["name"])
            name.set_tooltip(tip("name"))
            card = self.cards[i] if self.cards[i] in card_keys else "random"
            row = {
                "name": name,
                "kind": UIDropDownMenu(_options(list(KINDS), CHOICE_NAMES), _option(seat["kind"], CHOICE_NAMES),
                                       pygame.Rect(xs[1], y, cols[1], ch), m, container=p),
                "level": UIDropDownMenu([(level_name(k), k) for k in LEVELS], (level_name(seat["level"]), seat["level"]),
                                        pygame.Rect(xs[2], y, cols[2], ch), m, container=p),
                "card": UIDropDownMenu(deal_options, deal_options[card_keys.index(card)],
                                       pygame.Rect(xs[3], y, cols[3], ch), m, container=p),
            }
            for key in ("kind", "level", "card"):
                row[key].set_tooltip(tip(key))
            if not plays_by_level(seat["kind"]):
                row["level"].disable()  # a level only matters for a computer seat
            self.seat_rows.append(row)
            y += pitch
        y += pitch // 2
        half = (inner - 20) // 2
        label_w = int(half * 0.42)
        keys = self._option_keys()
        for row_index in range((len(keys) + 1) // 2):
            for col, key in enumerate(keys[row_index * 2:row_index * 2 + 2]):
                text, options = self.OPTIONS[key]
                x = 20 + col * (half + 20)
                label = _(text).format(**_border_names()) if key == "border" else _(text)
                self.label(pygame.Rect(x, y, label_w, ch), _fit(label, label_w - 4, 14), tip(key))
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
        """The flag cards a seat may be given (nation ids): those dealt one to each player."""
        return list(dealt_flag_cards(board_look.board(), n))

    def _option_keys(self) -> list[str]:
        """The rules options offered: the border only on a board where an option adds one."""
        return [key for key in self.OPTIONS if key != "border" or _border() is not None]

    def capture(self) -> None:
        self.seats = self.read_seats(raw=True)
        self.cards = [_selected(row["card"]) for row in self.seat_rows]
        for key in self._option_keys():
            self.values[key] = _selected(self.widgets[key])
        self.values["seed"] = self.widgets["seed"].get_text()
        self.error_text = self.error.text

    def set_players(self, players: int) -> None:
        """Show the screen again for another number of players (names and seats kept)."""
        self.capture()
        while len(self.seats) < players:
            self.seats.append(_computer_seat(len(self.seats), LEVELS[min(1, len(LEVELS) - 1)]))
        del self.seats[players:]
        self.cards = (self.cards + ["random"] * 6)[:players]
        self.panel.kill()
        self._make_panel()
        self._build()

    def read_seats(self, raw: bool = False) -> list[dict[str, str]]:
        out = []
        for i, row in enumerate(self.seat_rows):
            kind = _selected(row["kind"])
            name = row["name"].get_text() if raw else (row["name"].get_text().strip() or _default_name(i, plays_by_level(kind)))
            out.append({"name": name[:MAX_SEAT_NAME], "kind": kind, "level": _selected(row["level"])})
        return out

    def on_kind_changed(self, index: int) -> None:
        """A seat switched between human and computer: its level and (default) name follow."""
        row = self.seat_rows[index]
        kind = _selected(row["kind"])
        (row["level"].enable if plays_by_level(kind) else row["level"].disable)()
        if _DEFAULT_NAME.match(row["name"].get_text().strip()) or not row["name"].get_text().strip():
            row["name"].set_text(_default_name(index, plays_by_level(kind)))

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
        counts = player_counts()
        if n not in counts:  # the core would refuse the set-up in its own (English) words
            raise ValueError(_("This board is played by {low} to {high} players.").format(low=counts[0], high=counts[-1]))
        seats = [Seat(s["name"], s["kind"], s["level"]) for s in seats_data]
        seed_text = self.widgets["seed"].get_text().strip()
        seed = int(seed_text) if seed_text.isdigit() else random.randrange(1_000_000)
        border = _border()
        options = RulesOptions(
            investor_shortfall="forbid" if _selected(self.widgets["shortfall"]) == "may not go to Investor" else "pay_what_you_can",
            forced_stop_cost="distance" if _selected(self.widgets["forced"]) == "paid like a move" else "free",
            swiss_force_without_card=_selected(self.widgets["swiss"]) == "may force a stop",
            **({border.option: _selected(self.widgets["border"]) == "border"} if border else {}),
        )
        bond = "standard" if _selected(self.widgets["setup"]) == "standard start" else "auction"
        card = _selected(self.widgets["investor_card"]) == "with investor card"
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError(_("Every player needs a different name."))
        try:
            setup = GameSetup.create(n, seed, names=names, bond_distribution=bond, investor_card=card, options=options,
                                     map_name=board_look.map_name())
        except ValueError as exc:  # the core's reason is for developers: the player reads ours
            raise ValueError(_("This board cannot be played with these settings; try another number of players "
                               "or the standard start.")) from exc
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
        self._replace_question = ask_to_replace(self, running)

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._replace_question and self._pending is not None:
            problem = keep_running_game()
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


def _with_chosen_deal(setup: GameSetup, chosen: list[str], rng: random.Random) -> GameSetup:
    """Replace the random deal by the flag cards chosen per seat (nation ids or "random": the rest
    dealt at random, each card with the cards the board pairs with it)."""
    picks = [None if c == "random" else c for c in chosen]
    taken = [p for p in picks if p]
    if len(set(taken)) != len(taken):
        raise ValueError(_("Two seats chose the same flag card"))
    return replace(setup, flag_cards=tuple(chosen_deal(setup.board(), setup.num_players, picks, rng)))


__all__ = ["LEVELS", "MAX_SEAT_NAME", "TIPS", "NewGameScene", "tip"]
