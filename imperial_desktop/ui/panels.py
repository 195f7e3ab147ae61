"""The panels around the board: top bar, the table of nations and bonds, and the log (the rondel
and the tracks have their own modules, ``rondel_panel`` and ``tracks_panel``).

Everything here only reads the state; nothing changes it.
"""

from __future__ import annotations

import re
from typing import Iterable

import pygame

from imperial_desktop.core import GameState
from imperial_desktop.i18n import N_, _, ngettext, pgettext
from imperial_desktop.ui import risk_marks, tokens
from imperial_desktop.ui.board_look import nation_look
from imperial_desktop.ui.level_names import level_name
from imperial_desktop.ui.localized import format_money as money
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import (
    HEADER_BG, HEADER_TEXT, HIGHLIGHT, PANEL_BG, PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, RGB,
)

NATION_ABBREVIATION = "nation abbreviation"  # the catalogs' context of the map's nation codes (tools/catalogs.py)


def nation_short(nation: str) -> str:
    """A nation's abbreviation in the language in use: its code in the map file, translated."""
    return pgettext(NATION_ABBREVIATION, nation_look(nation).code)
RONDEL_COLOURS: dict[str, RGB] = {
    "factory": (150, 112, 80), "production": (196, 150, 90), "maneuver": (120, 150, 110),
    "investor": (96, 140, 180), "import": (170, 120, 150), "taxation": (190, 170, 90),
}
CURRENT_ROW: RGB = (255, 244, 190)
FLASH: RGB = (255, 214, 80)
MIN_TEXT = 10  # smallest text size drawn anywhere on the game screen (pixels)


def px(size: float, scale: float) -> int:
    """A text size in pixels for the design size ``size`` at ``scale``, never below MIN_TEXT."""
    return max(MIN_TEXT, round(size * scale))


def fitted_font(value: str, size: int, kind: str, max_width: float, min_size: int = MIN_TEXT) -> pygame.font.Font:
    """The largest font from ``size`` down to ``min_size`` in which ``value`` fits ``max_width``."""
    f = font(size, kind)
    while size > min_size and f.size(value)[0] > max_width:
        size -= 1
        f = font(size, kind)
    return f


def elide(value: str, f: pygame.font.Font, max_width: float) -> str:
    """``value`` cut with an ellipsis so that it fits ``max_width`` in font ``f``."""
    if f.size(value)[0] <= max_width:
        return value
    while value and f.size(value + "…")[0] > max_width:
        value = value[:-1]
    return value + "…"


def text(surface: pygame.Surface, value: str, pos: tuple[float, float], size: int, colour: RGB = PANEL_TEXT,
         kind: str = "regular", anchor: str = "topleft", max_width: float | None = None) -> pygame.Rect:
    """Blit one line of text. With ``max_width`` it shrinks (down to MIN_TEXT), then elides."""
    if max_width is not None:
        f = fitted_font(value, size, kind, max_width)
        value = elide(value, f, max_width)
    else:
        f = font(size, kind)
    img = f.render(value, True, colour)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(img, rect)
    return rect


_WRAPPED: dict[tuple[str, int, float], list[str]] = {}


def wrap(value: str, f: pygame.font.Font, width: float) -> list[str]:
    """Break ``value`` into lines that fit ``width`` (words longer than a line are elided)."""
    key = (value, id(f), width)
    cached = _WRAPPED.get(key)
    if cached is None:
        if len(_WRAPPED) > 4000:
            _WRAPPED.clear()
        cached = _WRAPPED[key] = _wrap(value, f, width)
    return cached


CLOSING_MARKS = ":;?!»"  # French sets a space before these: it never breaks a line
BREAKS = re.compile(r"[^\S\u00a0\u202f]+")  # any space but the no-break ones ("1 234" in French, "0-4 x0")


