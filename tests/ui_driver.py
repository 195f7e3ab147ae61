"""A headless driver for UI tests: the game's own loop, fed with real pygame events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pygame_gui

from imperial_desktop.ui.gui import make_manager


class EventInput:
    """Real pygame input posted between frames; subclasses say what a frame is (``frame(n)``)."""

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        raise NotImplementedError

    def post(self, type_, **kwargs) -> None:
        pygame.event.post(pygame.event.Event(type_, **kwargs))

    def move(self, pos) -> None:
        # A real pointer moves SDL's mouse state and sends an event; do both (pygame-gui reads
        # the state for hovering, the game reads the events).
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.frame()

    def click(self, pos, button: int = 1) -> None:
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.frame(2)  # pygame-gui's button event arrives on the next event.get()

    def drag(self, start, end, steps: int = 6) -> None:
        self.move(start)
        self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self.frame()
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            pygame.mouse.set_pos(p)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        self.frame(2)

    def key(self, key: int, mod: int = 0) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.frame(2)

    def click_element(self, element) -> None:
        """Click a pygame-gui element at its centre on screen."""
        self.click(element.get_abs_rect().center)


class Driver(EventInput):
    """Runs frames of a scene with a pygame-gui manager, as ui.app does, and posts input."""

    def __init__(self, scene_factory, size=(1600, 1000)):
        pygame.init()
        self.screen = pygame.display.set_mode(size)
        self.manager = make_manager(size)
        self.scene = scene_factory(self.manager, size)
        self.frames = 0
        self.drawn: dict = {}  # what each layer of a game screen drew in the last frame, by its kind

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            for event in pygame.event.get():
                modal = getattr(self.scene, "modal_input", None)
                if modal is not None and modal(event):
                    continue  # as the app: the hot-seat handover screen takes all input
                if self.manager.process_events(event):
                    continue
                self.scene.handle_event(event)
            self.scene.update(dt)
            self.manager.update(dt)
            self.drawn = self.scene.draw(self.screen) or {}
            covers = getattr(self.scene, "covers_widgets", None)
            if covers is None or not covers():  # as the app: nothing over the handover screen
                self.manager.draw_ui(self.screen)
            self.frames += 1

    def shot(self, path) -> None:
        pygame.image.save(self.screen, str(path))


def open_layer(scene, kind):
    """The layer of ``kind`` open on a game screen (its stack's topmost of that kind), or None."""
    return scene.layers.find(kind)


def _part(scene, module: str, layer_class: str, attribute: str):
    """``attribute`` of the open layer of class ``layer_class`` in ``imperial_desktop.ui.layers.<module>``, or None."""
    import importlib

    kind = getattr(importlib.import_module(f"imperial_desktop.ui.layers.{module}"), layer_class)
    layer = scene.layers.find(kind)
    return None if layer is None else getattr(layer, attribute)


def aux_panel(scene):
    """The small choice panel open over the board (route, region, donation), or None."""
    return _part(scene, "aux_panel", "AuxLayer", "panel")


def turn_panel(scene):
    """The Confirm turn panel standing in the place for decisions, or None."""
    return _part(scene, "confirm_turn", "ConfirmTurnLayer", "panel")


def question(scene):
    """The safeguard question's dialog open over the game, or None."""
    return _part(scene, "windows", "QuestionLayer", "dialog")


def menu_window(scene):
    """The game menu open over the game (a GameMenu), or None."""
    return _part(scene, "windows", "MenuLayer", "menu")


def side_window(scene):
    """The save dialog or rules window open beside the game, or None."""
    return _part(scene, "windows", "SideWindowLayer", "window")


def settings_window(scene):
    """The settings window open over the game, or None."""
    return _part(scene, "windows", "SettingsLayer", "window")


def button_event_type():
    return pygame_gui.UI_BUTTON_PRESSED


def click_in_app(app, element, settle: int = 1) -> None:
    """Click a widget of a running App with real events (move, press, release: a frame each),
    then let ``settle`` more frames pass (pygame-gui's button event arrives on the next one)."""
    pos = element.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        pygame.event.post(event)
        app.frame(1 / 60)
    for _ in range(settle):
        app.frame(1 / 60)


def tooltips_after_hover(app, pos, seconds: float = 1.2) -> list[str]:
    """Point at ``pos`` in a running App and wait ``seconds``; the texts of the tool tips shown."""
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(round(seconds * 10)):
        app.frame(0.1)
    return [s.text_block.html_text for s in app.manager.get_sprite_group().sprites() if type(s).__name__ == "UITooltip"]


def choose_in_app(app, menu, shown: str) -> None:
    """Open a drop-down menu of a running App and click the option showing ``shown`` (real clicks:
    the menu's button, then the option in the list that opened)."""
    click_in_app(app, menu.current_state.selected_option_button)
    items = menu.current_state.options_selection_list.item_list
    item = next(i for i in items if i["text"] == shown)
    click_in_app(app, item["button_element"], settle=3)  # selection, then the menu's change event
