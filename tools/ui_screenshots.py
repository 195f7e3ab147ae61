"""Screenshots of every decision dialog and of the results screen, into docs/screenshots/.

Usage: python3 tools/ui_screenshots.py
Plays a hot-seat game headless through the game window (the test player of tests/ui_player.py)
and saves the screen the first time each kind of decision appears, plus the final results.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from ui_driver import Driver  # noqa: E402
from ui_player import Policy, UIPlayer  # noqa: E402

from imperial_desktop.core import GameSetup  # noqa: E402
from imperial_desktop.session.controller import GameSession  # noqa: E402
from imperial_desktop.session.seats import Seat  # noqa: E402


def menus(out: Path) -> None:
    """Title, new game, load (with two saves), settings and rules screens."""
    import os
    import tempfile

    import pygame

    home = tempfile.mkdtemp()
    os.environ["IMPERIAL_DESKTOP_HOME"] = home
    from imperial_desktop.core import GameRecord
    from imperial_desktop.session import saves
    from imperial_desktop.ui.app import App, init_display
    from imperial_desktop.ui.menus import LoadScene, NewGameScene, RulesScene, SettingsScene

    for save in ("midgame", "finished"):
        record = GameRecord.load(ROOT / "saves" / f"{save}.json")
        session = GameSession.from_record(record, [Seat(n) for n in record.setup.players])
        saves.save_game(session, f"Sunday game ({save})")
        saves.autosave(session)
    screen = init_display((1600, 1000), headless=True)
    app = App(screen)
    app.show_title()
    for name, factory in (("title", None), ("new-game", NewGameScene), ("load", LoadScene),
                          ("settings", SettingsScene), ("rules", RulesScene)):
        if factory is not None:
            app.switch(factory(app))
        for _ in range(3):
            app.frame(1 / 60)
        pygame.image.save(app.screen, str(out / f"screen-{name}.png"))
        print(out / f"screen-{name}.png")


def focused(out: Path) -> None:
    """Dialogs that a short game may not show: auction, whom to ask, route choice, donation."""
    import pygame

    from helpers import AH, GB, IT, RU, clear_units, put, six_player_game, start_maneuver

    from imperial_desktop.core import AskNation, EndPhase, GameSetup, GameState, MoveFleet, Peace
    from imperial_desktop.ui.game_scene import GameScene

    def shot(state, name, steps=()):
        session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state)
        driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
        driver.frame(2)
        player = UIPlayer(driver)
        for step in steps:
            step(driver, player)
        driver.frame(2)
        driver.shot(out / name)
        print(out / name)

    shot(GameState.new(GameSetup(players=("Anna", "Ben", "Clara"), bond_distribution="auction", auction_start=0)), "dialog-auction.png")
    state = six_player_game()
    clear_units(state)
    put(state, RU, "eastern_mediterranean", fleets=1)
    put(state, IT, "ionian_sea", fleets=1)
    put(state, AH, "ionian_sea", fleets=1)
    start_maneuver(state, RU)
    shot(state, "dialog-entry_ask.png", [lambda d, p: p.perform(MoveFleet(RU, "eastern_mediterranean", "ionian_sea")),
                                         lambda d, p: p.perform(Peace(RU))])
    state = six_player_game()
    clear_units(state)
    put(state, GB, "london", armies=1)
    for sea in ("english_channel", "north_atlantic", "bay_of_biscay"):
        put(state, GB, sea, fleets=1)
    start_maneuver(state, GB)

    def drag_to_portugal(d, p):
        p.perform(EndPhase(GB, "fleets"))
        rect = d.scene.board.piece_rect("london", GB, "army")
        d.drag(rect.center, p.region_point("portugal"))

    shot(state, "dialog-route.png", [drag_to_portugal])
    shot(six_player_game(), "dialog-donation.png", [lambda d, p: d.click_element(d.scene.buttons["donate"])])


def main() -> None:
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    setup = GameSetup.create(4, 3, names=["Anna", "Ben", "Clara", "David"])
    session = GameSession(setup, [Seat(n) for n in setup.players])
    from imperial_desktop.ui.game_scene import GameScene

    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    policy = Policy(3)
    player = UIPlayer(driver)
    seen: set[str] = set()
    while not session.state.is_terminal():
        decision = session.state.decision()
        kind = decision.kind
        if kind == "maneuver":
            kind += "-" + str(session.state.maneuver_phase())
        if kind not in seen:
            seen.add(kind)
            driver.frame(2)
            driver.shot(out / f"dialog-{kind}.png")
            print(out / f"dialog-{kind}.png")
        action = policy.choose(session.state)
        if kind.startswith("maneuver-armies") and "drag" not in seen and type(action).__name__ == "MoveArmy":
            # a drag in progress: legal destinations light up
            rect = driver.scene.board.piece_rect(action.origin, action.nation, "army")
            import pygame

            driver.move(rect.center)
            driver.post(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)
            driver.frame()
            target = player.region_point(action.destination)
            pygame.mouse.set_pos(target)
            driver.post(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0))
            driver.frame(2)
            driver.shot(out / "drag-army.png")
            driver.post(pygame.MOUSEBUTTONUP, pos=target, button=1)
            driver.frame(2)
            seen.add("drag")
            continue
        player.perform(action)
    driver.frame(3)
    driver.shot(out / "results.png")
    print(out / "results.png")


if __name__ == "__main__":
    if "--menus" in sys.argv:
        menus(ROOT / "docs" / "screenshots")
    elif "--focused" in sys.argv:
        focused(ROOT / "docs" / "screenshots")
    else:
        main()
