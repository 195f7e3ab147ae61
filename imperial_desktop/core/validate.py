"""Every invariant the rules imply, checked on a state read from a file (a save or a record).

:func:`validate_state` is what :meth:`GameState.validate` and :meth:`GameState.from_dict` run:
a state that passes is one the rules could have produced as far as the rules constrain it, and
it can be played on without a crash. It runs on load only, never inside ``apply()``.

Limits (documented in docs/saves.md) bound what a hand-edited file may hold; a real game stays
far below each of them.
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from imperial_desktop.core.actions import ARMY, FLEET
from imperial_desktop.core.board import HOME
from imperial_desktop.core.errors import RecordError
from imperial_desktop.core.setup import AUCTION
from imperial_desktop.core.vocabulary import DecisionKind
from imperial_desktop.i18n import _

if TYPE_CHECKING:
    from imperial_desktop.core.state import GameState

MAX_MONEY = 10_000  # millions in one purse or treasury; a real game ends below 1,000
MAX_TURNS = 5_000  # nation turns; a real game has about 40-120
MAX_AGENDA = 32  # pending steps of the game flow; the flow itself never queues more than 6
MAX_NAME_CHARS = 40  # a player's name
MAX_SAVE_NAME_CHARS = 60  # a save's name (as session/saves.py accepts it when saving)
MAX_RECORD_ACTIONS = 50_000  # a game record; a real game has about 700-1,500 actions
MAX_RECORD_DONATIONS = 5_000  # donations in one record
SMOKE_ACTIONS = 8  # legal actions tried on a copy of a loaded state

_STEP_ARITY = {
    "auction_nation": 1, "auction_bid": 2, "auction_close": 1, "auction_finish": 0,
    "turn_start": 1, "turn_check": 1, "act": 1, "investor_card": 0, "investor_end": 0,
    "invest": 1, "variant_round": 2, "round_end": 1, "end_turn": 0,
}
_AUCTION_STEPS = {"auction_nation", "auction_bid", "auction_close", "auction_finish"}
_CARD_STEPS = {"investor_card", "investor_end"}
_NO_CARD_STEPS = {"variant_round", "round_end"}
_ENTRY_KINDS = {DecisionKind.ENTRY_FIGHT, DecisionKind.ENTRY_ASK, DecisionKind.ENTRY_DEMAND, DecisionKind.ENTRY_STATUS}
_PENDING_KEYS = {
    DecisionKind.AUCTION: {"kind", "player", "nation"}, DecisionKind.RONDEL: {"kind", "player", "nation"},
    DecisionKind.FACTORY: {"kind", "player", "nation"}, DecisionKind.PRODUCTION: {"kind", "player", "nation"},
    DecisionKind.IMPORT: {"kind", "player", "nation", "count"}, DecisionKind.MANEUVER: {"kind", "player", "nation"},
    DecisionKind.ENTRY_FIGHT: {"kind", "player", "nation"}, DecisionKind.ENTRY_ASK: {"kind", "player", "nation"},
    DecisionKind.ENTRY_DEMAND: {"kind", "player", "nation"}, DecisionKind.ENTRY_STATUS: {"kind", "player", "nation"},
    DecisionKind.INVEST: {"kind", "player", "nation", "only"},
    DecisionKind.SWISS_FORCE: {"kind", "player", "nation", "target", "queue", "paid"},
}


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# Characters that draw nothing by themselves: format characters (zero-width space, soft hyphen),
# combining and enclosing marks (variation selectors, the grapheme joiner), controls.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me", "Cc"})


def shows_nothing(value: str) -> bool:
    """Whether non-empty ``value`` has no character that draws: the font code refuses to render such
    text ("Text has zero width"), e.g. a player named U+200B or U+034F."""
    return bool(value) and all(unicodedata.category(ch) in INVISIBLE_CATEGORIES for ch in value)


def text_problem(value: Any, limit: int) -> str | None:
    """Why ``value`` is not acceptable text from a file (None if it is)."""
    if not isinstance(value, str):
        return _("not text")
    if len(value) > limit:
        return _("longer than {limit} characters").format(limit=limit)
    for ch in value:
        category = unicodedata.category(ch)
        if category == "Cs":
            return _("holds a broken character (a lone surrogate)")
        if category == "Cc":
            return _("holds a control character")
    if shows_nothing(value.strip()):
        return _("holds only invisible characters")
    return None


def clean_text(value: Any, limit: int) -> str:
    """``value`` made into safe text: surrogates and control characters replaced, cut to ``limit``."""
    text = value if isinstance(value, str) else str(value)
    text = "".join("\ufffd" if unicodedata.category(ch) in ("Cs", "Cc") else ch for ch in text[:limit])
    return "\ufffd" if shows_nothing(text.strip()) else text


class _Problems:
    """Collects problems; stops listing after a dozen (the first ones say enough)."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, text: str) -> None:
        if len(self.items) < 12:
            self.items.append(text[:160])


