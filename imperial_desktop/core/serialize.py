"""Loading a state from its JSON form, with every invariant checked (saves, records, tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from imperial_desktop.core.board import HOME
from imperial_desktop.core.errors import RecordError
from imperial_desktop.core.setup import GameSetup

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState

STATE_FORMAT_VERSION = 1


def copy_plain(value: Any) -> Any:
    """Deep copy of JSON-like data (dicts, lists, scalars)."""
    if isinstance(value, dict):
        return {k: copy_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [copy_plain(v) for v in value]
    return value


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_dict(cls: type["GameState"], data: Any) -> "GameState":
    """Rebuild a state from :meth:`to_dict` output; raises RecordError on malformed data."""
    try:
        if data.get("format_version") != STATE_FORMAT_VERSION:
            raise RecordError(f"unsupported state format version {data.get('format_version')!r}")
        setup = GameSetup.from_dict(data["setup"])
        s = cls(setup, _empty=True)
        ids = s.board.nation_ids
        s.cash = [int(x) for x in data["cash"]]
        if len(s.cash) != setup.num_players:
            raise RecordError("cash does not list one amount per player")
        s.treasury = {k: int(data["treasury"][k]) for k in ids}
        s.bond_owner = {k: {int(v): int(p) for v, p in data["bonds"][k].items()} for k in ids}
        s.government = {k: _opt_int(data["government"][k]) for k in ids}
        s.swiss = {int(p) for p in data["swiss_banks"]}
        s.card = _opt_int(data["investor_card"])
        s.rondel = {k: _opt_int(data["rondel"][k]) for k in ids}
        s.power = {k: int(data["power"][k]) for k in ids}
        s.chart = {k: int(data["tax_chart"][k]) for k in ids}
        s.factories = {str(f) for f in data["factories"]}
        s.armies = {k: {str(r): int(c) for r, c in data["armies"][k].items()} for k in ids}
        s.fleets = {k: {str(r): int(c) for r, c in data["fleets"][k].items()} for k in ids}
        s.hostile = {k: {str(r) for r in data["hostile"][k]} for k in ids}
        s.flags = {str(r): str(n) for r, n in data["flags"].items()}
        s.turn_nation = data["turn_nation"]
        s.turns_taken = int(data["turns_taken"])
        s.previous_government = _opt_int(data["previous_government"])
        s.agenda = copy_plain(data["agenda"])
        s.pending = copy_plain(data["pending"])
        m = data["maneuver"]
        s.mv = None if m is None else {
            "phase": m["phase"], "moved_a": dict(m["moved_a"]), "moved_f": dict(m["moved_f"]),
            "convoy": dict(m["convoy"]), "touched": list(m["touched"]),
        }
        s.entry = copy_plain(data["entry"])
        s.over = bool(data["over"])
        s.power_log = [list(x) for x in data["power_log"]]
        s._legal = None
        s.validate()
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
        raise RecordError(f"malformed game state: {type(exc).__name__}: {exc}"[:300]) from exc
    return s


def validate_state(self: "GameState") -> None:
    """Check the invariants of a state (used after loading); raises RecordError."""
    b = self.board
    problems: list[str] = []
    if any(c < 0 for c in self.cash):
        problems.append("negative cash")
    if any(t < 0 for t in self.treasury.values()):
        problems.append("negative treasury")
    for nation in b.nation_ids:
        nat = b.nation_by_id[nation]
        a, f = self.unit_count(nation)
        if a > nat.army_supply or f > nat.fleet_supply:
            problems.append(f"{nation} has more units than its supply")
        if any(c <= 0 for c in list(self.armies[nation].values()) + list(self.fleets[nation].values())):
            problems.append(f"{nation} has an empty unit stack")
        for region in list(self.armies[nation]) + list(self.fleets[nation]):
            if region not in b.regions:
                problems.append(f"unknown region {region!r}")
        if self.flag_count(nation) > nat.flags:
            problems.append(f"{nation} has more than {nat.flags} flags")
        if not 0 <= self.power[nation] <= 25:
            problems.append(f"{nation} power points out of 0-25")
        if not set(self.hostile[nation]) <= set(self.armies[nation]):
            problems.append(f"{nation} has a hostile status without armies")
        for v, p in self.bond_owner[nation].items():
            if v not in b.bond_interest or not 0 <= p < self.num_players:
                problems.append(f"bad bond {nation} {v} -> {p}")
        g = self.government[nation]
        if g is not None and not 0 <= g < self.num_players:
            problems.append(f"bad government of {nation}")
        r = self.rondel[nation]
        if r is not None and not 0 <= r < len(b.rondel):
            problems.append(f"bad rondel position of {nation}")
    for region, nation in self.flags.items():
        if region not in b.regions or not b.regions[region].takes_flags or nation not in b.nation_by_id:
            problems.append(f"bad flag {nation} in {region}")
    for f in self.factories:
        if f not in b.regions or b.regions[f].kind != HOME:
            problems.append(f"bad factory site {f!r}")
    if not self.over and self.pending is None:
        problems.append("no pending decision in an unfinished game")
    if self.pending is not None:
        kind = self.pending.get("kind") if isinstance(self.pending, dict) else None
        player = self.pending.get("player") if isinstance(self.pending, dict) else None
        if (not isinstance(kind, str) or not hasattr(self, "_legal_" + kind) or not isinstance(player, int)
                or isinstance(player, bool) or not 0 <= player < self.num_players):
            problems.append(f"bad pending decision {self.pending!r}"[:200])
    if not isinstance(self.agenda, list) or any(
            not isinstance(step, list) or not step or not isinstance(step[0], str) or not hasattr(self, "_step_" + step[0])
            for step in self.agenda):
        problems.append("bad agenda of steps")
    if self.turn_nation is not None and self.turn_nation not in b.nation_by_id:
        problems.append(f"bad nation to move {self.turn_nation!r}"[:200])
    if self.mv is not None and (self.mv.get("phase") not in ("fleets", "armies") or self.turn_nation is None):
        problems.append("bad maneuver state")
    if self.entry is not None and (not isinstance(self.entry, dict) or self.entry.get("mover") not in b.nation_by_id
                                   or self.entry.get("region") not in b.regions
                                   or not isinstance(self.entry.get("remaining"), list)):
        problems.append("bad battle question state")
    if problems:
        raise RecordError("invalid game state: " + "; ".join(problems))
    try:
        if not self.over and not self.legal_actions():
            raise RecordError("invalid game state: no legal action")
    except RecordError:
        raise
    except Exception as exc:  # a hand-edited state can break the generators
        raise RecordError(f"invalid game state: {type(exc).__name__}: {exc}") from exc
