"""Who governs each nation, and who could take it over at his next chance to invest.

Everything here is arithmetic on the bonds, the cash and the order of the investment rounds,
without playouts (one ``clone()``/``apply()`` in :func:`threats_after` and :func:`control_after`):

- :func:`investment_rounds` - who invests in the round under way and in the next rounds, in
  which order, in which nations, with the investor card's 2M or not;
- :func:`control` - per nation the government, the expected government after the check of the
  round under way, the margin, and every rival's cheapest takeover (:class:`Threat`), the
  affordable ones as ``threats``;
- :func:`payout` and :func:`payout_hands_takeover` - the cash an Investor landing hands out, and
  the takeovers of its government's nations that only this cash makes possible;
- :func:`purchase_locks` - what one purchase leaves: does the buyer govern after the check, and
  can a rival still take the nation back at his next chance (:class:`Lock`).

The rules it follows (rule book, "Investor" and "Variant without investor card"; clarification
points 5-10 and 29 of docs/clarifications.md):

- An investment is a new bond at full price or one own bond of the nation traded up to a higher
  one, paying the difference (the credit gained always equals the cash paid).
- With the investor card, investing happens when a nation lands on Investor (after the interest
  is paid) or passes it: the card's holder receives 2M from the bank and invests once, then each
  other Swiss Bank holder in seating order from him; then the governments are checked, the Swiss
  Banks updated, and the card moves one seat on.
- Without the card, after each nation's turn its government invests in it, then every other
  player clockwise; a Swiss Bank holder may choose any nation. The check follows each round.
- The check compares credit sums: a challenger must strictly exceed the government (a tie is
  not enough); tied challengers, or the first government of a nation, go to the first in seating
  order from the card's holder (without the card: from the round's first investor).

Exact: who takes a nation with one investment when nobody else invests before the check, the
cheapest such investment, the cash of a payout (the shortfall rule included), the order of the
round under way. Assumed: cash stays as it is until a later round (taxation bonuses, rondel
costs and payouts are not foreseen, except the one named by ``payout_from``), and a later round's
Swiss Banks and governments are those after the check of the round under way. The view is one
investor at a time: a government that invests earlier in the same round can defend, and two
rivals investing in one round can add up. Nothing is reported during the set-up auction.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from imperial_desktop.core import Action, Decision, DecisionKind, GameState, Invest


# ---------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Chance:
    """One player's opportunity to make one investment."""

    player: int
    rounds_away: int  # 0: the round under way, or the next round when none is under way
    nation: str | None  # the only nation he may invest in then (without the card); None: any
    bonus: int = 0  # the investor card's 2M, still to be received before he invests
    swiss: bool = False  # he holds a Swiss Bank then
    under_way: bool = False  # the round is under way (his decision now, or still to come in it)


@dataclass(frozen=True, slots=True)
class InvestRound:
    """An investment round: an Investor stop with the card, a nation's round without it."""

    index: int  # 0: under way or next
    chances: tuple[Chance, ...]  # in investing order; under way: the decider and those after him
    tie_start: int  # the seat from which the check after the round breaks ties
    nation: str | None  # without the card: the nation whose round it is
    holder: int | None  # with the card: who holds it in this round
    under_way: bool = False


@dataclass(frozen=True, slots=True)
class Threat:
    """``player`` can take ``nation`` with one investment at his chance ``rounds_away`` rounds
    on: the cheapest bond that does it (``trade_in``: the own bond returned for it)."""

    player: int
    nation: str
    buy: int
    trade_in: int | None
    cash_needed: int  # buy - trade_in: what he pays (and the credit he gains)
    cash_available: int  # his cash at that chance: now + ``bonus`` + ``payout``
    rounds_away: int = 0
    bonus: int = 0  # the investor card's 2M counted in cash_available
    payout: int = 0  # the assumed Investor payout counted in cash_available
    credit_after: int = 0  # his credit in the nation after the purchase

    @property
    def affordable(self) -> bool:
        return self.cash_needed <= self.cash_available

    @property
    def needs_payout(self) -> bool:
        """Affordable only with the payout's interest."""
        return self.affordable and self.cash_needed > self.cash_available - self.payout

    @property
    def action(self) -> Invest:
        return Invest(self.player, self.nation, self.buy, self.trade_in)


