"""The model of the final scores fitted to played games (ai/fitted_value.py, tools/fit_value.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from imperial_desktop.ai import make_bot
from imperial_desktop.ai.analysis import likely_government
from imperial_desktop.ai.fitted_value import COEFFICIENTS, FEATURES, fitted_scores, player_features
from imperial_desktop.ai.search import leaf_value
from imperial_desktop.core import GameSetup, GameState
from imperial_desktop.play import play_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import fit_value  # noqa: E402


def midgame(seed: int, actions: int) -> GameState:
    """A 4-player game played ``actions`` actions by Normal."""
    state = GameState.new(GameSetup.create(4, seed))
    bots = [make_bot("normal", seed * 31 + i) for i in range(4)]
    count = 0

    def enough(_: GameState) -> bool:
        nonlocal count
        count += 1
        return count > actions

    play_game(state, bots, stop=enough)
    return state


def test_every_feature_has_a_fitted_coefficient():
    assert list(COEFFICIENTS) == list(FEATURES)
    state = midgame(5, 120)
    rows = player_features(state)
    assert len(rows) == 4 and all(len(row) == len(FEATURES) for row in rows)


def test_the_end_of_the_game_is_scored_exactly():
    state = GameState.new(GameSetup.create(3, 11))
    play_game(state, [make_bot("normal", 11 * 31 + i) for i in range(3)])
    assert state.is_terminal()
    assert fitted_scores(state) == [float(s["total"]) for s in state.scores()]


def test_a_bond_of_a_taxing_nation_is_worth_more_to_its_holder():
    """Moving one bond from a holder to a rival lowers the holder's expected score against the rival's."""
    state = midgame(7, 300)
    assert not state.is_terminal()
    moved = False
    for nation in state.board.nation_ids:
        if state.power[nation] == 0:
            continue
        for value, holder in sorted(state.bond_owner[nation].items()):
            rival = next(p for p in range(state.num_players) if p != holder and p != state.government[nation])
            if holder == state.government[nation]:
                continue
            after = state.clone()
            after.bond_owner[nation][value] = rival
            if likely_government(after, nation) != likely_government(state, nation):
                continue
            before_scores, after_scores = fitted_scores(state), fitted_scores(after)
            assert after_scores[holder] - after_scores[rival] < before_scores[holder] - before_scores[rival]
            moved = True
            break
        if moved:
            break
    assert moved, "the game had no bond to move"


def test_the_search_blends_the_fitted_scores_into_its_leaf():
    state = midgame(9, 200)
    hand = leaf_value(state, 0)
    assert leaf_value(state, 0, fitted=0.0) == hand
    assert leaf_value(state, 0, fitted=1.0) != hand


def test_the_fitting_tool_collects_and_fits_least_squares(tmp_path, capsys):
    out = tmp_path / "value.jsonl.gz"
    assert fit_value.main(["collect", "--games", "4", "--seed", "31000", "--jobs", "1", "--out", str(out)]) == 0
    rows = fit_value.load(out)
    assert {row["seed"] for row in rows} == {31000, 31001, 31002, 31003}
    assert all(len(row["features"]) == 4 and len(row["final"]) == 4 for row in rows)
    solved = fit_value.solve(rows, ridge=1e-6)
    shipped = [COEFFICIENTS[name] for name in FEATURES]
    import numpy as np
    # least squares on these rows: no other coefficients (the shipped ones included) fit them better
    assert fit_value.rmse(rows, solved) <= fit_value.rmse(rows, np.asarray(shipped)) + 1e-9
    left_out = fit_value.solve(rows, without=["swiss_far"])
    assert left_out[FEATURES.index("swiss_far")] == pytest.approx(0.0)
    capsys.readouterr()
    assert fit_value.main(["fit", str(out), "--holdout", "0.5"]) == 0
    printed = capsys.readouterr().out
    assert "fitted     rmse all" in printed and "hand       rmse all" in printed
    assert "shipped    rmse all" in printed  # the coefficients in use, on the same held-out games
    assert all(f'"{name}":' in printed for name in FEATURES)


def test_the_fitting_tool_collects_games_of_named_bots(tmp_path, capsys):
    """``--bots``: the games are those ``imperial-desktop simulate`` plays with the same bots and seed."""
    out = tmp_path / "easy.jsonl.gz"
    assert fit_value.main(["collect", "--games", "1", "--players", "3", "--seed", "31000", "--jobs", "1",
                           "--bots", "easy", "--out", str(out)]) == 0
    rows = fit_value.load(out)
    played = play_game(GameSetup.create(3, 31000), ["easy"] * 3, 31000).state
    assert rows and all(row["final"] == [float(s["total"]) for s in played.scores()] for row in rows)
    assert all(len(row["features"]) == 3 for row in rows)
    assert fit_value.main(["collect", "--games", "1", "--players", "3", "--bots", "easy,hard",
                           "--out", str(tmp_path / "bad.jsonl.gz")]) == 2
    assert "one name for every seat or 3 names" in capsys.readouterr().err
    assert fit_value.main(["collect", "--games", "1", "--bots", "grandmaster",
                           "--out", str(tmp_path / "bad.jsonl.gz")]) == 2
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err


def test_the_fitting_tool_refuses_what_it_cannot_fit(tmp_path, capsys):
    out = tmp_path / "one.jsonl.gz"
    assert fit_value.main(["collect", "--games", "1", "--seed", "31000", "--jobs", "1", "--out", str(out)]) == 0
    assert fit_value.main(["fit", str(out)]) == 1
    assert fit_value.main(["fit", str(tmp_path / "missing.jsonl.gz")]) == 1
    assert "cannot read" in capsys.readouterr().err


def first_decision(kind: str, seed: int = 3) -> GameState:
    """The first pending decision of ``kind`` in a 4-player game played by Normal."""
    state = GameState.new(GameSetup.create(4, seed))
    bots = [make_bot("normal", seed * 31 + i) for i in range(4)]
    play_game(state, bots, stop=lambda s: s.decision() is not None and s.decision().kind == kind and s.turns_taken > 6)
    assert state.decision().kind == kind
    return state


def test_an_investment_choice_can_take_its_own_share_of_the_fitted_model():
    from imperial_desktop.ai import search
    from imperial_desktop.core import DecisionKind
    invest, rondel = first_decision(DecisionKind.INVEST), first_decision(DecisionKind.RONDEL)
    mine = search.PlayoutSearch(1, params={"fitted_value": 0.25, "invest_fitted_value": 1.0})
    assert mine.fitted_for(invest) == 1.0 and mine.fitted_for(rondel) == 0.25
    # a negative share for investments means "as every other decision"
    assert search.PlayoutSearch(1, params={"fitted_value": 0.25, "invest_fitted_value": -1}).fitted_for(invest) == 0.25


def test_the_expert_at_four_players_judges_bonds_by_the_fitted_scores():
    """The default (docs/ai.md, "A value fitted to played games"): bond choices at 4 players take
    the fitted scores, the rondel keeps the hand-made evaluation."""
    from imperial_desktop.ai import search
    from imperial_desktop.core import DecisionKind
    invest, rondel = first_decision(DecisionKind.INVEST), first_decision(DecisionKind.RONDEL)
    default = search.PlayoutSearch(1)
    assert default.fitted_for(invest) == 1.0 and default.fitted_for(rondel) == 0.0


def test_a_weight_by_player_count_gives_way_to_the_callers(monkeypatch):
    from imperial_desktop.ai import search
    from imperial_desktop.core import DecisionKind
    invest = first_decision(DecisionKind.INVEST)
    monkeypatch.setattr(search, "BY_PLAYERS", {4: {"invest_fitted_value": 0.5, "invest_horizon_scale": 0.1}})
    default = search.PlayoutSearch(1)
    assert default.fitted_for(invest) == 0.5 and default.turns_for(invest) == 1
    assert search.PlayoutSearch(1, params={"invest_fitted_value": 0.0}).fitted_for(invest) == 0.0
    monkeypatch.setattr(search, "BY_PLAYERS", {})
    assert search.PlayoutSearch(1).fitted_for(invest) == search.FITTED_VALUE
