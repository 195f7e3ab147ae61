"""Helpers that put a game into a chosen position for rule tests."""

from __future__ import annotations

from imperial_desktop.core import BuildFactory, EndPhase, GameSetup, GameState, RulesOptions, SwissForce

AH, IT, FR, GB, GE, RU = "austria_hungary", "italy", "france", "great_britain", "germany", "russia"


def new_game(players: int = 4, seed: int = 1, **kwargs) -> GameState:
    return GameState.new(GameSetup.create(players, seed, **kwargs))


def fixed_game(cards: dict[str, int], players: int, **kwargs) -> GameState:
    """A standard game with a chosen deal of flag cards."""
    setup = GameSetup(players=tuple(f"P{i + 1}" for i in range(players)),
                      flag_cards=tuple(cards.items()), **kwargs)
    return GameState.new(setup)


def six_player_game(**kwargs) -> GameState:
    """Six players; player i holds the flag card of nation i (AH, IT, FR, GB, GE, RU)."""
    return fixed_game({AH: 0, IT: 1, FR: 2, GB: 3, GE: 4, RU: 5}, 6, **kwargs)


def refresh(state: GameState) -> None:
    """Forget cached legal actions after a test edited the state directly."""
    state._legal = None


def give_turn(state: GameState, nation: str, *, position: int | None = None) -> None:
    """Make it ``nation``'s turn to choose a rondel space from ``position``."""
    state.rondel[nation] = position
    state.turn_nation = nation
    state.agenda = []
    state.mv = None
    state.entry = None
    state.pending = {"kind": "rondel", "player": state.government[nation], "nation": nation}
    refresh(state)


def make_swiss(state: GameState, player: int, nation: str, new_government: int) -> None:
    """``player`` loses his only government (``nation``) to ``new_government``: a Swiss Bank (#10)."""
    owned = state.bond_owner[nation]
    for value, owner in list(owned.items()):
        if owner == player:
            owned[value] = new_government
    state.government[nation] = new_government
    state.swiss = {p for p in range(state.num_players) if p not in state.government.values()}
    refresh(state)


def to_investing(state: GameState) -> None:
    """Decline a Swiss Bank's forcing and end an Import until the investing of the Investor turn."""
    while state.decision().kind != "invest":
        d = state.decision()
        if d.kind == "swiss_force":
            state.apply(SwissForce(d.player, d.nation, False))
        elif d.kind == "import":
            state.apply(EndPhase(d.nation, "import"))
        elif d.kind == "factory":
            state.apply(BuildFactory(d.nation, None))
        else:  # pragma: no cover - the tests reach only these
            raise AssertionError(d)


def clear_units(state: GameState) -> None:
    for nation in state.board.nation_ids:
        state.armies[nation].clear()
        state.fleets[nation].clear()
        state.hostile[nation].clear()
    state.flags.clear()
    refresh(state)


def deciding(kind: str, nation: str, treasury: int = 20) -> GameState:
    """A six-player game, no units on the board, ``nation`` deciding ``kind`` with ``treasury``."""
    state = six_player_game()
    clear_units(state)
    give_turn(state, nation)
    state.treasury[nation] = treasury
    state.pending = {"kind": kind, "player": state.government[nation], "nation": nation}
    if kind == "import":
        state.pending["count"] = 0
    refresh(state)
    return state


def put(state: GameState, nation: str, region: str, armies: int = 0, fleets: int = 0, hostile: bool = False) -> None:
    if armies:
        state.armies[nation][region] = state.armies[nation].get(region, 0) + armies
        if hostile:
            state.hostile[nation].add(region)
    if fleets:
        state.fleets[nation][region] = state.fleets[nation].get(region, 0) + fleets
    refresh(state)


def start_maneuver(state: GameState, nation: str) -> None:
    """Give ``nation`` a Maneuver turn (free first placement on the rondel)."""
    from imperial_desktop.core import ChooseRondel

    give_turn(state, nation)
    state.apply(ChooseRondel(nation, 2))


def legal_of(state: GameState, cls) -> list:
    return [a for a in state.legal_actions() if isinstance(a, cls)]


def options(**kwargs) -> RulesOptions:
    return RulesOptions(**kwargs)
