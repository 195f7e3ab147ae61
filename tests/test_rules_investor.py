"""Investor: R-EN pages 11-12; clarifications 5, 6, 8, 9, 10, 29, 33."""

import pytest

from imperial_desktop.core import ChooseRondel, IllegalActionError, Invest, PassInvestment
from helpers import AH, FR, GB, GE, IT, RU, fixed_game, give_turn, legal_of, options, refresh, six_player_game

INVESTOR = 3
MAN1 = 2


def land_on_investor(state, nation, position=MAN1):
    give_turn(state, nation, position=position)
    return state.apply(ChooseRondel(nation, INVESTOR))


def test_point_5_interest_paid_from_the_treasury():
    state = six_player_game()
    cash = list(state.cash)
    events = land_on_investor(state, AH)
    assert state.cash[0] == cash[0] + 4  # government's 9M bond
    assert state.cash[2] == cash[2] + 1  # FR player's 2M AH bond
    assert state.treasury[AH] == 11 - 5
    assert sum(1 for e in events if e.type == "interest_paid") == 2


def test_point_5_shortfall_government_waives_own_interest_and_pays_others():
    state = six_player_game()
    state.treasury[AH] = 0
    state.cash[0] = 5
    refresh(state)
    land_on_investor(state, AH)
    assert state.cash[2] == 2 + 1  # the other holder is paid in full
    assert state.cash[0] == 5 - 1  # by the government, who gets nothing himself


def test_point_5_investor_forbidden_when_others_cannot_be_paid():
    state = six_player_game()
    state.treasury[AH] = 0
    state.cash[0] = 0
    give_turn(state, AH, position=MAN1)
    assert ChooseRondel(AH, INVESTOR) not in state.legal_actions()


def test_point_5_pay_what_you_can_option_allows_it():
    state = six_player_game(options=options(investor_shortfall="pay_what_you_can"))
    state.treasury[AH] = 0
    state.cash[0] = 0
    give_turn(state, AH, position=MAN1)
    assert ChooseRondel(AH, INVESTOR) in state.legal_actions()
    events = state.apply(ChooseRondel(AH, INVESTOR))
    assert [e.data["amount"] for e in events if e.type == "interest_shortfall"] == [1]
    assert min(state.cash) >= 0


def test_point_6_investor_landing_card_holder_gets_2m_and_invests_then_card_moves():
    state = six_player_game()
    holder = state.card
    cash = state.cash[holder]
    land_on_investor(state, AH)
    d = state.decision()
    assert (d.kind, d.player) == ("invest", holder)
    assert state.cash[holder] == cash + 2
    state.apply(PassInvestment(holder))
    assert state.card == holder + 1


def test_point_8_new_bond_or_trade_in_upgrade():
    # R-EN example: a player takes the Italian 12M bond, returns the 4M bond and pays 8M.
    state = six_player_game()
    holder = state.card  # player 1
    state.bond_owner[IT][4] = holder
    state.cash[holder] = 6  # + 2M investor bonus = 8
    refresh(state)
    land_on_investor(state, AH)
    acts = legal_of(state, Invest)
    assert Invest(holder, IT, 12, 4) in acts
    assert Invest(holder, IT, 12, None) not in acts  # 12M outright unaffordable
    assert Invest(holder, IT, 2, 4) not in acts  # never trading down
    treasury = state.treasury[IT]
    state.apply(Invest(holder, IT, 12, 4))
    assert state.bond_owner[IT][12] == holder and 4 not in state.bond_owner[IT]
    assert state.treasury[IT] == treasury + 8
    assert state.cash[holder] == 0


def test_point_8_any_nation_one_investment_per_opportunity():
    state = six_player_game()
    holder = state.card
    state.cash[holder] = 50
    refresh(state)
    land_on_investor(state, AH)
    nations = {a.nation for a in legal_of(state, Invest)}
    assert nations == set(state.board.nation_ids)
    state.apply(Invest(holder, RU, 4))
    assert state.decision().kind != "invest" or state.decision().player != holder


def test_point_9_government_changes_only_on_strictly_higher_credit():
    state = six_player_game()
    holder = state.card  # player 1, no AH bonds
    state.cash[holder] = 50
    refresh(state)
    land_on_investor(state, AH)
    state.apply(Invest(holder, AH, 12))
    assert state.government[AH] == 1  # 12 > 9+... player 0 holds 9M only
    state = six_player_game()
    state.cash[1] = 50
    refresh(state)
    land_on_investor(state, AH)
    state.apply(Invest(1, AH, 9 if 9 not in state.bond_owner[AH] else 6))  # 6M: 6 < 9, no change
    assert state.government[AH] == 0


def test_point_9_tie_among_challengers_goes_first_in_seating_from_card_holder():
    state = six_player_game()
    # players 3 and 4 both reach 12M in Austria; player 0 has 9M. The card holder is player 1.
    state.bond_owner[AH][12] = 3
    state.bond_owner[AH].pop(2, None)
    state.bond_owner[AH][2] = 4
    state.bond_owner[AH][4] = 4
    state.bond_owner[AH][6] = 4
    refresh(state)
    land_on_investor(state, AH)
    state.apply(PassInvestment(1))
    assert state.government[AH] == 3  # seats 1, 2, 3, 4...: 3 comes first


