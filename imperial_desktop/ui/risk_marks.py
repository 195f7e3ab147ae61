"""The nations table's warnings: a government that someone can take over at his next chance to
invest, who could and how, and which bond would keep a person's own government (issue
"opponent", item 8: a new player lost three nations without a warning).

The arithmetic is :mod:`imperial_desktop.ai.control`'s (bonds, cash and the order of the
investment rounds; no payouts foreseen); this module puts it in the player's words and draws the
mark. With hidden cash (hot seat) another player's cash is never written out: a threat then says
only what it takes, not what the player has.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from imperial_desktop.ai.control import InvestRound, Lock, NationControl, Threat, control, investment_rounds, purchase_locks
from imperial_desktop.core import GameState, Invest
from imperial_desktop.i18n import _, language, ngettext
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.palette import RGB

SOON: RGB = (206, 32, 28)  # someone can take it at the next investment (or the check under way hands it over)
LATER: RGB = (232, 140, 20)  # only at a later chance (the investor card has to come round first)
CHANCE: RGB = (46, 140, 70)  # only a person at this screen can take it, from a computer: a chance, not a danger
MARK_TEXT: RGB = (255, 255, 255)
MARK_EDGE: RGB = (90, 20, 10)
MOST_THREATS = 4  # threat lines in a tooltip; more are counted


@dataclass(frozen=True)
class GovernmentNote:
    """What the table says about one nation's government."""

    nation: str
    level: str | None  # "soon", "later", "chance" (only people at the screen can take a computer's nation), None: no mark
    heading: str  # the tooltip's first line ("" without a tooltip)
    paragraphs: tuple[str, ...]  # the tooltip's text, a paragraph each (wrapped by the table)
    threats: tuple[Threat, ...]  # the affordable takeovers, soonest first
    lock: Lock | None = None  # the cheapest purchase that keeps a person's government (when one is named)


def _when(state: GameState, rounds: list[InvestRound], k: int) -> str:
    """When the investment round ``k`` (0: under way or next) comes, in words."""
    if state.setup.investor_card:
        if k == 0:
            return _("in this Investor turn") if rounds[0].under_way else _("at the next Investor turn")
        if k == 1:
            return _("at the Investor turn after next")
        return ngettext("{count} Investor turn from now", "{count} Investor turns from now", k + 1).format(count=k + 1)
    if k == 0 and rounds[0].under_way:
        return _("in this round of investing")
    nation = rounds[k].nation if k < len(rounds) else None
    if nation is None:  # pragma: no cover - every round of the variant has its nation
        return _("at the next round of investing")
    return _("after {nation}'s turn").format(nation=state.board.name_of(nation))


def _after(state: GameState) -> str:
    """The round after a chance to invest: what a keeping purchase also covers."""
    return _("at the Investor turn after that") if state.setup.investor_card else \
        _("in the round of investing after that")


def _has(t: Threat, hidden: set[int]) -> str:
    """" (has 12M with the investor card's 2M)": the cash he will have then, unless it is hidden."""
    if t.player in hidden:
        return ""
    if t.bonus:
        return " " + _("(has {cash} with the investor card's 2M)").format(cash=money(t.cash_available))
    return " " + _("(has {cash})").format(cash=money(t.cash_available))


def threat_text(state: GameState, t: Threat, rounds: list[InvestRound], hidden: set[int]) -> str:
    """One takeover in words: "Ben can take it over at the next Investor turn with the 12M bond
    (has 14M with the investor card's 2M)"."""
    player = state.setup.players[t.player]
    when = _when(state, rounds, t.rounds_away)
    if t.trade_in is None:
        line = _("{player} can take it over {when} with the {bond} bond").format(
            player=player, when=when, bond=money(t.buy))
    else:
        line = _("{player} can take it over {when} by trading the {old} bond up to the {bond} bond for {cost}").format(
            player=player, when=when, old=money(t.trade_in), bond=money(t.buy), cost=money(t.cash_needed))
    return line + _has(t, hidden)


def _purchases(state: GameState, player: int, nation: str) -> list[Invest]:
    """Every investment ``player`` could make in ``nation`` (bonds left, own bonds traded up), cheapest first."""
    free = state.available_bonds(nation)
    own = [v for v, p in state.bond_owner[nation].items() if p == player]
    options = [Invest(player, nation, v) for v in free] + [
        Invest(player, nation, v, old) for old in own for v in free if v > old]
    return sorted(options, key=lambda a: (a.value - (a.trade_in or 0), -a.value))


