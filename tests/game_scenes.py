"""The game screen in each of its situations, for layout tests and screenshots.

``scene_states()`` gives a state for every kind of decision (found by playing a seeded hot-seat
game with the test policy, plus positions built for the rarer ones); ``open_scene`` shows one in
a headless driver, optionally with an overlay, a window or a dialog open.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator

import pygame
from helpers import AH, GB, IT, RU, clear_units, put, six_player_game, start_maneuver
from ui_driver import Driver
from ui_player import Policy, UIPlayer

from imperial_desktop.core import EndPhase, GameRecord, GameSetup, GameState, MoveFleet, Peace
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import Seat

Step = Callable[[Driver, UIPlayer], None]


def _played_states(seed: int = 3, players: int = 4) -> dict[str, GameState]:
    """The first state of each decision kind in a seeded game of the test policy (core only: fast)."""
    setup = GameSetup.create(players, seed, names=["Anna", "Ben", "Clara", "David", "Emil", "Fanny"][:players])
    state = GameState.new(setup)
    policy = Policy(seed)
    found: dict[str, GameState] = {}
    while not state.is_terminal():
        decision = state.decision()
        kind = decision.kind
        if kind == "maneuver":
            kind += "-" + str(state.maneuver_phase())
        found.setdefault(kind, state.clone())
        state.apply(policy.choose(state))
    found["finished"] = state
    return found


def ionian_entry() -> GameState:
    """Russia maneuvers a fleet from the Eastern Mediterranean; in the Ionian Sea stand a fleet of
    Italy and one of Austria-Hungary (entering there asks who is asked first)."""
    state = six_player_game()
    clear_units(state)
    put(state, RU, "eastern_mediterranean", fleets=1)
    put(state, IT, "ionian_sea", fleets=1)
    put(state, AH, "ionian_sea", fleets=1)
    start_maneuver(state, RU)
    return state


def scene_states() -> Iterator[tuple[str, GameState, list[Step]]]:
    """(name, state, steps to perform after opening) for every situation worth checking."""
    for kind, state in _played_states().items():
        yield kind, state, []
    yield "six-players", _played_states(seed=5, players=6)["invest"], []
    yield "auction", GameState.new(GameSetup(players=("Anna", "Ben", "Clara"), bond_distribution="auction",
                                             auction_start=0)), []
    yield "entry_ask", ionian_entry(), [lambda d, p: p.perform(MoveFleet(RU, "eastern_mediterranean", "ionian_sea")),
                               lambda d, p: p.perform(Peace(RU))]
    state = six_player_game()
    clear_units(state)
    put(state, GB, "london", armies=1)
    for sea in ("english_channel", "north_atlantic", "bay_of_biscay"):
        put(state, GB, sea, fleets=1)
    start_maneuver(state, GB)

    def drag_to_portugal(d: Driver, p: UIPlayer) -> None:
        p.perform(EndPhase(GB, "fleets"))
        rect = d.scene.board.piece_rect("london", GB, "army")
        d.drag(rect.center, p.region_point("portugal"))

    yield "route", state, [drag_to_portugal]
    yield "donation", six_player_game(), [lambda d, p: d.click_element(d.scene.commands.buttons["donate"])]
    state = six_player_game()
    clear_units(state)
    put(state, GB, "north_sea", fleets=2)
    start_maneuver(state, GB)
    yield "confirm-end-maneuver", state, [lambda d, p: d.click_element(
        d.scene.decisions.panel.button_for(lambda c: c.action == EndPhase(GB, "fleets")))]
    yield "game-menu", six_player_game(), [lambda d, p: d.click_element(d.scene.commands.buttons["menu"])]
    yield "legend", six_player_game(), [lambda d, p: d.click_element(d.scene.commands.buttons["legend"])]
    yield "scores", midgame_state(), [lambda d, p: d.key(pygame.K_s)]  # the score sheet during play


def midgame_state() -> GameState:
    """Two thirds into the recorded game of saves/finished.json (nations on the power track, bonds
    bought): the score sheet then has something to compare."""
    record = GameRecord.load(Path(__file__).resolve().parent.parent / "saves" / "finished.json")
    state = GameState.new(record.setup)
    for action in record.actions[:len(record.actions) * 2 // 3]:
        state.apply(action)
    return state


def open_scene(state: GameState, size: tuple[int, int], steps: list[Step] = (), *, pace: float = 0.0) -> Driver:
    """A driver showing ``state`` (every seat human) at ``size``, after ``steps``."""
    from imperial_desktop.ui.game_scene import GameScene

    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())
    driver = Driver(lambda manager, sz: GameScene(session, sz, manager, seconds_per_move=pace), size=size)
    driver.frame(2)
    player = UIPlayer(driver)
    for step in steps:
        step(driver, player)
    driver.frame(2)
    return driver