def test_point_9_incumbent_keeps_government_on_a_tie():
    state = six_player_game()
    state.bond_owner[AH].pop(2)
    state.bond_owner[AH][4] = 3
    state.bond_owner[AH][6] = 3  # 10 vs. the incumbent's 9
    state.bond_owner[AH][2] = 0  # incumbent: 9 + 2 = 11
    refresh(state)
    land_on_investor(state, AH)
    state.apply(PassInvestment(1))
    assert state.government[AH] == 0


def test_point_10_swiss_bank_after_losing_last_government_and_investing_as_swiss():
    state = six_player_game()
    state.cash[1] = 50
    refresh(state)
    land_on_investor(state, AH)
    state.apply(Invest(1, RU, 12))  # player 1 (IT) takes Russia from player 5
    assert state.government[RU] == 1
    assert state.swiss == {5}
    # next Investor activation: the Swiss Bank (player 5) invests after the card holder (player 2)
    land_on_investor(state, IT)
    assert state.decision().player == 2
    state.apply(PassInvestment(2))
    d = state.decision()
    assert (d.kind, d.player) == ("invest", 5)
    state.apply(PassInvestment(5))


def test_point_10_swiss_bank_holder_with_the_card_invests_once():
    state = six_player_game()
    state.government[RU] = 4
    state.swiss = {5}
    state.card = 5
    refresh(state)
    land_on_investor(state, AH)
    assert state.decision().player == 5
    state.apply(PassInvestment(5))
    assert state.decision().kind == "rondel"


def test_point_10_swiss_bank_returned_when_governing_again():
    state = six_player_game()
    state.government[RU] = 4
    state.swiss = {5}
    state.card = 5
    state.cash[5] = 40
    refresh(state)
    land_on_investor(state, AH)
    state.apply(Invest(5, RU, 30))
    assert state.government[RU] == 5
    assert state.swiss == set()


def test_point_33_no_extra_payment_for_taking_over_a_government():
    state = six_player_game()
    state.cash[1] = 12
    refresh(state)
    land_on_investor(state, AH)  # card holder 1 gets 2M
    state.apply(Invest(1, AH, 12))
    assert state.cash[1] == 2  # 12 + 2 - 12: nothing more


# ---------------------------------------------------------------- variant without investor card (#29)

def variant_game(**kw):
    return fixed_game({AH: 0, IT: 1, FR: 2, GB: 3, GE: 4, RU: 5}, 6, investor_card=False, **kw)


def test_point_29_investment_round_after_each_nation_turn():
    state = variant_game()
    state.cash = [20] * 6
    refresh(state)
    assert state.card is None
    state.apply(ChooseRondel(AH, 0))  # Factory
    while state.decision().kind == "factory":
        state.apply(state.legal_actions()[-1])
    order = []
    while state.decision().kind == "invest":
        d = state.decision()
        order.append(d.player)
        assert {a.nation for a in legal_of(state, Invest)} == {AH}
        state.apply(PassInvestment(d.player))
    assert order == [0, 1, 2, 3, 4, 5]  # government first, then clockwise
    assert state.decision().nation == IT


def test_point_29_investor_space_pays_interest_only_and_passing_does_nothing():
    state = variant_game()
    cash = state.cash[1]
    land_on_investor(state, AH)
    assert state.decision().kind == "invest" and state.decision().player == 0  # the round, not a card holder
    assert state.cash[1] == cash  # no investor bonus for anybody


def test_point_29_swiss_bank_may_invest_in_any_nation_in_the_round():
    state = variant_game()
    state.government[RU] = 4
    state.swiss = {5}
    state.cash[5] = 30
    refresh(state)
    land_on_investor(state, AH)
    while state.decision().player != 5:
        state.apply(PassInvestment(state.decision().player))
    assert {a.nation for a in legal_of(state, Invest)} == set(state.board.nation_ids)


def test_point_29_ungoverned_nation_gets_a_round_after_the_previous_nation():
    state = fixed_game({IT: 0, GB: 1, GE: 2, RU: 3}, 4, investor_card=False)
    assert state.government[AH] is None
    # at the start AH is ungoverned: its round comes first, opened by the government of the
    # previous nation, Russia (R-EN variant without investor card), then AH moves
    d = state.decision()
    assert d.kind == "invest" and d.player == 3
    state.cash[d.player] = 10
    refresh(state)
    state.apply(Invest(d.player, AH, 2))
    while state.decision().kind == "invest":
        state.apply(PassInvestment(state.decision().player))
    assert state.government[AH] == 3
    assert state.decision().nation == AH and state.decision().kind == "rondel"


def test_point_29_swiss_force_available_in_the_variant_by_default():
    state = variant_game()
    state.government[RU] = 4
    state.swiss = {5}
    give_turn(state, AH, position=MAN1)
    state.apply(ChooseRondel(AH, 6))
    assert state.decision().kind == "swiss_force"


def test_point_29_swiss_force_can_be_switched_off_in_the_variant():
    state = variant_game(options=options(swiss_force_without_card=False))
    state.government[RU] = 4
    state.swiss = {5}
    give_turn(state, AH, position=MAN1)
    state.apply(ChooseRondel(AH, 6))
    assert state.decision().kind != "swiss_force"


def test_invest_out_of_turn_is_illegal_and_changes_nothing():
    state = six_player_game()
    land_on_investor(state, AH)
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="not player 3's decision"):
        state.apply(Invest(2, RU, 4))
    assert state.to_dict() == before
