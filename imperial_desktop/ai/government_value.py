"""What governing a nation is worth at an investment: points for a purchase that takes or keeps one.

A government steers its nation's treasury, factories and units (rule book, Investor: the largest
bond holder governs). A playout that ends about a round after the purchase sees little of that,
and the evaluation counts a treasury mostly as the interest it will pay out, so the search alone
passes a nation whose treasury holds more than the bond costs and lets a rival take a nation it
could have kept with a small bond (issue "opponent": take a cheap government, lock one, keep one).
These points, from ``control.purchase_locks`` (exact arithmetic on bonds, cash and the order of
the investment rounds), are added to each purchase:

- a purchase that makes the buyer the government and keeps it through the next Investor stop
  (nobody can trade up past him before): ``take`` + ``per_million`` x the treasury he then steers;
- the same takeover when a rival can still take the nation back first: ``loose`` times that;
- a purchase in a nation the buyer governs, which a rival could take at his next chance, that
  keeps it through that stop: ``keep`` + ``per_million`` x its treasury.

A Swiss Bank that may force a nation passing Investor to stop there gets the takeover's points for
forcing when that stop's interest pays for his takeover of one of the government's nations
(``control.payout_hands_takeover``); a government that would land on Investor loses ``financing``
times the keeping points of the nation whose takeover that payout would pay for.
"""

from __future__ import annotations

from dataclasses import dataclass

from imperial_desktop.ai.control import control, payout_hands_takeover, purchase_locks
from imperial_desktop.core import Action, ChooseRondel, DecisionKind, GameState, Invest, SwissForce


@dataclass(frozen=True)
class GovernmentPoints:
    """Points for a purchase that takes or keeps a government (0: the correction is off)."""

    take: float = 0.0
    keep: float = 0.0
    per_million: float = 0.0
    loose: float = 0.0  # share of the takeover's points when a rival can take the nation back first
    financing: float = 0.0  # share of the keeping points lost by a landing on Investor that finances a takeover
    cap: int = 30  # the treasury counts up to this many millions

    @property
    def active(self) -> bool:
        return bool(self.take or self.keep or self.per_million)


def government_corrections(state: GameState, legal: list[Action], points: GovernmentPoints) -> dict[Action, float]:
    """Points to add to each investment or Swiss Bank option of the pending decision (empty elsewhere)."""
    decision = state.decision()
    if not points.active or decision is None:
        return {}
    if decision.kind == DecisionKind.SWISS_FORCE:
        return _forcing_points(state, legal, points)
    if decision.kind == DecisionKind.RONDEL:
        return _financing_points(state, legal, points)
    if decision.kind != DecisionKind.INVEST:
        return {}
    player = decision.player
    at_risk = {n for n, c in control(state).items() if c.governor == player and c.threats}
    out: dict[Action, float] = {}
    for action in legal:
        if not isinstance(action, Invest):
            continue
        try:
            lock = purchase_locks(state, player, action)
        except ValueError:  # a purchase the analysis cannot place (not affordable at that chance)
            continue
        steered = points.per_million * min(points.cap, lock.treasury_after)
        if lock.takes_over:
            value = points.take + steered
            out[action] = value if lock.holds_next else points.loose * value
        elif action.nation in at_risk and lock.governs_after and lock.holds_next:
            out[action] = points.keep + steered
    return out


def _forcing_points(state: GameState, legal: list[Action], points: GovernmentPoints) -> dict[Action, float]:
    """The takeover's points for forcing the stop whose interest pays for the forcer's takeover."""
    forcer = state.decision().player
    takes = [t for t in payout_hands_takeover(state, state.decision().nation) if t.player == forcer]
    if not takes:
        return {}
    value = points.take + points.per_million * min(points.cap, max(state.treasury[t.nation] for t in takes))
    return {a: value for a in legal if isinstance(a, SwissForce) and a.force}


def _financing_points(state: GameState, legal: list[Action], points: GovernmentPoints) -> dict[Action, float]:
    """Minus the keeping points of the nation a landing on Investor would pay a rival to take."""
    if not points.financing:
        return {}
    board = state.board
    out: dict[Action, float] = {}
    for action in legal:
        if not isinstance(action, ChooseRondel) or board.rondel[action.space].action != "investor":
            continue
        threats = payout_hands_takeover(state, action.nation)
        if threats:
            treasury = max(state.treasury[t.nation] for t in threats)
            out[action] = -points.financing * (points.keep + points.per_million * min(points.cap, treasury))
    return out
