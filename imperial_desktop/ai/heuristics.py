"""The heuristic policy: one rule of thumb per decision kind.

:class:`HeuristicPolicy` answers every decision of the game quickly and without look-ahead.
The Easy bot plays it with noise; Normal and Hard use it for the decisions they do not search
and as the fast policy of their look-ahead and playouts.
"""

from __future__ import annotations

import random
from typing import Callable

from imperial_desktop.ai.analysis import (
    credits, distances, hurt_value, interests, projected_power, smooth_factor,
)
from imperial_desktop.ai.evaluation import ROUNDS_PER_PAYOUT
from imperial_desktop.ai.maneuver import ManeuverView, score_demand
from imperial_desktop.ai.game_end import STALL_TURNS, without_losing_end
from imperial_desktop.ai.no_waste import useful_choices
from imperial_desktop.core import (
    ARMY, FLEET, Action, AskNation, Battle, BuildFactory, ChooseRondel, Decision, DecisionKind, Donate,
    EndPhase, GameState, ImportUnit, Invest, PassInvestment, Produce, SetArmyStatus, SwissForce,
)
from imperial_desktop.core.board import NEUTRAL

Scored = list[tuple[float, Action]]
DONATION_KINDS = (DecisionKind.FACTORY, DecisionKind.SWISS_FORCE)  # decisions where a donation may open an option


def pending_choice(state: GameState) -> tuple[Decision, list[Action], Action | None]:
    """The pending decision, its legal actions (at the rondel without the wasted turns that
    ``no_waste`` rules out, only the sure win of ``game_end`` when there is one, and none of its
    sure losses while there is another choice), and the
    action to take without thinking when there is only one (unless a donation could open
    another option)."""
    decision = state.decision()
    assert decision is not None, "the game is over"
    legal = state.legal_actions()
    if decision.kind == DecisionKind.RONDEL:
        legal = useful_choices(state, legal)  # no wasted turn: every level follows this rule
        legal = without_losing_end(state, legal)  # a sure win alone; never a sure loss while there is a choice
    only = legal[0] if len(legal) == 1 and decision.kind not in DONATION_KINDS else None
    return decision, legal, only


