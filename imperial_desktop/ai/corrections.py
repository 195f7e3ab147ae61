"""Standing corrections to a searched rondel choice: what a round of playouts cannot see.

A playout ends about a round after the decision and is judged by the evaluation, so things that
matter beyond it are added as fixed points (issue 13's measured weaknesses): money lying idle in
a treasury (more than a factory and a full payout need) that a factory would turn into taxes
for the rest of the game, a Maneuver or Import that would move or buy nothing (a wasted turn
the evaluation barely notices), and optionally an Investor payout that hands a rival the cash
to take the government over. In a maneuver, a 1:1 battle in a flag region that neither takes
the flag nor guards the nation's own is marked down: a playout that ends a round later values
the two lost units about evenly and misses what the units would have won elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.ai.analysis import battle_wins_nothing, factory_within_reach
from imperial_desktop.ai.heuristics import TAKEOVER_PENALTY, payout_takeover_risk
from imperial_desktop.ai.lookahead import Policy, units_moved_in_turn, units_unchanged
from imperial_desktop.core import Action, Battle, ChooseRondel, GameState


IDLE_REFERENCE = 10  # the factory correction is given for 10M lying idle, in proportion to the treasury
IDLE_CAP = 3.0  # and grows to at most three times that (30M and more)


@dataclass(frozen=True)
class Corrections:
    """Points for idle money built into a factory, against a payout that loses the government,
    against an empty Maneuver or Import and against a battle that wins nothing."""

    factory: float = 0.0
    takeover: float = 0.0
    empty: float = 0.0
    battle: float = 0.0


# Measured on 400 paired games of Hard against three Normal (docs/ai.md): the factory correction on
# money no payout needs and the empty-action penalty cost no wins; the takeover guard (12) cost
# 3.7 points of margin and a factory correction on the whole treasury 4.5, so the guard is off.
DEFAULT_CORRECTIONS = Corrections(factory=8.0, takeover=0.0, empty=3.0, battle=3.0)


def standing_corrections(state: GameState, legal: list[Action], policy: Policy,
                         weights: Corrections) -> dict[Action, float]:
    """Points to add to the options of the pending decision (rondel choices and battles)."""
    out = rondel_corrections(state, legal, policy, weights)
    if weights.battle:
        out.update(battle_corrections(state, legal, weights.battle))
    return out


def battle_corrections(state: GameState, legal: list[Action], penalty: float) -> dict[Action, float]:
    """``-penalty`` for each battle option that wins nothing (see ``battle_wins_nothing``)."""
    return {a: -penalty for a in legal
            if isinstance(a, Battle) and battle_wins_nothing(state, a.nation, a.region, a.unit)}


def idle_money(state: GameState, nation: str) -> int:
    """What would still lie in the treasury after building a factory and paying the bond holders
    their whole interest: money neither a payout nor the factory needs."""
    return state.treasury[nation] - state.board.factory_cost - sum(state.interest_due(nation).values())


def rondel_corrections(state: GameState, legal: list[Action], policy: Policy, weights: Corrections,
                       turn_ends: dict[Action, GameState] | None = None) -> dict[Action, float]:
    """Points to add to each rondel option (empty for other decisions). ``turn_ends``: each
    option's state at the end of the nation's turn when ``policy`` plays on, if already known
    (Normal's look-ahead makes them); otherwise the turn is played here where needed."""
    decision = state.decision()
    player = state.current_player()
    if decision is None or decision.kind != "rondel" or player is None:
        return {}
    board = state.board
    out: dict[Action, float] = {}
    for a in legal:
        if not isinstance(a, ChooseRondel):
            continue
        kind = board.rondel[a.space].action
        if kind == "factory" and weights.factory and factory_within_reach(state, a.nation):
            idle = idle_money(state, a.nation)
            if idle > 0:
                out[a] = weights.factory * min(IDLE_CAP, idle / IDLE_REFERENCE)
        elif kind == "investor" and weights.takeover:
            risk = payout_takeover_risk(state, a.nation, player)
            if risk:
                out[a] = -weights.takeover * risk / TAKEOVER_PENALTY
        elif kind in ("maneuver", "import") and weights.empty:
            end = (turn_ends or {}).get(a)
            if (units_unchanged(state, end, a.nation) if end is not None else units_moved_in_turn(state, a, policy) == 0):
                out[a] = -weights.empty
    return out
