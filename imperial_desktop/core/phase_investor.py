"""Investor: interest, the Investor card, investing, governments and Swiss Banks (R-EN Investor,
clarifications 4, 5 and 8-10; the variant without Investor card, #29)."""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.actions import Action, Invest, PassInvestment, interned
from imperial_desktop.core.events import Event
from imperial_desktop.core.refusal import Refusal, RefusalCode, refuse
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT, KIND


class InvestorPhase(StateBase):
    """Bonds: buying and trading them up, the interest they earn and the power they give."""

    def _act_investor(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        self._pay_interest(nation, ev)
        if self.setup.investor_card:
            self.agenda[:0] = [["investor_card"], ["investor_end"]]

    def _pay_interest(self, nation: str, ev: list[Event]) -> None:
        """#5: the treasury pays the other holders first; a gap comes from the government's cash;
        the government gets what is left, up to its own interest."""
        gov = self.government[nation]
        due = self.interest_due(nation)
        n = self.num_players
        order = [p for p in ((gov or 0) + 1 + k for k in range(n)) for p in [p % n] if p != gov and p in due]
        for p in order:
            amount = due[p]
            from_treasury = min(amount, self.treasury[nation])
            self.treasury[nation] -= from_treasury
            from_gov = 0
            if from_treasury < amount and gov is not None:
                from_gov = min(amount - from_treasury, self.cash[gov])
                self.cash[gov] -= from_gov
            paid = from_treasury + from_gov
            self.cash[p] += paid
            ev.append(Event(EVENT.INTEREST_PAID, {"nation": nation, "player": p, "amount": paid, "by_government": from_gov}))
            if paid < amount:
                ev.append(Event(EVENT.INTEREST_SHORTFALL, {"nation": nation, "player": p, "amount": amount - paid}))
        if gov is not None and gov in due:
            own = min(due[gov], self.treasury[nation])
            self.treasury[nation] -= own
            self.cash[gov] += own
            ev.append(Event(EVENT.INTEREST_PAID, {"nation": nation, "player": gov, "amount": own, "by_government": 0}))

    # ------------------------------------------------------------------ investing (#8)

    def _invest_options(self, player: int, only: str | None) -> list[Action]:
        """#8: a new bond at full price, or one owned bond traded up to a higher one."""
        cash = self.cash[player]
        acts: list[Action] = []
        values = self.board.bond_values  # ascending
        for nation in (self.board.nation_ids if only is None else (only,)):
            owned = self.bond_owner[nation]
            mine = [v for v, p in owned.items() if p == player]
            reach = cash + (max(mine) if mine else 0)
            for value in values:
                if value > reach:
                    break
                if value in owned:
                    continue
                if value <= cash:
                    acts.append(interned(Invest, player, nation, value, None))
                for old in mine:
                    if old < value and value - old <= cash:
                        acts.append(interned(Invest, player, nation, value, old))
        return acts

    def _legal_invest(self, p: dict[str, Any]) -> list[Action]:
        acts = self._invest_options(p["player"], p.get("only"))
        acts.append(interned(PassInvestment, p["player"]))
        return acts

    def _refuse_invest(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        if isinstance(action, Invest):
            return self._bond_refusal(action, p.get("only"), trade_ins=True)
        return None

    def _bond_refusal(self, action: Invest, only: str | None, *, trade_ins: bool) -> Refusal | None:
        """#8: a bond not yet sold, paid in full, or one of the player's own bonds of this nation
        given back for a higher one and the difference paid; ``only``: the one nation offered."""
        nation, value, trade_in = action.nation, action.value, action.trade_in
        if only is not None and nation != only:
            return refuse(RefusalCode.INVEST_ONLY_IN, nation=only)
        if nation not in self.bond_owner:
            return refuse(RefusalCode.UNKNOWN_NATION, nation=nation)
        if value not in self.board.bond_values:
            return refuse(RefusalCode.NO_SUCH_BOND, value=value)
        owned = self.bond_owner[nation]
        if value in owned:
            return refuse(RefusalCode.BOND_TAKEN, nation=nation, value=value)
        cash = self.cash[action.player]
        if trade_in is not None:
            if not trade_ins:
                return refuse(RefusalCode.NO_TRADE_IN)
            if owned.get(trade_in) != action.player:
                return refuse(RefusalCode.TRADE_IN_NOT_OWNED, nation=nation, value=trade_in)
            if trade_in >= value:
                return refuse(RefusalCode.TRADE_IN_NOT_LOWER, value=value, trade_in=trade_in)
        cost = value - (trade_in or 0)
        if cost > cash:
            return refuse(RefusalCode.BOND_TOO_DEAR, value=value, cost=cost, cash=cash)
        return None

    def _do_invest(self, action: Invest, ev: list[Event]) -> None:
        self._buy(action.player, action.nation, action.value, action.trade_in, ev)
        self.pending = None

    def _do_pass(self, action: PassInvestment, ev: list[Event]) -> None:
        self.pending = None

    def _buy(self, player: int, nation: str, value: int, trade_in: int | None, ev: list[Event]) -> None:
        cost = value - (trade_in or 0)
        self.cash[player] -= cost
        self.treasury[nation] += cost
        owned = self.bond_owner[nation]
        if trade_in is not None:
            del owned[trade_in]
            ev.append(Event(EVENT.BOND_UPGRADED, {"player": player, "nation": nation, "value": value, "trade_in": trade_in, "paid": cost}))
        else:
            ev.append(Event(EVENT.BOND_BOUGHT, {"player": player, "nation": nation, "value": value, "paid": cost}))
        owned[value] = player

    # ------------------------------------------------------------------ the investing rounds

    def _step_investor_card(self, ev: list[Event]) -> None:
        holder = self.card
        assert holder is not None
        self.cash[holder] += 2
        ev.append(Event(EVENT.INVESTOR_BONUS, {"player": holder, "amount": 2}))
        n = self.num_players
        queue = [[holder, None]]
        queue += [[(holder + k) % n, None] for k in range(1, n) if (holder + k) % n in self.swiss]
        self.agenda.insert(0, ["invest", queue])

    def _step_investor_end(self, ev: list[Event]) -> None:
        holder = self.card
        assert holder is not None
        self._update_governments(holder, ev)
        self._update_swiss_banks(ev)
        self.card = (holder + 1) % self.num_players
        ev.append(Event(EVENT.INVESTOR_CARD, {"player": self.card}))

    def _step_invest(self, ev: list[Event], queue: list[list[Any]]) -> None:
        for i, (player, only) in enumerate(queue):
            if self._invest_options(player, only):
                self.pending = {"kind": KIND.INVEST, "player": player, "nation": only, "only": only}
                if queue[i + 1:]:
                    self.agenda.insert(0, ["invest", queue[i + 1:]])
                return

    def _step_variant_round(self, ev: list[Event], nation: str, starter: int) -> None:
        """#29: after a nation's turn each player may invest in it (a Swiss Bank in any nation)."""
        n = self.num_players
        order = [(starter + k) % n for k in range(n)]
        queue = [[p, None if p in self.swiss else nation] for p in order]
        self.agenda[:0] = [["invest", queue], ["round_end", starter]]

    def _step_round_end(self, ev: list[Event], starter: int) -> None:
        self._update_governments(starter, ev)
        self._update_swiss_banks(ev)

    def _anyone_can_invest(self) -> bool:
        """Whether a bond can still be bought at all: only in the variant without investor card
        does an ungoverned nation offer its bonds outside a turn (R-EN variant, #29)."""
        if self.setup.investor_card:
            return False
        cheapest = min(self.board.bond_values)
        return any(c >= cheapest for c in self.cash)

    # ------------------------------------------------------------------ governments and Swiss Banks (#9, #10)

    def _update_governments(self, tie_start: int, ev: list[Event]) -> None:
        """#9: a challenger must strictly exceed the incumbent; ties among challengers go to
        the first in seating order from ``tie_start``."""
        n = self.num_players
        for nation in self.board.nation_ids:
            sums = [0] * n
            for value, p in self.bond_owner[nation].items():
                sums[p] += value
            best = max(sums)
            if best == 0:
                continue
            incumbent = self.government[nation]
            if incumbent is not None and sums[incumbent] == best:
                continue
            new = next((tie_start + k) % n for k in range(n) if sums[(tie_start + k) % n] == best)
            self.government[nation] = new
            ev.append(Event(EVENT.GOVERNMENT_CHANGED, {"nation": nation, "player": new, "previous": incumbent}))

    def _update_swiss_banks(self, ev: list[Event]) -> None:
        """#10: a player who governs no nation holds a Swiss Bank."""
        governing = {g for g in self.government.values() if g is not None}
        new = {p for p in range(self.num_players) if p not in governing}
        for p in sorted(new ^ self.swiss):
            ev.append(Event(EVENT.SWISS_BANK, {"player": p, "holds": p in new}))
        self.swiss = new