@dataclass(frozen=True, slots=True)
class NationControl:
    """Who governs ``nation`` and who could take it over."""

    nation: str
    governor: int | None  # the government now
    expected: int | None  # the government after the check of the round under way (else = governor)
    credits: tuple[int, ...]  # bond value (credit) per player
    margin: int | None  # the governor's credit minus the best rival's (None: ungoverned)
    threats: tuple[Threat, ...]  # affordable takeovers, soonest and cheapest first
    challengers: tuple[Threat, ...]  # every rival's cheapest takeover, affordable or not


@dataclass(frozen=True, slots=True)
class Lock:
    """What a purchase of ``action`` at its buyer's next chance leaves, others' bonds unchanged."""

    player: int
    nation: str
    action: Invest
    rounds_away: int  # the round of the purchase (0: under way or next)
    cost: int
    affordable: bool  # with his cash at that chance
    governs_after: bool  # he governs the nation after that round's check
    takes_over: bool  # ... and would not without this purchase
    cheapest: bool  # no cheaper purchase takes the nation over (only when takes_over)
    credit_after: int
    margin_after: int  # his credit minus the best rival's after the purchase
    treasury_before: int  # the nation's treasury before he pays into it
    treasury_after: int
    threats: tuple[Threat, ...]  # rivals who could then take it: later in that round, or at their next chance

    @property
    def holds_round(self) -> bool:
        """He governs after the check and nobody investing after him in that round can prevent it."""
        return self.governs_after and not any(t.rounds_away == self.rounds_away for t in self.threats)

    @property
    def holds_next(self) -> bool:
        """... and nobody can take it in the next round either (with the card: the next Investor stop)."""
        return self.holds_round and not any(t.rounds_away == self.rounds_away + 1 for t in self.threats)

    @property
    def locked(self) -> bool:
        """He governs after the check and no rival can take it back at his next chance."""
        return self.governs_after and not self.threats

    @property
    def cheap(self) -> bool:
        """A takeover whose price is no more than the money already in the nation's treasury, which
        the new government then steers."""
        return self.takes_over and self.cost <= self.treasury_before


# ---------------------------------------------------------------- the government check


def check(sums: list[int], incumbent: int | None, tie_start: int) -> int | None:
    """The government after a check on credit sums (clarification 9): the incumbent keeps it unless
    someone has more; ties between challengers go to the first in seating order from ``tie_start``."""
    best = max(sums)
    if best == 0:
        return incumbent
    if incumbent is not None and sums[incumbent] == best:
        return incumbent
    n = len(sums)
    for k in range(n):
        p = (tie_start + k) % n
        if sums[p] == best:
            return p
    return incumbent  # pragma: no cover - best is one of the sums


def needed_credit(sums: list[int], player: int, incumbent: int | None, tie_start: int) -> int:
    """The least credit with which ``player`` governs after the check, the others' unchanged."""
    n = len(sums)
    m = max((s for q, s in enumerate(sums) if q != player), default=0)
    if player == incumbent:
        return m
    if incumbent is not None and sums[incumbent] == m:
        return m + 1
    if m == 0:
        return 1
    for k in range(n):
        q = (tie_start + k) % n
        if q == player:
            return m
        if sums[q] == m:
            return m + 1
    return m + 1  # pragma: no cover


def credits_of(state: GameState, nation: str) -> list[int]:
    out = [0] * state.num_players
    for value, player in state.bond_owner[nation].items():
        out[player] += value
    return out


