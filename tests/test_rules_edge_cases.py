"""Rule edge cases of issue 12: an auction where nobody buys, and the first round of an
ungoverned nation in the variant without investor card."""

import threading

from imperial_desktop.core import GameSetup, GameState, Invest, PassInvestment
from imperial_desktop.core.validate import validate_state

from helpers import AH, GB, GE, IT, RU, fixed_game, refresh


def _decline_every_bond(state: GameState) -> None:
    """Every player passes every auction offer (R-EN variant for experienced players)."""
    while not state.is_terminal() and state.decision().kind == "auction":
        state.apply(PassInvestment(state.decision().player))


def _with_time_limit(fn, seconds: float = 5.0):
    """Run ``fn`` in a thread; fail instead of hanging if it does not return in time."""
    result: list = []
    thread = threading.Thread(target=lambda: result.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "apply() did not return: the game flow loops"
    return result[0] if result else None


def test_point_37_auction_nobody_buys_with_investor_card_ends_the_game():
    """R-EN start of play: "In case a nation has not been granted a bond, it has no government
    yet. In this case, the move of this nation is skipped." With the investor card, bonds are
    only bought on a nation's Investor turn, so with no government at all nobody could ever move:
    the game ends at once (clarification point 37) instead of looping inside apply()."""
    setup = GameSetup(players=("A", "B", "C"), bond_distribution="auction", auction_start=1)
    state = GameState.new(setup)
    _with_time_limit(lambda: _decline_every_bond(state))
    assert state.is_terminal()
    assert all(g is None for g in state.government.values())
    assert state.card is None and state.pending is None
    assert [s["total"] for s in state.scores()] == [state.board.starting_cash_auction[3]] * 3
    validate_state(state)  # a finished game of this kind is a sound position
    assert GameState.from_dict(state.to_dict()) == state


def test_point_37_auction_nobody_buys_event_says_why():
    setup = GameSetup(players=("A", "B"), bond_distribution="auction", auction_start=0)
    state = GameState.new(setup)
    events = []
    while not state.is_terminal():
        events = state.apply(PassInvestment(state.decision().player))
    over = [e for e in events if e.type == "game_over"]
    assert over and over[0]["reason"] == "no_government" and over[0]["nation"] is None


def test_point_37_auction_nobody_buys_without_investor_card_offers_bonds():
    """R-EN variant without investor card: "If in the beginning no bond has been given yet by a
    nation, bonds can be granted to this nation directly after the previous nation's turn." No
    nation has a government, so the round is opened by the auction's start player (clarification point 37)."""
    setup = GameSetup(players=("A", "B", "C"), bond_distribution="auction", auction_start=2,
                      investor_card=False)
    state = GameState.new(setup)
    _with_time_limit(lambda: _decline_every_bond(state))
    assert not state.is_terminal()
    d = state.decision()
    assert (d.kind, d.player) == ("invest", 2)
    state.apply(Invest(2, AH, 2))
    while state.decision().kind == "invest":
        state.apply(PassInvestment(state.decision().player))
    assert state.government[AH] == 2
    assert (state.decision().kind, state.decision().nation) == ("rondel", AH)


def test_point_37_auction_nobody_buys_and_nobody_can_pay_ends_the_variant_game():
    setup = GameSetup(players=("A", "B"), bond_distribution="auction", auction_start=0, investor_card=False)
    state = GameState.new(setup)
    for p in range(2):
        state.cash[p] = 1  # cheaper than the cheapest bond
    refresh(state)
    _with_time_limit(lambda: _decline_every_bond(state))
    assert state.is_terminal()


def test_point_29_ungoverned_at_start_round_is_opened_by_the_previous_nations_government():
    """R-EN variant without investor card: "The government of the previous nation is the first
    to invest" (clarification point 29). AH (first in turn order) is ungoverned at the start:
    the previous nation is Russia, so Russia's government opens AH's round, not seat 0."""
    state = fixed_game({IT: 0, GB: 1, GE: 2, RU: 3}, 4, investor_card=False)
    assert state.government[AH] is None and state.government[RU] == 3
    d = state.decision()
    assert (d.kind, d.player, d.data.get("only")) == ("invest", 3, AH)
    order = []
    while state.decision().kind == "invest":
        order.append(state.decision().player)
        state.apply(PassInvestment(state.decision().player))
    assert order == [3, 0, 1, 2]


def test_point_29_previous_nation_ungoverned_too_goes_further_back():
    """AH and Russia ungoverned at the start: the nearest governed nation before AH is Germany."""
    state = fixed_game({IT: 0, GE: 1}, 2, investor_card=False)
    assert state.government[AH] is None and state.government[RU] is None
    assert state.government[GE] == 1
    assert state.decision().kind == "invest" and state.decision().player == 1
