"""Typed read-only views of the maneuver and entry sub-states.

Inside the core the sub-states stay plain dicts (``GameState.mv`` and ``GameState.entry``):
that is their saved form and the form the rules mutate. The floors above read them through these
frozen snapshots, built only when asked (``GameState.maneuver_view()`` and
``GameState.entry_view()``), so the dict keys are known in one place and the hot path pays nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from imperial_desktop.core.actions import FLEET


@dataclass(frozen=True, slots=True)
class ManeuverProgress:
    """The maneuver under way (R-EN Maneuver, #14-#23).

    ``moved_fleets`` and ``moved_armies`` count, per region, the units of ``nation`` that have
    moved into it this maneuver (they may not move again); ``convoy`` counts, per sea, the armies
    its fleets carried (each such fleet may not fight); ``touched`` are the regions where the
    armies' status was set this maneuver (it changes once per maneuver, #19).
    """

    nation: str | None  # the nation maneuvering (the turn's nation)
    phase: str  # "fleets" then "armies"
    moved_fleets: Mapping[str, int]
    moved_armies: Mapping[str, int]
    convoy: Mapping[str, int]
    touched: tuple[str, ...]

    @property
    def fleets_moving(self) -> bool:
        return self.phase == "fleets"

    def moved(self, unit: str) -> Mapping[str, int]:
        """The moved counts for ``unit`` ("fleet" or "army")."""
        return self.moved_fleets if unit == FLEET else self.moved_armies

    @classmethod
    def of(cls, mv: Mapping[str, Any], nation: str | None) -> ManeuverProgress:
        """A snapshot of the maneuver dict ``mv`` (later moves do not change it)."""
        return cls(
            nation=nation,
            phase=mv["phase"],
            moved_fleets=MappingProxyType(dict(mv["moved_f"])),
            moved_armies=MappingProxyType(dict(mv["moved_a"])),
            convoy=MappingProxyType(dict(mv["convoy"])),
            touched=tuple(mv["touched"]),
        )


@dataclass(frozen=True, slots=True)
class EntryView:
    """The battle questions a unit's entry raises (#16, #19, #22).

    ``mover``'s ``unit`` entered ``region`` (``mode`` "enter"), or its armies there changed their
    status (``mode`` "status"); ``remaining`` are the governed nations with units there still to
    be asked whether they fight, in asking order.
    """

    mover: str
    region: str
    unit: str  # "army" or "fleet"
    mode: str  # "enter" or "status"
    remaining: tuple[str, ...]

    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> EntryView:
        """A snapshot of the entry dict."""
        return cls(mover=entry["mover"], region=entry["region"], unit=entry["unit"], mode=entry["mode"],
                   remaining=tuple(entry["remaining"]))
