"""Issue 13's measured weaknesses: the standing corrections of searched rondel choices.

Idle money with a free site and Factory a free step away, a government's own Investor payout
that hands a rival the cash to take it over, and a Maneuver or Import that moves or buys nothing.
"""

from __future__ import annotations

import random

from helpers import AH, IT, give_turn, put, six_player_game

from imperial_desktop.ai.corrections import Corrections, battle_corrections, rondel_corrections, standing_corrections
from imperial_desktop.ai.hard import HardBot
from imperial_desktop.ai.heuristics import HeuristicPolicy
from imperial_desktop.core import Battle, ChooseRondel

WEIGHTS = Corrections(factory=3.0, takeover=5.0, empty=2.0)
FACTORY, MANEUVER, INVESTOR, IMPORT = 0, 2, 3, 4  # rondel spaces


def corrections_for(state) -> dict[int, float]:
    policy = HeuristicPolicy(random.Random(1), donate=False)
    found = rondel_corrections(state, state.legal_actions(), policy, WEIGHTS)
    return {a.space: v for a, v in found.items() if isinstance(a, ChooseRondel)}


def test_idle_money_counts_for_the_factory_space():
    """Money that neither the factory (5M) nor a payout of every bond's interest needs lies idle."""
    state = six_player_game()
    give_turn(state, AH, position=7)  # Taxation: Factory is one free step away
    due = sum(state.interest_due(AH).values())
    state.treasury[AH] = 5 + due + 20
    assert corrections_for(state).get(FACTORY) == 6.0  # 3 points per 10M lying idle
    state.treasury[AH] = 5 + due + 5
    assert corrections_for(state).get(FACTORY) == 1.5
    state.treasury[AH] = 5 + due + 90
    assert corrections_for(state).get(FACTORY) == 9.0  # at most three times the weight


def test_no_factory_correction_without_idle_money_or_a_free_site():
    state = six_player_game()
    give_turn(state, AH, position=7)
    due = sum(state.interest_due(AH).values())
    state.treasury[AH] = 5 + due  # the factory and the next payout take it all
    assert FACTORY not in corrections_for(state)
    state.treasury[AH] = 5 + due + 20
    state.factories.update({"prague", "lemberg", "trieste"})  # every home province built
    assert FACTORY not in corrections_for(state)


def test_no_factory_correction_when_factory_is_not_a_free_step_away():
    state = six_player_game()
    give_turn(state, AH, position=2)  # from Maneuver, Factory is 6 steps (6M) away
    state.treasury[AH] = 20
    assert FACTORY not in corrections_for(state)


def test_maneuver_and_import_that_do_nothing_are_marked_down():
    state = six_player_game()
    give_turn(state, AH, position=1)  # Maneuver and Import are free steps away
    state.treasury[AH] = 0  # imports cost 1M each: nothing can be bought
    found = corrections_for(state)
    assert found.get(MANEUVER) == -2.0  # no unit to move
    assert found.get(IMPORT) == -2.0


def test_a_maneuver_with_units_and_flags_to_win_is_not_marked_down():
    state = six_player_game()
    give_turn(state, AH, position=1)
    put(state, AH, "vienna", armies=2)
    found = corrections_for(state)
    assert MANEUVER not in found
    assert IMPORT not in found  # 11M in the treasury buys units


def test_a_payout_that_hands_a_rival_the_government_is_marked_down():
    """The card holder gets 2M of interest and can then buy the 6M bond: 10M against 9M."""
    state = six_player_game()
    holder = state.card
    state.bond_owner[AH] = {9: 0, 4: holder}
    state.cash[holder] = 3
    give_turn(state, AH, position=2)
    assert corrections_for(state).get(INVESTOR) == -5.0
    state.cash[holder] = 0
    assert INVESTOR not in corrections_for(state)


def fight(nation: str, region: str, target: str) -> Battle:
    return Battle(nation=nation, region=region, unit="army", target_nation=target, target_unit="army")