def _check_all(state: GameState, sums: dict[str, list[int]], incumbents: dict[str, int | None],
               tie_start: int) -> dict[str, int | None]:
    return {n: check(sums[n], incumbents[n], tie_start) for n in state.board.nation_ids}


def _swiss_of(governments: dict[str, int | None], n: int) -> frozenset[int]:
    governing = {g for g in governments.values() if g is not None}
    return frozenset(p for p in range(n) if p not in governing)


def cheapest_gain(state: GameState, nation: str, player: int, gain: int,
                  owned: dict[int, int] | None = None) -> tuple[int, int | None] | None:
    """The cheapest investment of ``player`` in ``nation`` that adds at least ``gain`` to his credit:
    (bond bought, own bond traded in or None); among equal prices the most interest, then a new
    bond before a trade-up. None if no bond left does it. ``owned``: the nation's bonds (value ->
    owner) if not the state's."""
    board = state.board
    owned = state.bond_owner[nation] if owned is None else owned
    free = [v for v in board.bond_values if v not in owned]
    if not free:
        return None
    rate = board.bond_interest
    best: tuple[int, int, int, int] | None = None
    choice: tuple[int, int | None] | None = None
    i = bisect_left(free, gain)
    if i < len(free):
        v = free[i]
        best = (v, -rate[v], 0, v)
        choice = (v, None)
    for old, p in owned.items():
        if p != player:
            continue
        i = bisect_left(free, max(old + 1, old + gain))
        if i < len(free):
            v = free[i]
            key = (v - old, -(rate[v] - rate[old]), 1, v)
            if best is None or key < best:
                best, choice = key, (v, old)
    return choice


# ---------------------------------------------------------------- payouts


def investor_move_cost(state: GameState, nation: str) -> int:
    """What the government pays to move ``nation``'s marker onto Investor from where it stands
    (0 before its first placement)."""
    pos = state.rondel[nation]
    if pos is None:
        return 0
    steps = (state.board.investor_index - pos) % len(state.board.rondel)
    return state.board.rondel_cost(steps)


def payout(state: GameState, nation: str, move_cost: int = 0) -> dict[int, int]:
    """Cash each player gains when ``nation`` lands on Investor (rule book, Investor step 1;
    clarification 5): the treasury pays the other holders first, in seating order after the
    government, a gap comes from the government's cash, and he gets what is left up to his own
    interest. The government's entry is net of what he pays others and of ``move_cost``."""
    gov = state.government[nation]
    due = state.interest_due(nation)
    n = state.num_players
    out: dict[int, int] = {}
    treasury = state.treasury[nation]
    gov_cash = state.cash[gov] - move_cost if gov is not None else 0
    if gov is not None and move_cost:
        out[gov] = -move_cost
    for k in range(n):
        p = ((gov or 0) + 1 + k) % n
        if p == gov or p not in due:
            continue
        amount = due[p]
        from_treasury = min(amount, treasury)
        treasury -= from_treasury
        from_gov = 0
        if from_treasury < amount and gov is not None:
            from_gov = max(0, min(amount - from_treasury, gov_cash))
            gov_cash -= from_gov
            out[gov] = out.get(gov, 0) - from_gov
        out[p] = out.get(p, 0) + from_treasury + from_gov
    if gov is not None and gov in due:
        out[gov] = out.get(gov, 0) + min(due[gov], treasury)
    return out


# ---------------------------------------------------------------- the investment rounds