def words(paragraph: str) -> list[str]:
    """The units a line may break between: the words, each mark that French spaces off (": à la fin",
    "« mot »") kept with the word it belongs to."""
    out: list[str] = []
    for word in filter(None, BREAKS.split(paragraph)):
        if out and (word[0] in CLOSING_MARKS or out[-1] == "«"):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _wrap(value: str, f: pygame.font.Font, width: float) -> list[str]:
    lines: list[str] = []
    for paragraph in value.split("\n"):
        indent = paragraph[: len(paragraph) - len(paragraph.lstrip())]
        line = ""
        for word in words(paragraph):
            candidate = f"{line} {word}" if line else indent + word
            if f.size(candidate)[0] <= width or not line:
                line = candidate if f.size(candidate)[0] <= width else elide(candidate, f, width)
            else:
                lines.append(line)
                line = indent + "  " + word if indent else word
        lines.append(line)
    return lines


def balanced_lines(value: str, f: pygame.font.Font, width: float) -> list[str]:
    """The sentence in two lines of about equal width, each within ``width`` (empty if it cannot
    be): a filled first line can leave one word alone on the second ("... de la / roue")."""
    parts = words(value)
    best: list[str] = []
    widest = float("inf")
    for cut in range(1, len(parts)):
        lines = [" ".join(parts[:cut]), " ".join(parts[cut:])]
        longest = max(f.size(line)[0] for line in lines)
        if longest <= width and longest < widest:
            best, widest = lines, longest
    return best


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str, scale: float, note: str = "") -> pygame.Rect:
    """Draw a panel frame with a title (and a note at its right); returns the content rectangle."""
    pygame.draw.rect(surface, PANEL_BG, rect)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1)
    h = max(18, round(22 * scale))
    pygame.draw.rect(surface, HEADER_BG, (rect.x, rect.y, rect.w, h))
    title_rect = text(surface, title, (rect.x + 8, rect.y + h / 2), px(13, scale), HEADER_TEXT, "bold", "midleft")
    if note:
        text(surface, note, (rect.right - 8, rect.y + h / 2), px(11, scale), (214, 204, 184), "regular", "midright",
             max_width=rect.right - 16 - title_rect.right)
    return pygame.Rect(rect.x + 6, rect.y + h + 3, rect.w - 12, rect.h - h - 6)


def player_name(state: GameState, player: int | None) -> str:
    return "-" if player is None else state.setup.players[player]


def nation_colour_text(nation: str) -> RGB:
    """A nation's colour dark enough to be read as text on the light panels."""
    return nation_look(nation).text


# ---------------------------------------------------------------- top bar

