"""The Games screen: every finished game (date, players with the winner marked, levels, the
winner's score, length), sorted and filtered; per game Look back, Rematch, Export record and
Delete; and the statistics per person and per computer level.

The history folder is read on a background thread ("Reading the games played…" meanwhile). A
damaged file found there is moved aside by :func:`~imperial_desktop.session.history.list_history`
and named here once.
"""

from __future__ import annotations

import concurrent.futures
import random
from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UIImage, UISelectionList, UITextBox, UITextEntryLine

from imperial_desktop.ai import bot_names
from imperial_desktop.core import GameRecord, GameSetup
from imperial_desktop.i18n import N_, _, format_number, ngettext
from imperial_desktop.session import history
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.record_files import RecordFileError, export_record
from imperial_desktop.session.statistics import Tally, level_statistics, people_statistics
from imperial_desktop.ui.gui import TIP_WIDTH, markup_escape, plain_text
from imperial_desktop.ui.level_names import level_name
from imperial_desktop.ui.localized import format_when
from imperial_desktop.ui.menu_base import _LISTER, MenuScene, _fit, _font, _selected
from imperial_desktop.ui.running_game import ask_to_replace, game_in_progress, keep_running_game

if TYPE_CHECKING:
    from imperial_desktop.ui.app import App

WINNER_MARK = "★"
SORTS = (N_("newest first"), N_("oldest first"), N_("longest first"), N_("shortest first"), N_("by winner"))
DEALS = ("new deal", "same deal")  # keys only: the switch shows "Deal: new" or "Deal: same"
ANY_LEVEL = N_("any level")
STATS_TIP = N_(
    "Games: finished games with that person or level at a seat. Wins: first places; a first place shared "
    "(everything equal after the tie-break) is a win for each. Avg. place: the average rank (1 = first). Avg. "
    "score: the average final score. Governments: the average number of nations governed when the game ended. Turns "
    "governed: the share of all nation turns taken by a nation the player governed.")


def _listing() -> history.HistoryListing:
    """The history folder, read on the lister thread (never raises)."""
    try:
        return history.list_history()
    except Exception:  # noqa: BLE001 - a broken folder must not take the screen down
        return history.HistoryListing()


def _lines(text: str) -> str:
    return "<br>".join(markup_escape(line) for line in text.split("\n")) or " "


def when_text(entry: history.HistoryEntry) -> str:
    try:
        return format_when(entry.finished_at.astimezone())
    except (OverflowError, ValueError, OSError):
        return _("unknown date")


