"""Random whole games with invariant checks after every action (property testing).

Used by tests/test_properties.py (CI) and tools/property_run.py (long runs).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from imperial_desktop.core.actions import Donate
from imperial_desktop.core.board import HOME
from imperial_desktop.core.setup import AUCTION, STANDARD, GameSetup, RulesOptions
from imperial_desktop.core.state import GameState


class InvariantError(AssertionError):
    """A state broke one of the game's invariants."""


@dataclass
class CheckedGame:
    seed: int
    players: int
    variant: str
    actions: int
    nation_turns: int


def check_invariants(state: GameState) -> None:
    """Raise InvariantError if the state breaks a rule that must always hold."""
    b = state.board
    if any(c < 0 for c in state.cash):
        raise InvariantError(f"negative cash {state.cash}")
    for nation in b.nation_ids:
        nat = b.nation_by_id[nation]
        if state.treasury[nation] < 0:
            raise InvariantError(f"negative treasury of {nation}")
        armies, fleets = state.unit_count(nation)
        if armies > nat.army_supply or fleets > nat.fleet_supply:
            raise InvariantError(f"{nation} exceeds its unit supply ({armies}, {fleets})")
        if state.flag_count(nation) > nat.flags:
            raise InvariantError(f"{nation} has more than {nat.flags} flags")
        if not 0 <= state.power[nation] <= 25:
            raise InvariantError(f"{nation} power points {state.power[nation]}")
        for region in state.fleets[nation]:
            r = b.regions[region]
            if not (r.is_sea or (r.kind == HOME and r.nation == nation and r.harbour_sea)):
                raise InvariantError(f"{nation} fleet in {region}")
        for region in state.armies[nation]:
            if not b.regions[region].is_land:
                raise InvariantError(f"{nation} army in {region}")
    for region, nation in state.flags.items():
        if b.regions[region].kind == HOME or not b.regions[region].takes_flags:
            raise InvariantError(f"flag of {nation} in {region}")
    for city in state.factories:
        if b.regions[city].kind != HOME:
            raise InvariantError(f"factory outside a home province: {city}")
    if not state.is_terminal() and not state.legal_actions():
        raise InvariantError("no legal action before the end of the game")


def variant_for(seed: int) -> tuple[int, str, bool, RulesOptions]:
    """Players, set-up, investor card and options cycling through every combination."""
    players = 2 + seed % 5
    bond = (STANDARD, AUCTION)[(seed // 5) % 2]
    card = bool((seed // 10) % 2 == 0)
    opts = RulesOptions(
        investor_shortfall=("forbid", "pay_what_you_can")[(seed // 20) % 2],
        forced_stop_cost=("distance", "free")[(seed // 40) % 2],
        swiss_force_without_card=bool((seed // 80) % 2 == 0),
        stpetersburg_kiev_border=bool((seed // 160) % 2),
    )
    return players, bond, card, opts


def play_checked_game(seed: int, *, apply_every_listed: bool = False, round_trip: bool = True,
                      donation_rate: float = 0.02) -> CheckedGame:
    """Play one random game, checking invariants, clones and serialization after every action."""
    players, bond, card, opts = variant_for(seed)
    rng = random.Random(seed)
    state = GameState.new(GameSetup.create(players, seed, bond_distribution=bond, investor_card=card, options=opts))
    count = 0
    while not state.is_terminal():
        if rng.random() < donation_rate:
            giver = rng.randrange(players)
            if state.cash[giver]:
                state.apply(Donate(giver, rng.choice(state.board.nation_ids), rng.randint(1, state.cash[giver])))
        legal = state.legal_actions()
        if not legal:
            raise InvariantError("no legal action before the end of the game")
        if apply_every_listed:
            for action in legal:
                state.clone().apply(action)
        state.apply(rng.choice(legal))
        count += 1
        check_invariants(state)
        if round_trip:
            if state.clone() != state:
                raise InvariantError("clone differs from the state")
            if GameState.from_dict(state.to_dict()) != state:
                raise InvariantError("to_dict/from_dict round trip differs")
        if count > 100_000:
            raise InvariantError("game does not end")
    variant = f"{players}p {bond} {'card' if card else 'no-card'}"
    return CheckedGame(seed, players, variant, count, state.turns_taken)
