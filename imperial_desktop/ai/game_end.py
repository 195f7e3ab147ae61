"""The end of the game: every level takes a Taxation that ends it with its player first alone,
and none ends it with another player first while it has another choice.

The game ends when a nation's taxation reaches 25 power points (R-EN End of the game); the
player with the most points wins. When a Taxation on the rondel ends the game now and its
government's player is then first on his own, nothing can be better. Not when a Swiss Bank
could force the nation to stop on Investor on the way (the Taxation might then not happen).
A Taxation that ends the game with someone else first (or shared) makes a sure loss of a game
that might still be won, so it is left while another choice exists; after ``STALL_TURNS`` nation
turns a game that drags on is ended all the same.
"""

from __future__ import annotations

from imperial_desktop.core import Action, ChooseRondel, DecisionKind, GameState

NEAR_THE_END = 15  # a Taxation adds at most 10 power points: below this no Taxation can end the game
STALL_TURNS = 150  # after this many nation turns every government heads for the end


def ending_choices(state: GameState, legal: list[Action]) -> tuple[ChooseRondel | None, list[ChooseRondel]]:
    """The legal rondel choices of Taxation that end the game now: the one with the deciding
    player first alone (or None), and those with someone else first."""
    decision = state.decision()
    if decision is None or decision.kind != DecisionKind.RONDEL or state.power[decision.nation] < NEAR_THE_END:
        return None, []
    win: ChooseRondel | None = None
    losses: list[ChooseRondel] = []
    for action in legal:
        if not isinstance(action, ChooseRondel) or state.board.rondel[action.space].action != "taxation":
            continue
        after = state.clone()
        after.apply(action)
        if not after.is_terminal():
            continue  # not the end, or a Swiss Bank may still force a stop on Investor first
        first = [r for r in after.ranking() if r["rank"] == 1]
        if len(first) == 1 and first[0]["player"] == decision.player:
            win = win or action
        else:
            losses.append(action)
    return win, losses


def winning_end(state: GameState, legal: list[Action]) -> ChooseRondel | None:
    """The legal rondel choice of Taxation that ends the game with the deciding player first
    alone, or None."""
    return ending_choices(state, legal)[0]


def without_losing_end(state: GameState, legal: list[Action]) -> list[Action]:
    """``legal`` for a rondel choice: only the sure win when there is one; otherwise without the
    Taxations that end the game with someone else first, unless nothing else is left or the game
    has dragged on past ``STALL_TURNS``."""
    win, losses = ending_choices(state, legal)
    if win is not None:
        return [win]
    if losses and len(losses) < len(legal) and state.turns_taken <= STALL_TURNS:
        return [a for a in legal if a not in losses]
    return legal
