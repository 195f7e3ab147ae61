"""Set-up: the bonds dealt with the flag cards, or the opening auction (R-EN Set-up, #30, #32)."""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.actions import Action, Invest, PassInvestment, interned
from imperial_desktop.core.events import Event
from imperial_desktop.core.refusal import Refusal
from imperial_desktop.core.setup import AUCTION, GameSetup
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT, KIND


class SetupPhase(StateBase):
    """The start of a game: bonds, governments and the Investor card."""

    def _start(self, setup: GameSetup) -> None:
        b = self.board
        n = setup.num_players
        events: list[Event] = []
        if setup.bond_distribution == AUCTION:
            cash = b.starting_cash_auction[n]
            self.cash = [cash] * n
            self.agenda = [["auction_nation", i] for i in range(len(b.nation_ids))] + [["auction_finish"]]
        else:
            self.cash = [b.starting_cash_standard[n]] * n
            dealt = dict(setup.flag_cards)
            for nation, player in setup.flag_cards:  # R-EN set-up: buy the bonds on the card back
                for bond_nation, value in b.starting_bonds[nation]:
                    self._buy(player, bond_nation, value, None, events)
                self.government[nation] = player
            for nation in b.nation_ids:  # undealt cards go to the owner of the 2M bond (#32)
                if nation not in dealt:
                    owner = self.bond_owner[nation].get(min(b.bond_values))
                    self.government[nation] = owner
            self._place_investor_card()
            self.agenda = [["turn_start", 0]]
        self._run(events)

    def _place_investor_card(self) -> None:
        """#4: left of Austria-Hungary's government, else of the first governed nation."""
        if not self.setup.investor_card:
            self.card = None
            return
        for nation in self.board.nation_ids:
            gov = self.government[nation]
            if gov is not None:
                self.card = (gov + 1) % self.setup.num_players
                return

    # -- the opening auction (#30): each player may buy one bond of each nation in turn

    def _legal_auction(self, p: dict[str, Any]) -> list[Action]:
        player, nation = p["player"], p["nation"]
        acts: list[Action] = [interned(Invest, player, nation, v, None) for v in self.available_bonds(nation) if v <= self.cash[player]]
        acts.append(interned(PassInvestment, player))
        return acts

    def _refuse_auction(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """The auction sells the nation's bonds at full price, new ones only (#30)."""
        if isinstance(action, Invest):
            return self._bond_refusal(action, p["nation"], trade_ins=False)
        return None

    def _step_auction_nation(self, ev: list[Event], index: int) -> None:
        n = self.num_players
        nation = self.board.nation_ids[index]
        first = (self.setup.auction_start + index) % n  # the start player moves on each nation
        queue = [(first + k) % n for k in range(n)]
        self.agenda[:0] = [["auction_bid", nation, queue], ["auction_close", nation]]

    def _step_auction_bid(self, ev: list[Event], nation: str, queue: list[int]) -> None:
        for i, player in enumerate(queue):
            if any(v <= self.cash[player] for v in self.available_bonds(nation)):
                self.pending = {"kind": KIND.AUCTION, "player": player, "nation": nation}
                if queue[i + 1:]:
                    self.agenda.insert(0, ["auction_bid", nation, queue[i + 1:]])
                return

    def _step_auction_close(self, ev: list[Event], nation: str) -> None:
        owners = self.bond_owner[nation]
        if owners:  # bond values are distinct and each player buys at most one: no ties
            top = max(owners)
            self.government[nation] = owners[top]
            ev.append(Event(EVENT.GOVERNMENT_CHANGED, {"nation": nation, "player": owners[top], "previous": None}))

    def _step_auction_finish(self, ev: list[Event]) -> None:
        self._update_swiss_banks(ev)
        self._place_investor_card()
        if self.card is not None:
            ev.append(Event(EVENT.INVESTOR_CARD, {"player": self.card}))
        self.agenda.insert(0, ["turn_start", 0])