class _Flow:
    """The investment rounds from the position on: round 0 (under way or next) and after it."""

    def __init__(self, state: GameState, turn: str | None = None, fresh: bool = False):
        self.state = state
        self.n = state.num_players
        self.card_variant = state.setup.investor_card
        self.ids = state.board.nation_ids
        self.sums = {x: credits_of(state, x) for x in self.ids}
        self.round0: InvestRound | None = None
        self.governments: dict[str, int | None] = dict(state.government)  # after round 0's check
        self.swiss: frozenset[int] = frozenset(state.swiss)
        self.round0_nation = 0  # without the card: index of round 0's nation
        self.ungoverned_round0 = False  # ... and round 0 is an ungoverned nation's, before its turn
        decision = None if state.is_terminal() else state.decision()
        if decision is None or decision.kind == DecisionKind.AUCTION:
            return
        under_way = decision.kind == DecisionKind.INVEST and not fresh
        if self.card_variant:
            self._card_round0(decision, under_way)
        else:
            self._variant_round0(decision, under_way, turn)
        if self.round0 is not None and self.round0.under_way:
            self.governments = _check_all(state, self.sums, dict(state.government), self.round0.tie_start)
            self.swiss = _swiss_of(self.governments, self.n)

    # -- round 0

    def _card_round0(self, decision: Decision, under_way: bool) -> None:
        state, n = self.state, self.n
        holder = state.card
        if holder is None:
            return
        order = [holder] + [(holder + k) % n for k in range(1, n) if (holder + k) % n in state.swiss]
        if under_way:
            me = decision.player
            rest = order[order.index(me) + 1:] if me in order else []
            chances = [Chance(p, 0, None, 0, p in state.swiss, True) for p in [me] + rest]
        else:
            chances = [Chance(p, 0, None, 2 if p == holder else 0, p in state.swiss, False) for p in order]
        self.round0 = InvestRound(0, tuple(chances), holder, None, holder, under_way)

    def _variant_round0(self, decision: Decision, under_way: bool, turn: str | None) -> None:
        state, n = self.state, self.n
        if under_way:
            nation, starter, queue, ungoverned = _variant_round_under_way(state, decision)
            chances = [Chance(decision.player, 0, decision.data.get("only"), 0, decision.player in state.swiss, True)]
            chances += [Chance(p, 0, only, 0, p in state.swiss, True) for p, only in queue]
            self.round0 = InvestRound(0, tuple(chances), starter, nation, None, True)
            self.round0_nation = self.ids.index(nation)
            self.ungoverned_round0 = ungoverned
            return
        nation = turn or state.turn_nation
        if nation is None:
            return
        starter = self._starter(nation, state.government)
        order = [(starter + k) % n for k in range(n)]
        chances = [Chance(p, 0, None if p in state.swiss else nation, 0, p in state.swiss, False) for p in order]
        self.round0 = InvestRound(0, tuple(chances), starter, nation, None, False)
        self.round0_nation = self.ids.index(nation)

    def _starter(self, nation: str, governments: dict[str, int | None]) -> int:
        """Who opens a nation's round without the card: its government, or for an ungoverned
        nation the government of the nearest governed nation before it (clarification 29)."""
        gov = governments[nation]
        if gov is not None:
            return gov
        ids = self.ids
        index = ids.index(nation)
        for k in range(1, len(ids) + 1):
            g = governments[ids[(index - k) % len(ids)]]
            if g is not None:
                return g
        return self.state.setup.auction_start

    # -- later rounds

    def count(self) -> int:
        """Rounds after round 0 that give every player a chance in every nation he may reach."""
        return self.n if self.card_variant else len(self.ids)

    def later(self, k: int, governments: dict[str, int | None], swiss: frozenset[int]) -> InvestRound:
        """Round ``k`` (>= 1) with the governments and Swiss Banks it starts with."""
        n = self.n
        if self.card_variant:
            assert self.state.card is not None
            holder = (self.state.card + k) % n
            order = [holder] + [(holder + j) % n for j in range(1, n) if (holder + j) % n in swiss]
            chances = tuple(Chance(p, k, None, 2 if p == holder else 0, p in swiss, False) for p in order)
            return InvestRound(k, chances, holder, None, holder, False)
        # an ungoverned nation governed after its round takes its turn and has a round after it
        first = self.round0_nation
        if not (self.ungoverned_round0 and governments[self.ids[first]] is not None):
            first += 1
        nation = self.ids[(first + k - 1) % len(self.ids)]
        starter = self._starter(nation, governments)
        order = [(starter + j) % n for j in range(n)]
        chances = tuple(Chance(p, k, None if p in swiss else nation, 0, p in swiss, False) for p in order)
        return InvestRound(k, chances, starter, nation, None, False)

    def rounds(self) -> list[InvestRound]:
        if self.round0 is None:
            return []
        return [self.round0] + [self.later(k, self.governments, self.swiss) for k in range(1, self.count() + 1)]