def _valid_player(state: "GameState", value: Any) -> bool:
    return is_int(value) and 0 <= value < state.num_players


def _check_setup(state: "GameState", out: _Problems) -> None:
    for number, name in enumerate(state.setup.players, start=1):
        why = text_problem(name, MAX_NAME_CHARS)
        if why:
            out.add(f"the name of player {number} {why}")


def _check_money(state: "GameState", out: _Problems) -> None:
    for p, cash in enumerate(state.cash):
        if not is_int(cash) or not 0 <= cash <= MAX_MONEY:
            out.add(f"cash of player {p + 1} out of 0-{MAX_MONEY}")
    for nation, money in state.treasury.items():
        if not is_int(money) or not 0 <= money <= MAX_MONEY:
            out.add(f"treasury of {nation} out of 0-{MAX_MONEY}")


def _in_investment_window(state: "GameState") -> bool:
    """Bonds may change hands before the governments are checked at these steps' end."""
    return any(step[0] in ("investor_end", "round_end", "auction_close") for step in state.agenda)


def _check_bonds_and_governments(state: "GameState", out: _Problems) -> None:
    b = state.board
    governing: set[int] = set()
    settled = not _in_investment_window(state)
    for nation in b.nation_ids:
        owners = state.bond_owner[nation]
        for value, player in owners.items():
            if value not in b.bond_interest or not _valid_player(state, player):
                out.add(f"bad bond of {nation}: {value} held by {player!r}")
        gov = state.government[nation]
        if gov is not None:
            if not _valid_player(state, gov):
                out.add(f"bad government of {nation}: {gov!r}")
                continue
            governing.add(gov)
        if state.rondel[nation] is not None and gov is None:
            out.add(f"{nation} moved on the rondel without a government")
        if not settled:
            continue
        credit = [0] * state.num_players
        for value, player in owners.items():
            if _valid_player(state, player):
                credit[player] += value
        best = max(credit)
        if best == 0 and gov is not None:
            out.add(f"{nation} has a government but no bonds are held")
        elif best > 0 and (gov is None or credit[gov] != best):
            # R-EN / #9: the largest credit sum governs; on a tie the incumbent keeps it
            out.add(f"the government of {nation} is not its largest bondholder")
    swiss = state.swiss
    if any(not _valid_player(state, p) for p in swiss):
        out.add(f"Swiss Bank of a player who does not exist: {sorted(map(repr, swiss))}")
    elif swiss & governing:
        out.add("a player holds a Swiss Bank while governing a nation")
    elif not any(step[0] == "auction_finish" for step in state.agenda) and not state.over:
        expected = {p for p in range(state.num_players) if p not in governing}
        if swiss != expected:  # #10: exactly the players who govern nothing
            out.add("the Swiss Banks are not held by exactly the players without a government")
    card = state.card
    if card is not None and not _valid_player(state, card):
        out.add(f"investor card with a player who does not exist: {card!r}")
    if card is not None and not state.setup.investor_card:
        out.add("an investor card in the variant without investor card")
    if (card is None and state.setup.investor_card and governing and not state.over
            and not any(step[0] == "auction_finish" for step in state.agenda)):
        out.add("nobody holds the investor card")
    if state.previous_government is not None and not _valid_player(state, state.previous_government):
        out.add("bad previous government")


