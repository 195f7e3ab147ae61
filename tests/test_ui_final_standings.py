"""After the game the side panel shows the final standings (play-test: it only said "Press S"):
every player's total, where it came from, the governments held, the winner first and marked."""

from __future__ import annotations

import pytest
from game_scenes import _played_states, open_scene


@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_finished_game_lists_every_player_with_total_and_governments(size) -> None:
    state = _played_states()["finished"]
    driver = open_scene(state, size)
    title, lines = driver.scene.decision_area_shown
    assert title == "The game is over"
    ranking = state.ranking()
    winner = ranking[0]
    assert lines[0] == f"1. {winner['name']}: {winner['total']} points"
    text = "\n".join(lines)
    for entry in ranking:
        assert f"{entry['name']}: {entry['total']} points" in text
        governed = [state.board.name_of(n) for n in state.board.nation_ids if state.government[n] == entry["player"]]
        for name in governed:
            assert name in text
    assert lines[-1].startswith("S: the score sheet")
    driver.key(ord("s"))  # the full sheet is still one key away
    assert driver.scene.overlay == "results"


def test_the_scores_situation_is_the_score_sheet_during_play() -> None:
    """The screenshots show the score sheet twice: over the finished game (game-results) and, as S
    opens it, during play (game-scores); that one is not the finished game again."""
    from game_scenes import scene_states

    name, state, steps = next(s for s in scene_states() if s[0] == "scores")
    assert not state.is_terminal() and state.decision() is not None
    driver = open_scene(state, (1280, 800), steps)
    assert driver.scene.overlay == "results"
