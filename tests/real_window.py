"""Real window input: the whole app in an X window, clicked by xdotool at the centre of each button.

Posted pygame events in logical coordinates cannot see what a real window does (the scaling of a
window smaller than the smallest layout, the renderer, the pointer's own position). This script
runs the app in a real window on ``$DISPLAY`` (an Xvfb server started by
``tests/test_real_window_input.py``) and, screen after screen, moves the X pointer to the centre
of every visible button, clicks, and records which buttons pygame-gui reported pressed. The
presses are taken out of the event queue before the screen sees them, so nothing acts and the
next button can be clicked on the same screen.

    python tests/real_window.py --size 1280x660 --out results.json

The result is a JSON list with one entry per button: the screen, the button's label and
position, and the labels of the buttons reported pressed (exactly that one, when input is right).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

os.environ["SDL_VIDEODRIVER"] = "x11"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = "en"
os.environ.setdefault("IMPERIAL_DESKTOP_HOME", tempfile.mkdtemp(prefix="imperial-real-window-"))

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from pygame_gui.elements import UIButton, UIDropDownMenu  # noqa: E402

FRAME = 1 / 60
WAIT_FOR_PRESS = 1.5  # seconds a click may take to come back as a pressed button


class PressRecorder:
    """Takes pygame-gui's button presses out of the event queue (so that nothing acts) and keeps them."""

    def __init__(self) -> None:
        self.pressed: list[object] = []
        self.acting = False  # True: presses are recorded and passed on to the screen
        self._get = pygame.event.get
        pygame.event.get = self.get  # the app's loop reads the queue through pygame.event.get

    def get(self, *args, **kwargs):
        kept = []
        for event in self._get(*args, **kwargs):
            if event.type == pygame_gui.UI_BUTTON_PRESSED:
                self.pressed.append(event.ui_element)
                if not self.acting:
                    continue
            kept.append(event)
        return kept


class RealWindow:
    """The app in a real window, with the X pointer driven by xdotool."""

    def __init__(self, size: tuple[int, int], text_size: int = 100):
        from imperial_desktop.ui.app import App, init_display

        self.app = App(init_display(size, headless=False))
        self.app.settings.hide_cash_in_hot_seat = False  # every seat human: no hand-over screen
        self.app.settings.text_size = text_size  # above 100: drawn smaller and scaled up onto the window
        self.app.apply_text_size()
        self.window_id = str(pygame.display.get_wm_info()["window"])
        self.recorder = PressRecorder()
        self.results: list[dict] = []

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.frame(FRAME)
            time.sleep(FRAME / 4)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A point of the app's drawing surface in window pixels (where the player sees it)."""
        fx, fy = self.app.manager.mouse_pos_scale_factor
        return (int(pos[0] / fx), int(pos[1] / fy))

    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], check=True, timeout=10)

    def point(self, window_pos: tuple[int, int]) -> None:
        self.xdotool("mousemove", "--window", self.window_id, str(window_pos[0]), str(window_pos[1]))

    def click_button(self, screen: str, button: UIButton) -> None:
        """Point at the centre of ``button``'s visible part, click, and record what was pressed."""
        rect = visible_rect(button)
        target = self.to_window(rect.center)
        self.point(target)
        self.frames(3)
        hovered = bool(getattr(button, "hovered", False))
        self.recorder.pressed.clear()
        self.xdotool("click", "1")
        deadline = time.monotonic() + WAIT_FOR_PRESS
        while not self.recorder.pressed and time.monotonic() < deadline:
            self.frames(1)
        self.frames(2)  # a second press, if any, would come now
        self.results.append({
            "screen": screen,
            "button": describe(button),
            "window_pos": list(target),
            "hovered": hovered,
            "pressed": [describe(b) for b in self.recorder.pressed],
            "exact": self.recorder.pressed == [button],
        })
        self.recorder.pressed.clear()
        # away from the buttons, so that the next one is entered afresh
        self.point((1, 1))
        self.frames(1)

    def click_every_button(self, screen: str) -> None:
        self.frames(4)
        for button in visible_buttons(self.app.manager):
            if button.alive() and button.is_enabled:
                self.click_button(screen, button)
        for menu in visible_drop_downs(self.app.manager):
            self.click_drop_down(screen, menu)

    def click_drop_down(self, screen: str, menu: UIDropDownMenu) -> None:
        """Click a drop-down menu's centre: exactly it opens; a second click there closes it."""
        opened = []
        self.recorder.acting = True  # a drop-down opens and closes on its own buttons' press events
        target = self.to_window(visible_rect(menu).center)
        self.point(target)
        self.frames(3)
        self.xdotool("click", "1")
        self.frames(4)
        for other in visible_drop_downs(self.app.manager, closed_only=False):
            if other.current_state is other.menu_states["expanded"]:
                opened.append(other)
        self.xdotool("click", "1")  # the open menu's own button is where its closed face was
        self.frames(4)
        closed = menu.current_state is menu.menu_states["closed"]
        self.recorder.acting = False
        self.results.append({
            "screen": screen, "button": "drop-down " + describe(menu), "window_pos": list(target), "hovered": True,
            "pressed": [("opened " + describe(m)) for m in opened] + ([] if closed else ["stayed open"]),
            "exact": opened == [menu] and closed,
        })
        self.point((1, 1))
        self.frames(1)