class HeuristicPolicy:
    """Rules of thumb for every decision; ``noise`` (score points) and ``epsilon`` (chance of a
    random legal action) make it weaker and less predictable."""

    def __init__(self, rng: random.Random | None = None, noise: float = 0.0, epsilon: float = 0.0,
                 donate: bool = True):
        self.rng = rng or random.Random(0)
        self.noise = noise
        self.epsilon = epsilon
        self.donate = donate
        self._donated: tuple[int, str, str, int] | None = None

    # -------------------------------------------------------------- entry point

    def choose(self, state: GameState) -> Action:
        decision, legal, only = pending_choice(state)
        if only is not None:
            return only
        if self.epsilon and decision.kind not in (DecisionKind.ENTRY_STATUS,) and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        scorer: Callable[[GameState, list[Action]], Scored | Action] = getattr(self, "score_" + decision.kind)
        result = scorer(state, legal)
        if isinstance(result, Action):
            return result
        return self.pick(result)

    def pick(self, scored: Scored) -> Action:
        """The best-scored action (with noise, if any)."""
        if self.noise:
            return max(scored, key=lambda sa: sa[0] + self.rng.gauss(0.0, self.noise))[1]
        return max(scored, key=lambda sa: sa[0])[1]

    def _may_donate(self, state: GameState, nation: str) -> bool:
        """At most one donation per decision."""
        d = state.decision()
        key = (state.turns_taken, d.kind if d else "", nation, d.player if d else -1)
        if not self.donate or self._donated == key:
            return False
        self._donated = key
        return True

    # -------------------------------------------------------------- set-up auction

    def score_auction(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        player, nation = d.player, d.nation or ""
        board = state.board
        index = board.nation_ids.index(nation)
        left = len(board.nation_ids) - index
        cash = state.cash[player]
        owned = state.bond_owner[nation]
        top = max(owned) if owned else 0
        governs = sum(1 for n in board.nation_ids if state.government[n] == player)
        my_tops = sum(1 for n in board.nation_ids[:index] if state.bond_owner[n]
                      and state.bond_owner[n][max(state.bond_owner[n])] == player)
        want_gov = my_tops + governs == 0 or (my_tops < 2 and cash > 12 and left <= 3)
        scored: Scored = []
        for a in legal:
            if not isinstance(a, Invest):
                scored.append((0.0, a))
                continue
            rest = cash - a.value
            value = board.bond_interest[a.value] * 2.6 - a.value
            if a.value > top and want_gov:
                value += 8.0 if a.value <= cash * 0.75 or left <= 2 else 2.0
            if rest < 2 * (left - 1) and not a.value > top:
                value -= 4.0
            if a.value > top and rest < 0.25 * cash and left > 2:
                value -= 4.0
            scored.append((value, a))
        return scored

    # -------------------------------------------------------------- rondel

    def score_rondel(self, state: GameState, legal: list[Action]) -> Scored:
        values = rondel_values(state)
        return [(values.get(a.space, 0.0), a) for a in legal if isinstance(a, ChooseRondel)]

    def score_swiss_force(self, state: GameState, legal: list[Action]) -> Scored | Action:
        d = state.decision()
        assert d is not None
        value = swiss_force_value(state, d.player, d.nation or "")
        force = [a for a in legal if isinstance(a, SwissForce) and a.force]
        if not force and value > 2.0 and self._may_donate(state, d.nation or ""):
            total = sum(state.interest_due(d.nation or "").values())
            gap = total - state.treasury[d.nation or ""]
            if 0 < gap <= min(2, state.cash[d.player]):
                return Donate(d.player, d.nation or "", gap)
        return [(value if isinstance(a, SwissForce) and a.force else 0.0, a) for a in legal]

    # -------------------------------------------------------------- factory, production, import

    def score_factory(self, state: GameState, legal: list[Action]) -> Scored | Action:
        d = state.decision()
        assert d is not None
        nation = d.nation or ""
        sites = [a for a in legal if isinstance(a, BuildFactory) and a.city is not None]
        if not sites:
            gap = state.board.factory_cost - state.treasury[nation]
            if 0 < gap <= min(4, state.cash[d.player]) and self._may_donate(state, nation):
                return Donate(d.player, nation, gap)
            return legal[-1]
        board = state.board
        nat = board.nation_by_id[nation]
        armies, fleets = state.unit_count(nation)
        land_power = nat.army_supply >= nat.fleet_supply
        scored: Scored = []
        for a in legal:
            if a.city is None:  # type: ignore[attr-defined]
                scored.append((-5.0, a))
                continue
            reg = board.regions[a.city]  # type: ignore[attr-defined]
            value = 5.0
            armaments = reg.factory_type != "shipyard"
            value += 1.0 if armaments == land_power else 0.0
            value += 0.5 if armaments and fleets > armies else 0.0
            for nbr in board.land_neighbours[a.city]:  # type: ignore[attr-defined]
                for other in board.nation_ids:
                    if other != nation and state.armies[other].get(nbr) and state.government[other] != d.player:
                        value -= 1.5
            scored.append((value, a))
        return scored

    def score_production(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        nation = d.nation or ""
        armies, fleets = state.unit_count(nation)
        cap = 4 + len(state.unoccupied_factories(nation)) * 2
        scored: Scored = []
        for a in legal:
            assert isinstance(a, Produce)
            n = len(a.cities)
            value = n * (1.0 if armies + fleets + n <= cap else -0.5)
            scored.append((value, a))
        return scored

    def score_import(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        nation = d.nation or ""
        armies, fleets = state.unit_count(nation)
        units = armies + fleets
        board = state.board
        want = state.treasury[nation] >= 1 and units < 6 + len(state.unoccupied_factories(nation))
        view = distances(board, "land")
        land_targets = [r for r in board.flag_regions if board.regions[r].kind == NEUTRAL and state.flags.get(r) != nation]
        scored: Scored = []
        for a in legal:
            if isinstance(a, EndPhase):
                scored.append((0.0, a))
                continue
            assert isinstance(a, ImportUnit)
            if not want:
                scored.append((-1.0, a))
                continue
            near = min((view[a.region].get(t, 12) for t in land_targets), default=12)
            value = 2.0 - 0.1 * near
            if a.unit == FLEET:
                value += 0.8 if fleets < 2 else -0.8
            else:
                value += 0.5 if armies <= fleets + 1 else 0.0
            scored.append((value, a))
        return scored

    # -------------------------------------------------------------- maneuver

    def score_maneuver(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        view = ManeuverView(state, d.nation or "", d.player)
        return [(view.score(a), a) for a in legal]

    def score_entry_fight(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        view = ManeuverView(state, d.nation or "", d.player)
        return [(view.score_battle(a) if isinstance(a, Battle) else 0.0, a) for a in legal]

    def score_entry_ask(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        return [(-hurt_value(state, d.player, a.asked), a) for a in legal if isinstance(a, AskNation)]

    def score_entry_demand(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        return [(score_demand(state, d.player, a) if isinstance(a, Battle) else 0.0, a) for a in legal]

    def score_entry_status(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        view = ManeuverView(state, d.nation or "", d.player)
        return [(view.score_status(a), a) for a in legal if isinstance(a, SetArmyStatus)]

    # -------------------------------------------------------------- investing

    def score_invest(self, state: GameState, legal: list[Action]) -> Scored:
        d = state.decision()
        assert d is not None
        values = bond_values(state, d.player)
        scored: Scored = []
        for a in legal:
            if isinstance(a, PassInvestment):
                scored.append((0.5, a))
            elif isinstance(a, Invest):
                scored.append((invest_value(state, d.player, a, values), a))
        return scored


# ------------------------------------------------------------------ shared valuations


def bond_values(state: GameState, player: int) -> dict[str, float]:
    """Worth of 1M of interest in each nation at the end: projected factor + payouts to come."""
    power, rounds = projected_power(state)
    out = {}
    for nation in state.board.nation_ids:
        factor = smooth_factor(state.board, power[nation], rounds)
        payouts = min(3.0, rounds / ROUNDS_PER_PAYOUT) * 0.6
        out[nation] = factor + payouts
    return out


def invest_value(state: GameState, player: int, a: Invest, values: dict[str, float]) -> float:
    """Heuristic net worth of buying (or trading up to) a bond."""
    board = state.board
    rate = board.bond_interest
    gained = rate[a.value] - (rate[a.trade_in] if a.trade_in is not None else 0)
    cost = a.value - (a.trade_in or 0)
    value = gained * values[a.nation] - cost
    sums = credits(state, a.nation)
    mine_after = sums[player] + cost
    gov = state.government[a.nation]
    best_other = max((s for p, s in enumerate(sums) if p != player), default=0)
    if gov != player and mine_after > best_other and (gov is None or mine_after > sums[gov]):
        value += 1.0 + 0.8 * values[a.nation]
    elif gov == player and sums[player] <= best_other + 4 and mine_after > best_other + 4:
        value += 1.0  # keep the government out of reach
    share = (interests(state, a.nation)[player] + gained) / max(1, sum(interests(state, a.nation)) + gained)
    value += 0.25 * cost * share  # the money goes to a treasury that partly pays us back
    return value


def swiss_force_value(state: GameState, player: int, nation: str) -> float:
    """Gain for a Swiss-Bank holder of forcing ``nation`` onto Investor."""
    due = state.interest_due(nation)
    mine = due.get(player, 0)
    others = sum(v for p, v in due.items() if p != player)
    gov = state.government[nation]
    value = mine - 0.3 * others
    h = hurt_value(state, player, nation)
    value += 0.5 * max(-2.0, min(3.0, h))
    if gov is not None and gov != player:
        value += 0.5
    return value


def rondel_values(state: GameState) -> dict[int, float]:
    """Heuristic worth of each rondel space for the nation whose turn it is (net of cost)."""
    d = state.decision()
    assert d is not None
    nation, player = d.nation or "", d.player
    board = state.board
    pos = state.rondel[nation]
    size = len(board.rondel)
    out: dict[int, float] = {}
    action_value = _action_values(state, nation, player)
    for space in board.rondel:
        steps = 0 if pos is None else (space.index - pos) % size
        if pos is not None and not 1 <= steps <= board.max_steps:
            continue
        value = action_value[space.action] - board.rondel_cost(steps) * 1.2
        if space.action == "production" and pos is None:
            value -= 0.5
        if pos is not None and state.setup.investor_card:
            inv = board.investor_index
            if 0 < (inv - pos) % size < steps and state.card == player:
                value += 2.0
        out[space.index] = value
    return out


def _action_values(state: GameState, nation: str, player: int) -> dict[str, float]:
    board = state.board
    nat = board.nation_by_id[nation]
    armies, fleets = state.unit_count(nation)
    units = armies + fleets
    treasury = state.treasury[nation]
    sites = [c for c in nat.home_provinces if c not in state.factories and c not in state.occupied_regions()]
    free = state.unoccupied_factories(nation)
    values: dict[str, float] = {}
    # Factory: +2 taxes for the rest of the game.
    can_pay = treasury >= board.factory_cost or treasury + min(4, state.cash[player]) >= board.factory_cost
    late = state.power[nation] >= 20
    rich = max(0.0, treasury - board.factory_cost) / 2.5  # idle money is worth more as a factory
    values["factory"] = ((8.0 if not late else 4.0) + min(6.0, rich)) if sites and can_pay else -6.0
    # Production: new units where they are wanted.
    targets = sum(1 for r in board.flag_regions if state.flags.get(r) != nation)
    supply_a, supply_f = nat.army_supply - armies, nat.fleet_supply - fleets
    producible = sum(1 for f in free if (board.regions[f].factory_type == "shipyard" and supply_f > 0)
                     or (board.regions[f].factory_type != "shipyard" and supply_a > 0))
    need = 1.6 if units < min(targets, 4 + 2 * len(free)) else 0.3
    values["production"] = producible * need * 1.4 - (1.5 if producible == 0 else 0.0)
    # Import: up to three units for 1M each.
    importable = min(3, treasury)
    wanted = treasury >= 1 and units < 6 + len(free)  # the import rule buys nothing otherwise
    values["import"] = (importable * need * 1.4 - 1.0 - (0.5 * importable if treasury - importable < 3 else 0.0)
                        if wanted else -4.0)
    # Maneuver: flags to win and intruders to fight.
    values["maneuver"] = _maneuver_prospects(state, nation, player)
    # Taxation: power points, the government's bonus and income.
    taxes = state.tax_revenue(nation)
    points = board.tax_points[board.chart_position(taxes)]
    bonus = max(0, board.chart_position(taxes) - state.chart[nation])
    income = max(0, taxes - units)
    tax_value = 2.2 * points + 1.0 * bonus + 0.4 * income
    stalling = max(0, state.turns_taken - STALL_TURNS)
    if state.power[nation] + points >= 25:
        wins = _would_win(state, nation, player, points, bonus)
        tax_value = 60.0 if wins or stalling else -60.0
    values["taxation"] = tax_value - (2.0 if points == 0 else 0.0) + (30.0 + 2.0 * stalling if stalling else 0.0)
    # Investor: interest paid out now (most to us if we hold much of the nation).
    due = state.interest_due(nation)
    total = sum(due.values())
    mine = min(due.get(player, 0), max(0, treasury - (total - due.get(player, 0))))
    others = total - due.get(player, 0)
    shortfall = max(0, others - treasury)
    card = 2.0 if state.setup.investor_card and state.card == player else 0.0
    hungry = 1.5 if state.cash[player] < 6 else 0.0
    idle = (1.0 + min(4.0, rich)) if treasury >= board.factory_cost and sites else 0.0
    values["investor"] = (1.5 * mine + hungry - 0.25 * others - 1.5 * shortfall + card - idle
                          - payout_takeover_risk(state, nation, player))
    return values


TAKEOVER_PENALTY = 10.0


def payout_takeover_risk(state: GameState, nation: str, player: int) -> float:
    """Penalty when the nation's own Investor payout would give a rival who invests next the
    cash to buy a bond that takes the government from ``player`` (who governs it now)."""
    if state.government[nation] != player:
        return 0.0
    due = state.interest_due(nation)
    if state.setup.investor_card:
        holder = state.card
        investors = ({holder} if holder is not None else set()) | set(state.swiss)
    else:
        holder = None
        investors = set(range(state.num_players))
    sums = credits(state, nation)
    for rival in investors:
        paid = due.get(rival, 0)
        if rival == player or paid <= 0:
            continue
        cash = state.cash[rival] + (2 if rival == holder else 0)
        if sums[rival] + credit_gain(state, nation, rival, cash + paid) > sums[player] \
                >= sums[rival] + credit_gain(state, nation, rival, cash):
            return TAKEOVER_PENALTY
    return 0.0


def credit_gain(state: GameState, nation: str, player: int, cash: int) -> int:
    """The most a player can add to his credit in ``nation`` with ``cash`` (trading in a bond)."""
    owned = [v for v, p in state.bond_owner[nation].items() if p == player]
    best = 0
    for value in state.available_bonds(nation):
        if value <= cash:
            best = max(best, value)
        for old in owned:
            if old < value <= cash + old:
                best = max(best, value - old)
    return best


def _maneuver_prospects(state: GameState, nation: str, player: int) -> float:
    """Rough value of a maneuver now: flags within one move, rival armies to fight at home."""
    board = state.board
    view = ManeuverView(state, nation, player)
    reach: set[str] = set()
    movers = 0
    for region, count in state.armies[nation].items():
        near = [r for r in board.land_neighbours[region] if board.regions[r].kind == NEUTRAL]
        if board.regions[region].kind == "home_province" and board.regions[region].nation == nation:
            for home in board.nation_by_id[nation].home_provinces:
                near.extend(r for r in board.land_neighbours[home] if board.regions[r].kind == NEUTRAL)
        for sea in board.sea_neighbours[region]:
            if state.fleets[nation].get(sea):
                near.extend(r for r in board.coasts[sea] if board.regions[r].kind == NEUTRAL)
        options = {r for r in near if view._enter_value(r, ARMY) > 2.0}
        if options:
            movers += count
            reach |= options
    gain = min(movers, len(reach))
    fleet_reach: set[str] = set()
    fleet_movers = 0
    for region, count in state.fleets[nation].items():
        sea = region if board.regions[region].is_sea else board.regions[region].harbour_sea
        if sea is None:
            continue
        near = [sea] if sea != region else list(board.sea_neighbours[sea])
        options = {r for r in near if view._enter_value(r, FLEET) > 2.0}
        if options:
            fleet_movers += count
            fleet_reach |= options
    gain += min(fleet_movers, len(fleet_reach))
    intruders = sum(1 for r in view.home for o in state.board.nation_ids
                    if o != nation and r in state.hostile[o])
    stacks = len(state.armies[nation]) + len(state.fleets[nation])
    if not stacks:
        return -4.0  # nothing to move: an empty action
    idle = 0.6 * min(4, stacks)  # moving closer
    return 3.3 * gain + 4.0 * intruders + idle - 1.0


def _would_win(state: GameState, nation: str, player: int, points: int, bonus: int) -> bool:
    """Whether a game-ending taxation leaves ``player`` first."""
    board = state.board
    totals = []
    for p in range(state.num_players):
        total = state.cash[p] + (bonus if p == player else 0)
        for n in board.nation_ids:
            pw = min(25, state.power[n] + (points if n == nation else 0))
            total += interests(state, n)[p] * board.power_factor(pw)
        totals.append(total)
    return totals[player] >= max(totals)