def _variant_round_under_way(state: GameState, decision: Decision) -> tuple[str, int, list[tuple[int, str | None]], bool]:
    """The round under way without the card: (its nation, the seat that opened it, the players
    still to invest after the decider with the nation each may choose, whether it is the round of
    an ungoverned nation before its turn). Read from the game flow (``state.agenda``, which
    ``to_dict()`` saves): the queue step, the round's end and the step after it."""
    ids = state.board.nation_ids
    queue: list[tuple[int, str | None]] = []
    starter: int | None = None
    nation: str | None = None
    ungoverned = False
    agenda = state.agenda
    for i, step in enumerate(agenda):
        if step[0] == "invest" and starter is None and not queue:
            queue = [(int(p), only) for p, only in step[1]]
        elif step[0] == "round_end":
            starter = step[1]
            following = agenda[i + 1] if i + 1 < len(agenda) else None
            if following and following[0] == "turn_start":
                nation = ids[(following[1] - 1) % len(ids)]
            elif following and following[0] == "turn_check":
                nation = ids[following[1]]
                ungoverned = True
            break
    if nation is None:
        nation = decision.nation or next((only for _, only in queue if only), None) or ids[0]
    if starter is None:
        starter = state.previous_government if state.previous_government is not None else decision.player
    return nation, starter, queue, ungoverned


def investment_rounds(state: GameState) -> list[InvestRound]:
    """The round under way (or the next one) and enough rounds after it for every player's next
    chance in every nation; empty during the set-up auction and after the game."""
    return _Flow(state).rounds()


def _first_chances(rounds: list[InvestRound], n: int, nations: tuple[str, ...] | list[str],
                   after: tuple[int, int] | None = None) -> list[dict[str, Chance]]:
    """Per player and nation his first chance to invest there; ``after`` = (round, player): only
    chances after that player's in that round."""
    out: list[dict[str, Chance]] = [{} for _ in range(n)]
    total = len(nations)
    for rnd in rounds:
        # with ``after``: skip that round's chances up to and including the player's
        skipping = after is not None and rnd.index <= after[0]
        for c in rnd.chances:
            if skipping:
                assert after is not None
                if rnd.index == after[0] and c.player == after[1]:
                    skipping = False
                continue
            mine = out[c.player]
            if len(mine) == total:
                continue
            if c.nation is None:
                for x in nations:
                    mine.setdefault(x, c)
            else:
                mine.setdefault(c.nation, c)
    return out


# ---------------------------------------------------------------- control


def _threat(state: GameState, sums: list[int], nation: str, c: Chance, incumbent: int | None,
            tie_start: int, cash: int, pay: int, owned: dict[int, int] | None = None) -> Threat | None:
    """``c.player``'s cheapest takeover of ``nation`` at chance ``c`` (None: he governs anyway or
    no bond left does it); ``owned``: the nation's bonds if not the state's."""
    p = c.player
    if check(sums, incumbent, tie_start) == p:
        return None
    gain = needed_credit(sums, p, incumbent, tie_start) - sums[p]
    found = cheapest_gain(state, nation, p, gain, owned)
    if found is None:
        return None
    buy, trade_in = found
    cost = buy - (trade_in or 0)
    return Threat(p, nation, buy, trade_in, cost, cash + c.bonus + pay, c.rounds_away, c.bonus, pay, sums[p] + cost)