def keeping_purchase(state: GameState, player: int, nation: str, whole: bool = False) -> Lock | None:
    """The cheapest investment ``player`` can afford at his next chance in ``nation`` after which
    he governs it through the round after that chance (``Lock.holds_next``; with ``whole``: and no
    rival can take it at his next chance after it, ``Lock.locked``); None if none does."""
    for action in _purchases(state, player, nation):
        try:
            lock = purchase_locks(state, player, action)
        except ValueError:
            return None  # no chance to invest there
        if lock.affordable and (lock.locked if whole else lock.holds_next):
            return lock
    return None


def _next_chance(state: GameState, rounds: list[InvestRound], player: int, nation: str) -> int | None:
    """The round of ``player``'s next chance to invest in ``nation`` (None: none foreseen)."""
    for rnd in rounds:
        if any(c.player == player and c.nation in (None, nation) for c in rnd.chances):
            return rnd.index
    return None


def _keeping_lines(state: GameState, nc: NationControl, rounds: list[InvestRound]) -> tuple[list[str], Lock | None]:
    """For a person's government at risk: the cheapest bond that keeps it at his next chance to
    invest (against the takeovers at that round and the one after it, or when they all come later,
    against every rival's next chance), else when that chance comes."""
    gov = nc.governor
    assert gov is not None
    name = state.setup.players[gov]
    r = _next_chance(state, rounds, gov, nc.nation)
    if r is None:
        return [], None
    when = _when(state, rounds, r)
    chance = _("Next chance to invest for {player}: {when}").format(player=name, when=when)
    if any(t.rounds_away < r for t in nc.threats) or nc.expected != gov:
        return [chance], None  # too late to defend
    soon = any(t.rounds_away <= r + 1 for t in nc.threats)
    lock = keeping_purchase(state, gov, nc.nation, whole=not soon)
    if lock is None:
        if not soon:
            return [chance], None
        return [_("No bond {player} can afford {when} would keep it then and {after}").format(
            player=name, when=when, after=_after(state))], None
    action = lock.action
    if action.trade_in is None:
        text = _("To keep it, {player} can buy the {bond} bond {when}: nobody could take it then or {after}") if soon else \
            _("To keep it, {player} can buy the {bond} bond {when}: no rival could take it at their next chance after that")
    else:
        text = _("To keep it, {player} can trade the {old} bond up to the {bond} bond ({cost}) {when}: nobody could "
                 "take it then or {after}") if soon else \
            _("To keep it, {player} can trade the {old} bond up to the {bond} bond ({cost}) {when}: no rival could take "
              "it at their next chance after that")
    line = text.format(player=name, bond=money(action.value), when=when, after=_after(state),
                       old=money(action.trade_in or 0), cost=money(lock.cost))
    return [line], lock


def _note(state: GameState, nc: NationControl, rounds: list[InvestRound], hidden: set[int],
          people: set[int]) -> GovernmentNote:
    board = state.board
    nation, gov = nc.nation, nc.governor
    nation_name = board.name_of(nation)
    if gov is None:
        return GovernmentNote(nation, None, "", (), ())
    changing = nc.expected is not None and nc.expected != gov
    threats = nc.threats
    person = gov in people and gov not in hidden
    if not threats and not changing:
        if not person:
            return GovernmentNote(nation, None, "", (), ())
        paragraphs = [_("No rival can take it over at their next chance to invest")]
        near = sorted(nc.challengers, key=lambda t: (t.cash_needed, t.rounds_away, t.player))
        if near:
            t = near[0]
            paragraphs.append(_("Closest: {player} would need {cost} {when}").format(
                player=state.setup.players[t.player], cost=money(t.cash_needed),
                when=_when(state, rounds, t.rounds_away)) + _has(t, hidden))
        return GovernmentNote(nation, None, _("{nation}: government safe for now").format(nation=nation_name),
                              tuple(paragraphs), ())
    paragraphs = []
    if changing:
        assert nc.expected is not None
        text = _("{player} now holds the most in its bonds and takes it over when this Investor turn ends") \
            if state.setup.investor_card else \
            _("{player} now holds the most in its bonds and takes it over when this round of investing ends")
        paragraphs.append(text.format(player=state.setup.players[nc.expected]))
    paragraphs += [threat_text(state, t, rounds, hidden) for t in threats[:MOST_THREATS]]
    if len(threats) > MOST_THREATS:
        more = len(threats) - MOST_THREATS
        paragraphs.append(ngettext("…and {count} other player", "…and {count} other players", more).format(count=more))
    lock = None
    if person:
        extra, lock = _keeping_lines(state, nc, rounds)
        paragraphs += extra
    paragraphs.append(_("After each Investor turn whoever holds the most in a nation's bonds governs it; a tie keeps "
                        "the government.") if state.setup.investor_card else
                      _("After each round of investing whoever holds the most in a nation's bonds governs it; a tie "
                        "keeps the government."))
    # a takeover by a person at this screen of a computer's nation is his chance; any other a danger
    dangers = [t for t in threats if t.player not in people or gov in people]
    if changing or dangers:
        level = "soon" if changing or any(t.rounds_away == 0 for t in dangers) else "later"
        heading = _("{nation}: government at risk")
    else:
        level, heading = "chance", _("{nation}: government within reach")
    return GovernmentNote(nation, level, heading.format(nation=nation_name), tuple(paragraphs), threats, lock)


