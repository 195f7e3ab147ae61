"""Why a move, a click or a drop is refused, in words that name the rule.

The rules core says why (``GameState.refusal`` and its siblings answer a
:class:`~imperial_desktop.core.Refusal`: a code and the facts it was checked against); this
module only words it. The game screen shows these messages when a drag ends on a region a unit
cannot reach, a unit that may not move is picked up, a rondel space is out of reach, or a city
cannot take a factory or an import, so the player learns the rule at the moment it matters.
Pure functions of the game state and the attempted gesture (no pygame).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from imperial_desktop.core import BuildFactory, ChooseRondel, GameState, Refusal, RefusalCode
from imperial_desktop.i18n import _

C = RefusalCode


def _name(state: GameState, region_or_nation: str | None) -> str:
    return state.board.name_of(region_or_nation) if region_or_nation else "?"


def _space(state: GameState, space: Any) -> str:
    spaces = state.board.rondel
    return spaces[space].name if isinstance(space, int) and 0 <= space < len(spaces) else str(space)


def _unit_text(fleet: str, army: str) -> Callable[[GameState, dict[str, Any]], str]:
    """A sentence that differs for fleets and armies (both already translated at the call)."""
    return lambda state, p: fleet if p.get("unit") == "fleet" else army


# Code -> its sentence. Each entry translates at the call, so the current language is used.
_SENTENCES: dict[RefusalCode, Callable[[GameState, dict[str, Any]], str]] = {
    # maneuver: which unit moves
    C.FLEET_PHASE_OVER: lambda state, p: _("Fleets move before armies: the fleet movement is over"),
    C.ARMIES_AFTER_FLEETS: lambda state, p: _("First the fleets move (or end the fleet movement), then the armies"),
    C.UNIT_MOVED: lambda state, p: _unit_text(
        _("This fleet has moved already this Maneuver: each unit moves once"),
        _("This army has moved already this Maneuver: each unit moves once"))(state, p),
    C.NO_DESTINATION: lambda state, p: _unit_text(
        _("This fleet has no sea it can reach now"), _("This army has no region it can reach now"))(state, p),
    # maneuver: where it goes
    C.CLOSED_REGION: lambda state, p: _unit_text(
        _("{region} is closed to all units"),
        _("Armies cannot enter {region}: it is closed to all units"))(state, p).format(region=_name(state, p["region"])),
    C.FLEET_HARBOUR_TO_ANCHOR: lambda state, p: _(
        "A fleet may only move from its harbour to the adjacent sea ({sea})").format(sea=_name(state, p["sea"])),
    C.FLEET_NOT_TO_LAND: lambda state, p: _("Fleets never return to land: a fleet at sea moves only to another sea"),
    C.FLEET_TOO_FAR: lambda state, p: _("A fleet moves to one adjacent sea per Maneuver: {sea} is too far").format(
        sea=_name(state, p["sea"])),
    C.ARMY_NOT_TO_SEA: lambda state, p: _("Armies cannot enter the sea; a fleet there can carry them across (convoy)"),
    C.RAILWAY_CUT: lambda state, p: _(
        "The railway does not run through home provinces where hostile armies stand ({region})").format(
        region=", ".join(_name(state, r) for r in p["regions"])),
    C.CONVOY_NEEDED: lambda state, p: _("An army can cross the sea only with a fleet of its nation in every sea it "
                                        "passes (convoy); each fleet carries one army per Maneuver"),
    C.ARMY_TOO_FAR: lambda state, p: _(
        "An army moves one land region per Maneuver (the railway runs only inside its own country)"),
    C.ARMY_CANNOT_REACH: lambda state, p: _("The army cannot reach {region} now").format(region=_name(state, p["region"])),
    # the rondel
    C.RONDEL_MUST_MOVE: lambda state, p: _(
        "A nation must move on the rondel: staying on {space} is not allowed").format(space=_space(state, p["space"])),
    C.RONDEL_TOO_FAR: lambda state, p: _(
        "A nation moves at most {most} spaces on the rondel; {space} is {steps} away").format(
        most=p["most"], space=_space(state, p["space"]), steps=p["steps"]),
    C.RONDEL_TOO_DEAR: lambda state, p: _(
        "More than {free} spaces cost {price}M per extra space, paid by the government: {space} costs "
        "{cost}M and {player} has {cash}M").format(free=p["free"], price=p["price"], space=_space(state, p["space"]),
                                                   cost=p["cost"], player=state.setup.players[p["player"]],
                                                   cash=p["cash"]),
    C.INVESTOR_INTEREST: lambda state, p: _(
        "{nation} may stop on Investor only if its treasury and its government's cash can pay all "
        "interest (option: interest shortfall)").format(nation=_name(state, p["nation"])),
    # factory and import
    C.FACTORY_NOT_HOME: lambda state, p: _(
        "Factories may only be built in your home provinces, where none stands and no hostile army is"),
    C.FACTORY_EXISTS: lambda state, p: _("{region} has a factory already: one factory per city").format(
        region=_name(state, p["region"])),
    C.FACTORY_OCCUPIED: lambda state, p: _("Hostile armies stand in {region}: no factory can be built there").format(
        region=_name(state, p["region"])),
    C.FACTORY_TOO_DEAR: lambda state, p: _("A factory costs {cost}M from the treasury; {nation} has {money}M").format(
        cost=p["cost"], nation=_name(state, p["nation"]), money=p["money"]),
    C.IMPORT_NOT_HOME: lambda state, p: _(
        "An import places at most {most} units, only in your home provinces (fleets only in port cities)").format(
        most=p["most"]),
    C.IMPORT_OCCUPIED: lambda state, p: _("Hostile armies stand in {region}: nothing can be imported there").format(
        region=_name(state, p["region"])),
    C.IMPORT_LIMIT: lambda state, p: _("An import places at most {most} units").format(most=p["most"]),
    C.IMPORT_TOO_DEAR: lambda state, p: _(
        "Each imported unit costs {cost}M from the treasury; {nation} has {money}M").format(
        cost=p["cost"], nation=_name(state, p["nation"]), money=p["money"]),
    C.IMPORT_NO_PIECES: lambda state, p: _("{nation} has no army or fleet pieces left to place in {region}").format(
        nation=_name(state, p["nation"]), region=_name(state, p["region"])),
}


def _words(state: GameState, why: Refusal | None) -> str | None:
    """The sentence of a refusal, or None for a code this module has no sentence for."""
    if why is None:
        return None
    sentence = _SENTENCES.get(why.code)
    return None if sentence is None else sentence(state, why.params)


def _unit_words(state: GameState, why: Refusal) -> str | None:
    """A refusal of a unit's move: whose turn and which nation first, then the rule."""
    if why.code in (C.NOT_NOW, C.GAME_OVER):
        return _("Units move only in their nation's Maneuver turn")
    if why.code is C.NOT_THE_ACTING_NATION:
        return _("Only the government of {nation} moves units now: it is {nation}'s Maneuver").format(
            nation=_name(state, why.params["acting"]))
    return _words(state, why)