def _order(t: Threat) -> tuple[int, int, int]:
    return (t.rounds_away, t.cash_needed, t.player)


def control(state: GameState, *, payout_from: str | None = None, move_cost: int | None = None) -> dict[str, NationControl]:
    """Per nation: who governs, by what margin, and every rival's cheapest takeover at his next
    chance to invest there, with the cash he will have then (now + the investor card's 2M if he
    holds it then). ``payout_from``: a nation assumed to land on Investor before the next round
    that is not under way; its payout (see :func:`payout`, with ``move_cost`` for the government,
    by default the cost of moving its marker onto Investor) is counted from that round on."""
    flow = _Flow(state)
    return _control(state, flow, _payout_cash(state, payout_from, move_cost))


def _payout_cash(state: GameState, nation: str | None, move_cost: int | None) -> dict[int, int]:
    if nation is None or state.government[nation] is None:
        return {}
    cost = investor_move_cost(state, nation) if move_cost is None else move_cost
    return payout(state, nation, cost)


def _control(state: GameState, flow: _Flow, pay: dict[int, int]) -> dict[str, NationControl]:
    """:func:`control` on the rounds of ``flow``, with ``pay`` (player -> cash) from a payout that
    comes before every round not under way."""
    rounds = flow.rounds()
    ids = state.board.nation_ids
    firsts = _first_chances(rounds, state.num_players, ids)
    out: dict[str, NationControl] = {}
    for nation in ids:
        sums = flow.sums[nation]
        gov = state.government[nation]
        found: list[Threat] = []
        for mine in firsts:
            c = mine.get(nation)
            if c is None:
                continue
            rnd = rounds[c.rounds_away]
            incumbent = gov if c.rounds_away == 0 else flow.governments[nation]
            t = _threat(state, sums, nation, c, incumbent, rnd.tie_start, state.cash[c.player],
                        0 if c.under_way else pay.get(c.player, 0))
            if t is not None:
                found.append(t)
        found.sort(key=_order)
        margin = None
        if gov is not None:
            margin = sums[gov] - max((s for q, s in enumerate(sums) if q != gov), default=0)
        out[nation] = NationControl(nation, gov, flow.governments[nation], tuple(sums), margin,
                                    tuple(t for t in found if t.affordable), tuple(found))
    return out


def all_threats(table: dict[str, NationControl]) -> list[Threat]:
    """The affordable threats of a :func:`control` table, soonest and cheapest first."""
    return sorted((t for nc in table.values() for t in nc.threats), key=_order)


def control_after(state: GameState, action: Action) -> dict[str, NationControl]:
    """:func:`control` of the position after ``action`` (applied to a copy)."""
    after = state.clone()
    after.apply(action)
    return control(after)


def threats_after(state: GameState, action: Action) -> list[Threat]:
    """Every affordable takeover after ``action`` (applied to a copy): a rondel move onto
    Investor counts its payout and the card's 2M as paid, an investment its bond."""
    return all_threats(control_after(state, action))


def payout_hands_takeover(state: GameState, nation: str, move_cost: int | None = None) -> list[Threat]:
    """If ``nation`` lands on Investor now: the takeovers of its government's nations (this one or
    another) by investors of the investment that follows (with the card: its holder and the Swiss
    Banks; without: the nation's round) that only the payout's interest pays for. ``move_cost``:
    what the government pays for the move (default: the rondel cost from its marker)."""
    gov = state.government[nation]
    if gov is None:
        return []
    flow = _Flow(state, turn=nation, fresh=True)
    if flow.round0 is None:
        return []
    pay = _payout_cash(state, nation, move_cost)
    mine = {x for x in state.board.nation_ids if state.government[x] == gov}
    out = []
    for c in flow.round0.chances:
        if c.player == gov or pay.get(c.player, 0) <= 0:
            continue
        for x in sorted(mine):
            if c.nation is not None and c.nation != x:
                continue
            t = _threat(state, flow.sums[x], x, c, gov, flow.round0.tie_start, state.cash[c.player], pay[c.player])
            if t is not None and t.needs_payout:
                out.append(t)
    return sorted(out, key=lambda t: (t.nation != nation, t.cash_needed, t.player))


