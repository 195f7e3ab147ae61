"""The "since your last turn" summary (issue 11, "Computer turns a player can follow").

The summary's structured counts are checked against the events, counted here independently,
for simulated games, a saved game and a live session with computer seats.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from imperial_desktop.core import ChooseRondel, Event, GameRecord, GameSetup, GameState
from imperial_desktop.session.controller import GameSession
from imperial_desktop.session.seats import COMPUTER, Seat
from imperial_desktop.session.turn_summary import (
    NationTurnSummary, SummaryTracker, replay_summary, summary_text,
)
from imperial_desktop.simulate import play_game

SAVES = Path(__file__).resolve().parent.parent / "saves"
MARKUP_NAMES = ["<b>Anna</b>", "Ben & [x]", "<font color=#f00>Clara", "David</a>"]


def simulated(seed: int, players: int = 4, names: list[str] | None = None, **kwargs) -> GameRecord:
    setup = GameSetup.create(players, seed, names=names, **kwargs)
    record = GameRecord(setup)
    play_game(setup, ["random"] * players, seed, record=record)
    return record


def events_by_turn(setup: GameSetup, actions, start: int = 0) -> dict[int | None, list[Event]]:
    """Independent of the tracker: the events of actions[start:], cut at every turn_started."""
    state = GameState.new(setup)
    turn: int | None = state.turns_taken + 1 if state.turn_nation else None
    out: dict[int | None, list[Event]] = {}
    for index, action in enumerate(actions):
        for event in state.apply(action):
            if event.type == "turn_started":
                turn = event["turn"]
            if index >= start:
                out.setdefault(turn, []).append(event)
    return out


def counts_of(events: list[Event]) -> dict[str, int]:
    c = Counter(e.type for e in events)
    return {
        "units_moved": c["unit_moved"],
        "convoyed": sum(1 for e in events if e.type == "unit_moved" and e["convoy"]),
        "battles": c["battle"],
        "flags_won": c["flag_placed"],
        "flags_lost": c["flag_removed"],
        "factories_built": c["factory_built"],
        "factories_destroyed": c["factory_destroyed"],
        "units_produced": sum(1 for e in events if e.type == "unit_placed" and not e["imported"]),
        "units_imported": sum(1 for e in events if e.type == "unit_placed" and e["imported"]),
        "hostile_entries": sum(1 for e in events if e.type == "army_status" and e["hostile"]),
        "taxes": sum(e["taxes"] for e in events if e.type == "taxes"),
        "power_points": sum(e["points"] for e in events if e.type == "taxes"),
        "success_bonus": sum(e["bonus"] for e in events if e.type == "taxes"),
        "interest_paid": sum(e["amount"] for e in events if e.type == "interest_paid"),
        "bonds": c["bond_bought"] + c["bond_upgraded"],
        "governments_changed": c["government_changed"],
        "swiss_banks": c["swiss_bank"],
        "game_over": c["game_over"],
    }


def counts_of_summary(s: NationTurnSummary) -> dict[str, int]:
    return {
        "units_moved": s.units_moved, "convoyed": s.convoyed, "battles": s.battles,
        "flags_won": len(s.flags_won), "flags_lost": len(s.flags_lost),
        "factories_built": len(s.factories_built), "factories_destroyed": len(s.factories_destroyed),
        "units_produced": s.units_produced, "units_imported": s.units_imported,
        "hostile_entries": s.hostile_entries, "taxes": s.taxes or 0, "power_points": s.power_points,
        "success_bonus": s.success_bonus, "interest_paid": s.interest_paid, "bonds": len(s.bonds),
        "governments_changed": len(s.governments_changed), "swiss_banks": len(s.swiss_banks),
        "game_over": int(s.game_over),
    }


def assert_consistent(summaries: list[NationTurnSummary], expected: dict[int | None, list[Event]], board) -> None:
    by_turn = {s.turn: s for s in summaries}
    assert len(by_turn) == len(summaries), "one summary per nation turn"
    for turn, events in expected.items():
        if all(e.type in ("turn_started", "phase") for e in events):
            continue  # nothing happened yet in that turn
        assert turn in by_turn, (turn, [e.type for e in events])
        summary = by_turn[turn]
        assert counts_of_summary(summary) == counts_of(events), (turn, summary.lines)
        started = [e for e in events if e.type == "turn_started"]
        if started:
            assert summary.nation == started[0]["nation"]
            assert summary.title.startswith(board.name_of(summary.nation))
    assert set(by_turn) <= set(expected)


@pytest.mark.parametrize("seed,investor_card", [(3, True), (8, False)])
def test_whole_simulated_game_summary_matches_the_events(seed, investor_card):
    record = simulated(seed, investor_card=investor_card)
    tracker = replay_summary(record)
    board = tracker.board
    summaries = tracker.all_turns()
    expected = events_by_turn(record.setup, record.actions)
    assert_consistent(summaries, expected, board)
    totals = counts_of([e for events in expected.values() for e in events])
    assert totals["units_moved"] > 0 and totals["bonds"] > 0 and totals["game_over"] == 1
    for s in summaries:
        assert s.lines and all(line and "None" not in line and "{" not in line for line in s.lines)
        if s.rondel:
            assert s.lines[0].startswith(f"{s.title} moved to {s.rondel} on the rondel")


def test_saved_midgame_since_each_players_last_decision():
    record = GameRecord.load(SAVES / "midgame.json")
    tracker = replay_summary(record)
    for player in range(record.setup.num_players):
        last = tracker.last_decision(player)
        assert last is not None
        # the player's own decision is not repeated; everything after it is told
        expected = events_by_turn(record.setup, record.actions, start=last + 1)
        assert_consistent(tracker.since(player), expected, tracker.board)


def test_since_starts_after_the_players_own_decision():
    record = simulated(5)
    tracker = replay_summary(record)
    state = GameState.new(record.setup)
    actors = []
    for action in record.actions:
        actors.append(state.current_player())
        state.apply(action)
    for player in range(record.setup.num_players):
        assert tracker.last_decision(player) == max(i for i, a in enumerate(actors) if a == player)


def test_game_end_appears_for_the_other_players():
    record = simulated(4)
    tracker = replay_summary(record)
    final = GameRecord(record.setup, list(record.actions)).replay(check_digest=False)
    assert final.is_terminal()
    # the player who made the last decision saw the end happen; the others are told
    last_actor = max(range(record.setup.num_players), key=lambda p: tracker.last_decision(p) or -1)
    others = [p for p in range(record.setup.num_players) if p != last_actor]
    for player in others:
        summaries = tracker.since(player)
        assert summaries[-1].game_over
        assert any(line.startswith("The game is over:") and "Final scores:" in line for line in summaries[-1].lines)
    assert any(s.game_over for s in tracker.all_turns())


# event type -> the field naming the region where the board changed
BOARD_CHANGES = {"factory_built": "region", "unit_placed": "region", "unit_moved": "destination", "battle": "region",
                 "army_status": "region", "factory_destroyed": "region", "flag_placed": "region", "flag_removed": "region"}


@pytest.mark.parametrize("seed", [3, 8])
def test_each_turn_names_the_regions_where_the_board_changed(seed):
    record = simulated(seed)
    tracker = replay_summary(record)
    by_turn = {s.turn: s for s in tracker.all_turns()}
    expected = events_by_turn(record.setup, record.actions)
    for turn, events in expected.items():
        regions = list(dict.fromkeys(e[BOARD_CHANGES[e.type]] for e in events if e.type in BOARD_CHANGES))
        assert (by_turn[turn].regions if turn in by_turn else []) == regions, turn
    assert sum(len(s.regions) for s in by_turn.values()) > 10


def test_names_with_markup_characters_stay_plain_text():
    record = simulated(6, names=MARKUP_NAMES)
    tracker = replay_summary(record)
    text = summary_text(tracker.all_turns())
    for name in MARKUP_NAMES:
        assert name in text  # exactly as typed: the UI escapes, the summary must not
    assert "&amp;" not in text and "&lt;" not in text
    titles = {s.title for s in tracker.all_turns() if s.government_name}
    assert any(t.endswith(f"({MARKUP_NAMES[0]})") for t in titles)


def live_session(seed: int = 2) -> GameSession:
    setup = GameSetup.create(4, seed, names=["Anna", "Comp B", "Comp C", "Comp D"])
    seats = [Seat("Anna")] + [Seat(f"Comp {c}", COMPUTER, "random") for c in "BCD"]
    return GameSession(setup, seats, seed=seed)


def test_after_a_computer_round_the_summary_matches_the_events():
    session = live_session()
    tracker = SummaryTracker(session)
    session.run_computers()
    for _ in range(3):  # three human decisions, each followed by a computer round
        assert session.waits_for_local_input()
        while session.waits_for_local_input():
            session.apply(session.state.legal_actions()[0])
        mine = len(session.record.actions) - 1
        session.run_computers()
        expected = events_by_turn(session.setup, session.record.actions, start=mine + 1)
        summaries = tracker.since(0)
        assert summaries, "the computers did something"
        assert_consistent(summaries, expected, tracker.board)
        moved = [e["nation"] for events in expected.values() for e in events if e.type == "rondel_moved"]
        assert [s.nation for s in summaries if s.rondel] == moved  # the nation turns in order
    tracker.detach()
    assert tracker._on_action not in session.listeners


def test_mark_seen_hides_what_was_read():
    session = live_session(7)
    tracker = SummaryTracker(session)
    session.run_computers()
    while session.waits_for_local_input():
        session.apply(session.state.legal_actions()[0])
    session.run_computers()
    assert tracker.since(0)
    tracker.mark_seen(0)
    assert tracker.since(0) == []


def test_undo_removes_the_undone_lines_and_redo_brings_them_back():
    session = live_session(9)
    tracker = SummaryTracker(session)
    session.run_computers()
    state = session.state
    rondel = [a for a in state.legal_actions() if isinstance(a, ChooseRondel)]
    assert rondel, state.describe_decision()
    session.apply(rondel[-1])
    after = summary_text(tracker.all_turns())
    space = state.board.rondel[rondel[-1].space].name
    assert tracker.all_turns()[-1].rondel == space or session.state.decision().kind == "swiss_force"
    assert session.undo()
    undone = summary_text(tracker.all_turns())
    assert undone == summary_text(replay_summary(session.record).all_turns())
    assert len(undone) < len(after)
    assert session.redo()
    assert summary_text(tracker.all_turns()) == after


def test_tracker_of_a_session_loaded_midgame_equals_a_replay():
    record = GameRecord.load(SAVES / "midgame.json")
    seats = [Seat(n) for n in record.setup.players]
    session = GameSession.from_record(record, seats)
    tracker = SummaryTracker(session)
    assert tracker.action_count == len(record.actions)
    assert summary_text(tracker.all_turns()) == summary_text(replay_summary(record).all_turns())


def test_an_end_without_any_government_is_told():
    """Clarification point 37: the game can end because no nation has a government."""
    from imperial_desktop.core import PassInvestment

    setup = GameSetup.create(4, 1, names=["Anna", "Ben", "Clara", "David"])
    tracker = SummaryTracker(setup)
    end = Event("game_over", {"nation": None, "reason": "no_government", "scores": [10, 12, 3, 0]})
    tracker.record(PassInvestment(0), [end], actor=0)
    last = tracker.since(1)[-1]
    assert last.game_over
    assert last.lines[-1] == ("The game is over: no nation has a government and no bond can be bought any more. "
                              "Final scores: Ben (12), Anna (10), Clara (3), David (0).")


def test_a_government_lost_or_won_is_news_for_the_player():
    """Session 16's play-test: "Computer 3 took over the government of Austria-Hungary from
    Player 1" was the seventh line of another nation's turn. The tracker now names, for the
    player, each government lost or won since the last decision (net of changes back), checked
    here against the government_changed events of simulated games."""
    checked = 0
    for seed in range(1, 6):
        record = simulated(seed)
        state = GameState.new(record.setup)
        for count, action in enumerate(record.actions, 1):
            state.apply(action)
            tracker_now = SummaryTracker(record.setup, record.actions[:count]) if count % 40 == 0 else None
            if tracker_now is None:
                continue
            for player in range(4):
                turns = tracker_now.since(player)
                before: dict[str, int | None] = {}
                for turn in turns:
                    for nation, old, _new in turn.governments_changed:
                        before.setdefault(nation, old)
                names = record.setup.players
                lost = [n for n, old in before.items() if old == player and state.government[n] != player]
                won = [n for n, old in before.items() if old != player and state.government[n] == player]
                news = tracker_now.government_news(player)
                assert len(news) == len(lost) + len(won)
                for n in lost:
                    assert f"{names[player]} lost {state.board.name_of(n)} to " in " ".join(news)
                for n in won:
                    assert f"{names[player]} now governs {state.board.name_of(n)}." in news
                checked += len(news)
    assert checked > 0


def france_enters_spain_in_peace() -> tuple[GameState, GameSession, SummaryTracker]:
    """France's army enters Spain, where an Italian army stands, and France does not fight: Italy
    is asked whether it demands a battle (a summary tracker watching from the start)."""
    from helpers import FR, IT, clear_units, put, six_player_game, start_maneuver

    from imperial_desktop.core import MoveArmy, Peace

    state = six_player_game()
    clear_units(state)
    put(state, FR, "bordeaux", armies=1)
    put(state, IT, "spain", armies=1)
    start_maneuver(state, FR)
    session = GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state)
    tracker = SummaryTracker(session)
    session.apply(MoveArmy(FR, "bordeaux", "spain"))
    session.apply(Peace(FR))
    return state, session, tracker


def test_a_maneuver_ended_after_the_players_battle_answer_is_not_told_as_moving_nothing():
    """Play-test: "Russia moved no units." right after Russia had moved two armies and a fleet; the
    summary began at the player's battle answer, in the middle of Russia's maneuver."""
    from helpers import FR, IT

    from imperial_desktop.core import EndPhase, Peace

    state, session, tracker = france_enters_spain_in_peace()  # France does not fight on entering...
    assert session.state.decision().kind == "entry_demand"
    italy = session.state.decision().player
    session.apply(Peace(IT))  # ...nor does Italy demand a battle
    session.apply(EndPhase(FR, "armies"))
    (told,) = tracker.since(italy)
    assert told.lines == ["France moved no more units and ended its maneuver."]
    other = next(p for p in range(6) if p not in (italy, state.government[FR]))
    assert tracker.since(other)[0].lines == ["France moved an army to Spain."]


def test_a_battle_another_nation_demanded_is_told_as_demanded():
    """French play-test (session 18): the player entered Romania in peace, Austria-Hungary demanded
    a battle, and the summary said only "A battle in Romania", as if the player's answer had been
    ignored. A battle the moving nation did not start names the nation that demanded it (R-EN
    Maneuver: a battle happens "if at least one side wants it")."""
    from helpers import FR, IT

    from imperial_desktop.core import Battle

    state, session, tracker = france_enters_spain_in_peace()
    italy = session.state.decision().player
    demand = next(a for a in session.state.legal_actions() if isinstance(a, Battle))
    assert demand.nation == IT
    session.apply(demand)
    france = state.government[FR]
    lines = " ".join(tracker.since(france)[0].lines)
    assert "Italy demanded a battle in Spain: " in lines, lines
    assert "A battle in Spain" not in lines
    assert italy != france
