"""Taxation and the end of the game: R-EN pages 6 and 12; clarifications 24-27, 31, 34, 35."""

import pytest

from imperial_desktop.core import Action, ChooseRondel, Donate, IllegalActionError
from helpers import AH, FR, GE, IT, RU, clear_units, give_turn, put, refresh, six_player_game

TAXATION, MAN1 = 7, 2


def test_rule_example_german_taxation_7m_bonus_points_treasury():
    # Chart at 6, power 1; 2 factories, 3 flags; 2 armies and 1 fleet.
    state = six_player_game()
    clear_units(state)
    state.chart[GE] = 6
    state.power[GE] = 1
    for r in ("holland", "denmark", "north_sea"):
        state.flags[r] = GE
    put(state, GE, "berlin", armies=2)
    put(state, GE, "hamburg", fleets=1)
    treasury, cash = state.treasury[GE], state.cash[4]
    give_turn(state, GE)
    events = state.apply(ChooseRondel(GE, TAXATION))
    tax = next(e for e in events if e.type == "taxes")
    assert (tax["taxes"], tax["bonus"], tax["points"], tax["income"]) == (7, 1, 2, 4)
    assert state.chart[GE] == 7
    assert state.power[GE] == 3
    assert state.cash[4] == cash + 1
    assert state.treasury[GE] == treasury + 4


def test_point_24_hostile_army_removes_the_factory_from_taxes_no_cap_at_20():
    state = six_player_game()
    clear_units(state)
    state.factories |= {"cologne", "munich", "danzig"}
    regions = [r for r in state.board.flag_regions][:15]
    for r in regions:
        state.flags[r] = GE
    assert state.tax_revenue(GE) == 25  # 5 factories + 15 flags, no 20M cap
    put(state, FR, "cologne", armies=1, hostile=True)
    assert state.tax_revenue(GE) == 23
    put(state, RU, "berlin", armies=1, hostile=False)
    assert state.tax_revenue(GE) == 23  # friendly armies do not count


def test_point_24_chart_clamped_bonus_only_when_rising_and_soldiers_pay_never_negative():
    state = six_player_game()
    clear_units(state)
    state.chart[AH] = 9
    put(state, AH, "vienna", armies=5)
    give_turn(state, AH)
    cash, treasury = state.cash[0], state.treasury[AH]
    events = state.apply(ChooseRondel(AH, TAXATION))  # taxes 4 -> chart "2-5"
    tax = next(e for e in events if e.type == "taxes")
    assert tax["chart"] == 5 and tax["bonus"] == 0 and tax["points"] == 0 and tax["income"] == 0
    assert state.cash[0] == cash and state.treasury[AH] == treasury


def test_point_25_game_ends_at_25_power_points_capped():
    state = six_player_game()
    state.power[AH] = 24
    state.flags.update({r: AH for r in state.board.flag_regions[:8]})  # taxes 4 + 8 = 12 -> +7
    give_turn(state, AH)
    events = state.apply(ChooseRondel(AH, TAXATION))
    assert state.power[AH] == 25
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert state.current_player() is None
    assert events[-1].type == "game_over"
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(ChooseRondel(IT, 0))


def test_point_26_investor_passed_on_the_way_to_a_game_ending_taxation_is_not_carried_out():
    state = six_player_game()
    state.power[AH] = 24
    state.flags.update({r: AH for r in state.board.flag_regions[:8]})
    give_turn(state, AH, position=MAN1)  # Taxation is 5 spaces ahead, passing Investor
    state.cash[0] = 10
    holder = state.card
    holder_cash = state.cash[holder]
    refresh(state)
    state.apply(ChooseRondel(AH, TAXATION))
    assert state.is_terminal()
    assert state.cash[holder] == holder_cash  # no 2M for the card holder
    assert state.card == holder


def test_rule_example_scoring_17_points_factor_3():
    state = six_player_game()
    assert state.board.power_factor(17) == 3
    assert [state.board.power_factor(p) for p in (0, 4, 5, 9, 10, 14, 15, 19, 20, 24, 25)] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]
    state.power[FR] = 17
    state.bond_owner[FR] = {12: 2}
    score = state.scores()[2]
    assert {"nation": FR, "value": 12, "interest": 5, "factor": 3, "points": 15} in score["bonds"]


def test_point_27_score_is_interest_times_factor_plus_cash_treasuries_count_for_nobody():
    state = six_player_game()
    for n in state.board.nation_ids:
        state.power[n] = 10  # factor 2
    state.treasury[AH] = 100
    s = state.scores()[0]  # AH 9M (4) + GE 2M (1): 5 x 2 + 2 cash
    assert s["total"] == 12


def test_point_27_tie_break_cascade_by_credit_in_the_strongest_nations():
    state = six_player_game()
    for n in state.board.nation_ids:
        state.power[n] = 0
    state.power[RU] = 20
    state.power[GE] = 15
    state.cash = [10] * 6
    for n in state.board.nation_ids:
        state.bond_owner[n] = {}
    state.bond_owner[RU] = {4: 0, 2: 1, 6: 2}  # interest x 4: 8, 4, 12 ...
    state.bond_owner[GE] = {}
    # equalise totals: player 0: 2*4=8 ; player 1: 1*4=4 ; make cash compensate
    state.cash = [10, 14, 6, 18, 18, 18]
    ranking = state.ranking()
    totals = {r["player"]: r["total"] for r in ranking}
    assert totals[0] == totals[1] == totals[2] == 18
    top = [r["player"] for r in ranking[:6]]
    # everyone on 18: credit in Russia decides: 6 (p2) > 4 (p0) > 2 (p1) > 0 (p3, p4, p5 share)
    assert top[:3] == [2, 0, 1]
    assert ranking[3]["rank"] == ranking[4]["rank"] == ranking[5]["rank"] == 4
    assert all(r["tie_break_used"] for r in ranking)


def test_point_31_donation_any_time_any_treasury_validated():
    state = six_player_game()
    d = state.decision()
    state.apply(Donate(3, RU, 2))  # not this player's turn: allowed
    assert state.cash[3] == 0 and state.treasury[RU] == 13
    assert state.decision().kind == d.kind  # the pending decision is unchanged
    before = state.to_dict()
    for bad in (Donate(3, RU, 1), Donate(0, RU, 0), Donate(0, RU, -1), Donate(9, RU, 1), Donate(0, "atlantis", 1)):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    assert state.to_dict() == before


def test_point_34_flags_limited_to_15_units_to_supply_bank_unlimited():
    state = six_player_game()
    assert all(n.flags == 15 for n in state.board.nations)
    state.cash[0] = 10_000  # the bank pays any amount: no limit on money in the game
    refresh(state)
    assert state.to_dict()["cash"][0] == 10_000


def test_point_35_no_action_moves_money_between_players():
    names = set(Action.registry)
    assert names == {"rondel", "swiss_force", "invest", "pass", "donate", "build_factory", "produce", "import",
                     "end_phase", "move_fleet", "move_army", "battle", "peace", "ask", "army_status",
                     "destroy_factory"}