def test_a_battle_that_wins_nothing_is_marked_down():
    """1:1 in West Balkan with one army each side: both armies go, the flag stays a third
    nation's (issue 13: half of all battles were such trades)."""
    state = six_player_game()
    put(state, AH, "west_balkan", armies=1)
    put(state, IT, "west_balkan", armies=1)
    state.flags["west_balkan"] = "russia"
    battle = fight(AH, "west_balkan", IT)
    assert battle_corrections(state, [battle], 3.0) == {battle: -3.0}


def test_battles_that_take_or_guard_a_flag_are_not_marked_down():
    state = six_player_game()
    put(state, AH, "west_balkan", armies=2)  # two against one: the last army stays and takes the flag
    put(state, IT, "west_balkan", armies=1)
    battle = fight(AH, "west_balkan", IT)
    assert battle_corrections(state, [battle], 3.0) == {}
    state.armies[AH]["west_balkan"] = 1
    state.flags["west_balkan"] = AH  # guarding the nation's own flag
    assert battle_corrections(state, [battle], 3.0) == {}


def test_standing_corrections_cover_rondel_choices_and_battles():
    state = six_player_game()
    give_turn(state, AH, position=7)
    state.treasury[AH] = 20
    policy = HeuristicPolicy(random.Random(1), donate=False)
    found = standing_corrections(state, state.legal_actions(), policy, Corrections(factory=3.0, battle=3.0))
    assert any(isinstance(a, ChooseRondel) and a.space == FACTORY for a in found)


def test_hard_searches_the_factory_when_money_lies_idle():
    """Hard adds the Factory option to its candidates when money lies idle, even if Normal's
    look-ahead ranks it out of the top four; a strong correction then decides."""
    state = six_player_game()
    give_turn(state, AH, position=7)
    state.treasury[AH] = 30
    bot = HardBot(3, corrections=Corrections(factory=1000.0))
    action = bot.choose(state)
    assert isinstance(action, ChooseRondel) and action.space == FACTORY


def test_turn_ends_from_normals_look_ahead_give_the_same_corrections():
    """Hard reuses the turns Normal's look-ahead already played instead of playing them again."""
    from imperial_desktop.ai import make_bot
    from imperial_desktop.ai.normal import NormalBot
    from imperial_desktop.core import GameSetup, GameState

    state = GameState.new(GameSetup.create(4, 12))
    bot = make_bot("greedy", 12)
    weights = Corrections(factory=3.0, empty=2.0)
    compared = marked = 0
    while not state.is_terminal() and compared < 40:
        if state.decision().kind == "rondel":
            legal = state.legal_actions()
            ends: dict = {}
            NormalBot(3).rondel_scores(state, legal, ends)
            policy = HeuristicPolicy(random.Random(1), donate=False)
            reused = rondel_corrections(state, legal, policy, weights, ends)
            assert reused == rondel_corrections(state, legal, policy, weights)
            compared += 1
            marked += sum(1 for v in reused.values() if v == -2.0)
        state.apply(bot.choose(state))
    assert compared == 40 and marked > 0  # some options were empty, and both ways agreed


def takeover_marks(state) -> dict[int, float]:
    policy = HeuristicPolicy(random.Random(1), donate=False)
    found = rondel_corrections(state, state.legal_actions(), policy, Corrections(takeover=5.0))
    return {a.space: v for a, v in found.items() if isinstance(a, ChooseRondel)}


