"""The screens around the board: title, new game, load, settings and the rules summary."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton, UIDropDownMenu, UILabel, UIPanel, UISelectionList, UITextBox, UITextEntryLine,
)

from imperial_desktop.ai import bot_names
from imperial_desktop.core import GameSetup, RulesOptions
from imperial_desktop.resources import assets_root
from imperial_desktop.session import saves
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
from imperial_desktop.session.settings import PACES, NewGameChoices, save_settings

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

NATION_NAMES = {"austria_hungary": "Austria-Hungary", "italy": "Italy", "france": "France",
                "great_britain": "Great Britain", "germany": "German Empire", "russia": "Russia"}
LEVELS = [lvl for lvl in ("easy", "normal", "hard") if lvl in bot_names()] or ["random"]


class MenuScene:
    """Base of the menu screens: a dimmed board behind a central panel of pygame-gui widgets."""

    title = ""

    def __init__(self, app: "App", panel_size: tuple[int, int] = (720, 620)):
        self.app = app
        self.manager = app.manager
        w, h = app.screen.get_size()
        pw, ph = min(panel_size[0], w - 40), min(panel_size[1], h - 40)
        self.panel_rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.panel = UIPanel(self.panel_rect, starting_height=1, manager=self.manager, object_id="#menu_panel")
        self.elements: list[Any] = [self.panel]
        if self.title:
            UILabel(pygame.Rect(16, 10, pw - 32, 40), self.title, self.manager, container=self.panel, object_id="#heading_label")

    def close(self) -> None:
        for element in self.elements:
            element.kill()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def on_button(self, element: object) -> None:  # pragma: no cover - overridden
        pass

    def back(self) -> None:
        self.app.show_title()

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        self.app.draw_backdrop(surface)

    def button(self, rect: pygame.Rect, text: str, tip: str, object_id: str | None = None) -> UIButton:
        return UIButton(rect, text, self.manager, container=self.panel, tool_tip_text=tip, object_id=object_id)

    def label(self, rect: pygame.Rect, text: str) -> UILabel:
        return UILabel(rect, text, self.manager, container=self.panel)


# ---------------------------------------------------------------------- title


class TitleScene(MenuScene):
    """Continue, New game, Load, Settings, Rules, Quit."""

    def __init__(self, app: "App", note: str = ""):
        super().__init__(app, (460, 520))
        pw = self.panel_rect.w
        UILabel(pygame.Rect(0, 18, pw, 56), "IMPERIAL", self.manager, container=self.panel, object_id="#title_label")
        UILabel(pygame.Rect(0, 74, pw, 24), "Europe 1914 · investors, bonds and Great Powers", self.manager, container=self.panel)
        has_auto = saves.has_autosave()
        specs = [
            ("continue", "Continue", "Resume the last game where you left it (autosaved after every move)"),
            ("new", "New game", "Set up a new game: players, computer opponents, variants"),
            ("load", "Load", "Open a saved game"),
            ("settings", "Settings", "Window size, full screen, animation speed, hidden cash"),
            ("rules", "Rules", "A summary of the rules of Imperial"),
            ("quit", "Quit", "Leave the game (the current game is saved)"),
        ]
        self.buttons: dict[str, UIButton] = {}
        y = 118
        for key, text, tip in specs:
            b = self.button(pygame.Rect(70, y, pw - 140, 44), text, tip, "#primary_button" if key == "new" or (key == "continue" and has_auto) else None)
            self.buttons[key] = b
            y += 54
        if not has_auto:
            self.buttons["continue"].disable()
        if note:
            UITextBox(note, pygame.Rect(20, y, pw - 40, self.panel_rect.h - y - 12), self.manager, container=self.panel)

    def on_button(self, element: object) -> None:
        b = self.buttons
        if element is b["continue"]:
            self.app.continue_game()
        elif element is b["new"]:
            self.app.switch(NewGameScene(self.app))
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


# ---------------------------------------------------------------------- new game


class NewGameScene(MenuScene):
    """Players and seats, set-up variant, investor card, rules options, deal and seed."""

    title = "New game"

    def __init__(self, app: "App"):
        super().__init__(app, (900, 700))
        self.choices: NewGameChoices = app.settings.last_new_game
        self.widgets: dict[str, Any] = {}
        self.seat_rows: list[dict[str, Any]] = []
        self._build()

    def _build(self) -> None:
        m, p = self.manager, self.panel
        pw = self.panel_rect.w
        n = len(self.choices.seats)
        self.label(pygame.Rect(20, 58, 130, 30), "Players")
        self.widgets["players"] = UIDropDownMenu([str(i) for i in range(2, 7)], str(n), pygame.Rect(150, 58, 90, 30), m, container=p)
        self.label(pygame.Rect(20, 96, 200, 24), "Name")
        self.label(pygame.Rect(270, 96, 150, 24), "Seat")
        self.label(pygame.Rect(430, 96, 150, 24), "Computer level")
        self.label(pygame.Rect(590, 96, 240, 24), "Flag card (standard start)")
        deal_options = ["random"] + self._card_options(n)
        for i, seat in enumerate(self.choices.seats):
            y = 122 + i * 38
            row = {
                "name": UITextEntryLine(pygame.Rect(20, y, 240, 32), m, container=p),
                "kind": UIDropDownMenu(["human", "computer"], seat.get("kind", HUMAN), pygame.Rect(270, y, 150, 32), m, container=p),
                "level": UIDropDownMenu(LEVELS, seat.get("level", "normal") if seat.get("level") in LEVELS else LEVELS[-1 if len(LEVELS) < 2 else 1],
                                        pygame.Rect(430, y, 150, 32), m, container=p),
                "card": UIDropDownMenu(deal_options, "random", pygame.Rect(590, y, 200, 32), m, container=p),
            }
            row["name"].set_text(seat.get("name", f"Player {i + 1}")[:24])
            if seat.get("kind", HUMAN) == HUMAN:
                row["level"].disable()  # a level only matters for a computer seat
            self.seat_rows.append(row)
        y = 122 + 6 * 38 + 8
        self.label(pygame.Rect(20, y, 200, 30), "Start")
        self.widgets["setup"] = UIDropDownMenu(["standard start", "bond auction (experienced)"],
                                               "standard start" if self.choices.bond_distribution == "standard" else "bond auction (experienced)",
                                               pygame.Rect(230, y, 300, 30), m, container=p)
        self.widgets["card"] = UIDropDownMenu(["with investor card", "without investor card"],
                                              "with investor card" if self.choices.investor_card else "without investor card",
                                              pygame.Rect(540, y, 250, 30), m, container=p)
        opts = RulesOptions.from_dict(self.choices.options or {})
        y += 40
        self.label(pygame.Rect(20, y, 210, 30), "Interest shortfall")
        self.widgets["shortfall"] = UIDropDownMenu(["forbid Investor", "pay what you can"],
                                                   "forbid Investor" if opts.investor_shortfall == "forbid" else "pay what you can",
                                                   pygame.Rect(230, y, 200, 30), m, container=p)
        self.label(pygame.Rect(440, y, 150, 30), "Forced stop")
        self.widgets["forced"] = UIDropDownMenu(["costs the distance", "is free"],
                                                "costs the distance" if opts.forced_stop_cost == "distance" else "is free",
                                                pygame.Rect(590, y, 200, 30), m, container=p)
        y += 38
        self.label(pygame.Rect(20, y, 210, 30), "Swiss force (no card)")
        self.widgets["swiss"] = UIDropDownMenu(["allowed", "not allowed"], "allowed" if opts.swiss_force_without_card else "not allowed",
                                               pygame.Rect(230, y, 200, 30), m, container=p)
        self.label(pygame.Rect(440, y, 150, 30), "St. Petersburg-Kiev")
        self.widgets["border"] = UIDropDownMenu(["no border", "border"], "border" if opts.stpetersburg_kiev_border else "no border",
                                                pygame.Rect(590, y, 200, 30), m, container=p)
        y += 38
        self.label(pygame.Rect(20, y, 210, 30), "Seed (empty: random)")
        self.widgets["seed"] = UITextEntryLine(pygame.Rect(230, y, 200, 30), m, container=p)
        self.widgets["seed"].set_allowed_characters("numbers")
        self.error = UILabel(pygame.Rect(20, self.panel_rect.h - 96, pw - 40, 28), "", m, container=p)
        self.widgets["start"] = self.button(pygame.Rect(pw - 260, self.panel_rect.h - 60, 240, 44), "Start the game",
                                            "Start with these settings (Enter)", "#primary_button")
        self.widgets["back"] = self.button(pygame.Rect(20, self.panel_rect.h - 60, 160, 44), "Back", "Back to the title screen (Esc)")

    def _card_options(self, n: int) -> list[str]:
        if n == 2:
            ids = ["austria_hungary", "italy"]
        elif n == 3:
            ids = ["austria_hungary", "italy", "france"]
        else:
            ids = list(NATION_NAMES)
        return [NATION_NAMES[i] for i in ids]

    def _rebuild(self, players: int) -> None:
        """Show the screen again for another number of players (names and seats kept)."""
        seats = self.read_seats()
        while len(seats) < players:
            seats.append({"name": f"Computer {len(seats)}", "kind": COMPUTER, "level": LEVELS[min(1, len(LEVELS) - 1)]})
        self.app.settings.last_new_game = NewGameChoices(
            seats=seats[:players], bond_distribution=self.choices.bond_distribution,
            investor_card=self.choices.investor_card, options=self.choices.options)
        self.app.switch(NewGameScene(self.app))

    def read_seats(self) -> list[dict[str, str]]:
        out = []
        for i, row in enumerate(self.seat_rows):
            name = row["name"].get_text().strip() or f"Player {i + 1}"
            out.append({"name": name[:24], "kind": _selected(row["kind"]), "level": _selected(row["level"])})
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get("players"):
            self._rebuild(int(_selected(self.widgets["players"])))
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for row in self.seat_rows:
                if event.ui_element is row["kind"]:
                    (row["level"].enable if _selected(row["kind"]) == COMPUTER else row["level"].disable)()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
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
        n = len(seats_data)
        seats = [Seat(s["name"], s["kind"], s["level"]) for s in seats_data]
        seed_text = self.widgets["seed"].get_text().strip()
        seed = int(seed_text) if seed_text else random.randrange(1_000_000)
        options = RulesOptions(
            investor_shortfall="forbid" if _selected(self.widgets["shortfall"]) == "forbid Investor" else "pay_what_you_can",
            forced_stop_cost="distance" if _selected(self.widgets["forced"]) == "costs the distance" else "free",
            swiss_force_without_card=_selected(self.widgets["swiss"]) == "allowed",
            stpetersburg_kiev_border=_selected(self.widgets["border"]) == "border",
        )
        bond = "standard" if _selected(self.widgets["setup"]) == "standard start" else "auction"
        card = _selected(self.widgets["card"]) == "with investor card"
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError("Every player needs a different name")
        setup = GameSetup.create(n, seed, names=names, bond_distribution=bond, investor_card=card, options=options)
        chosen = [_selected(row["card"]) for row in self.seat_rows]
        if bond == "standard" and any(c != "random" for c in chosen):
            setup = _with_chosen_deal(setup, chosen, random.Random(seed))
        self.choices = NewGameChoices(seats=seats_data, bond_distribution=bond, investor_card=card, options=options.to_dict())
        return setup, seats, seed

    def start(self) -> None:
        try:
            setup, seats, seed = self.build_setup()
        except ValueError as exc:
            self.error.set_text(str(exc))
            return
        self.app.settings.last_new_game = self.choices
        save_settings(self.app.settings)
        self.app.start_game(GameSession(setup, seats, seed=seed))


def _selected(dropdown: UIDropDownMenu) -> str:
    option = dropdown.selected_option
    return option[0] if isinstance(option, tuple) else option


def _with_chosen_deal(setup: GameSetup, chosen: list[str], rng: random.Random) -> GameSetup:
    """Replace the random deal by the flag cards chosen per seat (the rest dealt at random)."""
    from dataclasses import replace

    by_name = {v: k for k, v in NATION_NAMES.items()}
    n = setup.num_players
    picks = [by_name.get(c) for c in chosen]
    taken = [p for p in picks if p]
    if len(set(taken)) != len(taken):
        raise ValueError("Two seats chose the same flag card")
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


class LoadScene(MenuScene):
    """Saved games with date, players and whose turn; load or delete."""

    title = "Load a game"

    def __init__(self, app: "App"):
        super().__init__(app, (860, 620))
        pw, ph = self.panel_rect.size
        listing = saves.list_saves()
        self.entries = listing.saves
        items = []
        for info in self.entries:
            when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")
            status = "game over" if info.game_over else f"turn {info.nation_turns + 1}: {info.status}"
            label = f"{'Autosave' if info.autosave else info.name} · {when} · {', '.join(info.players)} · {status}"
            items.append(label if len(label) <= 96 else label[:95] + "…")
        self.labels = items
        self.list = UISelectionList(pygame.Rect(16, 58, pw - 32, ph - 200), items, self.manager, container=self.panel)
        problems = "<br>".join(f"{p.path.name}: {p.message}" for p in listing.problems) or ("No saved games yet." if not items else "")
        self.info = UITextBox(problems or " ", pygame.Rect(16, ph - 136, pw - 32, 66), self.manager, container=self.panel)
        self.load_button = self.button(pygame.Rect(pw - 200, ph - 60, 180, 44), "Load", "Open the selected game", "#primary_button")
        self.delete_button = self.button(pygame.Rect(pw - 400, ph - 60, 180, 44), "Delete", "Delete the selected save", "#danger_button")
        self.back_button = self.button(pygame.Rect(20, ph - 60, 160, 44), "Back", "Back to the title screen (Esc)")

    def selected(self):
        label = self.list.get_single_selection()
        if label is None:
            return None
        return self.entries[self.labels.index(label)] if label in self.labels else None

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.load_button:
            entry = self.selected()
            if entry is None:
                self.info.set_text("Choose a game in the list first.")
                return
            try:
                session = saves.load_game(entry.path)
            except saves.SaveError as exc:
                self.info.set_text(f"This save cannot be opened: {exc}")
                return
            self.app.start_game(session)
        elif element is self.delete_button:
            entry = self.selected()
            if entry is not None:
                saves.delete_save(entry.path)
                self.app.switch(LoadScene(self.app))


# ---------------------------------------------------------------------- settings


class SettingsScene(MenuScene):
    """Window size, full screen, animation speed, hidden cash in hot seat (saved at once)."""

    title = "Settings"
    SIZES = ["1280x800", "1440x900", "1600x1000", "1920x1200"]

    def __init__(self, app: "App"):
        super().__init__(app, (640, 460))
        s = app.settings
        m, p = self.manager, self.panel
        size = f"{s.window_width}x{s.window_height}"
        self.label(pygame.Rect(20, 70, 240, 30), "Window size")
        self.size = UIDropDownMenu(self.SIZES if size in self.SIZES else self.SIZES + [size], size, pygame.Rect(280, 70, 200, 30), m, container=p)
        self.label(pygame.Rect(20, 116, 240, 30), "Full screen")
        self.full = UIDropDownMenu(["off", "on"], "on" if s.fullscreen else "off", pygame.Rect(280, 116, 200, 30), m, container=p)
        self.label(pygame.Rect(20, 162, 240, 30), "Computer turns")
        self.pace = UIDropDownMenu(list(PACES), s.pace, pygame.Rect(280, 162, 200, 30), m, container=p)
        self.label(pygame.Rect(20, 208, 240, 30), "Hide cash in hot seat")
        self.hide = UIDropDownMenu(["yes", "no"], "yes" if s.hide_cash_in_hot_seat else "no", pygame.Rect(280, 208, 200, 30), m, container=p)
        self.done = self.button(pygame.Rect(self.panel_rect.w - 200, self.panel_rect.h - 60, 180, 44), "Save", "Keep these settings", "#primary_button")
        self.back_button = self.button(pygame.Rect(20, self.panel_rect.h - 60, 160, 44), "Back", "Back without changes (Esc)")

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.done:
            s = self.app.settings
            w, h = (int(v) for v in _selected(self.size).split("x"))
            s.window_width, s.window_height = w, h
            s.fullscreen = _selected(self.full) == "on"
            s.pace = _selected(self.pace)
            s.hide_cash_in_hot_seat = _selected(self.hide) == "yes"
            save_settings(s)
            self.app.apply_window_settings()
            self.app.show_title()


# ---------------------------------------------------------------------- rules


class RulesScene(MenuScene):
    """A readable summary of the rule book."""

    title = "The rules in brief"

    def __init__(self, app: "App"):
        w, h = app.screen.get_size()
        super().__init__(app, (min(1000, w - 60), h - 60))
        pw, ph = self.panel_rect.size
        with (assets_root() / "rules_summary.html").open("r", encoding="utf-8") as handle:
            text = handle.read()
        self.box = UITextBox(text.replace("\n", " "), pygame.Rect(16, 56, pw - 32, ph - 130), self.manager, container=self.panel)
        self.back_button = self.button(pygame.Rect(20, ph - 60, 160, 44), "Back", "Back to the title screen (Esc)")

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
