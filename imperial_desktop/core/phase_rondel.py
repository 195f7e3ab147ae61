"""A nation's turn and the rondel, with the Swiss Banks' forcing onto Investor.

R-EN Game play (Selecting a space on the rondel), clarifications 1-7, 28, 29 and 37: the turn
passes from nation to nation; the government moves the nation's marker 1-3 spaces free and up
to 3 more at 2M each from its own cash (the first placement is free anywhere); a move past
Investor may be forced to stop there by a Swiss Bank; then the space's action is carried out.
"""

from __future__ import annotations

from typing import Any

from imperial_desktop.core.actions import Action, ChooseRondel, SwissForce, interned
from imperial_desktop.core.events import Event
from imperial_desktop.core.refusal import Refusal, RefusalCode, refuse
from imperial_desktop.core.setup import FORCED_STOP_COST_FREE, INVESTOR_SHORTFALL_FORBID
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT, KIND


class RondelPhase(StateBase):
    """The turn order, the rondel decision and the Swiss Banks' question."""

    # ------------------------------------------------------------------ legality and reasons

    def _legal_rondel(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        gov = p["player"]
        b = self.board
        pos = self.rondel[nation]
        acts: list[Action] = []
        if pos is None:
            targets = [(s.index, 0) for s in b.rondel]  # #1: free first placement anywhere
        else:
            size = len(b.rondel)
            targets = [((pos + k) % size, b.rondel_cost(k)) for k in range(1, b.max_steps + 1)]
        for space, cost in targets:
            if cost > self.cash[gov]:
                continue  # #28: only affordable targets
            if space == b.investor_index and not self._can_land_on_investor(nation, self.cash[gov] - cost):
                continue
            acts.append(interned(ChooseRondel, nation, space))
        return acts

    def _refuse_rondel(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """R-EN Selecting a space: move on, at most six spaces, extra spaces paid by the
        government (#2, #28); Investor only with the interest covered (#5)."""
        if not isinstance(action, ChooseRondel):
            return None
        b = self.board
        nation, space, gov = p["nation"], action.space, p["player"]
        if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < len(b.rondel):
            return refuse(RefusalCode.NO_SUCH_SPACE, space=space)
        start = self.rondel[nation]
        cost = 0
        if start is not None:
            steps = (space - start) % len(b.rondel)
            if steps == 0:
                return refuse(RefusalCode.RONDEL_MUST_MOVE, space=space)
            if steps > b.max_steps:
                return refuse(RefusalCode.RONDEL_TOO_FAR, space=space, steps=steps, most=b.max_steps)
            cost = b.rondel_cost(steps)
            if cost > self.cash[gov]:
                return refuse(RefusalCode.RONDEL_TOO_DEAR, space=space, cost=cost, player=gov, cash=self.cash[gov],
                              free=b.free_steps, price=b.cost_per_extra_step)
        if space == b.investor_index and not self._can_land_on_investor(nation, self.cash[gov] - cost):
            return refuse(RefusalCode.INVESTOR_INTEREST, nation=nation, due=self._interest_to_others(nation),
                          available=self.treasury[nation] + self.cash[gov] - cost)
        return None

    def _interest_to_others(self, nation: str) -> int:
        gov = self.government[nation]
        return sum(v for p, v in self.interest_due(nation).items() if p != gov)

    def _can_land_on_investor(self, nation: str, gov_cash: int) -> bool:
        """#5 (default "forbid"): treasury + government cash must cover the other holders' interest."""
        if self.setup.options.investor_shortfall != INVESTOR_SHORTFALL_FORBID:
            return True
        return self.treasury[nation] + gov_cash >= self._interest_to_others(nation)

    def _legal_swiss_force(self, p: dict[str, Any]) -> list[Action]:
        nation = p["nation"]
        acts: list[Action] = []
        if self.treasury[nation] >= sum(self.interest_due(nation).values()):
            acts.append(interned(SwissForce, p["player"], nation, True))
        acts.append(interned(SwissForce, p["player"], nation, False))
        return acts

    def _refuse_swiss_force(self, action: Action, p: dict[str, Any]) -> Refusal | None:
        """#7: a Swiss Bank forces the stop only if the treasury can pay all the interest."""
        if not isinstance(action, SwissForce):
            return None
        nation = p["nation"]
        if action.nation != nation:
            return refuse(RefusalCode.NOT_THE_ACTING_NATION, nation=action.nation, acting=nation)
        total = sum(self.interest_due(nation).values())
        if action.force and self.treasury[nation] < total:
            return refuse(RefusalCode.FORCE_NEEDS_INTEREST, nation=nation, due=total, treasury=self.treasury[nation])
        return None

    # ------------------------------------------------------------------ moving on the rondel (#1, #2, #6, #7)

    def passes_investor(self, start: int | None, target: int) -> bool:
        """A move from rondel space ``start`` to ``target`` goes past Investor without stopping (#7)."""
        if start is None:
            return False
        size = len(self.board.rondel)
        steps = (target - start) % size
        inv = self.board.investor_index
        return 0 < (inv - start) % size < steps

    def _do_rondel(self, action: ChooseRondel, ev: list[Event]) -> None:
        nation, target = action.nation, action.space
        start = self.rondel[nation]
        self.pending = None
        if self.passes_investor(start, target) and (self.setup.investor_card or self.setup.options.swiss_force_without_card):
            queue = self._force_candidates(nation)
            if queue:
                # The cost is paid on declaring the move, so that nothing (a donation during the
                # Swiss Banks' question) can leave it unpaid; a forced stop refunds the difference.
                gov = self.government[nation]
                assert gov is not None and start is not None
                paid = self.board.rondel_cost((target - start) % len(self.board.rondel))
                self.cash[gov] -= paid
                self.pending = {"kind": KIND.SWISS_FORCE, "player": queue[0], "nation": nation, "target": target,
                                "queue": queue[1:], "paid": paid}
                return
        self._move_on_rondel(nation, target, ev)

    def _force_candidates(self, nation: str) -> list[int]:
        """Swiss-Bank holders in seating order from the card holder (#7) who could force now or
        after a donation of their own."""
        n = self.num_players
        gov = self.government[nation]
        first = self.card if self.card is not None else ((gov or 0) + 1) % n
        total = sum(self.interest_due(nation).values())
        out = []
        for k in range(n):
            p = (first + k) % n
            if p in self.swiss and p != gov and self.treasury[nation] + self.cash[p] >= total:
                out.append(p)
        return out

    def _do_swiss_force(self, action: SwissForce, ev: list[Event]) -> None:
        p = self.pending
        assert p is not None
        nation, target, queue, paid = p["nation"], p["target"], p["queue"], p.get("paid", 0)
        self.pending = None
        if action.force:
            ev.append(Event(EVENT.INVESTOR_FORCED, {"player": action.player, "nation": nation, "intended": target}))
            self._move_on_rondel(nation, self.board.investor_index, ev, forced=True, prepaid=paid)
            return
        total = sum(self.interest_due(nation).values())
        queue = [q for q in queue if q in self.swiss and self.treasury[nation] + self.cash[q] >= total]
        if queue:
            self.pending = {"kind": KIND.SWISS_FORCE, "player": queue[0], "nation": nation, "target": target,
                            "queue": queue[1:], "paid": paid}
            return
        self._move_on_rondel(nation, target, ev, prepaid=paid)

    def _move_on_rondel(self, nation: str, target: int, ev: list[Event], forced: bool = False, prepaid: int = 0) -> None:
        b = self.board
        start = self.rondel[nation]
        gov = self.government[nation]
        assert gov is not None
        steps = 0 if start is None else (target - start) % len(b.rondel)
        cost = b.rondel_cost(steps)
        if forced and self.setup.options.forced_stop_cost == FORCED_STOP_COST_FREE:
            cost = 0
        self.cash[gov] -= cost - prepaid  # a refund when a forced stop costs less than declared
        passed = self.passes_investor(start, target)
        self.rondel[nation] = target
        ev.append(Event(EVENT.RONDEL_MOVED, {"nation": nation, "from": start, "to": target, "cost": cost, "passed_investor": passed}))
        steps_after: list[list[Any]] = [["act", b.rondel[target].action]]
        if passed and self.setup.investor_card:
            steps_after += [["investor_card"], ["investor_end"]]
        steps_after.append(["end_turn"])
        self.agenda[:0] = steps_after

    def _step_act(self, ev: list[Event], action: str) -> None:
        """The action of the space the nation stopped on, carried out by that phase (``_act_<action>``)."""
        start = getattr(self, "_act_" + action, None)
        if start is None:  # pragma: no cover - map data error
            raise RuntimeError(f"unknown rondel action {action!r}")
        start(ev)

    # ------------------------------------------------------------------ the turn order (#3, #29, #37)

    def _step_turn_start(self, ev: list[Event], index: int) -> None:
        ids = self.board.nation_ids
        nation = ids[index]
        if all(g is None for g in self.government.values()) and not self._anyone_can_invest():
            self._end_without_government(ev)  # clarification point 37: nobody could ever move
            return
        if self.government[nation] is None:  # #3: skipped, or (#29) first offered in a round
            if not self.setup.investor_card:
                starter = self.previous_government
                if starter is None:  # R-EN variant without investor card: the previous nation's government
                    starter = self._previous_nation_government(index)
                self.agenda[:0] = [["variant_round", nation, starter], ["turn_check", index]]
            else:
                self.agenda.insert(0, ["turn_start", (index + 1) % len(ids)])
            return
        self.turn_nation = nation
        ev.append(Event(EVENT.TURN_STARTED, {"nation": nation, "turn": self.turns_taken + 1}))
        self.pending = {"kind": KIND.RONDEL, "player": self.government[nation], "nation": nation}

    def _previous_nation_government(self, index: int) -> int:
        """The government of the nearest governed nation before ``index`` in turn order (the
        auction's start player if none is governed: clarification point 37)."""
        ids = self.board.nation_ids
        for k in range(1, len(ids) + 1):
            gov = self.government[ids[(index - k) % len(ids)]]
            if gov is not None:
                return gov
        return self.setup.auction_start

    def _end_without_government(self, ev: list[Event]) -> None:
        """Clarification point 37: no nation has a government and no bond can be granted any more."""
        self.over = True
        self.pending = None
        self.agenda = []
        self.turn_nation = None
        ev.append(Event(EVENT.GAME_OVER, {"nation": None, "reason": "no_government",
                                      "scores": [s["total"] for s in self.scores()]}))

    def _step_turn_check(self, ev: list[Event], index: int) -> None:
        ids = self.board.nation_ids
        if self.government[ids[index]] is not None:
            self.agenda.insert(0, ["turn_start", index])
        else:
            self.agenda.insert(0, ["turn_start", (index + 1) % len(ids)])

    def _step_end_turn(self, ev: list[Event]) -> None:
        nation = self.turn_nation
        assert nation is not None
        self.turns_taken += 1
        gov = self.government[nation]
        self.previous_government = gov
        index = self.board.nation_ids.index(nation)
        nxt = (index + 1) % len(self.board.nation_ids)
        self.turn_nation = None
        if not self.setup.investor_card:
            self.agenda[:0] = [["variant_round", nation, gov], ["turn_start", nxt]]
        else:
            self.agenda.insert(0, ["turn_start", nxt])
