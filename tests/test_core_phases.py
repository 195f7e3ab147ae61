"""GameState is composed of one module per phase, and a variant overrides a phase (issue 36,
points 1 and 4): the dispatch tables are built per class, so a subclass's method is the one
that runs; no class of the core but GameState grows past 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from helpers import AH, give_turn, refresh, six_player_game

from imperial_desktop.core import ChooseRondel, GameSetup, GameState, PassInvestment, Refusal, RefusalCode
from imperial_desktop.core.phase_investor import InvestorPhase
from imperial_desktop.core.phase_maneuver import ManeuverBattles, ManeuverMoves
from imperial_desktop.core.phase_production import ProductionPhase
from imperial_desktop.core.phase_rondel import RondelPhase
from imperial_desktop.core.phase_setup import SetupPhase
from imperial_desktop.core.phase_taxation import TaxationPhase

CORE = Path(__file__).resolve().parent.parent / "imperial_desktop" / "core"
MAN1, INVESTOR, TAXATION = 2, 3, 7


class NoTaxation(GameState):
    """A variant in which the rondel's Taxation space may never be chosen."""

    def _legal_rondel(self, p: dict[str, Any]) -> list:
        return [a for a in super()._legal_rondel(p) if self.board.rondel[a.space].action != "taxation"]

    def _refuse_rondel(self, action: Any, p: dict[str, Any]) -> Refusal | None:
        if isinstance(action, ChooseRondel) and self.board.rondel[action.space].action == "taxation":
            return Refusal(RefusalCode.NOT_AN_OPTION, {"variant": "no taxation"})
        return super()._refuse_rondel(action, p)


class RichInvestor(GameState):
    """A variant whose Investor card pays 5M instead of 2M (an automatic step overridden)."""

    def _step_investor_card(self, ev: list) -> None:
        assert self.card is not None
        self.cash[self.card] += 3
        super()._step_investor_card(ev)


def _variant(cls: type[GameState]) -> GameState:
    state = six_player_game()
    variant = cls.from_dict(state.to_dict())
    assert type(variant) is cls
    return variant


def test_a_variant_overriding_a_legality_takes_effect():
    plain = six_player_game()
    give_turn(plain, AH, position=MAN1 + 3)
    variant = _variant(NoTaxation)
    give_turn(variant, AH, position=MAN1 + 3)
    taxation = ChooseRondel(AH, TAXATION)
    assert plain.is_legal(taxation) and not variant.is_legal(taxation)
    assert variant.refusal(taxation) == Refusal(RefusalCode.NOT_AN_OPTION, {"variant": "no taxation"})
    assert type(variant.clone()) is NoTaxation and not variant.clone().is_legal(taxation)
    assert NoTaxation._GENERATORS["rondel"] is NoTaxation._legal_rondel
    assert GameState._GENERATORS["rondel"] is RondelPhase._legal_rondel  # the rules themselves unchanged


def test_a_variant_overriding_a_step_takes_effect():
    plain = six_player_game()
    variant = _variant(RichInvestor)
    for state in (plain, variant):
        give_turn(state, AH, position=MAN1)
    holder = plain.card
    before = plain.cash[holder]
    plain.apply(ChooseRondel(AH, INVESTOR))
    variant.apply(ChooseRondel(AH, INVESTOR))
    assert variant.cash[holder] - before == plain.cash[holder] - before + 3
    assert variant.decision().kind == "invest"
    variant.apply(PassInvestment(holder))
    assert RichInvestor._STEPS["investor_card"] is RichInvestor._step_investor_card


def test_a_variant_overriding_an_action_handler_takes_effect():
    class FreeRondel(GameState):
        def _do_rondel(self, action: ChooseRondel, ev: list) -> None:
            cash = list(self.cash)
            super()._do_rondel(action, ev)
            self.cash[:] = cash  # moving on the rondel costs nothing in this variant

    variant = FreeRondel.new(GameSetup.create(4, 1))
    nation = variant.acting_nation()
    player = variant.current_player()
    variant.rondel[nation] = 4  # Import: five spaces on is Production (not past Investor)
    variant.cash[player] = cash = 10
    refresh(variant)
    variant.apply(ChooseRondel(nation, 1))  # 4M in the standard rules
    assert variant.cash[player] == cash


def test_game_state_is_composed_of_the_phase_modules():
    phases = (SetupPhase, RondelPhase, ProductionPhase, ManeuverMoves, ManeuverBattles, InvestorPhase, TaxationPhase)
    assert all(issubclass(GameState, phase) for phase in phases)
    assert len({phase.__module__ for phase in phases}) == 6
    for kind in GameState._GENERATORS:  # each decision's legality and reasons live together
        assert GameState._GENERATORS[kind].__module__ == GameState._REFUSERS[kind].__module__, kind


def test_no_core_class_but_game_state_is_over_400_lines():
    sizes = {}
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and path.name != "state.py":
                sizes[f"{path.name}:{node.name}"] = node.end_lineno - node.lineno + 1
    assert max(sizes.values()) <= 400, sorted(sizes.items(), key=lambda kv: -kv[1])[:3]
    assert len((CORE / "state.py").read_text(encoding="utf-8").splitlines()) < 500
