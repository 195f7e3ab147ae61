"""Game set-up: players, variant, rules options and the (resolved) deal of flag cards.

A :class:`GameSetup` holds everything random already decided, so the same set-up plus the
same actions always gives the same game.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field
from typing import Any

from imperial_desktop.core.board import DEFAULT_MAP, Board, load_board
from imperial_desktop.core.errors import RecordError

STANDARD = "standard"
AUCTION = "auction"

INVESTOR_SHORTFALL_FORBID = "forbid"
INVESTOR_SHORTFALL_PAY_WHAT_YOU_CAN = "pay_what_you_can"
FORCED_STOP_COST_DISTANCE = "distance"
FORCED_STOP_COST_FREE = "free"


@dataclass(frozen=True)
class RulesOptions:
    """Rules choices named in docs/clarifications.md, with the recommended defaults.

    - ``investor_shortfall`` (point 5): "forbid" offers a voluntary move onto Investor only when
      treasury + government cash can pay the other holders; "pay_what_you_can" always allows it.
    - ``forced_stop_cost`` (point 7): what a forced stop on Investor costs the government:
      the rondel cost of the distance actually moved ("distance") or nothing ("free").
    - ``swiss_force_without_card`` (point 29): Swiss-Bank holders may force a stop on Investor
      in the variant without investor card.
    - ``stpetersburg_kiev_border`` (board point B1): include the disputed land border.
    """

    investor_shortfall: str = INVESTOR_SHORTFALL_FORBID
    forced_stop_cost: str = FORCED_STOP_COST_DISTANCE
    swiss_force_without_card: bool = True
    stpetersburg_kiev_border: bool = False

    def __post_init__(self) -> None:
        if self.investor_shortfall not in (INVESTOR_SHORTFALL_FORBID, INVESTOR_SHORTFALL_PAY_WHAT_YOU_CAN):
            raise ValueError(f"unknown investor_shortfall option {self.investor_shortfall!r}")
        if self.forced_stop_cost not in (FORCED_STOP_COST_DISTANCE, FORCED_STOP_COST_FREE):
            raise ValueError(f"unknown forced_stop_cost option {self.forced_stop_cost!r}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RulesOptions":
        known = {f: data[f] for f in cls.__dataclass_fields__ if f in data}
        return cls(**known)


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a game, with the random parts already resolved.

    ``flag_cards`` maps each *dealt* nation flag card to the player (seat index, clockwise)
    who received it; the player buys the bonds printed on it. Undealt cards are resolved by the
    rules (owner of that nation's 2M bond). ``auction_start`` is the player chosen by lot in the
    experienced-players variant.
    """

    players: tuple[str, ...]
    bond_distribution: str = STANDARD
    investor_card: bool = True
    flag_cards: tuple[tuple[str, int], ...] = ()
    auction_start: int = 0
    options: RulesOptions = field(default_factory=RulesOptions)
    map_name: str = DEFAULT_MAP

    def __post_init__(self) -> None:
        if not isinstance(self.map_name, str) or not self.map_name.isidentifier() or not self.map_name.islower():
            raise ValueError(f"bad map name {self.map_name!r}")
        if not 2 <= len(self.players) <= 6:
            raise ValueError("Imperial is played by 2 to 6 players")
        if self.bond_distribution not in (STANDARD, AUCTION):
            raise ValueError(f"unknown bond distribution {self.bond_distribution!r}")
        if not 0 <= self.auction_start < len(self.players):
            raise ValueError("auction_start must be a seat index")
        try:
            board = self.board()
        except (FileNotFoundError, OSError) as exc:
            raise ValueError(f"unknown map {self.map_name!r}") from exc
        if len(self.players) not in board.starting_cash_standard:  # a board of few nations seats fewer players
            counts = sorted(board.starting_cash_standard)
            raise ValueError(f"the board {self.map_name!r} is played by {counts[0]} to {counts[-1]} players")
        for nation, player in self.flag_cards:
            if nation not in board.nation_by_id or not 0 <= player < len(self.players):
                raise ValueError(f"bad flag card {nation!r} -> {player!r}")
        if self.bond_distribution == STANDARD:
            counts = [sum(1 for _, p in self.flag_cards if p == i) for i in range(len(self.players))]
            if min(counts) < 1:
                raise ValueError("in the standard set-up every player receives a flag card")
            if len({n for n, _ in self.flag_cards}) != len(self.flag_cards):
                raise ValueError("a flag card is dealt twice")

    @property
    def num_players(self) -> int:
        return len(self.players)

    def board(self) -> Board:
        return load_board(self.map_name, self.options.stpetersburg_kiev_border)

    @classmethod
    def create(
        cls,
        num_players: int,
        seed: int | None = None,
        *,
        names: list[str] | None = None,
        bond_distribution: str = STANDARD,
        investor_card: bool = True,
        options: RulesOptions | None = None,
        map_name: str = DEFAULT_MAP,
    ) -> "GameSetup":
        """A set-up with a random (seeded) deal of flag cards or auction start player."""
        rng = random.Random(seed)
        players = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(num_players))
        if len(players) != num_players:
            raise ValueError("one name per player")
        board = load_board(map_name, bool(options and options.stpetersburg_kiev_border))
        cards: list[tuple[str, int]] = []
        if bond_distribution == STANDARD:
            cards = standard_deal(board, num_players, rng)
        return cls(
            players=players, bond_distribution=bond_distribution, investor_card=investor_card,
            flag_cards=tuple(cards), auction_start=rng.randrange(num_players),
            options=options or RulesOptions(), map_name=map_name,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "bond_distribution": self.bond_distribution,
            "investor_card": self.investor_card,
            "flag_cards": [[n, p] for n, p in self.flag_cards],
            "auction_start": self.auction_start,
            "options": self.options.to_dict(),
            "map": self.map_name,
        }

    @classmethod
    def from_dict(cls, data: Any) -> "GameSetup":
        try:
            return cls(
                players=tuple(str(p) for p in data["players"]),
                bond_distribution=data["bond_distribution"],
                investor_card=bool(data["investor_card"]),
                flag_cards=tuple((str(n), int(p)) for n, p in data["flag_cards"]),
                auction_start=int(data["auction_start"]),
                options=RulesOptions.from_dict(data.get("options", {})),
                map_name=str(data.get("map", DEFAULT_MAP)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"bad set-up: {exc}") from exc


def standard_deal(board: Board, num_players: int, rng: random.Random) -> list[tuple[str, int]]:
    """Shuffle and deal the nation flag cards as the rule book's set-up says (with few players,
    each card dealt brings the cards the map pairs with it)."""
    if num_players in board.paired_flag_cards:
        extra = dict(board.paired_flag_cards[num_players])
        shuffled = list(extra)
        rng.shuffle(shuffled)
        cards = []
        for player, nation in enumerate(shuffled):
            cards.append((nation, player))
            cards.extend((other, player) for other in extra[nation])
        return cards
    shuffled = list(board.nation_ids)
    rng.shuffle(shuffled)
    return [(nation, player) for player, nation in enumerate(shuffled[:num_players])]


def dealt_flag_cards(board: Board, num_players: int) -> tuple[str, ...]:
    """The flag cards dealt one to each player: those the map pairs others with for this number of
    players, else every nation's."""
    return tuple(card for card, _with in board.paired_flag_cards.get(num_players, ())) or board.nation_ids


def chosen_deal(board: Board, num_players: int, picks: list[str | None], rng: random.Random) -> list[tuple[str, int]]:
    """The deal with the flag card chosen for some seats (``picks``, one per seat, None: dealt at
    random from the cards nobody chose), each with the cards paired with it."""
    choices = dealt_flag_cards(board, num_players)
    taken = [p for p in picks if p]
    if len(picks) != num_players or any(p not in choices for p in taken) or len(set(taken)) != len(taken):
        raise ValueError(f"bad choice of flag cards {picks!r}")
    extra = dict(board.paired_flag_cards.get(num_players, ()))
    free = [card for card in choices if card not in taken]
    rng.shuffle(free)
    cards = []
    for seat, pick in enumerate(picks):
        nation = pick or free.pop()
        cards.append((nation, seat))
        cards.extend((other, seat) for other in extra.get(nation, ()))
    return cards
