"""A test player that reads the state, picks an action with a simple policy, and performs it
only through posted mouse and keyboard events (it never calls the core to act)."""

from __future__ import annotations

import math
import random

import pygame

from ui_driver import aux_panel, question

from imperial_desktop.core import (
    Action, Battle, BuildFactory, ChooseRondel, DestroyFactory, EndPhase, ImportUnit, Invest, MoveArmy,
    MoveFleet, PassInvestment, Peace, Produce, SetArmyStatus, SwissForce,
)


class Policy:
    """Plays to end the game: builds, taxes, moves out, fights, takes over governments."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.moves_this_phase = 0

    def choose(self, state) -> Action:
        d = state.decision()
        legal = state.legal_actions()
        kind = d.kind
        nation = d.nation
        if kind == "rondel":
            by_space = {a.space: a for a in legal}
            taxes = state.tax_revenue(nation)
            want = []
            if taxes >= 6 and 7 in by_space:
                want.append(7)
            if state.treasury[nation] >= 5 and 0 in by_space and any(
                    c not in state.factories for c in state.board.nation_by_id[nation].home_provinces):
                want.append(0)
            want += [s for s in (2, 6, 1, 5, 4, 3, 7) if s in by_space]
            return by_space[want[0]] if self.rng.random() < 0.85 else self.rng.choice(legal)
        if kind == "swiss_force":
            force = [a for a in legal if isinstance(a, SwissForce) and a.force]
            return force[0] if force else legal[-1]
        if kind == "factory":
            builds = [a for a in legal if isinstance(a, BuildFactory) and a.city]
            return builds[0] if builds else legal[-1]
        if kind == "production":
            return max(legal, key=lambda a: len(a.cities))  # type: ignore[attr-defined]
        if kind == "import":
            imports = [a for a in legal if isinstance(a, ImportUnit) and a.unit == "army"]
            return imports[0] if imports and d.data.get("count", 0) < 2 else next(a for a in legal if isinstance(a, EndPhase))
        if kind == "maneuver":
            end = next(a for a in legal if isinstance(a, EndPhase))
            destroy = [a for a in legal if isinstance(a, DestroyFactory)]
            if destroy:
                return destroy[0]
            moves = [a for a in legal if isinstance(a, (MoveArmy, MoveFleet))]
            useful = [a for a in moves if state.board.regions[a.destination].takes_flags and state.flags.get(a.destination) != nation]
            hostile = [a for a in moves if isinstance(a, MoveArmy) and state.board.regions[a.destination].kind == "home_province"
                       and state.board.regions[a.destination].nation != nation]
            if hostile and self.rng.random() < 0.15:
                return self.rng.choice(hostile)
            if useful and self.rng.random() < 0.9:
                return self.rng.choice(useful)
            return end
        if kind == "entry_fight":
            fights = [a for a in legal if isinstance(a, Battle)]
            return fights[0] if fights and self.rng.random() < 0.6 else next(a for a in legal if isinstance(a, Peace))
        if kind == "entry_ask":
            return legal[0]
        if kind == "entry_demand":
            return next(a for a in legal if isinstance(a, Peace))
        if kind == "entry_status":
            hostile = [a for a in legal if isinstance(a, SetArmyStatus) and a.hostile]
            return hostile[0] if hostile and self.rng.random() < 0.7 else legal[-1]
        if kind in ("invest", "auction"):
            invests = [a for a in legal if isinstance(a, Invest)]
            if invests and self.rng.random() < 0.8:
                # take over governments: the dearest affordable bond of the strongest nation not governed by us
                player = d.player
                others = [a for a in invests if state.government[a.nation] != player] or invests
                return max(others, key=lambda a: (state.power[a.nation], a.value - (a.trade_in or 0)))
            return next(a for a in legal if isinstance(a, PassInvestment))
        return legal[0]


class UIPlayer:
    """Performs actions with real events on a ui_driver.Driver running a GameScene."""

    def __init__(self, driver):
        self.d = driver
        self.used: dict[str, int] = {}

    @property
    def scene(self):
        return self.d.scene

    def perform(self, action: Action) -> None:
        kind = type(action).__name__
        self.used[kind] = self.used.get(kind, 0) + 1
        scene = self.scene
        if isinstance(action, ChooseRondel):
            self.d.click(self.rondel_point(action.space))
        elif isinstance(action, (MoveArmy, MoveFleet)):
            unit = "army" if isinstance(action, MoveArmy) else "fleet"
            rect = scene.board.piece_rect(action.origin, action.nation, unit)
            assert rect is not None, ("no piece drawn", action)
            self.d.drag(rect.center, self.region_point(action.destination))
            if aux_panel(scene) is not None:
                self.click_choice(aux_panel(scene), action)
            self.used["drag"] = self.used.get("drag", 0) + 1
        elif isinstance(action, BuildFactory) and action.city:
            self.d.click(self.region_point(action.city, city=True))
        elif isinstance(action, Produce):
            for _ in range(12):  # switch factories on or off until the dialog offers this production
                panel = scene.decisions.panel
                wanted = set(action.cities)
                toggle = panel.button_for(lambda c: c.toggle is not None and (c.toggle in wanted) != c.switched_on)
                if toggle is None:
                    break
                self.d.click_element(toggle)
            self.click_choice(scene.decisions.panel, action)
        elif isinstance(action, ImportUnit):
            self.d.click(self.region_point(action.region))
            if aux_panel(scene) is not None:
                self.click_choice(aux_panel(scene), action)
        else:
            panel = scene.decisions.panel
            assert panel is not None, ("no decision panel", action, scene.session.state.describe_decision())
            self.click_choice(panel, action)

    def click_choice(self, panel, action: Action) -> None:
        button = panel.button_for(lambda c: c.action == action)
        assert button is not None, ("no button", action)
        self.scroll_into_view(panel, button)
        self.d.click_element(button)
        confirm = question(self.scene)
        if confirm is not None:  # a safeguard asked (ending a maneuver with units unmoved): yes
            self.used["confirmed"] = self.used.get("confirmed", 0) + 1
            self.d.click_element(confirm.confirm_button)
            self.d.frame(2)  # the dialog's answer arrives as an event one frame later

    def scroll_into_view(self, panel, button) -> None:
        view = panel.scroll.get_abs_rect()
        for _ in range(200):
            if button in panel.visible_buttons():
                return
            rect = button.get_abs_rect()
            self.d.move(view.center)
            step = -1 if rect.bottom > view.bottom else 1
            self.d.post(pygame.MOUSEWHEEL, x=0, y=step, flipped=False, precise_x=0.0, precise_y=float(step))
            self.d.frame(2)
        raise AssertionError("could not scroll the button into view")

    def rondel_point(self, space: int) -> tuple[int, int]:
        cx, cy, inner, outer = self.scene.chrome.rondel_geometry
        n = len(self.scene.session.state.board.rondel)
        angle = -math.pi / 2 + space * 2 * math.pi / n
        r = (inner + outer) / 2
        return (round(cx + r * math.cos(angle)), round(cy + r * math.sin(angle)))

    def region_point(self, region: str, city: bool = False) -> tuple[int, int]:
        geo = self.scene.board.geometry.regions[region]
        point = (geo.city if city and geo.city else geo.label)
        x, y = self.scene.board.board_to_screen(point)
        return (round(x), round(y))
