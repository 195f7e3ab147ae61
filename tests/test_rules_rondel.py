"""Rondel: R-EN "Selecting a space on the rondel" and clarifications 1, 2, 6, 7, 28, 36."""

import pytest

from imperial_desktop.core import ChooseRondel, IllegalActionError, PassInvestment, SwissForce
from helpers import AH, IT, RU, give_turn, options, refresh, six_player_game

FACTORY, PROD1, MAN1, INVESTOR, IMPORT, PROD2, MAN2, TAXATION = range(8)


def rondel_targets(state):
    return sorted(a.space for a in state.legal_actions() if isinstance(a, ChooseRondel))


def test_point_1_first_placement_free_on_any_space():
    state = six_player_game()
    assert rondel_targets(state) == list(range(8))
    cash = state.cash[0]
    state.apply(ChooseRondel(AH, TAXATION))
    assert state.cash[0] >= cash  # nothing paid (a taxation bonus may even be received)


def test_rule_example_rondel_costs_from_investor():
    # R-EN: Italy on Investor; Taxation is 4 spaces (2M), Factory 5 spaces (4M).
    state = six_player_game()
    give_turn(state, IT, position=INVESTOR)
    state.cash[1] = 10
    refresh(state)
    assert rondel_targets(state) == [FACTORY, PROD1, IMPORT, PROD2, MAN2, TAXATION]
    state.apply(ChooseRondel(IT, TAXATION))
    assert state.cash[1] == 10 - 2 + max(0, state.chart[IT] - 5)


def test_rule_example_investor_to_factory_costs_4():
    state = six_player_game()
    give_turn(state, IT, position=INVESTOR)
    state.cash[1] = 10
    state.swiss = set()
    refresh(state)
    state.apply(ChooseRondel(IT, FACTORY))
    assert state.cash[1] == 6


def test_point_2_no_standing_still_and_at_most_six_spaces():
    state = six_player_game()
    give_turn(state, AH, position=FACTORY)
    state.cash[0] = 100
    refresh(state)
    targets = rondel_targets(state)
    assert FACTORY not in targets  # no standing still
    assert TAXATION not in targets  # 7 spaces ahead
    assert targets == [PROD1, MAN1, INVESTOR, IMPORT, PROD2, MAN2]


def test_point_28_only_affordable_targets():
    state = six_player_game()
    give_turn(state, AH, position=FACTORY)
    state.cash[0] = 3
    refresh(state)
    assert rondel_targets(state) == [PROD1, MAN1, INVESTOR, IMPORT]  # 4 spaces = 2M ok, 5 = 4M not
    state.cash[0] = 0
    refresh(state)
    assert rondel_targets(state) == [PROD1, MAN1, INVESTOR]


def test_point_6_passing_investor_runs_steps_2_and_3_after_the_target_action():
    state = six_player_game()
    give_turn(state, AH, position=MAN1)  # Import is 2 spaces ahead, passing Investor
    holder = state.card
    cash = state.cash[holder]
    state.apply(ChooseRondel(AH, IMPORT))
    d = state.decision()
    assert d.kind == "import"  # the target action first
    assert state.cash[holder] == cash
    state.apply(state.legal_actions()[-1])  # end the import
    d = state.decision()
    assert d.kind == "invest" and d.player == holder
    assert state.cash[holder] == cash + 2  # card holder's 2M
    state.apply(PassInvestment(holder))
    assert state.card == (holder + 1) % 6  # the card moves on
    assert state.decision().nation == IT


def test_point_6_passing_investor_pays_no_interest():
    state = six_player_game()
    give_turn(state, AH, position=MAN1)
    treasury = state.treasury[AH]
    state.apply(ChooseRondel(AH, IMPORT))
    assert state.treasury[AH] == treasury


def _swiss_position(forced_stop_cost="distance"):
    """Player 5 governs nothing (a Swiss Bank); Austria stands on Maneuver 1."""
    state = six_player_game(options=options(forced_stop_cost=forced_stop_cost))
    state.government[RU] = 4
    state.swiss = {5}
    give_turn(state, AH, position=MAN1)
    state.cash[0] = 20
    refresh(state)
    return state


def test_point_7_swiss_bank_may_force_a_stop_on_investor():
    state = _swiss_position()
    state.apply(ChooseRondel(AH, MAN2))  # 4 spaces, passing Investor
    d = state.decision()
    assert (d.kind, d.player, d.nation) == ("swiss_force", 5, AH)
    assert SwissForce(5, AH, True) in state.legal_actions()
    state.apply(SwissForce(5, AH, True))
    assert state.rondel[AH] == INVESTOR
    assert state.cash[0] == 20 + 4  # forced distance 1 space: free; the government got its 4M interest
    assert state.decision().kind == "invest"  # full Investor action follows


