"""Events: the facts an applied action produced, for animation, logs and tests.

The UI never diffs states to guess what happened; it reads these.
"""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.board import Board
from imperial_desktop.core.vocabulary import EVENT, EventType
from imperial_desktop.i18n import _, ngettext, pgettext


class Event:
    """One fact: ``type`` names it (an :class:`EventType`, which is its plain string), ``data``
    holds plain JSON values. Treat as read-only.

    (A plain slotted class: events are created for every action, and this is several times
    cheaper to build than a frozen dataclass.)
    """

    __slots__ = ("type", "data")
    type: EventType

    def __init__(self, type: EventType, data: dict[str, Any] | None = None):
        self.type = type
        self.data = {} if data is None else data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.type == other.type and self.data == other.data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.data!r})"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


def _name(board: Board, key: Any) -> str:
    if isinstance(key, str):
        if key in board.regions:
            return board.regions[key].name
        if key in board.nation_by_id:
            return board.nation_by_id[key].name
    return str(key)


# ---------------------------------------------------------------- phrases shared by the texts
# Shared by the texts of actions, events and the turn summary. Every phrase is translated as a
# whole (German and French decline and order words differently); counts go through ngettext.


def plural(count: int, noun: str) -> str:
    """'1 army', '2 armies', '0 units' (nouns: army, fleet, unit, battle, flag, factory,
    power point, bond)."""
    if noun == "army":
        text = ngettext("{count} army", "{count} armies", count)
    elif noun == "fleet":
        text = ngettext("{count} fleet", "{count} fleets", count)
    elif noun == "battle":
        text = ngettext("{count} battle", "{count} battles", count)
    elif noun == "flag":
        text = ngettext("{count} flag", "{count} flags", count)
    elif noun == "factory":
        text = ngettext("{count} factory", "{count} factories", count)
    elif noun == "power point":
        text = ngettext("{count} power point", "{count} power points", count)
    elif noun == "bond":
        text = ngettext("{count} bond", "{count} bonds", count)
    else:
        text = ngettext("{count} unit", "{count} units", count)
    return text.format(count=count)


def with_article(noun: str) -> str:
    """'an army', 'a fleet', 'an armaments factory', 'a shipyard' (in the current language)."""
    if noun in ("army", "fleet"):
        # the plural entries' singular: a msgid may not also stand alone in a catalog (older
        # Python 3.11 releases, e.g. Debian's 3.11.2, do not find it through gettext())
        return units_phrase(1, noun)
    return {"shipyard": _("a shipyard"), "armaments factory": _("an armaments factory")}.get(noun, noun)


def units_phrase(count: int, unit: str) -> str:
    """'an army' for one, '3 fleets' for more."""
    if unit == "fleet":
        return ngettext("a fleet", "{count} fleets", count).format(count=count)
    return ngettext("an army", "{count} armies", count).format(count=count)


