"""Visible steps: an applied action's events cut into the moments worth showing one by one.

The game screen paces computer turns with these: each step names what to highlight (its kind,
nation and regions) and carries a one-line caption. Events that change nothing a player can
see are dropped, and the dropped types are listed here so that a new event type cannot slip
through unnoticed (tests check that every event is either shown or listed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from imperial_desktop.core import Action, Event, EventType, event_text
from imperial_desktop.core.board import Board
from imperial_desktop.core.events import player_label, plural
from imperial_desktop.i18n import _

# Turn bookkeeping: the next visible step already says what these say.
DROPPED_EVENT_TYPES = frozenset({
    EventType.TURN_STARTED,  # the rondel step of the same turn names the nation
    EventType.PHASE,  # "the armies move now" / "the maneuver ends": no piece changes
})

# Event type -> step kind. "taxes" gives two steps: the tax chart, then the power track.
STEP_KINDS: dict[str, str] = {
    EventType.RONDEL_MOVED: "rondel",
    EventType.INVESTOR_FORCED: "swiss",
    EventType.FACTORY_BUILT: "build",
    EventType.UNIT_PLACED: "unit_placed",
    EventType.UNIT_MOVED: "move",
    EventType.BATTLE: "battle",
    EventType.ARMY_STATUS: "status",
    EventType.FACTORY_DESTROYED: "destroy",
    EventType.FLAG_PLACED: "flag",
    EventType.FLAG_REMOVED: "flag",
    EventType.INTEREST_PAID: "interest",
    EventType.INTEREST_SHORTFALL: "interest",
    EventType.INVESTOR_BONUS: "investor_bonus",
    EventType.BOND_BOUGHT: "invest",
    EventType.BOND_UPGRADED: "invest",
    EventType.GOVERNMENT_CHANGED: "government",
    EventType.SWISS_BANK: "swiss",
    EventType.INVESTOR_CARD: "card",
    EventType.TAXES: "taxes",
    EventType.DONATION: "donation",
    EventType.GAME_OVER: "game_over",
}

# Consecutive events of these kinds are shown as one step (one payment round, not one per player).
_MERGED_KINDS = frozenset({"interest"})


@dataclass(frozen=True)
class Step:
    """One moment to show: what kind, which nation and regions to highlight, and a caption."""

    kind: str
    caption: str
    nation: str | None = None
    regions: tuple[str, ...] = ()
    player: int | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)


def _regions(event: Event) -> tuple[str, ...]:
    d = event.data
    if event.type == EventType.UNIT_MOVED:
        return (d["origin"], d["destination"], *d.get("convoy", ()))
    region = d.get("region")
    return (region,) if isinstance(region, str) else ()


def _step(event: Event, kind: str, board: Board, names: list[str] | None) -> Step:
    d = event.data
    player = d.get("player") if isinstance(d.get("player"), int) else None
    return Step(kind, event_text(event, board, names), d.get("nation"), _regions(event), player, (event,))


def _interest_caption(events: tuple[Event, ...], board: Board, names: list[str] | None) -> str:
    """One line for a nation's whole interest payment: "Italy pays interest: Anna 3M, Bob 2M"."""
    def who(p: int) -> str:
        return names[p] if names is not None and 0 <= p < len(names) else player_label(p)

    paid = [_("{player}: {amount}M").format(player=who(e["player"]), amount=e["amount"])
            for e in events if e.type == EventType.INTEREST_PAID]
    short = [_("{player}: {amount}M").format(player=who(e["player"]), amount=e["amount"])
             for e in events if e.type == EventType.INTEREST_SHORTFALL]
    fields = {"nation": board.name_of(events[0]["nation"]), "payments": _(", ").join(paid), "owed": _(", ").join(short)}
    if not paid:
        text = _("{nation} pays interest: nothing (still owed: {owed})") if short else _("{nation} pays interest: nothing")
    else:
        text = _("{nation} pays interest: {payments} (still owed: {owed})") if short else _("{nation} pays interest: {payments}")
    return text.format(**fields)


def _power_step(event: Event, board: Board) -> Step:
    d = event.data
    caption = _("{nation} gains {points} (now {power})").format(
        nation=board.name_of(d["nation"]), points=plural(d["points"], "power point"), power=d["power"])
    return Step("power", caption, d["nation"], (), None, (event,))


def visible_steps(action: Action, events: list[Event], board: Board,
                  player_names: list[str] | None = None) -> list[Step]:
    """The steps worth showing for one applied action, in order.

    ``action`` is accepted for callers that want to pace by decision; the steps come from the
    events alone (an action without visible effect, such as "no battle", gives no step).
    """
    steps: list[Step] = []
    for event in events:
        if event.type in DROPPED_EVENT_TYPES:
            continue
        kind = STEP_KINDS.get(event.type, "other")  # an unknown type is shown, never lost
        if kind in _MERGED_KINDS and steps and steps[-1].kind == kind and steps[-1].nation == event.data.get("nation"):
            last = steps.pop()
            merged = last.events + (event,)
            steps.append(Step(kind, _interest_caption(merged, board, player_names), last.nation, last.regions, None, merged))
            continue
        steps.append(_step(event, kind, board, player_names))
        if event.type == EventType.TAXES and event.data.get("points"):
            steps.append(_power_step(event, board))
    return steps
