"""The core's API: actions as values, text forms, errors, clones, serialization, events."""

import json
import subprocess
import sys

import pytest

from imperial_desktop.core import (
    ChooseRondel, GameState, IllegalActionError, MoveArmy, RecordError, action_from_json, event_text,
)
from helpers import AH, RU, clear_units, new_game, put, six_player_game, start_maneuver


def test_actions_json_round_trip_and_hashable():
    state = new_game(4, seed=3)
    for action in state.legal_actions():
        data = json.loads(json.dumps(action.to_json()))
        assert action_from_json(data) == action
        assert hash(action) == hash(action_from_json(data))


def test_action_text_form():
    state = six_player_game()
    a = MoveArmy(RU, "moscow", "sweden", ("baltic_sea",))
    assert a.describe(state.board) == "Russia: army Moscow → Sweden, convoyed by the Baltic Sea fleet"
    assert ChooseRondel(AH, 3).describe(state.board) == "Austria-Hungary: chooses Investor on the rondel"


@pytest.mark.parametrize("bad", [None, 3, {}, {"type": "teleport"}, {"type": "rondel", "nation": "italy"},
                                 {"type": "rondel", "nation": "italy", "space": 1, "extra": 2},
                                 {"type": "move_army", "nation": "italy", "origin": "rome", "destination": "x", "convoy": [1]},
                                 {"type": "rondel", "nation": "italy", "space": {"a": 1}}])
def test_malformed_action_json_gives_record_error(bad):
    with pytest.raises(RecordError):
        action_from_json(bad)


def test_illegal_action_raises_clear_error_and_changes_nothing():
    state = six_player_game()
    before = state.digest()
    with pytest.raises(IllegalActionError) as info:
        state.apply(MoveArmy(AH, "vienna", "rome"))
    assert "not possible now" in str(info.value) and "choose the rondel space" in str(info.value)
    with pytest.raises(IllegalActionError):
        state.apply("rondel 3")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.apply(ChooseRondel(AH, 99))
    assert state.digest() == before


def test_decision_describes_who_must_decide():
    state = six_player_game()
    d = state.decision()
    assert (d.kind, d.player, d.nation) == ("rondel", 0, AH)
    assert state.current_player() == 0 and state.acting_nation() == AH
    assert "P1 (Austria-Hungary) must choose the rondel space" == state.describe_decision()


def test_clone_is_independent():
    state = six_player_game()
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy != state
    assert state.decision().kind == "rondel"


def test_events_describe_what_happened():
    state = six_player_game()
    clear_units(state)
    put(state, RU, "moscow", armies=1)
    put(state, RU, "baltic_sea", fleets=1)
    start_maneuver(state, RU)
    state.apply(state.legal_actions()[-1])  # end fleet phase
    events = state.apply(MoveArmy(RU, "moscow", "sweden", ("baltic_sea",)))
    texts = [event_text(e, state.board) for e in events]
    assert "Russia moves an army from Moscow to Sweden (carried across the Baltic Sea)" in texts
    assert any(t == "Russia plants a flag in Sweden" for t in texts)


def test_from_dict_rejects_malformed_states():
    data = six_player_game().to_dict()
    for mutate in (lambda d: d.pop("cash"), lambda d: d.__setitem__("cash", [-1, 0, 0, 0, 0, 0]),
                   lambda d: d.__setitem__("format_version", 99), lambda d: d["armies"]["italy"].__setitem__("atlantis", 1),
                   lambda d: d["power"].__setitem__("italy", 40), lambda d: d.__setitem__("pending", {"kind": "nap"})):
        broken = json.loads(json.dumps(data))
        mutate(broken)
        with pytest.raises(RecordError):
            GameState.from_dict(broken)


def test_point_core_imports_only_the_standard_library():
    code = (
        "import sys, imperial_desktop.core, imperial_desktop.ai\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui', 'shapely', 'platformdirs')]\n"
        "import threading\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_core_sources_import_nothing_outside_the_standard_library():
    import ast
    from pathlib import Path

    import imperial_desktop.core as core

    allowed_prefixes = ("imperial_desktop.core", "imperial_desktop.resources", "imperial_desktop.i18n", "__future__")
    stdlib = set(sys.stdlib_module_names)
    for path in Path(core.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.startswith(allowed_prefixes) or name.split(".")[0] in stdlib, f"{path.name} imports {name}"
