"""Standing corrections to a searched rondel choice: what a round of playouts cannot see.

A playout ends about a round after the decision and is judged by the evaluation, so things that
matter beyond it are added as fixed points (weaknesses measured in played games): money lying idle in
a treasury (more than a factory and a full payout need) that a factory would turn into taxes
for the rest of the game, a Maneuver or Import that would move or buy nothing (a wasted turn
the evaluation barely notices), and optionally a move that lands on or passes Investor when the
investor who then buys a bond (the card holder, a Swiss Bank) can take the government over with
his cash, the payout's interest and the card's 2M. In a maneuver, a 1:1 battle in a flag region that neither takes
the flag nor guards the nation's own is marked down: a playout that ends a round later values
the two lost units about evenly and misses what the units would have won elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.ai.analysis import battle_wins_nothing, credits, factory_within_reach
from imperial_desktop.ai.heuristics import credit_gain
from imperial_desktop.ai.lookahead import Policy, units_moved_in_turn, units_unchanged
from imperial_desktop.ai.no_waste import reaches_investor
from imperial_desktop.core import Action, Battle, ChooseRondel, DecisionKind, GameState


IDLE_REFERENCE = 10  # the factory correction is given for 10M lying idle, in proportion to the treasury
IDLE_CAP = 3.0  # and grows to at most three times that (30M and more)
EARLY_TURNS = 24  # the early factory correction fades to nothing over the first four rounds


@dataclass(frozen=True)
class Corrections:
    """Points for idle money built into a factory, against a payout that loses the government,
    against an empty Maneuver or Import and against a battle that wins nothing."""

    factory: float = 0.0
    takeover: float = 0.0
    empty: float = 0.0
    battle: float = 0.0
    # a factory built in the first rounds taxes for the whole game, which a round of playouts
    # judged by who buys bonds next does not see (fades over the first EARLY_TURNS nation turns)
    early_factory: float = 0.0
    # points per 10M of the treasury that the next payout would hand to the bond holders and a
    # factory could use instead (the governor then pays what the treasury lacks at the payout)
    owed_factory: float = 0.0


# Hard's, measured on 400 paired games of Hard against three Normal (docs/ai-history.md): the factory
# correction on money no payout needs (20 halves the idle money for -0.8 +- 1.0 points of margin)
# and the empty-action penalty cost no measurable wins; the takeover guard cost 4 points of
# margin at 12 (3.7 with the older, narrower rule) and a factory correction on the whole treasury
# 4.5, so the guard is off.
DEFAULT_CORRECTIONS = Corrections(factory=20.0, takeover=0.0, empty=3.0, battle=3.0)


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


def owed_money(state: GameState, nation: str) -> int:
    """The part of the treasury beyond a factory's cost that the next payout would hand out."""
    beyond_factory = state.treasury[nation] - state.board.factory_cost
    return max(0, min(beyond_factory, sum(state.interest_due(nation).values())))


def rondel_corrections(state: GameState, legal: list[Action], policy: Policy, weights: Corrections,
                       turn_ends: dict[Action, GameState] | None = None) -> dict[Action, float]:
    """Points to add to each rondel option (empty for other decisions). ``turn_ends``: each
    option's state at the end of the nation's turn when ``policy`` plays on, if already known
    (Normal's look-ahead makes them); otherwise the turn is played here where needed."""
    decision = state.decision()
    player = state.current_player()
    if decision is None or decision.kind != DecisionKind.RONDEL or player is None:
        return {}
    board = state.board
    out: dict[Action, float] = {}
    for a in legal:
        if not isinstance(a, ChooseRondel):
            continue
        space_action = board.rondel[a.space].action  # a rondel space, not a decision kind
        if space_action == "factory" and (weights.factory or weights.early_factory or weights.owed_factory) \
                and factory_within_reach(state, a.nation):
            idle = idle_money(state, a.nation)
            points = weights.factory * min(IDLE_CAP, idle / IDLE_REFERENCE) if idle > 0 else 0.0
            points += weights.early_factory * max(0.0, 1.0 - state.turns_taken / EARLY_TURNS)
            if weights.owed_factory:
                points += weights.owed_factory * owed_money(state, a.nation) / IDLE_REFERENCE
            if points:
                out[a] = points
        elif space_action in ("maneuver", "import") and weights.empty:
            end = (turn_ends or {}).get(a)
            if (units_unchanged(state, end, a.nation) if end is not None else units_moved_in_turn(state, a, policy) == 0):
                out[a] = -weights.empty
        if weights.takeover and investor_round_takeover(state, a, player):
            out[a] = out.get(a, 0.0) - weights.takeover
    return out


def investor_round_takeover(state: GameState, action: ChooseRondel, player: int) -> bool:
    """The move gives the investors of the card round (the holder, the Swiss Banks) the chance to
    take the nation from ``player``, its government: one of them can raise his bonds in it above
    ``player``'s with his cash, the 2M of the card and, on landing on Investor, the interest."""
    nation = action.nation
    if not state.setup.investor_card or state.card is None or state.government[nation] != player \
            or not reaches_investor(state, action):
        return False
    lands = state.board.rondel[action.space].action == "investor"
    due = state.interest_due(nation) if lands else {}
    sums = credits(state, nation)
    for rival in {state.card} | set(state.swiss):
        if rival == player:
            continue
        cash = state.cash[rival] + due.get(rival, 0) + (2 if rival == state.card else 0)
        if sums[rival] + credit_gain(state, nation, rival, cash) > sums[player]:
            return True
    return False