def test_passing_investor_is_marked_down_when_the_card_holder_can_then_take_the_government():
    """Passing Investor plays the card too (#7): with his cash and the card's 2M the holder buys
    the 6M bond, 10M against the government's 9M. Moves that stop short of Investor are not marked."""
    state = six_player_game()
    holder = state.card
    assert holder != 0  # player 0 governs Austria-Hungary
    state.bond_owner[AH] = {9: 0, 4: holder}
    state.cash[holder] = 4
    give_turn(state, AH, position=MANEUVER)
    marks = takeover_marks(state)
    assert marks.get(INVESTOR) == -5.0 and marks.get(IMPORT) == -5.0  # lands on / passes Investor
    give_turn(state, AH, position=INVESTOR)
    assert takeover_marks(state) == {}  # every move from Investor stops before it again
    give_turn(state, AH, position=MANEUVER)
    state.cash[holder] = 1  # 3M: the 6M bond is out of reach
    assert IMPORT not in takeover_marks(state)


def test_no_takeover_mark_when_the_government_itself_holds_the_card():
    state = six_player_game()
    state.card = 0
    state.bond_owner[AH] = {9: 0, 4: 1}
    state.cash[1] = 30
    give_turn(state, AH, position=MANEUVER)
    assert takeover_marks(state) == {}


def test_playouts_can_expect_hards_factory_when_money_lies_idle(monkeypatch):
    """The Expert's look-ahead playouts may add Hard's factory correction to the rondel choices
    they predict (``playout_factory``, off by default): with money lying idle a Factory that
    Normal's look-ahead ranks last becomes the predicted choice when the correction outweighs
    the difference."""
    from imperial_desktop.ai.expert import ExpertBot
    from imperial_desktop.ai.normal import NormalBot
    from imperial_desktop.ai.playout_policy import LookaheadPlayout

    state = six_player_game()
    give_turn(state, AH, position=7)  # Factory a free step away
    state.treasury[AH] = 30  # 20M idle after the factory and every interest
    real = NormalBot.rondel_scores

    def factory_last(self, state, legal, sims=None):
        scored = [(v - 500.0 if a.space == FACTORY else v, a) for v, a in real(self, state, legal, sims)]
        return sorted(scored, key=lambda sa: -sa[0])

    monkeypatch.setattr(NormalBot, "rondel_scores", factory_last)
    plain = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(4),
                             corrections=Corrections())
    expecting = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(4),
                                 corrections=Corrections(factory=1000.0))
    assert plain.choose(state).space != FACTORY
    assert expecting.choose(state).space == FACTORY
    assert ExpertBot(1).search.playout_exact.corrections is None
    tuned = ExpertBot(1, params={"playout_factory": 20.0}).search
    assert tuned.playout_exact.corrections == tuned.playout_noisy.corrections == Corrections(factory=20.0)


def test_noisy_playouts_can_take_the_second_best_rondel_choice():
    """``second``: a rondel choice in a playout is the look-ahead's second best with that
    probability, drawn from the playout's seeded random numbers; the exact playout never."""
    from imperial_desktop.ai.expert import ExpertBot
    from imperial_desktop.ai.normal import NormalBot
    from imperial_desktop.ai.playout_policy import LookaheadPlayout

    state = six_player_game()
    give_turn(state, IT, position=2)
    ranked = [a for _, a in NormalBot(4).rondel_scores(state, state.legal_actions())]

    def picks(second: float) -> list:
        policy = LookaheadPlayout(HeuristicPolicy(random.Random(1), donate=False), NormalBot(4), second=second)
        out = []
        for seed in range(40):
            policy.rng.seed(seed)
            out.append(policy.choose(state))
        return out

    assert set(picks(0.0)) == {ranked[0]}
    assert set(picks(1.0)) == {ranked[1]}
    some = picks(0.3)
    assert set(some) == {ranked[0], ranked[1]} and 4 <= some.count(ranked[1]) <= 20
    assert picks(0.3) == some  # the same random numbers, the same choices
    tuned = ExpertBot(1, params={"playout_second": 0.3}).search
    assert tuned.playout_noisy.second == 0.3 and tuned.playout_exact.second == 0.0