def _check_units(state: "GameState", out: _Problems) -> None:
    b = state.board
    for nation in b.nation_ids:
        nat = b.nation_by_id[nation]
        for unit, store in ((ARMY, state.armies[nation]), (FLEET, state.fleets[nation])):
            for region, count in store.items():
                r = b.regions.get(region)
                if r is None:
                    out.add(f"unknown region {region!r}")
                    continue
                if not is_int(count) or count < 1:
                    out.add(f"bad number of {nation} {unit}s in {region}")
                if unit == ARMY and not r.is_land:
                    out.add(f"{nation} army at sea in {region}")
                if unit == FLEET and not (r.is_sea or (r.kind == HOME and r.nation == nation and r.harbour_sea)):
                    out.add(f"{nation} fleet on land in {region}")  # only at sea or in an own harbour
        armies = sum(c for c in state.armies[nation].values() if is_int(c))
        fleets = sum(c for c in state.fleets[nation].values() if is_int(c))
        if armies > nat.army_supply or fleets > nat.fleet_supply:
            out.add(f"{nation} has more units than its supply ({nat.army_supply}/{nat.fleet_supply})")
        for region in state.hostile[nation]:
            r = b.regions.get(region)
            if region not in state.armies[nation]:
                out.add(f"{nation} hostile in {region!r} without armies there")
            elif r is None or r.kind != HOME or r.nation == nation:
                out.add(f"{nation} hostile in {region}, which is not another Great Power's home")
        if not 0 <= state.power[nation] <= 25:
            out.add(f"{nation} power points out of 0-25")
        if state.chart[nation] not in b.tax_points:
            out.add(f"{nation} tax chart position out of {min(b.tax_points)}-{max(b.tax_points)}")
        r_pos = state.rondel[nation]
        if r_pos is not None and not 0 <= r_pos < len(b.rondel):
            out.add(f"bad rondel position of {nation}")
        flags = state.flag_count(nation)
        if flags > nat.flags:
            out.add(f"{nation} has {flags} flags (at most {nat.flags})")
        homes = nat.home_provinces
        occupied = state.occupied_regions()
        if any(f in state.factories for f in homes) and not any(f in state.factories and f not in occupied for f in homes):
            out.add(f"{nation} has no factory free of hostile armies (#20)")  # the last one can't be taken
    for region, nation in state.flags.items():
        r = b.regions.get(region)
        if r is None or not r.takes_flags or nation not in b.nation_by_id:
            out.add(f"bad flag {nation!r} in {region!r}")  # never in home provinces (#23)
    for city in state.factories:
        r = b.regions.get(city)
        if r is None or r.kind != HOME:
            out.add(f"factory outside a home province: {city!r}")


def _check_power_log(state: "GameState", out: _Problems) -> None:
    b = state.board
    last_turn = 0
    last_power = {n: 0 for n in b.nation_ids}
    for entry in state.power_log:
        if (not isinstance(entry, list) or len(entry) != 3 or not is_int(entry[0]) or not is_int(entry[2])
                or entry[1] not in b.nation_by_id):
            out.add("a malformed entry in the power log")
            return
        turn, nation, power = entry
        if not last_turn < turn <= state.turns_taken + 1 or not 0 <= power <= 25 or power < last_power[nation]:
            out.add("the power log does not follow the game's turns")
            return
        last_turn = turn
        last_power[nation] = power
    if last_power != state.power:
        out.add("the power log disagrees with the power points")


def _check_step(state: "GameState", step: Any, out: _Problems) -> None:
    b = state.board
    if not isinstance(step, list) or not step or step[0] not in _STEP_ARITY or len(step) != _STEP_ARITY[step[0]] + 1:
        out.add(f"unknown step of the game flow {step!r}"[:120])
        return
    name, args = step[0], step[1:]
    if name in _AUCTION_STEPS and state.setup.bond_distribution != AUCTION:
        out.add("an auction step in a game without auction")
    if name in _CARD_STEPS and not state.setup.investor_card:
        out.add("an investor-card step in the variant without investor card")
    if name in _NO_CARD_STEPS and state.setup.investor_card:
        out.add("a variant step in a game with investor card")
    n_nations = len(b.nation_ids)
    ok = True
    if name in ("auction_nation", "turn_start", "turn_check"):
        ok = is_int(args[0]) and 0 <= args[0] < n_nations
    elif name == "auction_bid":
        ok = args[0] in b.nation_by_id and _player_list(state, args[1])
    elif name == "auction_close":
        ok = args[0] in b.nation_by_id
    elif name == "act":
        ok = args[0] in {s.action for s in b.rondel} and state.turn_nation is not None
    elif name == "invest":
        ok = (isinstance(args[0], list) and 0 < len(args[0]) <= state.num_players and all(
            isinstance(item, list) and len(item) == 2 and _valid_player(state, item[0])
            and (item[1] is None or item[1] in b.nation_by_id) for item in args[0]))
    elif name == "variant_round":
        ok = args[0] in b.nation_by_id and _valid_player(state, args[1])
    elif name == "round_end":
        ok = _valid_player(state, args[0])
    elif name in ("end_turn", "investor_card", "investor_end"):
        ok = state.turn_nation is not None
        if name == "investor_card" and state.card is None:
            ok = False
    if not ok:
        out.add(f"bad step of the game flow {step!r}"[:120])