def test_point_7_forced_stop_costs_the_distance_moved():
    state = _swiss_position()
    give_turn(state, AH, position=TAXATION)  # Investor is 4 spaces away: 2M
    state.cash[0] = 20
    refresh(state)
    state.apply(ChooseRondel(AH, PROD2))  # 6 spaces: 6M if not forced
    state.apply(SwissForce(5, AH, True))
    assert state.cash[0] == 20 - 2 + 4


def test_point_7_forced_stop_free_option():
    state = _swiss_position("free")
    give_turn(state, AH, position=TAXATION)
    state.cash[0] = 20
    refresh(state)
    state.apply(ChooseRondel(AH, PROD2))
    state.apply(SwissForce(5, AH, True))
    assert state.cash[0] == 20 + 4


def test_point_7_no_force_unless_treasury_pays_all_interest():
    state = _swiss_position()
    state.treasury[AH] = 5  # interest due: 4 (9M bond) + 1 (2M) = 5
    state.cash[5] = 0
    refresh(state)
    state.apply(ChooseRondel(AH, MAN2))
    assert SwissForce(5, AH, True) in state.legal_actions()
    state = _swiss_position()
    state.treasury[AH] = 4
    state.cash[5] = 0
    refresh(state)
    state.apply(ChooseRondel(AH, MAN2))
    # nobody could force: no question asked; Austria (no units) maneuvers, then Investor steps 2-3
    assert state.rondel[AH] == MAN2
    assert state.decision().kind == "invest" and state.decision().player == state.card


def test_point_7_donation_before_forcing_decision_enables_it():
    from imperial_desktop.core import Donate

    state = _swiss_position()
    state.treasury[AH] = 4
    state.cash[5] = 3
    refresh(state)
    state.apply(ChooseRondel(AH, MAN2))
    assert state.decision().kind == "swiss_force"
    assert SwissForce(5, AH, True) not in state.legal_actions()
    state.apply(Donate(5, AH, 1))
    assert SwissForce(5, AH, True) in state.legal_actions()


def test_point_7_declined_force_continues_the_move():
    state = _swiss_position()
    state.apply(ChooseRondel(AH, MAN2))
    state.apply(SwissForce(5, AH, False))
    assert state.rondel[AH] == MAN2
    assert state.cash[0] == 20 - 2
    assert state.treasury[AH] == 11  # no interest when passing


def test_point_36_choosing_a_space_without_effect_is_allowed():
    state = six_player_game()
    state.treasury[AH] = 0
    refresh(state)
    state.apply(ChooseRondel(AH, FACTORY))  # no money: only "build nothing"
    from imperial_desktop.core import BuildFactory

    assert state.legal_actions() == [BuildFactory(AH, None)]


def test_illegal_rondel_move_raises_and_changes_nothing():
    state = six_player_game()
    give_turn(state, AH, position=FACTORY)
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="not among"):
        state.apply(ChooseRondel(AH, FACTORY))
    with pytest.raises(IllegalActionError, match="Austria-Hungary is the nation to act"):
        state.apply(ChooseRondel(IT, PROD1))
    assert state.to_dict() == before


def test_point_7_donation_during_the_forcing_question_cannot_unpay_the_move():
    # Found by the 5,000-game property run: the government gave away its cash while the Swiss
    # Banks were asked, and the declared move was then charged into negative cash.
    from imperial_desktop.core import Donate

    state = _swiss_position()
    state.cash[0] = 2
    refresh(state)
    state.apply(ChooseRondel(AH, MAN2))  # 4 spaces: 2M, paid on declaring
    assert state.cash[0] == 0
    with pytest.raises(IllegalActionError):
        state.apply(Donate(0, AH, 1))  # nothing left to give
    state.apply(SwissForce(5, AH, False))
    assert state.cash[0] == 0 and state.rondel[AH] == MAN2


def test_point_7_forced_stop_refunds_what_the_declared_move_cost_more():
    state = _swiss_position("free")
    give_turn(state, AH, position=TAXATION)
    state.cash[0] = 20
    refresh(state)
    state.apply(ChooseRondel(AH, PROD2))  # 6 spaces: 6M paid on declaring
    assert state.cash[0] == 14
    state.apply(SwissForce(5, AH, True))  # free forced stop: all 6M back, plus 4M interest
    assert state.cash[0] == 24
