"""The "What happened" overlay: what each nation did since a player's last decision.

A frame in a corner of the strip under the board (over the tracks and the table, which no
decision is made on; the corner that leaves the reader's own nations' rows in view), its lines in
one or two columns, the newest kept when they are too many; the regions it
tells about are outlined on the board, which stays wholly in view with the rondel and the
decision panel. The frame is laid out once per summary, board view and size, and blitted every
frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from imperial_desktop.i18n import _, ngettext
from imperial_desktop.session.turn_summary import NationTurnSummary, SummaryTracker
from imperial_desktop.ui import panels, tokens
from imperial_desktop.ui.board_view import BoardView
from imperial_desktop.ui.fonts import font
from imperial_desktop.ui.palette import PANEL_EDGE, PANEL_MUTED, PANEL_TEXT, SELECTED
from imperial_desktop.ui.placement import quietest_corner

FRAME_BG = (246, 241, 228)
RING_DARK = (120, 40, 30)  # under the light ring, as the steps of a computer turn are marked
TEXT_MAX = 540  # design px: about 75 characters a line, what reads well
TEXT_MIN = 320
COLUMN_GAP = 24  # design px between two columns
PLACES = ("topright", "bottomright", "topleft", "bottomleft")  # on a tie: over the bonds, beside the rondel's column
SHADOW = 4  # px below and right of the frame (in the board area's margin)
NEWS = (150, 36, 24)  # a government the player lost or won, first in the frame


@dataclass(frozen=True)
class Row:
    """One line of the frame: a nation's heading (with its marker), a line of what it did, or a note."""

    text: str
    kind: str  # "heading" | "line" | "note"
    nation: str | None = None
    turn: int = 0  # which turn of the summary it belongs to
    first: bool = True  # the first part of a wrapped line (a cut never starts inside a sentence)


class SummaryOverlay:
    """Draws the summary of ``tracker`` for a player over the board.

    After :meth:`draw`, ``rect`` is the frame on the screen (its shadow aside), ``drawn`` its
    texts with their screen rectangles (title, rows, close hint), ``cut`` how many earlier rows
    were left out and ``regions`` the regions outlined on the board (tests read them).
    """

    def __init__(self, tracker: SummaryTracker | None):
        self.tracker = tracker
        self.rect: pygame.Rect | None = None
        self.drawn: list[tuple[str, pygame.Rect]] = []
        self.cut = 0
        self.regions: tuple[str, ...] = ()
        self._turns_key: tuple | None = None
        self._turns: list[NationTurnSummary] = []
        self._made = 0  # how many times the summary was made: the frame is laid out again after each
        self._key: tuple | None = None
        self._image: pygame.Surface | None = None
        self._rows_at: list[tuple[str, pygame.Rect]] = []  # in the image
        self.scroll = 0  # rows scrolled back from the newest (the wheel over the frame)
        self.later = 0  # rows below the frame's last one while scrolled back

    def turns(self, player: int) -> list[NationTurnSummary]:
        """The player's summary, made again only when the game moved on (or back)."""
        if self.tracker is None:
            return []
        key = (player, self.tracker.action_count)
        if key != self._turns_key:
            self._turns = self.tracker.since(player)
            self._turns_key = key
            self._made += 1
            self.scroll = 0
        return self._turns

    def scroll_by(self, rows: int) -> bool:
        """Scroll back (``rows`` > 0: towards earlier turns) or forward; whether anything moved. A
        six-player round cut a player's own turn out of the frame and nothing could
        bring it back but the log."""
        if rows > 0 and self.cut == 0:
            return False  # the earliest line is in view
        new = max(0, self.scroll + rows)
        if new == self.scroll:
            return False
        self.scroll = new
        return True

    def draw(self, surface: pygame.Surface, area: pygame.Rect, board: BoardView, player: int, player_name: str,
             scale: float, keep_clear: list[pygame.Rect] = ()) -> None:
        """Outline the regions the summary names on the board, then draw its frame in a corner of
        ``area`` (a place no decision needs): the corner that hides least of ``keep_clear``."""
        turns = self.turns(player)
        key = (self._made, player_name, tuple(area), scale, board.zoom, board.origin, tuple(board.rect),
               tuple(map(tuple, keep_clear)), self.scroll)
        if key != self._key or self._image is None:
            title = _("What happened since the last decision of {player}").format(player=player_name)
            if self.tracker is not None and self.tracker.last_decision(player) is None:
                title = _("What happened so far")  # the player has decided nothing yet ("since your last turn" would be wrong)
            news = self.tracker.government_news(player, turns) if self.tracker is not None else []
            placed_before = self.rect if self._key is not None and self._key[:-1] == key[:-1] else None
            self._image, self._rows_at, self.cut, shown, self.later = _render(title, turns, area, scale, news,
                                                                              self.scroll)
            # only the turns in the frame: a whole game's regions would cover the map
            named = (r for i in shown for r in turns[i].regions if r in board.geometry.regions)
            self.regions = tuple(dict.fromkeys(named))
            size = (self._image.get_width() - SHADOW, self._image.get_height() - SHADOW)
            if placed_before is not None and placed_before.size == size:
                self.rect = placed_before  # scrolling does not move the frame under the pointer
            else:
                self.rect = quietest_corner(size, area, [list(keep_clear)], PLACES)
            self._key = key
        assert self.rect is not None
        self._outline(surface, board)
        surface.blit(self._image, self.rect)
        self.drawn = [(text, r.move(self.rect.topleft)) for text, r in self._rows_at]

    def _outline(self, surface: pygame.Surface, board: BoardView) -> None:
        if not self.regions:
            return
        clip = surface.get_clip()
        surface.set_clip(board.rect)
        for region in self.regions:
            board.outline_region(surface, region, RING_DARK, 6)
            board.outline_region(surface, region, SELECTED, 3)
        board.redraw_over_marks(surface)  # the pieces and names stay on top of the outlines
        surface.set_clip(clip)


