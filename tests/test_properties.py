"""Property test: complete random games, every variant and option, invariants after every action.

Acceptance (issue 2): CI plays 200 complete games; tools/property_run.py runs thousands.
"""

import pytest

from imperial_desktop.core.selfcheck import play_checked_game


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_invariants(block):
    # 10 blocks of 20 games = 200 complete games, cycling 2-6 players, both set-ups, card or not, options.
    for seed in range(block * 20, block * 20 + 20):
        game = play_checked_game(seed, apply_every_listed=(seed % 20 == 0))
        assert game.nation_turns > 0


@pytest.mark.parametrize("seed", [1000, 1001, 1002, 1003, 1004])
def test_every_listed_action_applies(seed):
    play_checked_game(seed, apply_every_listed=True, round_trip=False)
