"""Loading a state from its JSON form, with every invariant checked (saves, records, tests)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from imperial_desktop.core import validate
from imperial_desktop.core.errors import RecordError
from imperial_desktop.core.setup import GameSetup
from imperial_desktop.core.validate import MAX_TURNS
from imperial_desktop.core.vocabulary import DECISION_KINDS

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


def _int(value: Any, what: str, low: int = -(10**9), high: int = 10**9) -> int:
    """A whole number as JSON writes it (not a bool, a float or a string) within bounds."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{what} is not a whole number: {value!r}"[:160])
    if not low <= value <= high:
        raise RecordError(f"{what} out of range: {value!r}"[:160])
    return value


def _opt_int(value: Any, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise RecordError(f"{what} is not a name: {value!r}"[:160])
    return value


def _per_nation(data: Any, key: str, ids: tuple[str, ...]) -> dict[str, Any]:
    """``data[key]``: an object with exactly one entry per nation (unknown nations refused)."""
    value = data[key]
    if not isinstance(value, dict) or set(value) != set(ids):
        extra = sorted(map(str, set(value) - set(ids))) if isinstance(value, dict) else []
        raise RecordError(f"'{key}' must list each nation once" + (f" (unknown: {', '.join(extra)})" if extra else "")[:160])
    return value


def _region_counts(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise RecordError(f"{what} must be an object")
    return {_str(r, what): _int(c, what, 0, 1000) for r, c in value.items()}


def _distinct(items: Any, what: str, parse: Callable[[Any, str], Any]) -> set[Any]:
    if not isinstance(items, list):
        raise RecordError(f"{what} must be a list")
    out = {parse(x, what) for x in items}
    if len(out) != len(items):
        raise RecordError(f"{what} lists an entry twice")
    return out


def _bond_key(text: Any) -> int:
    if not isinstance(text, str) or not text.isdigit() or str(int(text)) != text:
        raise RecordError(f"bad bond value {text!r}"[:160])
    return int(text)


def state_from_dict(cls: type["GameState"], data: Any) -> "GameState":
    """Rebuild a state from :meth:`to_dict` output; raises RecordError on malformed data or
    an impossible position (see core/validate.py)."""
    try:
        if not isinstance(data, dict):
            raise RecordError("a game state must be a JSON object")
        if data.get("format_version") != STATE_FORMAT_VERSION:
            raise RecordError(f"unsupported state format version {data.get('format_version')!r}"[:160])
        setup = GameSetup.from_dict(data["setup"])
        s = cls(setup, _empty=True)
        ids = s.board.nation_ids
        if not isinstance(data["cash"], list) or len(data["cash"]) != setup.num_players:
            raise RecordError("cash does not list one amount per player")
        s.cash = [_int(x, "cash") for x in data["cash"]]
        s.treasury = {k: _int(v, "a treasury") for k, v in _per_nation(data, "treasury", ids).items()}
        bonds = _per_nation(data, "bonds", ids)
        s.bond_owner = {}
        for k in ids:
            if not isinstance(bonds[k], dict):
                raise RecordError("bonds must be objects")
            s.bond_owner[k] = {_bond_key(v): _int(p, "a bond holder") for v, p in bonds[k].items()}
        s.government = {k: _opt_int(v, "a government") for k, v in _per_nation(data, "government", ids).items()}
        s.swiss = _distinct(data["swiss_banks"], "swiss_banks", _int)
        s.card = _opt_int(data["investor_card"], "the investor card")
        s.rondel = {k: _opt_int(v, "a rondel position") for k, v in _per_nation(data, "rondel", ids).items()}
        s.power = {k: _int(v, "power points") for k, v in _per_nation(data, "power", ids).items()}
        s.chart = {k: _int(v, "a tax chart position") for k, v in _per_nation(data, "tax_chart", ids).items()}
        s.factories = _distinct(data["factories"], "factories", _str)
        s.armies = {k: _region_counts(v, "armies") for k, v in _per_nation(data, "armies", ids).items()}
        s.fleets = {k: _region_counts(v, "fleets") for k, v in _per_nation(data, "fleets", ids).items()}
        s.hostile = {k: _distinct(v, "hostile", _str) for k, v in _per_nation(data, "hostile", ids).items()}
        if not isinstance(data["flags"], dict):
            raise RecordError("flags must be an object")
        s.flags = {_str(r, "a flag"): _str(n, "a flag") for r, n in data["flags"].items()}
        turn_nation = data["turn_nation"]
        s.turn_nation = None if turn_nation is None else _str(turn_nation, "the nation to move")
        s.turns_taken = _int(data["turns_taken"], "turns taken", 0)
        s.previous_government = _opt_int(data["previous_government"], "the previous government")
        s.agenda = copy_plain(data["agenda"])
        pending = data["pending"]
        if pending is not None and not isinstance(pending, dict):
            raise RecordError("the pending decision must be an object")
        s.pending = copy_plain(pending)
        if s.pending is not None and isinstance(s.pending.get("kind"), str):
            # the file holds the plain string; the state holds the member (unknown kinds stay for
            # validation to refuse)
            s.pending["kind"] = DECISION_KINDS.get(s.pending["kind"], s.pending["kind"])
        m = data["maneuver"]
        if m is not None and (not isinstance(m, dict) or set(m) != {"phase", "moved_a", "moved_f", "convoy", "touched"}
                              or not isinstance(m["touched"], list)):
            raise RecordError("bad maneuver state")
        s.mv = None if m is None else {
            "phase": m["phase"], "moved_a": _region_counts(m["moved_a"], "moved armies"),
            "moved_f": _region_counts(m["moved_f"], "moved fleets"),
            "convoy": _region_counts(m["convoy"], "convoys"), "touched": copy_plain(m["touched"]),
        }
        entry = data["entry"]
        if entry is not None and not isinstance(entry, dict):
            raise RecordError("bad battle question state")
        s.entry = copy_plain(entry)
        if not isinstance(data["over"], bool):
            raise RecordError("'over' must be true or false")
        s.over = data["over"]
        if not isinstance(data["power_log"], list) or len(data["power_log"]) > MAX_TURNS + 1:
            raise RecordError("the power log must be a list of at most one entry per turn")
        s.power_log = [copy_plain(x) for x in data["power_log"]]
        s._legal = None
        s.validate()
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
        raise RecordError(f"malformed game state: {type(exc).__name__}: {exc}"[:300]) from exc
    return s


def validate_state(self: "GameState") -> None:
    """Check the invariants of a state (used after loading); raises RecordError."""
    validate.validate_state(self)
