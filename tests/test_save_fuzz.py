"""Fuzzing saved games (issue 12): 1,200 mutated saves per run, each either refused with a clean
SaveError or loaded and then played for 20 random legal actions; impossible positions (with
digests and checksum recomputed) are never loaded as they are. The mutations and the per-file
time limit live in tools/save_fuzz.py (long runs: ``python tools/save_fuzz.py --count 10000``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from imperial_desktop.core import validate

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("save_fuzz", ROOT / "tools" / "save_fuzz.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["save_fuzz"] = module
    spec.loader.exec_module(module)
    return module


save_fuzz = _load_tool()


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path / "home"))


def test_1200_mutated_saves_are_refused_cleanly_or_play_on():
    report = save_fuzz.run(1200, seed=12, time_limit=10.0, quick=True)
    failures = "\n".join(f"{f['kind']} [{f['base']}] {f['outcome']}: {f['detail'][:400]}" for f in report["failures"][:10])
    assert not report["failures"], failures
    outcomes = report["outcomes"]
    assert sum(outcomes.values()) == 1200
    # every family of mutation was tried, and the damage did reach both loading paths
    kinds = {k.split(":")[0] for k in report["by_kind"]}
    assert kinds == {"damage", "impossible", "harmless"}
    impossible = [k for k in report["by_kind"] if k.startswith("impossible:")]
    assert len(impossible) >= 30, impossible
    assert outcomes.get("rejected", 0) >= 600 and outcomes.get("loaded", 0) >= 30 and outcomes.get("recovered", 0) >= 30
    assert report["slowest_case_seconds"] < 10


def test_the_fuzzer_notices_a_validator_that_lets_impossible_positions_through(monkeypatch):
    """The check must be able to fail: with validation switched off, the impossible positions
    load as they are and the fuzzer reports them (or the crashes they cause)."""
    monkeypatch.setattr(validate, "validate_state", lambda state: None)
    report = save_fuzz.run(150, seed=3, time_limit=10.0, quick=True)
    found = {f["outcome"] for f in report["failures"]}
    assert "accepted_impossible" in found, report["outcomes"]