def rows_of(turns: list[NationTurnSummary], f: pygame.font.Font, width: int, indent: int) -> list[Row]:
    """Each turn's heading, then its lines wrapped to ``width`` (less the indent)."""
    rows: list[Row] = []
    for i, turn in enumerate(turns):
        rows.append(Row(turn.title, "heading", turn.nation, i))
        for line in turn.lines:
            rows += [Row(part, "line", None, i, first=k == 0) for k, part in enumerate(panels.wrap(line, f, width - indent))]
    return rows


def fit_newest(rows: list[Row], height: int, row_h: int, gap: int) -> tuple[list[Row], int]:
    """The newest rows that fit ``height`` and how many earlier rows were left out. When rows are
    left out, a note says so first and the first turn shown keeps its heading."""
    def tall(shown: list[Row]) -> int:
        return len(shown) * row_h + gap * sum(1 for r in shown[1:] if r.kind == "heading")

    if tall(rows) <= height:
        return rows, 0
    note = Row("", "note")
    best, cut = rows[-1:], len(rows) - 1
    # a cut starts at a heading or at the start of a line, never inside a wrapped sentence
    # ("übernommen." alone under a nation's name reads as nonsense)
    starts = [i for i in range(len(rows) - 1, 0, -1) if rows[i].kind == "heading" or rows[i].first]
    for n, start in enumerate(starts):
        shown = rows[start:]
        if shown[0].kind != "heading":  # the turn these lines belong to keeps its name
            heading = next(r for r in reversed(rows[:start]) if r.kind == "heading" and r.turn == shown[0].turn)
            shown = [heading] + shown
        if tall([note] + shown) > height and n > 0:
            break
        best, cut = shown, len(rows) - len(shown)
    text = ngettext("... {count} earlier line (the wheel scrolls back; all of it is in the log)",
                    "... {count} earlier lines (the wheel scrolls back; all of it is in the log)", cut).format(count=cut)
    return [Row(text, "note")] + best, cut