def join_words(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def place(board: Board, region: Any) -> str:
    """A region as it stands in a sentence: seas take 'the' ('the North Sea'), land does not."""
    name = _name(board, region)
    if isinstance(region, str) and region in board.regions and board.regions[region].is_sea:
        return pgettext("a sea in a sentence", "the {sea}").format(sea=name)
    return name


def factory_noun(board: Board, region: Any) -> str:
    """'shipyard' or 'armaments factory', as the region's factory type says (a key, not a text:
    give it to :func:`with_article` or choose the sentence by it)."""
    kind = board.regions[region].factory_type if isinstance(region, str) and region in board.regions else None
    return "shipyard" if kind == "shipyard" else "armaments factory"


def game_end_reason(board: Board, data: dict[str, Any]) -> str:
    """Why a game ended, from a game_over event's data."""
    if data.get("nation"):
        return _("{nation} reached 25 power points").format(nation=_name(board, data["nation"]))
    if data.get("reason") == "no_government":
        return _("no nation has a government and no bond can be bought any more")
    return _("no further move is possible")


def player_label(number: int) -> str:
    """'Player 3' for the seat of index 2 (where no name is known)."""
    return _("Player {number}").format(number=number + 1)


def soldiers_pay(taxes_event: dict[str, Any]) -> int:
    """What a taxation paid its armies and fleets (R-EN Taxation: 1M each, out of the taxes; nothing
    when the taxation ends the game). Events saved before the pay was recorded give 0."""
    if taxes_event.get("power", 0) >= 25:
        return 0
    return min(taxes_event.get("soldiers_pay", 0), taxes_event["taxes"])


def event_text(event: Event, board: Board, player_names: list[str] | None = None) -> str:
    """A one-line description of an event for the game log, in the current language."""
    d = event.data

    def who(p: Any) -> str:
        if player_names is not None and isinstance(p, int) and 0 <= p < len(player_names):
            return player_names[p]
        return player_label(p) if isinstance(p, int) else _("nobody")

    n = _name(board, d.get("nation"))
    t = event.type
    if t == EVENT.RONDEL_MOVED:
        space = board.rondel[d["to"]].name
        if d.get("cost"):
            return _("{nation} moves to {space} on the rondel (its government paid {cost}M)").format(
                nation=n, space=space, cost=d["cost"])
        return _("{nation} moves to {space} on the rondel").format(nation=n, space=space)
    if t == EVENT.INVESTOR_FORCED:
        return _("{player} uses a Swiss Bank to force {nation} to stop on Investor").format(player=who(d["player"]), nation=n)
    if t == EVENT.FACTORY_BUILT:
        if factory_noun(board, d["region"]) == "shipyard":
            text = _("{nation} builds a shipyard in {region}")
        else:
            text = _("{nation} builds an armaments factory in {region}")
        return text.format(nation=n, region=place(board, d["region"]))
    if t == EVENT.UNIT_PLACED:
        fleet = d.get("unit") == "fleet"
        if d.get("imported"):
            text = _("{nation} imports a fleet into {region}") if fleet else _("{nation} imports an army into {region}")
        else:
            text = _("{nation} produces a fleet in {region}") if fleet else _("{nation} produces an army in {region}")
        return text.format(nation=n, region=place(board, d["region"]))
    if t == EVENT.UNIT_MOVED:
        fields = {"nation": n, "origin": place(board, d["origin"]), "destination": place(board, d["destination"])}
        if d.get("convoy"):
            fields["seas"] = join_words([place(board, s) for s in d["convoy"]])
            text = _("{nation} moves an army from {origin} to {destination} (carried across {seas})")
        elif d.get("unit") == "fleet":
            text = _("{nation} moves a fleet from {origin} to {destination}")
        else:
            text = _("{nation} moves an army from {origin} to {destination}")
        return text.format(**fields)
    if t == EVENT.BATTLE:
        return _("Battle in {region}: {nation} loses {unit}, {other} loses {other_unit}").format(
            region=place(board, d["region"]), nation=n, unit=with_article(d["unit"]),
            other=_name(board, d["target_nation"]), other_unit=with_article(d["target_unit"]))
    if t == EVENT.ARMY_STATUS:
        if d["hostile"]:
            text = _("{nation}'s armies in {region} are hostile")
        else:
            text = _("{nation}'s armies in {region} are friendly")
        return text.format(nation=n, region=place(board, d["region"]))
    if t == EVENT.FACTORY_DESTROYED:
        if d.get("owner"):
            return _("{nation} destroys {owner}'s factory in {region} (three armies are removed)").format(
                nation=n, owner=_name(board, d["owner"]), region=place(board, d["region"]))
        return _("{nation} destroys the factory in {region} (three armies are removed)").format(
            nation=n, region=place(board, d["region"]))
    if t == EVENT.FLAG_PLACED:
        return _("{nation} plants a flag in {region}").format(nation=n, region=place(board, d["region"]))
    if t == EVENT.FLAG_REMOVED:
        return _("{nation} loses its flag in {region}").format(nation=n, region=place(board, d["region"]))
    if t == EVENT.INTEREST_PAID:
        if d.get("by_government"):
            text = _("{nation} pays {amount}M interest to {player} ({own}M of it from the government's own cash)")
        else:
            text = _("{nation} pays {amount}M interest to {player}")
        return text.format(nation=n, player=who(d["player"]), amount=d["amount"], own=d.get("by_government"))
    if t == EVENT.INTEREST_SHORTFALL:
        return _("{nation} cannot pay {amount}M of the interest due to {player}").format(
            nation=n, player=who(d["player"]), amount=d["amount"])
    if t == EVENT.INVESTOR_BONUS:
        return _("{player} receives {amount}M for holding the investor card").format(player=who(d["player"]), amount=d["amount"])
    if t == EVENT.BOND_BOUGHT:
        return _("{player} buys {nation}'s {value}M bond").format(player=who(d["player"]), nation=n, value=d["value"])
    if t == EVENT.BOND_UPGRADED:
        return _("{player} trades {nation}'s {old}M bond up to the {value}M bond").format(
            player=who(d["player"]), nation=n, old=d["trade_in"], value=d["value"])
    if t == EVENT.GOVERNMENT_CHANGED:
        previous = d.get("previous")
        if isinstance(previous, int):
            return _("{player} now governs {nation}, taking over from {previous}").format(
                player=who(d["player"]), nation=n, previous=who(previous))
        return _("{player} now governs {nation}").format(player=who(d["player"]), nation=n)
    if t == EVENT.SWISS_BANK:
        if d["holds"]:
            return _("{player} governs no nation and now holds a Swiss Bank").format(player=who(d["player"]))
        return _("{player} no longer holds a Swiss Bank").format(player=who(d["player"]))
    if t == EVENT.INVESTOR_CARD:
        return _("The investor card goes to {player}").format(player=who(d["player"]))
    if t == EVENT.TAXES:
        fields = {"nation": n, "taxes": d["taxes"], "points": plural(d["points"], "power point"),
                  "income": d["income"], "bonus": d.get("bonus"), "pay": soldiers_pay(d)}
        if d.get("power", 0) >= 25 and d.get("bonus"):  # "0M into the treasury" puzzled a player
            text = _("{nation} collects {taxes}M in taxes: +{points}, reaching 25, {bonus}M success bonus to the "
                     "government: the game ends")
        elif d.get("power", 0) >= 25:  # nothing is paid or kept once the game ends
            text = _("{nation} collects {taxes}M in taxes: +{points}, reaching 25: the game ends")
        elif fields["pay"] and d.get("bonus"):
            text = _("{nation} collects {taxes}M in taxes: +{points}, {pay}M soldiers' pay, {income}M into the "
                     "treasury, {bonus}M success bonus to the government")
        elif fields["pay"]:
            text = _("{nation} collects {taxes}M in taxes: +{points}, {pay}M soldiers' pay, {income}M into the treasury")
        elif d.get("bonus"):
            text = _("{nation} collects {taxes}M in taxes: +{points}, {income}M into the treasury, "
                     "{bonus}M success bonus to the government")
        else:
            text = _("{nation} collects {taxes}M in taxes: +{points}, {income}M into the treasury")
        return text.format(**fields)
    if t == EVENT.DONATION:
        return _("{player} gives {amount}M to {nation}'s treasury").format(player=who(d["player"]), amount=d["amount"], nation=n)
    if t == EVENT.PHASE:
        if d["phase"] == "armies move":
            return _("{nation}: the fleets are done, now the armies move").format(nation=n)
        if d["phase"] == "maneuver ends":
            return _("{nation}: the maneuver ends").format(nation=n)
        return f"{n}: {d['phase']}"
    if t == EVENT.TURN_STARTED:
        return _("{nation}'s turn").format(nation=n)
    if t == EVENT.GAME_OVER:
        return _("The game is over: {reason}").format(reason=game_end_reason(board, d))
    return f"{t} {d}"
