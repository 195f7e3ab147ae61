"""A sure win: every level takes a Taxation that ends the game with its player first alone.

The game ends when a nation's taxation reaches 25 power points (R-EN End of the game); the
player with the most points wins. When a Taxation on the rondel ends the game now and its
government's player is then first on his own, nothing can be better. Not when a Swiss Bank
could force the nation to stop on Investor on the way (the Taxation might then not happen).
"""

from __future__ import annotations

from imperial_desktop.core import Action, ChooseRondel, GameState

NEAR_THE_END = 15  # a Taxation adds at most 10 power points: below this no Taxation can end the game


def winning_end(state: GameState, legal: list[Action]) -> ChooseRondel | None:
    """The legal rondel choice of Taxation that ends the game with the deciding player first
    alone, or None."""
    decision = state.decision()
    if decision is None or decision.kind != "rondel" or state.power[decision.nation] < NEAR_THE_END:
        return None
    for action in legal:
        if not isinstance(action, ChooseRondel) or state.board.rondel[action.space].action != "taxation":
            continue
        after = state.clone()
        after.apply(action)
        if not after.is_terminal():
            continue  # not the end, or a Swiss Bank may still force a stop on Investor first
        first = [r for r in after.ranking() if r["rank"] == 1]
        if len(first) == 1 and first[0]["player"] == decision.player:
            return action
    return None
