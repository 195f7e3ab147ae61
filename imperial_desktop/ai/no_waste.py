"""No wasted turn: a rule every computer level follows at the rondel.

A space whose action would do nothing now (``core.empty_actions``) is not chosen while another
choice that does something costs no more. The written exception: an empty choice that passes
Investor (the investor round may be its purpose) stays unless an alternative that does
something and costs no more also lands on or passes Investor.
"""

from __future__ import annotations

from imperial_desktop.core import Action, ChooseRondel, GameState
from imperial_desktop.core.empty_actions import empty_reason


def choice_cost(state: GameState, action: ChooseRondel) -> int:
    """What the government pays for moving the nation's marker to the chosen space."""
    start = state.rondel[action.nation]
    if start is None:
        return 0  # the first placement is free
    return state.board.rondel_cost((action.space - start) % len(state.board.rondel))


def reaches_investor(state: GameState, action: ChooseRondel) -> bool:
    """The move lands on or passes the Investor space."""
    if state.board.rondel[action.space].action == "investor":
        return True
    return state.passes_investor(state.rondel[action.nation], action.space)


def useful_choices(state: GameState, legal: list[Action]) -> list[Action]:
    """``legal`` rondel choices less the empty ones that a useful choice, costing no more, replaces."""
    rondel = [a for a in legal if isinstance(a, ChooseRondel)]
    if not rondel:
        return legal
    empty = {a for a in rondel if empty_reason(state, a.nation, a.space) is not None}
    if not empty:
        return legal
    useful = [(choice_cost(state, a), reaches_investor(state, a)) for a in rondel if a not in empty]

    def replaced(action: ChooseRondel) -> bool:
        cost, investor = choice_cost(state, action), reaches_investor(state, action)
        return any(c <= cost and (r or not investor) for c, r in useful)

    kept = [a for a in legal if a not in empty or not replaced(a)]
    return kept or legal