# ---------------------------------------------------------------- locks


def purchase_locks(state: GameState, player: int, action: Invest) -> Lock:
    """What ``player``'s purchase ``action`` at his next chance to invest in its nation leaves:
    whether he governs after that round's check, and which rivals could still take the nation -
    those investing after him in that round, and every rival at his next chance after that round
    (with the cash they have now and the card's 2M). Raises ValueError for a bond that cannot be
    bought (taken, or a trade-in he does not hold) or when he has no chance to invest there."""
    nation = action.nation
    owned = state.bond_owner[nation]
    if action.player != player or action.value in owned or (
            action.trade_in is not None and (owned.get(action.trade_in) != player or action.trade_in >= action.value)):
        raise ValueError(f"player {player} cannot buy {action}")
    flow = _Flow(state)
    rounds = flow.rounds()
    ids = state.board.nation_ids
    mine = _first_chances(rounds, state.num_players, ids)[player].get(nation)
    if mine is None:
        raise ValueError(f"player {player} has no chance to invest in {nation}")
    r = mine.rounds_away
    rnd = rounds[r]
    cost = action.value - (action.trade_in or 0)
    sums = flow.sums[nation]
    after = list(sums)
    after[player] += cost
    bonds = dict(owned)  # the nation's bonds after the purchase: a bond traded in is free again
    if action.trade_in is not None:
        del bonds[action.trade_in]
    bonds[action.value] = player
    incumbents = dict(state.government) if r == 0 else dict(flow.governments)
    incumbent = incumbents[nation]
    before_gov = check(sums, incumbent, rnd.tie_start)
    new_gov = check(after, incumbent, rnd.tie_start)
    takes = new_gov == player and before_gov != player
    cheapest = False
    if takes:
        least = cheapest_gain(state, nation, player, needed_credit(sums, player, incumbent, rnd.tie_start) - sums[player])
        cheapest = least is not None and least[0] - (least[1] or 0) == cost
    threats: list[Threat] = []
    # rivals later in the same round: against the bonds after the purchase, before the check
    later_in_round = _first_chances([rnd], state.num_players, ids, after=(r, player))
    for q, chances in enumerate(later_in_round):
        c = chances.get(nation)
        if q == player or c is None:
            continue
        t = _threat(state, after, nation, c, incumbent, rnd.tie_start, state.cash[q], 0, bonds)
        if t is not None and t.affordable:
            threats.append(t)
    # every rival at his next chance after that round
    all_sums = dict(flow.sums)
    all_sums[nation] = after
    governments = _check_all(state, all_sums, incumbents, rnd.tie_start)
    swiss = _swiss_of(governments, state.num_players)
    later = [flow.later(k, governments, swiss) for k in range(r + 1, r + 1 + flow.count())]
    seen: set[int] = set()
    for rnd_k in later:
        for c in rnd_k.chances:
            if c.player == player or c.player in seen or (c.nation is not None and c.nation != nation):
                continue
            seen.add(c.player)
            t = _threat(state, after, nation, c, governments[nation], rnd_k.tie_start, state.cash[c.player], 0, bonds)
            if t is not None and t.affordable:
                threats.append(t)
    best_rival = max((s for q, s in enumerate(after) if q != player), default=0)
    cash = state.cash[player] + mine.bonus
    return Lock(player, nation, action, r, cost, cost <= cash, new_gov == player, takes, cheapest,
                after[player], after[player] - best_rival, state.treasury[nation], state.treasury[nation] + cost,
                tuple(sorted(threats, key=_order)))
