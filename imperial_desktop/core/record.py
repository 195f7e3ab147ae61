"""Game records: the set-up plus every action, replayable to the identical state.

See docs/game-record.md for the format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from imperial_desktop.core.actions import Action, action_from_json
from imperial_desktop.core.errors import IllegalActionError, RecordError
from imperial_desktop.core.setup import GameSetup
from imperial_desktop.core.state import GameState
from imperial_desktop.core.validate import MAX_RECORD_ACTIONS, MAX_RECORD_DONATIONS

RECORD_FORMAT = "imperial-desktop-record"
RECORD_FORMAT_VERSION = 1
MAX_META_CHARS = 65_536


@dataclass
class GameRecord:
    """A set-up and the actions applied to it, in order."""

    setup: GameSetup
    actions: list[Action] = field(default_factory=list)
    digest: str | None = None  # digest of the final state, written by to_json()
    meta: dict[str, Any] = field(default_factory=dict)

    def replay(self, *, check_digest: bool = True) -> GameState:
        """Replay every action; raises RecordError naming the first action that fails."""
        state = GameState.new(self.setup)
        for number, action in enumerate(self.actions, start=1):
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise RecordError(f"action #{number} cannot be applied: {exc}") from exc
            except (KeyError, IndexError, TypeError, ValueError, AttributeError, RuntimeError) as exc:
                raise RecordError(f"action #{number} ({str(action)[:120]}) is malformed: {type(exc).__name__}: {exc}"[:300]) from exc
        state.validate()  # the same checks as a loaded snapshot (core/validate.py)
        if check_digest and self.digest is not None and state.digest() != self.digest:
            raise RecordError(f"the replayed state's digest {state.digest()[:12]}... differs from the record's {self.digest[:12]}...")
        return state

    def to_json(self, final_state: GameState | None = None) -> dict[str, Any]:
        state = final_state if final_state is not None else self.replay(check_digest=False)
        return {
            "format": RECORD_FORMAT,
            "format_version": RECORD_FORMAT_VERSION,
            "setup": self.setup.to_dict(),
            "actions": [a.to_json() for a in self.actions],
            "digest": state.digest(),
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, dict):
            raise RecordError("a game record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a game record (format {data.get('format')!r})")
        if data.get("format_version") != RECORD_FORMAT_VERSION:
            raise RecordError(f"unsupported record version {data.get('format_version')!r}")
        if "setup" not in data or not isinstance(data.get("actions"), list):
            raise RecordError("a game record needs 'setup' and a list of 'actions'")
        if len(data["actions"]) > MAX_RECORD_ACTIONS:
            raise RecordError(f"the record holds {len(data['actions'])} actions (at most {MAX_RECORD_ACTIONS})")
        donations = sum(1 for a in data["actions"] if isinstance(a, dict) and a.get("type") == "donate")
        if donations > MAX_RECORD_DONATIONS:
            raise RecordError(f"the record holds {donations} donations (at most {MAX_RECORD_DONATIONS})")
        setup = GameSetup.from_dict(data["setup"])
        actions = []
        for number, item in enumerate(data["actions"], start=1):
            try:
                actions.append(action_from_json(item))
            except RecordError as exc:
                raise RecordError(f"action #{number}: {exc}") from exc
            except TypeError as exc:
                raise RecordError(f"action #{number}: {exc}") from exc
        digest = data.get("digest")
        if digest is not None and not isinstance(digest, str):
            raise RecordError("the digest must be a string")
        meta = data.get("meta") or {}
        try:
            meta_chars = len(json.dumps(meta)) if isinstance(meta, dict) else 0
        except (ValueError, TypeError, RecursionError) as exc:
            raise RecordError("the record's notes ('meta') are damaged") from exc
        if meta_chars > MAX_META_CHARS:
            raise RecordError(f"the record's notes ('meta') are longer than {MAX_META_CHARS} characters")
        return cls(setup=setup, actions=actions, digest=digest, meta=meta if isinstance(meta, dict) else {})

    def save(self, path: str | Path, final_state: GameState | None = None) -> None:
        Path(path).write_text(json.dumps(self.to_json(final_state), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path, max_bytes: int = 64 << 20) -> "GameRecord":
        """Read a record file of at most ``max_bytes`` (a device or a pipe is read no further)."""
        try:
            with open(path, "rb") as handle:  # a device or a pipe has no size to check: read no further than the limit
                raw = handle.read(max_bytes + 1)
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from exc
        if len(raw) > max_bytes:
            raise RecordError(f"{path} is too large to be a game record (over {max_bytes >> 20} MB)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{path} is not a text file") from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not valid JSON: {exc}") from exc
        return cls.from_json(data)