def describe(button: object) -> str:
    text = getattr(button, "text", "") or ""
    ids = getattr(button, "object_ids", None) or []
    rect = button.get_abs_rect() if hasattr(button, "get_abs_rect") else None
    where = f"@{rect.x},{rect.y},{rect.w}x{rect.h}" if rect is not None else ""
    return f"{text!s}[{','.join(str(i) for i in ids if i)}]{where}"


def _containers(element):
    container = getattr(element, "ui_container", None)
    while container is not None:
        yield container
        parent = getattr(container, "ui_container", None)
        container = parent if parent is not container else None


def visible_rect(element) -> pygame.Rect:
    """The part of ``element`` not clipped away by the containers it sits in."""
    rect = element.get_abs_rect()
    for container in _containers(element):
        rect = rect.clip(container.get_abs_rect())
    return rect


def _in_drop_down(element) -> bool:
    parent = getattr(element, "parent_element", None)
    while parent is not None:
        if isinstance(parent, UIDropDownMenu):
            return True
        parent = getattr(parent, "parent_element", None)
    return False


def visible_buttons(manager) -> list[UIButton]:
    """The buttons a player can see and click: shown, at least 8x8 pixels unclipped, not hidden
    under a window or another widget drawn above them (pygame-gui's own layers), and not the
    parts of a drop-down menu (which opens on the click itself, not on the press event)."""
    sprites = manager.get_sprite_group()
    buttons = []
    for element in sprites.sprites():
        if not isinstance(element, UIButton) or not element.visible or not element.alive() or _in_drop_down(element):
            continue
        if any(i in ("#title_bar", "#close_button") for i in (getattr(element, "object_ids", None) or [])):
            continue  # a window's own frame: dragging and closing it are pygame-gui's
        rect = visible_rect(element)
        if rect.w < 8 or rect.h < 8:
            continue
        if _covered(sprites, element, rect.center):
            continue
        buttons.append(element)
    buttons.sort(key=lambda b: (b.get_abs_rect().y, b.get_abs_rect().x))
    return buttons


def visible_drop_downs(manager, closed_only: bool = True) -> list[UIDropDownMenu]:
    """The drop-down menus a player can see and open (closed ones, unless ``closed_only`` is off)."""
    sprites = manager.get_sprite_group()
    menus = []
    for element in sprites.sprites():
        if not isinstance(element, UIDropDownMenu) or not element.visible or not element.alive():
            continue
        if not element.is_enabled or closed_only and element.current_state is not element.menu_states["closed"]:
            continue
        rect = visible_rect(element)
        if rect.w >= 8 and rect.h >= 8 and not _covered(sprites, element, rect.center):
            menus.append(element)
    menus.sort(key=lambda m: (m.get_abs_rect().y, m.get_abs_rect().x))
    return menus


def _covered(sprites, element, point) -> bool:
    """Whether a window or panel drawn above ``element`` (a higher layer) holds ``point``."""
    from pygame_gui.elements import UIWindow

    layer = element.get_top_layer()
    inside = set(map(id, _containers(element)))
    for other in sprites.sprites():
        if not isinstance(other, UIWindow) or not other.visible or not other.alive():
            continue
        if other.get_starting_height() <= layer or id(other.get_container()) in inside:
            continue
        if other.get_abs_rect().collidepoint(point):
            return True
    return False


# ---------------------------------------------------------------------- the screens


def menu_screens(run: RealWindow) -> None:
    from imperial_desktop.ui.load_screen import LoadScene
    from imperial_desktop.ui.new_game_screen import NewGameScene
    from imperial_desktop.ui.reference_screen import RulesScene
    from imperial_desktop.ui.settings_screen import SettingsScene

    app = run.app
    app.show_title()
    run.click_every_button("title")
    for name, scene in (("new game", NewGameScene), ("settings", SettingsScene),
                        ("load", LoadScene), ("rules", RulesScene)):
        app.switch(scene(app))
        run.frames(10)  # the Load screen reads its folder on a thread
        run.click_every_button(name)


def put_saves() -> None:
    """A few saved games for the Load screen: the sample games at their end, and one damaged file."""
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.saves import save_game, saves_dir
    from imperial_desktop.session.seats import Seat

    for sample in sorted((HERE.parent / "saves").glob("*.json")):
        record = GameRecord.load(sample)
        session = GameSession(record.setup, [Seat(n) for n in record.setup.players])
        for action in record.actions:
            session.state.apply(action)
        save_game(session, sample.stem.capitalize())
    (saves_dir() / "damaged.json").write_text("{not json", encoding="utf-8")


def game_screens(run: RealWindow, limit: int | None) -> None:
    """The game screen at a state of every kind of decision, every seat a person at the screen."""
    from game_scenes import _played_states, scene_states

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    states = list(_played_states().items())
    states += [(name, state) for name, state, steps in scene_states() if not steps and name not in dict(states)]
    for kind, state in states[:limit]:
        session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
        run.app.start_game(session)
        run.frames(6)
        run.click_every_button(f"game: {kind}")