def unit_cannot_move(state: GameState, nation: str, region: str, unit: str) -> str | None:
    """Why the ``unit`` ("army"/"fleet") of ``nation`` in ``region`` may not move now, or None if
    it may (rule book, Maneuver: fleets first, then armies; each unit once; only the nation whose
    Maneuver it is). None too when no such unit stands there (nothing to refuse) and when it may
    move but has nowhere to go (:func:`stuck_unit` says so)."""
    why = state.unit_refusal(nation, unit, region)
    if why is None or why.code in (C.NO_UNIT_THERE, C.NO_DESTINATION):
        return None
    return _unit_words(state, why)


def stuck_unit(state: GameState, nation: str, region: str, unit: str) -> str:
    """Why a unit that was picked up cannot go anywhere now."""
    why = state.unit_refusal(nation, unit, region)
    if why is None or why.code is C.NO_UNIT_THERE:  # the screen found no destination for the piece
        why = Refusal(C.NO_DESTINATION, {"unit": unit, "region": region})
    return _unit_words(state, why) or ""


def move_refused(state: GameState, nation: str, unit: str, origin: str, destination: str) -> str:
    """The rule that stops the ``unit`` of ``nation`` moving from ``origin`` to ``destination``
    (rule book, Maneuver 1 for fleets, Maneuver 2 for armies)."""
    why = state.move_refusal(nation, unit, origin, destination)
    text = None if why is None or why.code is C.NO_UNIT_THERE else _unit_words(state, why)
    if text is not None:
        return text
    if unit == "fleet":
        return _("The fleet cannot sail to {sea} now").format(sea=_name(state, destination))
    return _("The army cannot reach {region} now").format(region=_name(state, destination))


def rondel_refused(state: GameState, nation: str | None, space: int) -> str:
    """Why ``nation`` may not move to rondel ``space`` (rule book, Selecting a space on the rondel;
    clarifications 2, 5 and 28)."""
    why = state.refusal(ChooseRondel(nation, space))  # type: ignore[arg-type]
    if why is not None and why.code in (C.NOT_NOW, C.GAME_OVER):
        return _("The rondel is used at the start of a nation's turn")
    return _words(state, why) or _("{space} cannot be chosen now").format(space=_space(state, space))


def factory_refused(state: GameState, nation: str, region: str) -> str:
    """Why no factory may be built in ``region`` (rule book, Factory)."""
    return _words(state, state.refusal(BuildFactory(nation, region))) or _(
        "No factory can be built in {region} now").format(region=_name(state, region))


def import_refused(state: GameState, nation: str, region: str) -> str:
    """Why nothing may be imported into ``region`` (rule book, Import; clarification 13)."""
    return _words(state, state.import_refusal(nation, region)) or _(
        "Nothing can be imported into {region} now").format(region=_name(state, region))


def region_click_refused(state: GameState, region: str) -> str | None:
    """The rule behind a click on a region that offers nothing for the pending decision, or None
    when the decision is not made on the board (or the click does something)."""
    return _words(state, state.region_refusal(region))


__all__ = ["factory_refused", "import_refused", "move_refused", "region_click_refused", "rondel_refused",
           "stuck_unit", "unit_cannot_move"]