def length_text(entry: history.HistoryEntry) -> str:
    """"14 rounds · 1,168 actions · 1 h 52 min" (the time only when it is known)."""
    story = entry.story
    parts = [ngettext("{count} round", "{count} rounds", story.rounds).format(count=format_number(story.rounds)),
             ngettext("{count} action", "{count} actions", story.actions).format(count=format_number(story.actions))]
    if entry.seconds_played is not None:
        minutes = max(1, round(entry.seconds_played / 60))
        parts.append(_("{hours} h {minutes} min").format(hours=minutes // 60, minutes=minutes % 60) if minutes >= 60
                     else _("{minutes} min").format(minutes=minutes))
    return " · ".join(parts)


def seat_text(entry: history.HistoryEntry, seat: int) -> str:
    s = entry.seats[seat]
    name = plain_text(s.name)
    if s.computer_level is not None:
        name = _("{name} ({level})").format(name=name, level=level_name(s.computer_level))
    return name + (" " + WINNER_MARK if seat in entry.story.winners else "")


def _matches(entry: history.HistoryEntry, text: str, level: str) -> bool:
    """Whether a game has a seat whose name holds ``text`` and a computer at ``level`` (each when given)."""
    if text:
        folded = text.casefold()
        if not any(folded in s.name.casefold() or (s.computer_level is not None and folded in level_name(s.level).casefold())
                   for s in entry.seats):
            return False
    return not level or any(s.computer_level == level for s in entry.seats)


def sorted_entries(entries: list[history.HistoryEntry], sort: str) -> list[history.HistoryEntry]:
    if sort == "oldest first":
        return sorted(entries, key=lambda e: e.finished_at)
    if sort == "longest first":
        return sorted(entries, key=lambda e: (-e.story.actions, -e.finished_at.timestamp()))
    if sort == "shortest first":
        return sorted(entries, key=lambda e: (e.story.actions, -e.finished_at.timestamp()))
    if sort == "by winner":
        return sorted(entries, key=lambda e: (", ".join(e.winner_names()).casefold(), -e.finished_at.timestamp()))
    return sorted(entries, key=lambda e: e.finished_at, reverse=True)


def rematch_session(entry: history.HistoryEntry, same_deal: bool, think_times: dict[str, float] | None = None,
                    seed: int | None = None) -> GameSession:
    """A new game with the seats (names, people or computers, levels) and options of ``entry``:
    the same deal and seed, or a new deal. Raises ValueError in the player's words."""
    known = set(bot_names())
    for s in entry.seats:
        if s.computer_level is not None and s.level not in known:
            raise ValueError(_("The computer level {level} of this game is not available.").format(level=level_name(s.level)))
    old = entry.record.setup
    seats = list(entry.seats)
    if same_deal:
        return GameSession(old, seats, seed=entry.seed, think_times=think_times)
    seed = random.randrange(1_000_000) if seed is None else seed
    try:
        setup = GameSetup.create(old.num_players, seed, names=list(old.players), bond_distribution=old.bond_distribution,
                                 investor_card=old.investor_card, options=old.options, map_name=old.map_name)
    except (ValueError, OSError) as exc:
        raise ValueError(_("This game's board or options are not available any more.")) from exc
    return GameSession(setup, seats, seed=seed, think_times=think_times)


def review_record(entry: history.HistoryEntry) -> GameRecord:
    """The entry's record with its seats in its notes (Look back names computers and levels)."""
    meta = dict(entry.record.meta or {})
    meta["seats"] = [s.to_dict() for s in entry.seats]
    return GameRecord(entry.record.setup, list(entry.record.actions), entry.record.digest, meta)


def open_review_of(app: App, record: GameRecord, title: str, back: Callable[[], None] | None = None) -> str:
    """Look back at a record (the time-travel screen; its Back calls ``back``, by default the
    screen it was opened from); "" on success, else why not."""
    try:
        from imperial_desktop.ui.time_travel import open_review
    except ImportError:
        return _("Looking back at a game is not available in this version.")
    if back is None:
        open_review(app, record, title=title)
    else:
        open_review(app, record, title=title, back=back)
    return ""


class GamesScene(MenuScene):
    """Finished games and their statistics."""

    title = N_("Games played")
    panel_size = (1120, 700)

    def __init__(self, app: App):
        self.future: concurrent.futures.Future | None = _LISTER.submit(_listing)
        self.listing: history.HistoryListing | None = None
        self.view = "games"  # or "statistics"
        self.filter_text = ""
        self.level = ""
        self.sort = SORTS[0]
        self.deal = DEALS[0]
        self.selected_id: str | None = None
        self.targets: dict[str, history.HistoryEntry] = {}
        self.rows: list[tuple[str, str]] = []
        self.info_text = _("Reading the games played…")
        self.report = ""  # damaged files set aside, said once
        self._delete_question = None
        self._delete_target: history.HistoryEntry | None = None
        self._replace_question = None
        self._pending: GameSession | None = None
        self.stats_image: UIImage | None = None
        super().__init__(app)

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        pw, ph = self.panel_rect.size
        m = self.manager
        bh = 40 if ph >= 500 else 28
        self.widgets: dict[str, Any] = {}
        tab_w = min(160, (pw - 40) * 16 // 100)  # two tabs, then the filter and the sort
        self.widgets["games"] = self.button(pygame.Rect(16, 50, tab_w, 32), _("Games"), _("The finished games, newest first"),
                                            "#primary_button" if self.view == "games" else None)
        self.widgets["statistics"] = self.button(pygame.Rect(24 + tab_w, 50, tab_w, 32), _("Statistics"),
                                                 _(STATS_TIP), "#primary_button" if self.view == "statistics" else None)
        # filter and sort, right-aligned on the tab row
        x = 32 + 2 * tab_w
        rest = pw - x - 16
        entry_w, level_w, sort_w = rest * 40 // 100, rest * 28 // 100, rest - rest * 40 // 100 - rest * 28 // 100 - 16
        self.widgets["filter"] = UITextEntryLine(pygame.Rect(x, 50, entry_w, 32), m, container=self.panel,
                                                 placeholder_text=_("Filter by name"))
        self.widgets["filter"].set_text(self.filter_text)
        self.widgets["filter"].set_tooltip(_("Show only the games with a player whose name (or computer level) holds "
                                             "this text"), wrap_width=TIP_WIDTH)
        levels = [ANY_LEVEL] + list(bot_names())
        options = [(_(ANY_LEVEL), ANY_LEVEL)] + [(level_name(k), k) for k in bot_names()]
        current = self.level or ANY_LEVEL
        self.widgets["level"] = UIDropDownMenu(options, options[levels.index(current)] if current in levels else options[0],
                                               pygame.Rect(x + entry_w + 8, 50, level_w, 32), m, container=self.panel)
        self.widgets["level"].tool_tip_text = _("Show only the games with a computer player of this level")
        sort_options = [(_(s), s) for s in SORTS]
        self.widgets["sort"] = UIDropDownMenu(sort_options, sort_options[SORTS.index(self.sort)],
                                              pygame.Rect(x + entry_w + level_w + 16, 50, sort_w, 32), m, container=self.panel)
        self.widgets["sort"].tool_tip_text = _("The order of the list")
        top = 92
        info_h = 96 if ph >= 560 else 48
        by = ph - bh - 12
        body_h = max(40, by - top - info_h - 16)
        self.list_rect = pygame.Rect(16, top, pw - 32, body_h)
        if self.view == "games":
            self.rows = self._rows(self.list_rect.w - 40)
            self.list = UISelectionList(self.list_rect, self.rows, m, container=self.panel,
                                        default_selection=self._row(self.selected_id))
        else:
            self.rows = []
            self.list = None
            self._build_statistics(pygame.Rect(16, top, pw - 32, body_h + info_h + 8))
        self.info = UITextBox(_lines(self.info_text), pygame.Rect(16, top + body_h + 8, pw - 32, info_h), m,
                              container=self.panel)
        if self.view != "games":
            self.info.hide()
        # buttons: Back on the left; Delete, Export, Rematch (with its deal), Look back on the right
        gap = 10
        bw = max(60, min(150, (pw - 40 - 6 * gap) // 7))
        self.widgets["back"] = self.button(pygame.Rect(16, by, bw, bh), _("Back"), _("Back to the title screen (Esc)"))
        xr = pw - 16
        specs = [
            ("review", _("Look back"), _("Watch the selected game again, action by action (double-click works too)"),
             "#primary_button"),
            ("rematch", _("Rematch"), _("A new game with the same players, computer levels and options"), None),
            ("deal", None, None, None),
            ("export", _("Export record..."), _("Write the selected game's record to the records folder, to share it"), None),
            ("delete", _("Delete"), _("Remove the selected game from the games played (asks first)"), "#danger_button"),
        ]
        for key, text, tip, object_id in specs:
            width = {"deal": int(bw * 1.25), "export": int(bw * 1.45)}.get(key, bw)
            rect = pygame.Rect(xr - width, by, width, bh)
            if key == "deal":  # a switch: each click turns to the other deal
                label = _("Deal: new") if self.deal == DEALS[0] else _("Deal: same")
                self.widgets["deal"] = self.button(rect, _fit(label, width - 12, 14),
                                                   _("Rematch with a new deal of the flag cards, or with the very same "
                                                     "deal and seed (click to switch)"))
            else:
                self.widgets[key] = self.button(rect, _fit(text, width - 12, 14), tip, object_id)
            xr -= width + gap
        self._update_buttons()

    def dropdowns(self) -> list[UIDropDownMenu]:
        return [self.widgets[k] for k in ("level", "sort") if k in self.widgets]

    def _row(self, object_id: str | None):
        return next((row for row in self.rows if row[1] == object_id), None)

    def shown_entries(self) -> list[history.HistoryEntry]:
        """The games the filter lets through, in the chosen order."""
        if self.listing is None:
            return []
        chosen = [e for e in self.listing.entries if _matches(e, self.filter_text.strip(), self.level)]
        return sorted_entries(chosen, self.sort)

    def _rows(self, width: int) -> list[tuple[str, str]]:
        """One row per game: date · players (winner marked) · winner's score · length."""
        rows = []
        self.targets = {}
        for entry in self.shown_entries():
            key = f"#game_{entry.game_id}"
            head = when_text(entry) + " · "
            tail = " · " + _("winner {score} points").format(score=format_number(entry.winning_score())) + " · " + length_text(entry)
            players = ", ".join(seat_text(entry, seat) for seat in range(len(entry.seats)))
            room = max(40, width - _font(13).size(head + tail)[0])
            rows.append((head + _fit(players, room) + tail, key))
            self.targets[key] = entry
        return rows

    def _build_statistics(self, rect: pygame.Rect) -> None:
        entries = self.listing.entries if self.listing is not None else []
        chosen = [e for e in entries if _matches(e, self.filter_text.strip(), self.level)]
        surface = statistics_table(rect.size, people_statistics(chosen), level_statistics(chosen), len(chosen))
        self.stats_image = UIImage(rect, surface, self.manager, container=self.panel)
        self.stats_image.set_tooltip(_(STATS_TIP), wrap_width=TIP_WIDTH)

    def capture(self) -> None:
        if self.list is not None:
            self.selected_id = self._current_id()
        if "filter" in getattr(self, "widgets", {}):
            self.filter_text = self.widgets["filter"].get_text()

    def _current_id(self) -> str | None:
        if self.list is None:
            return None
        chosen = self.list.get_single_selection(include_object_id=True)
        return chosen[1] if isinstance(chosen, tuple) else None

    def selected(self) -> history.HistoryEntry | None:
        key = self._current_id()
        return self.targets.get(key) if key else None

    def _update_buttons(self) -> None:
        chosen = self.selected() is not None and self.view == "games"
        for key in ("review", "rematch", "export", "delete"):
            (self.widgets[key].enable if chosen else self.widgets[key].disable)()
        for key in ("review", "rematch", "deal", "export", "delete", "sort"):  # nothing to act on in the statistics
            (self.widgets[key].show if self.view == "games" else self.widgets[key].hide)()

    # ------------------------------------------------------------------ what is shown

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.future is not None and self.future.done():
            self.listing, self.future = self.future.result(), None
            self._listed()

    def _listed(self) -> None:
        listing = self.listing
        assert listing is not None
        notes = []
        if listing.set_aside:
            kept = [s.kept.name for s in listing.set_aside if s.kept is not None]
            count = len(listing.set_aside)
            notes.append(ngettext("{count} file of the games played could not be read and was set aside ({names}); the "
                                  "other games are listed.",
                                  "{count} files of the games played could not be read and were set aside ({names}); "
                                  "the other games are listed.", count).format(
                count=count, names=", ".join(kept) or _("it could not be moved")))
        self.report = " ".join(notes)
        self.relayout()  # the rows first: the summary counts those the filter shows
        self.show_info(self.report or (self._summary_text() if listing.entries else _(
            "No finished games yet. Every game you play to the end is kept here: look back at it, play a rematch, "
            "or export its record to share it.")))

    def _summary_text(self) -> str:
        count = len(self.listing.entries) if self.listing else 0
        shown = len(self.rows) if self.view == "games" else count
        text = ngettext("{count} finished game.", "{count} finished games.", count).format(count=format_number(count))
        if shown != count:
            text += " " + _("{shown} shown by the filter.").format(shown=format_number(shown))
        return text + " " + _("Choose a game to see its results.")

    def describe(self, entry: history.HistoryEntry) -> str:
        """The selected game: when, every player's place and score, who governed what at the end, its length."""
        lines = [_("{when} · {length}").format(when=when_text(entry), length=length_text(entry))]
        places = []
        for p in entry.story.placings:
            governed = entry.story.governed_at_end[p.seat]
            nations = ", ".join(_nation_name(entry, n) for n in governed)
            places.append(_("{rank}. {player}: {score}").format(rank=p.rank, player=seat_text(entry, p.seat),
                                                                 score=format_number(p.total))
                          + (f" ({nations})" if nations else ""))
        lines.append(" · ".join(places))
        return "\n".join(lines)

    def show_info(self, text: str) -> None:
        self.info_text = text
        self.info.set_text(_lines(text))

    # ------------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            entry = self.selected()
            if entry is not None:
                self.show_info(self.describe(entry))
            self._update_buttons()
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.look_back()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.widgets.get("filter"):
            self.filter_text = self.widgets["filter"].get_text()
            self._refilter()
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.widgets.get("level"):
                chosen = _selected(self.widgets["level"])
                self.level = "" if chosen == ANY_LEVEL else chosen
                self._refilter()
            elif event.ui_element is self.widgets.get("sort"):
                self.sort = _selected(self.widgets["sort"])
                self._refilter()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return
        super().handle_event(event)

    def _refilter(self) -> None:
        focused = self.widgets["filter"].is_focused
        self.selected_id = self._current_id()
        self.relayout()
        if self.listing is not None and not self.report:
            self.show_info(self._summary_text())
        if focused:  # typing goes on in the rebuilt text box
            self.manager.set_focus_set(self.widgets["filter"])
            self.widgets["filter"].edit_position = len(self.filter_text)

    def open_rules(self, topic_id: str | None = None) -> None:
        from imperial_desktop.ui.rules_window import show_rules

        # Not one of this screen's questions: the rules window is reused and closed as on the other
        # menu screens (Esc still goes back while it is open).
        show_rules(self.manager, self.window_size(), topic_id or "games_played")

    def on_button(self, element: object) -> None:
        w = self.widgets
        if element is w["back"]:
            self.back()
        elif element is w["games"] and self.view != "games":
            self.view = "games"
            self.relayout()
            if self.listing is not None and not self.report:
                self.show_info(self._summary_text())
        elif element is w["statistics"] and self.view != "statistics":
            self.capture()
            self.view = "statistics"
            self.relayout()
        elif element is w["review"]:
            self.look_back()
        elif element is w["deal"]:
            self.deal = DEALS[1] if self.deal == DEALS[0] else DEALS[0]
            self.capture()
            self.relayout()
        elif element is w["rematch"]:
            self.rematch()
        elif element is w["export"]:
            self.export()
        elif element is w["delete"]:
            entry = self.selected()
            if entry is None:
                return
            self._delete_target = entry
            self._delete_question = self.ask(
                _("Remove the game of {players} ({when}) from the games played? Its record and results are deleted; "
                  "this cannot be undone.").format(players=", ".join(entry.players), when=when_text(entry)),
                title=_("Delete the game?"), ok=_("Delete"), danger=True)

    def look_back(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        problem = open_review_of(self.app, review_record(entry),
                                 _("{players} · {when}").format(players=", ".join(entry.players), when=when_text(entry)))
        if problem:
            self.show_info(problem)

    def export(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        try:
            path = export_record(entry.record, entry.seats)
        except RecordFileError as exc:
            self.show_info(str(exc))
            return
        self.show_info(_("The record was written to {path}. Send it to anyone with Imperial Desktop: they open it "
                         "with Load, or by dropping it on the window.").format(path=path))

    def rematch(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        try:
            session = rematch_session(entry, self.deal == "same deal", self.app.settings.think_seconds())
        except ValueError as exc:
            self.show_info(str(exc))
            return
        running = game_in_progress()
        if running is None:
            self.app.start_game(session)
            return
        self._pending = session
        self._replace_question = ask_to_replace(self, running)

    def on_confirmed(self, dialog: object) -> None:
        if dialog is self._replace_question and self._pending is not None:
            session, self._pending = self._pending, None
            problem = keep_running_game()
            if problem:
                self.show_info(_("The game in progress could not be kept, so nothing was started: {reason}").format(
                    reason=problem))
                return
            self.app.start_game(session)
        elif dialog is self._delete_question and self._delete_target is not None:
            entry, self._delete_target = self._delete_target, None
            try:
                history.delete_entry(entry)
            except history.HistoryError as exc:
                self.show_info(_("Not deleted: {reason}").format(reason=exc))
                return
            self.selected_id = None
            if self.listing is not None and entry in self.listing.entries:
                self.listing.entries.remove(entry)
            self.report = ""
            self._listed()


def _nation_name(entry: history.HistoryEntry, nation: str) -> str:
    try:
        return entry.record.setup.board().name_of(nation)
    except (ValueError, KeyError, OSError):
        return nation


# ---------------------------------------------------------------------------- the statistics table

INK = (40, 34, 26)
FAINT = (110, 98, 80)
PAPER = (246, 238, 220)
RULE = (200, 186, 160)


def statistics_table(size: tuple[int, int], people: list[Tally], levels: list[Tally], games: int) -> pygame.Surface:
    """The statistics drawn in the board's paper style: a table of people, then one of computer levels."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((w, h))
    surface.fill(PAPER)
    head_font, font, bold = _font(16, "bold"), _font(14), _font(14, "bold")
    pad = 12
    columns = [_("Games"), _("Wins"), _("Avg. place"), _("Avg. score"), _("Governments"), _("Turns governed")]
    name_w = max(140, w * 22 // 100)
    # each column as wide as its heading needs; the room left shared out evenly
    widths = [bold.size(c)[0] + 18 for c in columns]
    spare = (w - 2 * pad - name_w - sum(widths)) // len(columns)
    widths = [max(40, width + spare) for width in widths]
    rights = [pad + name_w + sum(widths[:i + 1]) for i in range(len(widths))]
    line_h = font.get_linesize() + 6
    y = pad
    if not games:
        text = _("No finished games to count yet.")
        surface.blit(font.render(text, True, FAINT), (pad, y))
        return surface

    def row(cells: list[str], y: int, f: pygame.font.Font, colour: tuple[int, int, int]) -> None:
        kind = "bold" if f is bold else "regular"
        surface.blit(f.render(_fit(cells[0], name_w - 8, 14, kind), True, colour), (pad, y))
        for i, cell in enumerate(cells[1:]):
            image = f.render(_fit(cell, widths[i] - 12, 14, kind), True, colour)
            surface.blit(image, (rights[i] - image.get_width() - 6, y))

    sections = [(_("People"), people), (_("Computer levels"), levels)]
    space = (h - pad) // line_h  # rows that fit
    for title, tallies in sections:
        if not tallies or y + 2 * line_h > h:
            continue
        surface.blit(head_font.render(title, True, INK), (pad, y))
        y += line_h + 2
        row([""] + columns, y, bold, FAINT)
        y += line_h
        pygame.draw.line(surface, RULE, (pad, y - 3), (w - pad, y - 3))
        left = max(1, space - (y // line_h) - (3 if title == _("People") and levels else 0))
        for tally in tallies[:left]:
            name = level_name(tally.key) if tallies is levels else plain_text(tally.key)
            row([name, format_number(tally.games), format_number(tally.wins), format_number(tally.average_place, 1),
                 format_number(tally.average_score, 1), format_number(tally.average_governments, 1),
                 _("{percent} %").format(percent=format_number(round(100 * tally.governed_share)))], y, font, INK)
            y += line_h
        if len(tallies) > left:
            more = len(tallies) - left
            surface.blit(font.render(ngettext("and {count} more", "and {count} more", more).format(count=more), True, FAINT),
                         (pad, y))
            y += line_h
        y += line_h // 2
    note = _fit(_("Point at the table for what each column counts."), w - 2 * pad, 13)
    surface.blit(_font(13).render(note, True, FAINT), (pad, h - _font(13).get_linesize() - 6))
    return surface


__all__ = ["GamesScene", "rematch_session", "statistics_table"]