def _player_list(state: "GameState", value: Any) -> bool:
    return (isinstance(value, list) and 0 < len(value) <= state.num_players
            and all(_valid_player(state, p) for p in value) and len(set(value)) == len(value))


def _check_flow(state: "GameState", out: _Problems) -> None:
    """The agenda, the pending decision, the maneuver and the battle question agree."""
    b = state.board
    if not isinstance(state.agenda, list) or len(state.agenda) > MAX_AGENDA:
        out.add("bad agenda of steps")
        return
    for step in state.agenda:
        _check_step(state, step, out)
    if not is_int(state.turns_taken) or not 0 <= state.turns_taken <= MAX_TURNS:
        out.add(f"turns taken out of 0-{MAX_TURNS}")
    if state.turn_nation is not None and state.turn_nation not in b.nation_by_id:
        out.add(f"unknown nation to move {state.turn_nation!r}")
        return
    if state.turn_nation is not None and state.government[state.turn_nation] is None:
        out.add("the nation to move has no government")
        return
    names = [step[0] for step in state.agenda if isinstance(step, list) and step]
    if state.over:
        reached = any(p >= 25 for p in state.power.values())
        nobody = all(g is None for g in state.government.values())  # see clarification point 37
        if state.pending is not None or state.agenda or state.mv is not None or state.entry is not None:
            out.add("a finished game with a decision pending")
        elif not reached and not nobody:
            out.add("a finished game although no nation reached 25 power points")
        return
    if any(p >= 25 for p in state.power.values()):
        out.add("a nation has 25 power points but the game is not over")
    p = state.pending
    if not isinstance(p, dict):
        out.add("no pending decision in an unfinished game")
        return
    kind = p.get("kind")
    if kind not in _PENDING_KEYS or set(p) - {"paid"} != _PENDING_KEYS[kind] - {"paid"}:
        out.add(f"bad pending decision {p!r}"[:160])
        return
    player, nation = p["player"], p["nation"]
    if not _valid_player(state, player):
        out.add(f"the pending decision names a player who does not exist: {player!r}"[:160])
        return
    if nation is not None and nation not in b.nation_by_id:
        out.add(f"the pending decision names an unknown nation {nation!r}"[:160])
        return
    turn = state.turn_nation
    if kind == DecisionKind.AUCTION:
        if "auction_close" not in names or names[-1:] != ["auction_finish"] or turn is not None:
            out.add("an auction decision outside the set-up auction")
        elif nation is None:
            out.add("an auction decision without a nation")
    elif kind == DecisionKind.INVEST:
        if p["only"] != nation:
            out.add("bad investment decision")
        elif state.setup.investor_card and ("investor_end" not in names or turn is None):
            out.add("an investment outside an Investor turn")
        elif state.setup.investor_card and (nation is not None or (player != state.card and player not in state.swiss)):
            out.add("an Investor-turn investment by a player without the card or a Swiss Bank")  # #6
        elif not state.setup.investor_card and "round_end" not in names:
            out.add("an investment outside an investment round")
        elif not state.setup.investor_card and nation is None and player not in state.swiss:
            out.add("a free choice of nation for a player without Swiss Bank")
    elif kind in (DecisionKind.RONDEL, DecisionKind.SWISS_FORCE):
        if turn != nation or state.agenda or state.mv is not None or state.entry is not None:
            out.add(f"a {kind} decision out of its place in the turn")
        elif kind == DecisionKind.RONDEL and player != state.government[nation]:
            out.add("the rondel is chosen by someone other than the government")
        elif kind == DecisionKind.SWISS_FORCE:
            _check_swiss_force(state, p, out)
    else:  # a decision inside a nation's turn
        if turn is None or names[-1:] != ["end_turn"]:
            out.add(f"a {kind} decision outside a nation's turn")
            return
        expected_nation = turn
        if kind == DecisionKind.ENTRY_DEMAND:
            expected_nation = nation if state.entry and nation in state.entry.get("remaining", ()) else None
        if nation != expected_nation or player != state.government.get(nation):
            out.add(f"a {kind} decision for the wrong nation or player")
            return
        if kind == DecisionKind.IMPORT and not (is_int(p["count"]) and 0 <= p["count"] < b.import_max):
            out.add("bad number of imported units")
        if (kind == DecisionKind.MANEUVER or kind in _ENTRY_KINDS) != (state.mv is not None):
            out.add(f"a {kind} decision with{'out' if state.mv is None else ''} a maneuver under way")
        elif (kind in _ENTRY_KINDS) != (state.entry is not None):
            out.add("the battle question does not match the decision")
    if state.mv is not None:
        _check_maneuver(state, out)
    if state.entry is not None and state.mv is not None:
        _check_entry(state, p, out)


