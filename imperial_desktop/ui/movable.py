"""The units of the acting nation that can still move in the current phase of its maneuver.

Pure functions of the state (no pygame): the board rings these pieces and the decision panel
lists them. Everything comes from the legal moves, so convoys and rail moves count as the core
allows them.
"""

from __future__ import annotations

from imperial_desktop.core import DecisionKind, GameState, MoveArmy, MoveFleet
from imperial_desktop.i18n import _, ngettext

LINES_AT_MOST = 4  # regions listed one a line in the decision panel; more share a paragraph


def moving_kind(state: GameState) -> str | None:
    """"fleet" or "army": the units that move in this phase of a maneuver (None outside one)."""
    decision = state.decision()
    if decision is None or decision.kind != DecisionKind.MANEUVER:
        return None
    return "fleet" if state.maneuver_phase() == "fleets" else "army"


def movable_origins(state: GameState) -> dict[str, int]:
    """Region -> how many units of the acting nation can still move from there, sorted by the
    regions' names (empty outside a maneuver)."""
    kind = moving_kind(state)
    nation = state.acting_nation()
    if kind is None or nation is None:
        return {}
    move = MoveFleet if kind == "fleet" else MoveArmy
    origins = {a.origin for a in state.legal_actions() if isinstance(a, move)}  # type: ignore[attr-defined]
    mv = state.maneuver_view()
    moved = {} if mv is None else mv.moved(kind)
    units = state.fleets[nation] if kind == "fleet" else state.armies[nation]
    counts = {r: units.get(r, 0) - moved.get(r, 0) for r in origins}
    return {r: n for r, n in sorted(counts.items(), key=lambda item: state.board.name_of(item[0])) if n > 0}


def movable_heading(state: GameState) -> str:
    """The heading above the list of units that can still move."""
    return _("Fleets that can still move:") if moving_kind(state) == "fleet" else _("Armies that can still move:")


def movable_line(state: GameState, region: str, count: int) -> str:
    """One line of the list: "Berlin: 2 armies" (the region first: no preposition to translate)."""
    if moving_kind(state) == "fleet":
        units = ngettext("{count} fleet", "{count} fleets", count)
    else:
        units = ngettext("{count} army", "{count} armies", count)
    return _("{region}: {units}").format(region=state.board.name_of(region), units=units.format(count=count))


def movable_paragraph(state: GameState) -> str:
    """The list for the decision panel after a blank line: a heading and one line per region, or
    with many regions one paragraph of them (a long list would push the rest out of the panel);
    empty when nothing can move any more."""
    items = [movable_line(state, r, n) for r, n in movable_origins(state).items()]
    if not items:
        return ""
    if len(items) <= LINES_AT_MOST:
        return "\n\n" + "\n".join([movable_heading(state)] + ["• " + item for item in items])
    # no-break spaces keep each "region: units" whole where the paragraph wraps
    return "\n\n" + movable_heading(state) + "\n" + " · ".join(item.replace(" ", "\u00a0") for item in items)