_CACHE: dict[tuple, dict[str, GovernmentNote]] = {}


def _fingerprint(state: GameState) -> tuple:
    """What the notes depend on: bonds, cash, governments, card, Swiss Banks and the decision (and,
    without the card, the flow of the round under way)."""
    p = state.pending or {}
    return (tuple(state.cash), tuple(tuple(sorted(state.bond_owner[n].items())) for n in state.board.nation_ids),
            tuple(state.government[n] for n in state.board.nation_ids), state.card, tuple(sorted(state.swiss)),
            p.get("kind"), p.get("player"), p.get("nation"), p.get("only"), state.turn_nation, state.is_terminal(),
            None if state.setup.investor_card else repr(state.agenda), tuple(state.setup.players), id(state.board))


def government_notes(state: GameState, hidden: set[int] | None = None,
                     people: set[int] | None = None) -> dict[str, GovernmentNote]:
    """Per nation what the table marks and says about its government: the affordable takeovers
    (``control``), for a person's own nation (``people``: the seats played at this screen, all of
    them by default) whether it is safe and which bond would keep it; ``hidden``: players whose
    cash is not shown."""
    hidden = set(hidden or ())
    people = set(range(state.num_players)) if people is None else set(people)
    key = (_fingerprint(state), tuple(sorted(hidden)), tuple(sorted(people)), language())
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        if state.is_terminal() or state.decision() is None:
            found = {}
        else:
            table = control(state)
            rounds = investment_rounds(state)
            found = {n: _note(state, nc, rounds, hidden, people) for n, nc in table.items()} if rounds else {}
        _CACHE[key] = found
    return found


# ---------------------------------------------------------------- the mark


def mark_size(row_h: float, scale: float) -> tuple[int, int]:
    """The warning triangle's width and height for a table row."""
    h = max(12, round(min(row_h * 0.72, 16 * scale)))
    return round(h * 1.16), h


def draw_mark(surface: pygame.Surface, rect: pygame.Rect, level: str) -> None:
    """A warning triangle with "!" filling ``rect``: red when someone can take the government at the
    next investment, orange when only later; a green disc with an arrow up when only a person at
    this screen can take a computer's nation."""
    if level == "chance":
        radius = min(rect.w, rect.h) // 2
        centre = rect.center
        pygame.draw.circle(surface, CHANCE, centre, radius)
        pygame.draw.circle(surface, (20, 70, 30), centre, radius, 1)
        arm = max(3, round(radius * 0.55))
        width = max(2, round(radius / 3.5))
        top = (centre[0], centre[1] - arm)
        pygame.draw.line(surface, MARK_TEXT, (centre[0], centre[1] + arm), top, width)
        pygame.draw.line(surface, MARK_TEXT, (centre[0] - arm + 1, centre[1] - 1), top, width)
        pygame.draw.line(surface, MARK_TEXT, (centre[0] + arm - 1, centre[1] - 1), top, width)
        return
    fill = SOON if level == "soon" else LATER
    sign = MARK_TEXT if level == "soon" else MARK_EDGE  # white on red, dark on orange
    points = [(rect.centerx, rect.top), (rect.right - 1, rect.bottom - 1), (rect.left, rect.bottom - 1)]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, MARK_EDGE, points, 1)
    bar_w = max(2, round(rect.h / 7))
    top, bottom = rect.top + round(rect.h * 0.34), rect.bottom - round(rect.h * 0.36)
    pygame.draw.rect(surface, sign, (rect.centerx - bar_w // 2, top, bar_w, max(2, bottom - top)))
    pygame.draw.rect(surface, sign, (rect.centerx - bar_w // 2, rect.bottom - round(rect.h * 0.26), bar_w, bar_w))

