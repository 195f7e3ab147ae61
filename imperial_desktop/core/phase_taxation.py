"""Taxation and the score: taxes, the success bonus, power points, the game's end (R-EN
Taxation, Game end; clarifications 24-27)."""

from __future__ import annotations

from typing import Any

from imperial_desktop.core import scoring
from imperial_desktop.core.events import Event
from imperial_desktop.core.state_base import StateBase
from imperial_desktop.core.vocabulary import EVENT


class TaxationPhase(StateBase):
    """The Taxation space (no decision: it is carried out at once) and the scores."""

    def _act_taxation(self, ev: list[Event]) -> None:
        """R-EN Taxation, #24-#26."""
        nation = self.turn_nation
        assert nation is not None
        b = self.board
        taxes = self.tax_revenue(nation)
        old = self.chart[nation]
        position = b.chart_position(taxes)
        bonus = max(0, position - old)
        gov = self.government[nation]
        assert gov is not None
        self.cash[gov] += bonus
        self.chart[nation] = position
        points = b.tax_points[position]
        self.power[nation] = min(25, self.power[nation] + points)
        armies, fleets = self.unit_count(nation)
        ending = self.power[nation] >= 25
        income = 0 if ending else max(0, taxes - armies - fleets)
        self.treasury[nation] += income
        ev.append(Event(EVENT.TAXES, {"nation": nation, "taxes": taxes, "chart": position, "bonus": bonus,
                                  "points": points, "power": self.power[nation], "soldiers_pay": armies + fleets,
                                  "income": income}))
        self.power_log.append([self.turns_taken + 1, nation, self.power[nation]])
        if ending:
            self.turns_taken += 1
            self.over = True
            self.pending = None
            self.agenda = []
            self.turn_nation = None
            ev.append(Event(EVENT.GAME_OVER, {"nation": nation, "scores": [s["total"] for s in self.scores()]}))

    # ------------------------------------------------------------------ scoring (#27)

    def scores(self) -> list[dict[str, Any]]:
        """Per player: bonds with interest x power factor, cash and the total."""
        return scoring.scores(self)  # type: ignore[arg-type]

    def tie_break_key(self, player: int) -> tuple[int, ...]:
        """Credit sums in the nations ordered by power points (ties in nation order)."""
        return scoring.tie_break_key(self, player)  # type: ignore[arg-type]

    def ranking(self) -> list[dict[str, Any]]:
        """Players best first, with ``rank`` and whether equal totals needed the tie-break."""
        return scoring.ranking(self)  # type: ignore[arg-type]