def _check_swiss_force(state: "GameState", p: dict[str, Any], out: _Problems) -> None:
    b = state.board
    nation = p["nation"]
    if not (is_int(p["target"]) and 0 <= p["target"] < len(b.rondel)):
        out.add("a Swiss Bank question without a rondel target")
    elif not (isinstance(p["queue"], list) and all(_valid_player(state, q) for q in p["queue"])):
        out.add("a Swiss Bank question with a bad queue")
    elif not is_int(p.get("paid", 0)) or not 0 <= p.get("paid", 0) <= MAX_MONEY:
        out.add("a Swiss Bank question with a bad payment")
    elif p["player"] not in state.swiss or p["player"] == state.government[nation]:
        out.add("a Swiss Bank question to a player without Swiss Bank")
    elif state.rondel[nation] is None:
        out.add("a Swiss Bank question on a first rondel move")


def _check_maneuver(state: "GameState", out: _Problems) -> None:
    b = state.board
    mv = state.mv
    nation = state.turn_nation
    assert mv is not None and nation is not None
    if mv.get("phase") not in ("fleets", "armies"):
        out.add("bad maneuver phase")
        return
    for key, store in (("moved_a", state.armies[nation]), ("moved_f", state.fleets[nation]), ("convoy", state.fleets[nation])):
        for region, count in mv[key].items():
            if region not in b.regions or not is_int(count) or not 1 <= count <= store.get(region, 0):
                out.add(f"bad maneuver record {key} {region!r}")
    if mv["phase"] == "fleets" and (mv["moved_a"] or mv["convoy"]):
        out.add("armies moved in the fleet phase")
    touched = mv["touched"]
    if not all(isinstance(r, str) and r in b.regions for r in touched) or len(set(touched)) != len(touched):
        out.add("bad maneuver record touched")


def _check_entry(state: "GameState", p: dict[str, Any], out: _Problems) -> None:
    b = state.board
    e = state.entry
    if not isinstance(e, dict) or set(e) != {"mover", "region", "unit", "mode", "remaining"}:
        out.add("bad battle question state")
        return
    remaining = e["remaining"]
    if (e["mover"] != state.turn_nation or e["region"] not in b.regions or e["unit"] not in (ARMY, FLEET)
            or e["mode"] not in ("enter", "status") or not isinstance(remaining, list)
            or len(set(map(repr, remaining))) != len(remaining)
            or any(o not in b.nation_by_id or o == e["mover"] or state.government[o] is None for o in remaining)):
        out.add("bad battle question state")
        return
    kind = p["kind"]
    if kind == DecisionKind.ENTRY_ASK and len(remaining) < 2:
        out.add("a nation to ask with fewer than two left")
    if kind == DecisionKind.ENTRY_STATUS and (e["unit"] != ARMY or e["mode"] != "enter"):
        out.add("an army status question for a fleet")


def state_problems(state: "GameState") -> list[str]:
    """Every broken invariant of ``state`` (empty when it is sound)."""
    out = _Problems()
    _check_setup(state, out)
    _check_money(state, out)
    _check_bonds_and_governments(state, out)
    _check_units(state, out)
    _check_power_log(state, out)
    if not out.items:
        _check_flow(state, out)
    return out.items


def validate_state(state: "GameState") -> None:
    """Raise :class:`RecordError` naming what is wrong unless ``state`` is sound and playable."""
    problems = state_problems(state)
    if problems:
        raise RecordError("impossible game position: " + "; ".join(problems))
    try:
        state.describe_decision()
        legal = [] if state.over else state.legal_actions()
        if not state.over and not legal:
            raise RecordError("impossible game position: no legal action")
        # A last net: each of a spread of the legal actions must apply to a copy.
        step = max(1, len(legal) // max(1, SMOKE_ACTIONS))
        for action in legal[::step][:SMOKE_ACTIONS]:
            state.clone().apply(action)
    except RecordError:
        raise
    except Exception as exc:  # a hand-edited position can break the rules' generators
        raise RecordError(f"impossible game position: {type(exc).__name__}: {exc}"[:300]) from exc
