"""Set-up: R-EN "Set-up" / "Start of play" and clarifications 3, 4, 10, 30, 32."""

import pytest

from imperial_desktop.core import GameSetup, GameState, IllegalActionError, Invest, PassInvestment
from helpers import AH, FR, GB, GE, IT, RU, fixed_game, new_game, six_player_game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_point_32_standard_setup_leaves_every_player_2m(players):
    state = new_game(players, seed=players)
    assert state.cash == [2] * players
    # every player governs at least one nation and holds its 9M bond
    for p in range(players):
        governed = [n for n, g in state.government.items() if g == p]
        assert governed
        assert any(state.bond_owner[n].get(9) == p for n in governed)


def test_point_32_card_backs_9m_own_and_2m_of_the_next_nation_in_the_cycle():
    state = six_player_game()
    assert state.bonds_of(0) == [(AH, 9), (GE, 2)]
    assert state.bonds_of(1) == [(IT, 9), (GB, 2)]
    assert state.bonds_of(2) == [(AH, 2), (FR, 9)]
    assert state.bonds_of(3) == [(GB, 9), (RU, 2)]
    assert state.bonds_of(4) == [(IT, 2), (GE, 9)]
    assert state.bonds_of(5) == [(FR, 2), (RU, 9)]
    assert all(t == 11 for t in state.treasury.values())


def test_point_32_three_players_get_paired_cards():
    state = fixed_game({AH: 0, GB: 0, IT: 1, RU: 1, FR: 2, GE: 2}, 3)
    assert state.cash == [2, 2, 2]
    assert state.government == {AH: 0, GB: 0, IT: 1, RU: 1, FR: 2, GE: 2}


def test_point_32_two_player_deal_follows_the_rule_book_pairs():
    setup = GameSetup.create(2, seed=3)
    cards = dict(setup.flag_cards)
    ah, it = cards[AH], cards[IT]
    assert ah != it
    assert cards[FR] == cards[GE] == ah and cards[RU] == cards[GB] == it


def test_point_32_four_players_undealt_cards_go_to_the_2m_bond_owner():
    # AH, IT, FR, GB dealt; GE's 2M bond is on the AH card, RU's on the GB card.
    state = fixed_game({AH: 0, IT: 1, FR: 2, GB: 3}, 4)
    assert state.government[GE] == 0
    assert state.government[RU] == 3
    assert state.treasury[GE] == 2 and state.treasury[RU] == 2
    assert state.cash == [2, 2, 2, 2]  # the 9M bond on an undealt card is not bought


def test_point_3_nation_without_bonds_is_skipped():
    # AH and FR undealt: FR's 2M is on the RU card (dealt), AH's 2M is on the FR card (undealt).
    state = fixed_game({IT: 0, GB: 1, GE: 2, RU: 3}, 4)
    assert state.government[AH] is None
    assert state.government[FR] == 3
    assert state.decision().nation == IT  # Austria-Hungary's turn is skipped


def test_point_4_investor_card_left_of_austria_hungary():
    state = six_player_game()
    assert state.card == 1


def test_point_4_investor_card_italy_fallback():
    state = fixed_game({IT: 0, GB: 1, GE: 2, RU: 3}, 4)
    assert state.government[AH] is None
    assert state.card == 1  # left of Italy's government (player 0)


def test_start_of_play_austria_hungary_begins():
    state = six_player_game()
    d = state.decision()
    assert (d.kind, d.nation, d.player) == ("rondel", AH, 0)


def test_point_10_no_swiss_bank_in_standard_setup():
    assert new_game(4).swiss == set()


def test_point_30_auction_cash_and_order():
    state = new_game(4, seed=2, bond_distribution="auction")
    assert state.cash == [22] * 4
    start = state.setup.auction_start
    d = state.decision()
    assert (d.kind, d.player, d.nation) == ("auction", start, AH)
    # only outright purchases, any affordable value
    values = sorted(a.value for a in state.legal_actions() if isinstance(a, Invest))
    assert values == [2, 4, 6, 9, 12, 16, 20]
    assert all(a.trade_in is None for a in state.legal_actions() if isinstance(a, Invest))


@pytest.mark.parametrize("players,cash", [(6, 15), (5, 18), (4, 22), (3, 28), (2, 40)])
def test_point_30_auction_start_cash(players, cash):
    assert new_game(players, bond_distribution="auction").cash == [cash] * players


def test_point_30_auction_start_player_moves_on_and_swiss_banks_after():
    setup = GameSetup(players=("A", "B", "C"), bond_distribution="auction", auction_start=0)
    state = GameState.new(setup)
    # AH: A buys 9, B passes, C passes.  IT starts with B.
    state.apply(Invest(0, AH, 9))
    state.apply(PassInvestment(1))
    state.apply(PassInvestment(2))
    d = state.decision()
    assert (d.player, d.nation) == (1, IT)
    state.apply(Invest(1, IT, 12))
    state.apply(Invest(2, IT, 16))  # C outbids B for Italy
    state.apply(PassInvestment(0))
    for nation, first in [(FR, 2), (GB, 0), (GE, 1), (RU, 2)]:
        d = state.decision()
        assert (d.player, d.nation) == (first, nation)
        for _ in range(3):
            state.apply(PassInvestment(state.current_player()))
    assert state.government[AH] == 0 and state.government[IT] == 2
    assert state.government[FR] is None
    assert state.swiss == {1}  # B governs nothing
    assert state.card == 1  # left of AH's government
    d = state.decision()
    assert (d.kind, d.nation) == ("rondel", AH)


def test_point_30_auction_one_bond_per_player_per_nation():
    setup = GameSetup(players=("A", "B"), bond_distribution="auction", auction_start=0)
    state = GameState.new(setup)
    state.apply(Invest(0, AH, 2))
    assert state.decision().player == 1
    with pytest.raises(IllegalActionError):
        state.apply(Invest(0, AH, 4))