def draw_top_bar(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float, status: str = "",
                 right_margin: int = 12, headline: str | None = None, nation: str | None = None,
                 tips: list[TableTip] | None = None) -> None:
    """The turn, the nation disc and the headline; ``nation`` (with a ``headline`` about it, such
    as a computer move being shown) instead of the deciding nation. ``tips`` receives what the
    turn counter means (on hover)."""
    pygame.draw.rect(surface, HEADER_BG, rect)
    size = px(16, scale)
    decision = state.decision()
    x = rect.x + 12
    if nation is None and headline is None and decision is not None:
        nation = decision.nation
    if nation:
        m = tokens.marker_sprite(nation, round(rect.h * 0.6))
        surface.blit(m, m.get_rect(midleft=(x, rect.centery)))
        x += m.get_width() + 8
    if headline is None:
        if decision is None:
            best = state.ranking()[0]
            winners = [r["name"] for r in state.ranking() if r["rank"] == 1]
            if len(winners) > 1:
                headline = _("Game over: {players} win with {points} points").format(
                    players=_("{names} and {last}").format(names=", ".join(winners[:-1]), last=winners[-1]),
                    points=best["total"])
            else:
                headline = _("Game over: {player} wins with {points} points").format(player=winners[0], points=best["total"])
        else:
            headline = state.describe_decision()
    # the round, which players count in ("Turn 72" counted nation turns and read as 72 rounds)
    nation_turn = state.turns_taken + (0 if state.is_terminal() else 1)
    nations = len(state.board.nation_ids)
    game_round = max(1, (nation_turn + nations - 1) // nations)
    turn = text(surface, _("Round {round}").format(round=game_round), (x, rect.centery), size,
                (200, 190, 170), "bold", "midleft")
    if tips is not None:  # what the counter counts, on hover: the round and the nation turn
        tips.append((pygame.Rect(turn.x - 4, rect.y, turn.w + 8, rect.h), tip_lines(
            _("Round {round}, nation turn {turn}").format(round=game_round, turn=nation_turn), _(
                "A round is one turn of each of the {count} nations. The game ends when a nation reaches "
                "25 power points (the power track below the board).").format(count=nations), scale)))
    x = turn.right + round(16 * scale)
    status_w = font(px(14, scale), "bold").size(status)[0] + 16 if status else 0
    room = rect.w - x - right_margin - status_w
    _headline(surface, headline, pygame.Rect(round(x), rect.y, max(1, round(room)), rect.h), size)
    if status:
        text(surface, status, (rect.right - right_margin, rect.centery), px(14, scale), HIGHLIGHT, "bold", "midright")


def _headline(surface: pygame.Surface, value: str, rect: pygame.Rect, size: int) -> None:
    """The top bar's sentence: one line if it fits, else two smaller lines, shortened only as a
    last resort (a long sentence, or a long translation, next to the buttons)."""
    if font(size, "bold").size(value)[0] <= rect.w:
        text(surface, value, (rect.x, rect.centery), size, HEADER_TEXT, "bold", "midleft")
        return
    lines: list[str] = []
    small = max(MIN_TEXT, min(size - 2, (rect.h - 2) // 2 - 1))
    while small >= MIN_TEXT and font(small, "bold").get_linesize() * 2 <= rect.h + 2:
        f = font(small, "bold")
        if f.size(value)[0] <= 2 * rect.w and (lines := balanced_lines(value, f, rect.w)):
            break
        lines, small = [], small - 1
    if len(lines) != 2:
        text(surface, value, (rect.x, rect.centery), size, HEADER_TEXT, "bold", "midleft", max_width=rect.w)
        return
    line_h = font(small, "bold").get_linesize()
    for i, line in enumerate(lines):
        text(surface, line, (rect.x, rect.centery + (i - 1) * line_h), small, HEADER_TEXT, "bold", "topleft")


# ---------------------------------------------------------------- nations and bonds

TableTip = tuple[pygame.Rect, list[str]]  # a place on the table and its tooltip (first line the heading)

# the heads' keys (English) and what they mean, in words
COLUMN_TIPS = {
    "Government": (N_("Government"), N_("The player who governs the nation: the one with the most money in its bonds. "
                                        "That player makes the nation's moves.")),
    "Treasury": (N_("Treasury"), N_("The nation's own money. It pays for factories, imports, the soldiers' pay at "
                                    "Taxation and the interest on its bonds.")),
    "Power": (N_("Power points and power factor"),
              N_("\"19 x3\": 19 power points on the power track (25 ends the game) and the power factor 3. At the end "
                 "each bond scores its interest times this factor.")),
    "Flags": (N_("Flags"), N_("Regions outside the nation's home (land or sea) that carry its flag; each brings 1M at "
                              "Taxation.")),
    "Fact.": (N_("Factories"), N_("Armaments factories and shipyards of the nation; each produces one unit at Production "
                                  "and brings 2M at Taxation.")),
    "Units": (N_("Units"), N_("\"2A 1F\": the nation's armies (A) and fleets (F) on the board.")),
    "bonds left": (N_("Bonds left"), N_("The nation's bonds nobody holds yet (their value in millions); investors can "
                                        "buy them on the Investor space.")),
}
TIP_WIDTH = 340  # design pixels: a tooltip of a few short lines


def tip_lines(heading: str, explanation: str, scale: float) -> list[str]:
    """A tooltip's lines: the heading, then the explanation wrapped to a readable width."""
    return [heading] + wrap(explanation, font(px(13, scale)), TIP_WIDTH * scale)


def column_tip(key: str, scale: float) -> list[str]:
    """The tooltip of the table's column head ``key`` (its English text)."""
    heading, explanation = COLUMN_TIPS[key]
    lines = tip_lines(_(heading), _(explanation), scale)
    if key == "Government":  # what the warning triangles beside the names mean
        lines += tip_lines("", _("A red triangle beside the name: another player can take the government over at "
                                 "the next investment; an orange one: only later; a green arrow: a player at this "
                                 "screen can take a computer's nation. Point at it to see who and how."),
                           scale)[1:]
    return lines


def government_tip(note: risk_marks.GovernmentNote, scale: float) -> list[str]:
    """The tooltip of a government cell: the heading, then each paragraph wrapped, the ones after
    the first line of a paragraph indented."""
    f = font(px(13, scale))
    width = TIP_WIDTH * scale
    lines = [note.heading]
    for paragraph in note.paragraphs:
        parts = wrap(paragraph, f, width - f.size("   ")[0])
        lines += [parts[0]] + ["   " + part for part in parts[1:]]
    return lines


def power_tip(state: GameState, nation: str, scale: float) -> list[str]:
    """The tooltip of a nation's "19 x3" cell, with its numbers in words."""
    power = state.power[nation]
    factor = state.board.power_factor(power)
    return tip_lines(state.board.name_of(nation), ngettext(
        "{points} power point (25 ends the game); power factor {factor}: at the end each of its bonds scores "
        "its interest times {factor}.",
        "{points} power points (25 ends the game); power factor {factor}: at the end each of its bonds scores "
        "its interest times {factor}.", power).format(points=power, factor=factor), scale)


def player_tip(state: GameState, player: int, cash: str, scale: float, level: str | None = None) -> list[str]:
    """The tooltip of a player's column head: cash, what the badges mean and, for a computer, its
    level (otherwise only the Load screen tells which computer is Hard)."""
    lines = [state.setup.players[player]] + tip_lines("", _("Cash: {cash}; below it, this player's bonds in each "
                                                            "nation (the government's are framed).").format(cash=cash), scale)[1:]
    if level:
        lines += tip_lines("", _("Played by the computer, level: {level}.").format(level=level_name(level)), scale)[1:]
    if state.card == player:
        lines += tip_lines("", _("Inv. card: holds the investor card. When a nation reaches the Investor space, this "
                                 "player gets 2M and may buy a bond."), scale)[1:]
    if player in state.swiss:
        lines += tip_lines("", _("Swiss Bank: governs no nation. May invest with the investor and may force a nation "
                                 "to stop on the Investor space."), scale)[1:]
    return lines


def draw_table(surface: pygame.Surface, rect: pygame.Rect, state: GameState, scale: float,
               hide_cash_of: set[int] | None = None, flash: Iterable[str] = (),
               current_player: int | None = None, current_nation: str | None = None,
               tips: list[TableTip] | None = None, levels: list[str | None] | None = None) -> dict[str, pygame.Rect]:
    """One table of the nations (government, treasury, power, flags, factories, units) and of every
    investor's bonds in them (a column per player, headed by cash, Swiss Bank and investor card),
    with the bonds nobody holds yet. Returns the row of each nation (for tests and highlights).
    ``current_nation``: the row to mark (a computer move being shown); else the nation acting now.
    A warning triangle beside a government marks a nation someone can take over at his next chance
    to invest (``risk_marks``); its cell's tooltip says who and how, and for a person's own nation
    which bond would keep it. ``tips`` receives the places that explain themselves on hover (heads,
    power cells, players, government cells); ``levels``: each seat's computer level, None for a
    person; ``hide_cash_of``: players whose cash is not shown (nor written in a tooltip)."""
    tips = [] if tips is None else tips
    people = None if levels is None else {p for p, level in enumerate(levels) if level is None}
    notes = risk_marks.government_notes(state, hide_cash_of, people)
    inner = panel(surface, rect, _("Nations and bonds"), scale,
                  _("under each player: cash, then bonds in M; the government's are framed"))
    board = state.board
    flash = set(flash)
    players = state.num_players
    size = px(12, scale)
    small = px(11, scale)
    # columns: fixed nation facts, then one per player, then the bonds left
    marker_w = max(11, round(16 * scale)) + 6
    name_w = max(font(size, "bold").size(board.name_of(n))[0] for n in board.nation_ids) + marker_w + 4
    # the English heads are the columns' keys; shown translated. The government's column keeps room
    # for a warning triangle beside a name (risk_marks); the power cell "19 x3" needs less
    fixed = [(N_("Government"), 100), (N_("Treasury"), 62), (N_("Power"), 48), (N_("Flags"), 40), (N_("Fact."), 38),
             (N_("Units"), 56)]
    fixed_w = sum(w for _, w in fixed)
    # the widths are those of the 1600x1000 layout: they grow with the text on larger screens (at
    # 2560x1440 "18 x3" ran into the flags) and shrink where the table is too narrow
    k = min(max(1.0, scale), (inner.w - name_w) / (fixed_w + players * 66 + 110))
    xs: dict[str, float] = {"nation": float(inner.x)}
    x = float(inner.x + name_w)  # nation names are never cut: the other columns give way
    head_font = font(small, "bold")
    for key, w in fixed:
        xs[key] = x
        x += max(w * k, head_font.size(_(key))[0] + 5)  # a column is never narrower than its head
    # the bonds left keep room for their longest list; the players' columns share the rest
    lists = [" ".join(str(v) for v in state.available_bonds(n)) for n in board.nation_ids]
    left_need = max([font(MIN_TEXT).size(v)[0] for v in lists] + [head_font.size(_("bonds left"))[0]]) + 8
    player_w = min(96 * k * 1.2, max((inner.right - x) * 0.5 / players, (inner.right - x - left_need) / players))
    player_x = [x + i * player_w for i in range(players)]
    left_x = x + players * player_w + 4
    heads = [_player_head(state, p, hide_cash_of, head_font, round(player_w) - 7) for p in range(players)]
    name_lines = column_names(list(state.setup.players), head_font, round(player_w) - 7)
    tallest = max(len(lines) for lines in name_lines)  # cash and badges on the same line in every column
    name_lines = [lines + [""] * (tallest - len(lines)) for lines in name_lines]
    heads = [name_lines[p] + heads[p][1:] for p in range(players)]
    head_h = round(max(len(lines) for lines in heads) * (small + 3))  # a third line when a badge needs it
    row_h = (inner.h - head_h) / len(board.nation_ids)
    # header
    hy = inner.y
    ends = [xs[k] for k, _ in fixed[1:]] + [x]
    for (key, _width), end in zip(fixed, ends):
        text(surface, _(key), (xs[key], hy + head_h - 2), small, PANEL_MUTED, "bold", "bottomleft",
             max_width=end - xs[key] - 3)
        tips.append((pygame.Rect(round(xs[key]), hy, round(end - xs[key]), head_h), column_tip(key, scale)))
    for p in range(players):
        cell = pygame.Rect(round(player_x[p]), hy, round(player_w) - 3, head_h - 1)
        tips.append((cell, player_tip(state, p, "??" if hide_cash_of and p in hide_cash_of else money(state.cash[p]), scale,
                                      levels[p] if levels and p < len(levels) else None)))
        if p == current_player:
            pygame.draw.rect(surface, CURRENT_ROW, cell)
        for i, line in enumerate(heads[p]):
            badge = i >= len(name_lines[p]) and (state.card == p or p in state.swiss)
            text(surface, line, (cell.x + 2, cell.y + i * (small + 3)), small, (150, 60, 40) if badge else PANEL_TEXT,
                 "bold", max_width=cell.w - 4)
    text(surface, _("bonds left"), (left_x, hy + head_h - 2), small, PANEL_MUTED, "bold", "bottomleft",
         max_width=inner.right - left_x)
    tips.append((pygame.Rect(round(left_x), hy, round(inner.right - left_x), head_h), column_tip("bonds left", scale)))
    rows: dict[str, pygame.Rect] = {}
    current = {current_nation} if current_nation else {state.acting_nation(), state.turn_nation}
    for i, nation in enumerate(board.nation_ids):
        row = pygame.Rect(inner.x, round(inner.y + head_h + i * row_h), inner.w, round(row_h))
        rows[nation] = row
        if nation in flash:
            pygame.draw.rect(surface, FLASH, row)
        elif nation in current:
            pygame.draw.rect(surface, CURRENT_ROW, row)
        pygame.draw.line(surface, (220, 210, 190), row.topleft, row.topright)
        cy = row.centery
        m = tokens.marker_sprite(nation, max(11, round(min(row_h * 0.7, 16 * scale))))
        surface.blit(m, m.get_rect(midleft=(inner.x + 1, cy)))
        name_x = inner.x + m.get_width() + 4
        text(surface, board.name_of(nation), (name_x, cy), size, nation_colour_text(nation), "bold", "midleft",
             max_width=xs["Government"] - name_x - 4)
        gov = state.government[nation]
        gov_w = xs["Treasury"] - xs["Government"] - 4
        note = notes.get(nation)
        mark_w, mark_h = risk_marks.mark_size(row_h, scale)
        if note is not None and note.level:  # the warning triangle takes its room from the name
            gov_w -= mark_w + 3
        gov_name = player_name(state, gov)
        if font(MIN_TEXT).size(gov_name)[0] > gov_w:  # "Ordinateur 1", "Ordinateur 2": keep the numbers
            gov_name = _cut_middle(gov_name, font(MIN_TEXT), gov_w)
        name_rect = text(surface, gov_name, (xs["Government"], cy), size, PANEL_TEXT, "regular", "midleft", max_width=gov_w)
        if note is not None and note.level:
            mark = pygame.Rect(name_rect.right + 3, 0, mark_w, mark_h)
            mark.centery = cy
            risk_marks.draw_mark(surface, mark, note.level)
        if note is not None and note.heading:
            tips.append((pygame.Rect(round(xs["Government"]), row.y, round(xs["Treasury"] - xs["Government"]), row.h),
                         government_tip(note, scale)))
        text(surface, money(state.treasury[nation]), (xs["Treasury"], cy), size, PANEL_TEXT, "bold", "midleft",
             max_width=xs["Power"] - xs["Treasury"] - 2)
        text(surface, f"{state.power[nation]} x{board.power_factor(state.power[nation])}", (xs["Power"], cy), size,
             PANEL_TEXT, "bold", "midleft", max_width=xs["Flags"] - xs["Power"] - 2)
        tips.append((pygame.Rect(round(xs["Power"]), row.y, round(xs["Flags"] - xs["Power"]), row.h),
                     power_tip(state, nation, scale)))
        text(surface, str(state.flag_count(nation)), (xs["Flags"], cy), size, PANEL_TEXT, "regular", "midleft")
        factories = sum(1 for f in state.factories if board.regions[f].nation == nation)
        text(surface, str(factories), (xs["Fact."], cy), size, PANEL_TEXT, "regular", "midleft")
        a, f = state.unit_count(nation)
        text(surface, _("{armies}A {fleets}F").format(armies=a, fleets=f), (xs["Units"], cy), size, PANEL_TEXT, "regular", "midleft",
             max_width=player_x[0] - xs["Units"] - 2)
        for p in range(players):
            values = [v for n, v in state.bonds_of(p) if n == nation]
            if not values:
                continue
            cell = pygame.Rect(round(player_x[p]), row.y + 2, round(player_w) - 3, row.h - 3)
            group = bond_chips(surface, sorted(values, reverse=True), nation, cell, small)
            if gov == p:
                pygame.draw.rect(surface, (20, 20, 20), group.inflate(4, 4), 2, border_radius=4)
        left = state.available_bonds(nation)
        text(surface, " ".join(str(v) for v in left) if left else _("none"), (left_x, cy), small, PANEL_MUTED, "regular",
             "midleft", max_width=inner.right - left_x)
    return rows


def bond_chips(surface: pygame.Surface, values: list[int], nation: str, cell: pygame.Rect,
                size: int) -> pygame.Rect:
    """One chip per bond in the nation's colour, side by side, so that "16 6 4" never reads as one
    number; when they do not fit the cell, one chip with the values joined by "+". Returns the
    rectangle around them (framed for the government)."""
    gap, pad = 2, 6
    for chip_size in (size, MIN_TEXT):
        chip_font = font(chip_size, "bold")
        widths = [chip_font.size(str(v))[0] + pad for v in values]
        if sum(widths) + gap * (len(values) - 1) <= cell.w - 4:
            break
    else:
        label = "+".join(str(v) for v in values)
        chip_font = fitted_font(label, size, "bold", cell.w - pad)
        values_text = [elide(label, chip_font, cell.w - pad)]
        widths = [chip_font.size(values_text[0])[0] + pad]
        return _draw_chips(surface, values_text, widths, nation, cell, chip_font, gap)
    return _draw_chips(surface, [str(v) for v in values], widths, nation, cell, chip_font, gap)


def _draw_chips(surface: pygame.Surface, labels: list[str], widths: list[int], nation: str, cell: pygame.Rect,
                chip_font: pygame.font.Font, gap: int) -> pygame.Rect:
    """Draws the chips from the cell's left edge; the rectangle around them."""
    height = min(chip_font.get_linesize() + 2, cell.h)
    x = cell.x + 2
    boxes = []
    for label, width in zip(labels, widths):
        box = pygame.Rect(x, 0, width, height)
        box.centery = cell.centery
        pygame.draw.rect(surface, nation_look(nation).piece, box, border_radius=3)
        img = chip_font.render(label, True, tokens.piece_text_colour(nation))
        surface.blit(img, img.get_rect(center=box.center))
        boxes.append(box)
        x += width + gap
    return boxes[0].unionall(boxes[1:])


def column_names(names: list[str], f: pygame.font.Font, width: float) -> list[list[str]]:
    """The players' names as column heads that can be told apart: each on one line if it fits
    (the drawing may shrink it a little), else on two lines split at a space, else cut in the
    middle so that the distinguishing ends stay ("Ordina… 2"); never two identical heads."""
    smallest = font(MIN_TEXT, "bold")

    def fits(line: str) -> bool:
        return smallest.size(line)[0] <= width

    def two_lines(name: str) -> list[str] | None:
        words = name.split(" ")
        splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        splits = [pair for pair in splits if all(f.size(part)[0] <= width or fits(part) for part in pair)]
        if not splits:
            return None
        return list(min(splits, key=lambda pair: max(f.size(part)[0] for part in pair)))

    out: list[list[str]] = []
    for name in names:
        if f.size(name)[0] <= width:
            out.append([name])
        else:
            out.append(two_lines(name) or ([name] if fits(name) else [_cut_middle(name, smallest, width)]))
    seen: dict[str, int] = {}
    for i, lines in enumerate(out):  # cuts that still collide get the seat number
        key = "\n".join(lines)
        if key in seen and lines != [names[i]]:
            out[i] = [_cut_middle(f"{names[i]} #{i + 1}", smallest, width)]
        seen[key] = i
    return out


def _cut_middle(name: str, f: pygame.font.Font, width: float) -> str:
    """``name`` with letters left out before its last word (or its end) so that it fits."""
    tail = name.rsplit(" ", 1)[-1] if " " in name else name[-2:]
    head = name[: len(name) - len(tail)].rstrip()
    while head and f.size(head + "… " + tail if " " in name else head + "…" + tail)[0] > width:
        head = head[:-1]
    return (head + "… " + tail) if " " in name else (head + "…" + tail)


def _player_head(state: GameState, player: int, hide_cash_of: set[int] | None, f: pygame.font.Font,
                 width: int) -> list[str]:
    """A player's column head: name, then cash with the investor card and Swiss Bank badges, on
    one line if they fit (long badges, else short ones), else the badges on a line of their own."""
    cash = "??" if hide_cash_of and player in hide_cash_of else money(state.cash[player])
    on = [(_("Inv. card"), _("Inv.")) if state.card == player else None, (_("Swiss Bank"), _("Swiss")) if player in state.swiss else None]
    badges = [b for b in on if b is not None]
    for kind in (0, 1):
        line = " · ".join([cash] + [b[kind] for b in badges])
        if f.size(line)[0] <= width:
            return [state.setup.players[player], line]
    for kind in (0, 1):
        line = " · ".join(b[kind] for b in badges)
        if f.size(line)[0] <= width:
            return [state.setup.players[player], cash, line]
    return [state.setup.players[player], cash] + [b[1] for b in badges]


# ---------------------------------------------------------------- log

def log_layout(rect: pygame.Rect, lines: list[str], scale: float, needed: int | None = None
               ) -> tuple[pygame.Rect, int, list[tuple[str, bool]]]:
    """The log's content rectangle, its line height and its last lines wrapped to the width
    (at least ``needed`` wrapped lines when there are that many; with whether each is a heading:
    lines not indented start a nation's turn)."""
    inner = pygame.Rect(rect.x + 6, rect.y + max(18, round(22 * scale)) + 3, rect.w - 12, rect.h - max(18, round(22 * scale)) - 6)
    size = px(12, scale)
    f = font(size)
    wrapped: list[tuple[str, bool]] = []
    for line in reversed(lines):  # newest first: only as many as will be shown are wrapped
        heading = not line.startswith(" ")
        parts = wrap(line, f if not heading else font(size, "bold"), inner.w - 4)
        wrapped[:0] = [(part, heading) for part in parts]
        if needed is not None and len(wrapped) >= needed:
            break
    return inner, size + 4, wrapped


def draw_log(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scale: float, scroll: int = 0) -> int:
    """The log, newest line at the bottom, ``scroll`` lines back; returns the greatest useful scroll
    (known lines only: scrolling further back wraps more of them)."""
    panel(surface, rect, _("Log"), scale, _("wheel: scroll back") if scroll == 0 else
          ngettext("{count} line back (wheel)", "{count} lines back (wheel)", scroll).format(count=scroll))
    line_h = px(12, scale) + 4
    visible = max(1, int((rect.h - max(18, round(22 * scale)) - 6) // line_h))
    inner, line_h, wrapped = log_layout(rect, lines, scale, needed=visible + scroll + 12)
    most = max(0, len(wrapped) - visible)
    scroll = max(0, min(scroll, most))
    shown = wrapped[max(0, len(wrapped) - visible - scroll): len(wrapped) - scroll]
    size = line_h - 4
    if not shown:
        text(surface, _("Nothing has happened yet in this sitting."), (inner.x, inner.y), size, PANEL_MUTED, "regular",
             max_width=inner.w)
    for i, (line, heading) in enumerate(shown):
        text(surface, line, (inner.x, inner.y + i * line_h), size, PANEL_TEXT, "bold" if heading else "regular")
    return most