def test_hards_rondel_choice_can_get_points_in_the_experts_search():
    """``hard_bonus``: Hard is asked for its rondel choice and that option gets the points (8 by
    default at 4-6 players, none at 2 and 3); a bonus far above any playout difference makes the
    Expert follow Hard; with 0 Hard is not asked and the budget stays whole."""
    from imperial_desktop.ai.expert import ExpertBot
    from imperial_desktop.ai.search import HARD_BONUS_BY_PLAYERS

    state = six_player_game()
    give_turn(state, IT, position=2)
    legal = state.legal_actions()
    hards = HardBot(1 + 13).choose(state.clone())
    follower = ExpertBot(1, max_playouts=4, params={"hard_bonus": 1000.0})
    bonus, budget = follower.bonus_and_budget(state, legal, 0.5)
    assert bonus[hards] >= 1000.0 - 100 and 0.0 <= budget < 0.5
    assert follower.choose(state) == hards
    plain = ExpertBot(1, max_playouts=4, params={"hard_bonus": 0.0})
    assert plain.bonus_and_budget(state, legal, 0.5) == (plain.standing_bonus(state, legal), 0.5)
    default = ExpertBot(1, max_playouts=4)
    with_vote = default.bonus_and_budget(state, legal, 0.5)[0]
    assert with_vote[hards] == plain.standing_bonus(state, legal).get(hards, 0.0) + 8.0
    assert HARD_BONUS_BY_PLAYERS == {4: 8.0, 5: 8.0, 6: 8.0}
    assert default.search.hard_bonus_for(2) == default.search.hard_bonus_for(3) == 0.0


def test_an_early_factory_gets_points_that_fade_over_the_first_rounds():
    """The early factory correction (off by default; docs/ai-history.md, session 18): a Factory choice in
    the first nation turns gets points whether or not money lies idle, fewer each turn."""
    state = six_player_game()
    give_turn(state, AH, position=7)
    state.treasury[AH] = 5  # the factory takes it all: no idle money
    policy = HeuristicPolicy(random.Random(1), donate=False)
    early = Corrections(early_factory=12.0)

    def factory_points(turns_taken: int) -> float:
        state.turns_taken = turns_taken
        found = rondel_corrections(state, state.legal_actions(), policy, early)
        return {a.space: v for a, v in found.items() if isinstance(a, ChooseRondel)}.get(FACTORY, 0.0)

    assert factory_points(0) == 12.0
    assert factory_points(12) == 6.0
    assert factory_points(24) == 0.0
    state.turns_taken = 0
    state.factories.update({"prague", "lemberg", "trieste"})  # no free site: nothing to build
    assert FACTORY not in {a.space for a in rondel_corrections(state, state.legal_actions(), policy, early)
                           if isinstance(a, ChooseRondel)}


def test_money_the_next_payout_needs_can_count_for_the_factory_space():
    """``owed_factory``: points per 10M of the treasury beyond the factory's cost that the next
    payout would hand out (the treasuries that the idle count of issue "opponent" finds)."""
    state = six_player_game()
    give_turn(state, AH, position=7)
    due = sum(state.interest_due(AH).values())
    assert due > 0

    def factory_points(weights: Corrections) -> float | None:
        found = rondel_corrections(state, state.legal_actions(), HeuristicPolicy(random.Random(1)), weights)
        return {a.space: v for a, v in found.items() if isinstance(a, ChooseRondel)}.get(FACTORY)

    state.treasury[AH] = 5 + due  # all of it spoken for: no idle money
    assert factory_points(Corrections(factory=3.0)) is None
    assert factory_points(Corrections(owed_factory=10.0)) == due
    state.treasury[AH] = 5 + due + 20  # beyond the payout the idle-money points add to it
    assert factory_points(Corrections(factory=3.0, owed_factory=10.0)) == 6.0 + due
    state.treasury[AH] = 7  # 2M beyond the factory
    assert factory_points(Corrections(owed_factory=10.0)) == min(2, due)