def production_clicks(run: RealWindow) -> None:
    """Clicks that act, as a player makes them on the production question: a factory switched off
    and on again without moving the pointer, then off, and Produce clicked at once after it.
    Each click must act once, and the production played must be the one shown; then the turn
    waits for Confirm turn, and every button of that screen is clicked as on the others."""
    from game_scenes import _played_states

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat
    from imperial_desktop.ui.choices import default_production

    state = _played_states()["production"]
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    run.app.start_game(session)
    run.frames(6)
    scene = run.app.scene

    def toggle_button(city: str):
        return next(b for b, c in scene.decisions.panel.buttons.items() if c.toggle == city)

    def produce_button():
        return next(b for b, c in scene.decisions.panel.buttons.items() if c.action is not None)

    def click(button, move: bool = True, wait: int = 2) -> None:
        if move:
            run.point(run.to_window(visible_rect(button).center))
            run.frames(2)
        run.xdotool("click", "1")
        run.frames(wait)

    def chosen() -> set[str]:
        return set(scene.decisions.production_selection_key() or default_production(session.state))

    run.recorder.acting = True
    city = next(c.toggle for c in scene.decisions.panel.buttons.values() if c.toggle)
    steps = []
    click(toggle_button(city))
    steps.append(["switched off", city not in chosen()])
    click(toggle_button(city), move=False)  # the same place again: the pointer has not moved
    steps.append(["switched on again, pointer not moved", city in chosen()])
    click(toggle_button(city), move=False)
    steps.append(["switched off again", city not in chosen()])
    shown = chosen()
    version = session.version
    click(produce_button(), wait=1)  # at once after the toggle
    for _ in range(30):
        if session.version != version:
            break
        run.frames(1)
    played = session.history[-1].action if session.version != version else None
    steps.append([f"produced what was shown: {played}", played is not None and set(played.cities) == shown])
    run.recorder.acting = False
    from imperial_desktop.ui.layers.confirm_turn import ConfirmTurnLayer

    steps.append(["the turn waits for Confirm turn", scene.layers.find(ConfirmTurnLayer) is not None])
    run.results.append({"screen": "production clicks", "button": city, "steps": steps,
                        "exact": all(ok for _, ok in steps), "pressed": [], "hovered": True, "window_pos": []})
    run.frames(40)  # past a double click's time: the Confirm turn panel takes clicks
    run.click_every_button("game: confirm turn")


def idle_clicks(run: RealWindow) -> None:
    """A click after the screen has gone to sleep (no input for a while), through the app's own
    loop, on the title screen and on a decision of the game screen: press and release reach the
    window together, as a touchpad tap's do, and must still act as one click on the button under
    the pointer."""
    import threading

    from game_scenes import _played_states

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    app = run.app
    app.show_title()
    run.frames(4)
    screens = [("title, asleep", lambda: app.scene.buttons["settings"])]
    state = _played_states()["rondel"]

    def game_button():
        if not hasattr(app.scene, "session"):
            app.start_game(GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone()))
            run.frames(8)
        return next(b for b, c in app.scene.decisions.panel.buttons.items() if c.action is not None)

    screens.append(("game: rondel, asleep", game_button))
    for screen, find in screens:
        button = find()
        run.point(run.to_window(visible_rect(button).center))
        run.frames(3)
        run.recorder.pressed.clear()
        sleep_for = app.rest.IDLE_AFTER + 0.8  # asleep in pygame.event.wait by then
        timer = threading.Timer(sleep_for, lambda: run.xdotool("click", "1"))
        timer.start()
        app.running = True
        app.run(seconds=sleep_for + 1.0)
        timer.join()
        app.running = True
        run.results.append({"screen": screen, "button": describe(button), "window_pos": [], "hovered": True,
                            "pressed": [describe(b) for b in run.recorder.pressed],
                            "exact": run.recorder.pressed == [button]})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x660")
    parser.add_argument("--out", required=True)
    parser.add_argument("--screens", default="menus,game,production,idle", help="menus, game, production, idle (comma separated)")
    parser.add_argument("--game-states", type=int, default=None, help="at most this many game states")
    parser.add_argument("--text-size", type=int, default=100, choices=(100, 125, 150), help="the Text size setting (percent)")
    args = parser.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    put_saves()
    run = RealWindow(size, args.text_size)
    actual = pygame.display.get_surface().get_size()
    try:
        if "menus" in args.screens:
            menu_screens(run)
        if "game" in args.screens:
            game_screens(run, args.game_states)
        if "production" in args.screens:
            production_clicks(run)
        if "idle" in args.screens:
            idle_clicks(run)
    finally:
        Path(args.out).write_text(json.dumps({"window": list(actual), "logical": list(run.app.screen.get_size()),
                                              "results": run.results}, indent=1), encoding="utf-8")
        run.app._stop_autosave()
        run.app._autosave_lock.release()
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