def flow(rows: list[Row], columns: int, height: int, row_h: int, gap: int) -> list[tuple[int, int]] | None:
    """Where each row goes, as (column, y), filling one column after the other; None if the rows do
    not fit ``columns`` columns of ``height``. A heading never stands last in a column."""
    placed: list[tuple[int, int]] = []
    col, y = 0, 0
    for i, row in enumerate(rows):
        before = gap if row.kind == "heading" and y > 0 else 0
        alone = row.kind == "heading" and i + 1 < len(rows) and rows[i + 1].kind != "heading"
        need = before + row_h + (row_h if alone else 0)
        if row.kind == "heading" and col + 1 < columns:
            # a turn that a fresh column holds whole starts there rather than run on under another heading
            block = 1 + next((k for k, r in enumerate(rows[i + 1:]) if r.kind == "heading"), len(rows) - i - 1)
            if y + before + block * row_h > height >= block * row_h:
                need = height + 1
        if y + need > height and y > 0:
            col, y, before = col + 1, 0, 0
        if col >= columns or y + before + row_h > height:
            return None
        placed.append((col, y + before))
        y += before + row_h
    return placed


def _render(title: str, turns: list[NationTurnSummary], area: pygame.Rect, scale: float,
            news: list[str] = (), scroll: int = 0) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]], int, list[int], int]:
    """The frame as an image (with its shadow), its text rows' rectangles in it, the cut count, the
    turns shown (their numbers in ``turns``) and the rows left out below (scrolled back ``scroll``
    rows from the newest). The rows fill two columns where ``area`` is wide enough for two of a
    readable width. ``news`` (governments the player lost or won) stands first, in bold red, and is
    never cut."""
    size, title_size, close_size = panels.px(15, scale), panels.px(19, scale), panels.px(12, scale)
    f, fb, ft = font(size), font(size, "bold"), font(title_size, "bold")
    pad, gap, col_gap = round(14 * scale), round(6 * scale), round(COLUMN_GAP * scale)
    row_h = f.get_linesize() + max(1, round(2 * scale))
    indent = row_h + round(6 * scale)  # the nation marker's column
    inner = area.w - 2 * pad
    columns = 2 if inner >= 2 * round(TEXT_MIN * scale) + col_gap else 1
    # as wide as the longest line needs, within what reads well and what the area offers
    col_w = min(round(TEXT_MAX * scale), (inner - (columns - 1) * col_gap) // columns)
    natural = max([fb.size(t.title)[0] + indent for t in turns] + [f.size(line)[0] + indent for t in turns for line in t.lines]
                  + [f.size(_("Nothing yet: no other nation has acted since."))[0]])
    close = _("Click or press Esc to close")
    fc = font(close_size)
    full_w = columns * col_w + (columns - 1) * col_gap

    def head(width: int) -> tuple[list[str], bool, list[str], int, int]:
        """The title's lines at a frame of ``width``, whether the close hint stands beside it (else
        at the foot), the news lines, and the heights of the head and the foot."""
        title_room = width - fc.size(close)[0] - col_gap
        lines = panels.wrap(title, ft, max(title_room, width // 2))[:2]
        beside = len(lines) == 1 and ft.size(title)[0] <= title_room
        if not beside:
            lines = panels.wrap(title, ft, width)[:2]
        told = [part for line in news for part in panels.wrap(line, fb, width)]
        head_h = len(lines) * ft.get_linesize() + round(8 * scale) + (len(told) * row_h + gap if told else 0)
        return lines, beside, told, head_h, 0 if beside else round(6 * scale) + fc.get_linesize()

    def body(kept: list[Row], cols: int, room: int, later: int) -> tuple[list[Row], int, list[tuple[int, int]] | None]:
        """The rows shown (the newest that flow into ``cols`` columns of ``room``), the cut count and their places."""
        notes = [Row("", "note")] if later else []  # scrolled back: a note at the foot says how many rows are below
        rows, cut, places = kept, 0, flow(kept + notes, cols, room, row_h, gap)
        tall = cols * room
        while places is None and tall > row_h:
            rows, cut = fit_newest(kept, tall - len(notes) * row_h, row_h, gap)
            places = flow(rows + notes, cols, room, row_h, gap)
            tall -= row_h
        return rows, cut, places

    # one column as wide as its lines (and the title) need, else two columns over the strip's width
    width = min(col_w, max(natural, ft.size(title)[0] + fc.size(close)[0] + col_gap))
    title_lines, close_beside, news_lines, head_h, foot_h = head(width)
    later = 0
    if turns:
        every = rows_of(turns, f, col_w, indent)
        later = min(scroll, len(every) - 1)
        kept = every[: len(every) - later]
        rows, cut, places = body(kept, 1, area.h - 2 * pad - head_h - foot_h, later)
        if columns > 1 and (cut or places is None):
            width = full_w
            title_lines, close_beside, news_lines, head_h, foot_h = head(width)
            rows, cut, places = body(kept, columns, area.h - 2 * pad - head_h - foot_h, later)
        if later:
            rows = rows + [Row(ngettext("... {count} later line (the wheel scrolls forward)",
                                        "... {count} later lines (the wheel scrolls forward)", later).format(count=later),
                               "note")]
        if places is None:  # not even one row fits: the newest alone
            rows, cut = rows[-1:], len(every) - 1
            places = [(0, 0)]
    else:
        rows, cut = [Row(_("Nothing yet: no other nation has acted since."), "line")], 0
        places = [(0, 0)]
        indent = 0
    body_h = max(y for _c, y in places) + row_h
    w, h = width + 2 * pad, min(area.h, 2 * pad + head_h + body_h + foot_h)
    if cut or later:  # the whole height: scrolling neither moves nor resizes the frame under the pointer
        h = area.h
    image = pygame.Surface((w + SHADOW, h + SHADOW), pygame.SRCALPHA)
    frame = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(image, (0, 0, 0, 150), frame.move(SHADOW, SHADOW), border_radius=10)
    pygame.draw.rect(image, FRAME_BG, frame, border_radius=10)
    pygame.draw.rect(image, PANEL_EDGE, frame, 2, border_radius=10)
    drawn: list[tuple[str, pygame.Rect]] = []
    y = pad
    title_w = width - (fc.size(close)[0] + col_gap if close_beside else 0)
    for line in title_lines:
        drawn.append((line, panels.text(image, line, (pad, y), title_size, PANEL_TEXT, "bold", max_width=title_w)))
        y += ft.get_linesize()
    y += round(8 * scale)
    for line in news_lines:
        drawn.append((line, panels.text(image, line, (pad, y), size, NEWS, "bold", max_width=width)))
        y += row_h
    if news_lines:
        y += gap
    top = y
    for row, (col, at) in zip(rows, places):
        left = pad + col * (col_w + col_gap)
        y = top + at
        x = left + (0 if row.kind == "note" else indent)
        if row.kind == "heading" and row.nation:
            marker = tokens.marker_sprite(row.nation, max(10, row_h - 4))
            image.blit(marker, marker.get_rect(midleft=(left, y + row_h // 2)))
        colour = PANEL_MUTED if row.kind == "note" else PANEL_TEXT
        kind = "bold" if row.kind == "heading" else "regular"
        drawn.append((row.text, panels.text(image, row.text, (x, y), size, colour, kind, max_width=left + col_w - x)))
    if close_beside:
        at = (pad + width, pad + (ft.get_linesize() - fc.get_linesize()) // 2)
        drawn.append((close, panels.text(image, close, at, close_size, PANEL_MUTED, "regular", "topright", max_width=width)))
    else:
        drawn.append((close, panels.text(image, close, (pad + width, h - pad), close_size, PANEL_MUTED, "regular",
                                          "bottomright", max_width=width)))
    return image, drawn, cut, sorted({r.turn for r in rows if r.kind != "note"} if turns else ()), later
