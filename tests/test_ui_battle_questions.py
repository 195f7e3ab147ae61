"""A battle question shows who stands in the region and with what (session 13's play-test: "Fight
the army of France" did not say France had two armies there against one)."""

from __future__ import annotations

import pytest
from game_scenes import _played_states

from imperial_desktop.core.events import units_phrase


@pytest.mark.parametrize("kind", ["entry_fight", "entry_demand"])
def test_a_battle_question_names_every_nations_units_in_the_region(kind) -> None:
    from imperial_desktop.ui.choices import decision_view

    state = _played_states()[kind]
    region = state.entry["region"]
    prompt = decision_view(state).prompt
    standing = [(n, state.armies[n].get(region, 0)) for n in state.board.nation_ids if state.armies[n].get(region, 0)]
    assert len(standing) >= 2
    assert "There now: " in prompt
    for nation, armies in standing:
        assert f"{state.board.name_of(nation)} with {units_phrase(armies, 'army')}" in prompt
