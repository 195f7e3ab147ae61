"""The rules reference (issue 14, "rules help where the question arises"; issue 12, memory): F1 on
every screen, search, the "?" of the decision panels, Esc, resizes, one window per screen."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from helpers import AH, GB, clear_units, give_turn, put, six_player_game, start_maneuver
from ui_driver import Driver, click_in_app, side_window

from imperial_desktop import i18n
from imperial_desktop.core import GameState
from imperial_desktop.ui import rules_topics
from imperial_desktop.ui.rules_topics import DECISION_TOPICS, TOPICS, search, topic, topic_for_decision
from imperial_desktop.ui.rules_window import MAX_SIZE, RulesWindow, open_window, show_rules


def frames(app, n=2):
    for _ in range(n):
        app.frame(1 / 60)


def press(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    frames(app, 2)


def rules_windows(manager) -> list:
    from imperial_desktop.ui.rules_window import RulesWindow

    return [s for s in manager.get_sprite_group().sprites() if isinstance(getattr(s, "owner", None), RulesWindow) and s.alive()]


def shown(manager) -> RulesWindow | None:
    window = open_window(manager)
    return window if window is not None and window.alive else None


# ---------------------------------------------------------------- topics


def test_topics_cover_the_rule_book_sections():
    ids = [t.id for t in TOPICS]
    for wanted in ("overview", "setup", "rondel", "factory", "production", "import", "maneuver", "battles", "flags",
                   "taxation", "investor", "swiss_bank", "end", "options", "controls"):
        assert wanted in ids
    for t in TOPICS:
        assert t.paragraphs and all(text for _lead, text in t.paragraphs)


@pytest.mark.parametrize("kind, expected", sorted({
    "auction": "setup", "rondel": "rondel", "swiss_force": "swiss_bank", "factory": "factory",
    "production": "production", "import": "import", "maneuver": "maneuver", "entry_fight": "battles",
    "entry_ask": "battles", "entry_demand": "battles", "entry_status": "battles", "invest": "investor",
    "donation": "overview", "route": "maneuver", "taxation": "taxation"}.items()))
def test_topic_for_every_decision_kind(kind, expected):
    assert topic_for_decision(kind) == expected


def test_every_kind_the_core_asks_has_a_topic():
    """Every decision kind the rules core can pend (its generators) maps to a topic of its own."""
    from imperial_desktop.core import state as core_state

    for kind in core_state.DECISION_TEXT:
        assert kind in DECISION_TOPICS, kind
    game = six_player_game()
    give_turn(game, AH, position=0)
    assert topic_for_decision(game.decision()) == "rondel"
    assert topic_for_decision(None) == "overview" and topic_for_decision("no such kind") == "overview"


def test_search_ignores_case_and_accents_and_puts_named_topics_first():
    assert search("SWISS")[0] == "swiss_bank"
    assert search("swiss bank")[0] == "swiss_bank"
    assert rules_topics.fold("Schweizer Größe Trésor") == "schweizer grosse tresor"
    assert search("convoy") and "maneuver" in search("convoy")
    assert search("xyzzy qwertz") == []
    assert len(search("")) == len(TOPICS)


def test_search_in_german_and_french(monkeypatch):
    monkeypatch.setenv(i18n.LANGUAGE_ENV, "de")
    try:
        assert i18n.set_language("de") == "de"
        assert search("schweizer")[0] == "swiss_bank"
        assert search("SCHWEIZER BANK")[0] == "swiss_bank"
        assert "swiss_bank" in search("swiss")  # the English words are found in every language
        monkeypatch.setenv(i18n.LANGUAGE_ENV, "fr")
        assert i18n.set_language("fr") == "fr"
        assert search("banque suisse")[0] == "swiss_bank"
        assert search("tresor")  # "trésor" found without its accent
    finally:
        monkeypatch.delenv(i18n.LANGUAGE_ENV)
        i18n.set_language("en")


def _in_language(monkeypatch, code: str) -> None:
    monkeypatch.setenv(i18n.LANGUAGE_ENV, code)
    assert i18n.set_language(code) == code


@pytest.fixture
def restore_english(monkeypatch):
    yield
    monkeypatch.delenv(i18n.LANGUAGE_ENV, raising=False)
    i18n.set_language("en")


# A newcomer's questions (play-test finding 8): the topic that answers them comes first (or among
# the first ones, where two topics answer), whatever else the question says.
@pytest.mark.parametrize("language, query, first", [
    ("en", "what is the Swiss Bank", {"swiss_bank"}),
    ("en", "What is a Swiss Bank?", {"swiss_bank"}),
    ("de", "Was ist die Schweizer Bank", {"swiss_bank"}),
    ("de", "Was ist eine Schweizer Bank?", {"swiss_bank"}),
    ("fr", "Qu'est-ce que la banque suisse ?", {"swiss_bank"}),
    ("en", "how do I get money", {"taxation", "investor"}),
    ("en", "get money", {"taxation", "investor"}),
    ("en", "income", {"taxation", "investor"}),
    ("en", "money", {"taxation", "investor"}),
    ("de", "wie bekomme ich Geld", {"taxation", "investor"}),
    ("de", "Einnahmen", {"taxation", "investor"}),
    ("fr", "comment avoir de l'argent", {"taxation", "investor"}),
    ("fr", "revenus", {"taxation", "investor"}),
    ("de", "Kredit", {"investor", "setup"}),
    ("en", "flag", {"flags"}),
    ("de", "Flagge", {"flags"}),
    ("fr", "drapeau", {"flags", "setup"}),
    ("fr", "jetons", {"flags"}),
])
def test_search_answers_a_newcomers_questions(monkeypatch, restore_english, language, query, first):
    _in_language(monkeypatch, language)
    hits = search(query)
    assert set(hits[:len(first)]) == first, hits


def test_search_drops_stop_words_and_ranks_title_words_first(monkeypatch, restore_english):
    assert rules_topics.query_words("What is the Swiss Bank?") == ["swiss", "bank"]
    assert search("what is the") == [t.id for t in TOPICS]  # only stop-words: nothing filtered yet
    assert search("the taxes") == search("taxes") and search("taxes")[0] == "taxation"
    assert "maneuver" in search("convoy xyzzy")  # any word may match
    _in_language(monkeypatch, "de")
    assert rules_topics.query_words("Wie bekomme ich Geld?") == ["geld"]
    _in_language(monkeypatch, "fr")
    assert rules_topics.query_words("Qu'est-ce que la banque suisse ?") == ["banque", "suisse"]


@pytest.mark.parametrize("language, nothing", [("en", "No topic found"), ("de", "Kein Thema gefunden"),
                                               ("fr", "Aucun chapitre trouvé")])
def test_no_hit_shows_no_topic_found_not_an_old_topic(manager, monkeypatch, restore_english, language, nothing):
    _in_language(monkeypatch, language)
    window = show_rules(manager, (1600, 1000), "rondel")
    pump(manager)
    window.search_box.set_text("xyzzy")
    window.set_query("xyzzy")
    assert window.hits == [] and window.topic_list.item_list == []
    assert nothing in window.box.html_text and not window.showing_topic
    assert topic("rondel").shown_title() not in window.box.html_text
    window.set_query("")  # cleared: every topic, the chosen one shown again
    assert window.showing_topic and window.selected == "rondel" and len(window.hits) == len(TOPICS)


# ---------------------------------------------------------------- F1 on every screen


@pytest.mark.parametrize("screen", ["title", "new", "load", "settings", "rules"])
def test_f1_opens_the_reference_on_every_menu_screen(app, screen):
    if screen != "title":
        click_in_app(app, app.scene.buttons[screen], settle=2)
    press(app, pygame.K_F1)
    window = shown(app.manager)
    assert window is not None
    assert len(rules_windows(app.manager)) == 1
    press(app, pygame.K_F1)  # a second F1 shows the same window
    assert open_window(app.manager) is window and len(rules_windows(app.manager)) == 1
    scene = app.scene
    press(app, pygame.K_ESCAPE)  # Esc closes the reference, not the screen under it
    assert not window.alive
    if screen != "rules":
        assert app.scene is scene


def _human_game(state: GameState):
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    return GameSession(state.setup, [Seat(n) for n in state.setup.players], state=state.clone())


def test_f1_opens_the_reference_on_the_game_and_results_screens(app):
    app.start_game(_human_game(six_player_game()))
    frames(app, 2)
    if app.scene.hot_seat.handover_to is not None:  # six people at one screen: the first one sits down
        press(app, pygame.K_RETURN)
    press(app, pygame.K_F1)
    window = shown(app.manager)
    assert window is not None and side_window(app.scene) is window
    pending = app.scene.session.state.decision()  # F1 opens the topic of the decision now pending
    assert pending is not None and window.selected == topic_for_decision(pending) != "overview"
    press(app, pygame.K_l)  # letters are not shortcuts while the reference is open over the game
    assert app.scene.overlay is None
    press(app, pygame.K_ESCAPE)
    assert not window.alive
    frames(app, 1)
    assert side_window(app.scene) is None
    app.scene.toggle_overlay("results")  # the scores (also shown at the end of the game)
    frames(app, 1)
    press(app, pygame.K_F1)
    assert shown(app.manager) is window and app.scene.overlay == "results"


# ---------------------------------------------------------------- the window


@pytest.fixture
def manager():
    from imperial_desktop.ui.gui import make_manager

    pygame.init()
    screen = pygame.display.set_mode((1600, 1000))
    made = make_manager(screen.get_size())
    yield made
    pygame.quit()


def pump(manager, n=2):
    screen = pygame.display.get_surface()
    for _ in range(n):
        for event in pygame.event.get():
            manager.process_events(event)
        manager.update(1 / 60)
        manager.draw_ui(screen)


def test_search_box_filters_the_topics_and_counts_the_hits(manager):
    window = show_rules(manager, (1600, 1000))
    pump(manager)
    assert window.hits_label.text == f"{len(TOPICS)} topics"
    window.search_box.focus()
    for char in "swiss":  # typed: text input events, as the keyboard sends them
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pump(manager, 3)
    assert window.search_box.get_text() == "swiss"
    assert window.selected == "swiss_bank" and window.hits[0] == "swiss_bank"
    assert window.hits_label.text == f"{len(window.hits)} topics found"
    assert [item["text"] for item in window.topic_list.item_list][0] == "Swiss Bank"
    assert "Swiss Bank" in window.box.html_text


def test_choosing_a_topic_in_the_list_shows_only_its_text(manager):
    window = show_rules(manager, (1600, 1000), "rondel")
    pump(manager)
    assert "rondel has eight spaces" in window.box.html_text and "Factory</b></font>" not in window.box.html_text
    item = next(i for i in window.topic_list.item_list if i["text"] == "Factory")
    button = item["button_element"]
    pos = button.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        pump(manager, 1)
    pump(manager, 2)
    assert window.selected == "factory" and "5M from its treasury" in window.box.html_text
    assert "rondel has eight spaces" not in window.box.html_text


def test_player_text_in_a_translation_is_escaped(manager):
    from imperial_desktop.ui.rules_window import topic_markup

    for t in TOPICS:
        markup = topic_markup(t.id)
        assert "<img" not in markup and "<font size=5>" in markup


def test_opening_twice_keeps_one_window_and_esc_closes(manager):
    first = show_rules(manager, (1600, 1000), "rondel")
    second = show_rules(manager, (1600, 1000), "import")
    pump(manager)
    assert first is second and len(rules_windows(manager)) == 1 and first.selected == "import"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(manager)
    assert not first.alive
    third = show_rules(manager, (1600, 1000))
    assert third is first and third.alive and len(rules_windows(manager)) == 1


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640), (2560, 1440), (800, 500), (1600, 1000)])
def test_window_stays_inside_the_screen_after_resizes(manager, size):
    window = show_rules(manager, (1600, 1000), "maneuver")
    box = window.box
    pygame.display.set_mode(size)
    manager.set_window_resolution(size)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    pump(manager, 2)
    screen = pygame.Rect((0, 0), size)
    for widget in window.widgets():
        assert screen.contains(widget.get_abs_rect()), (size, widget)
    assert window.window.get_abs_rect().w <= MAX_SIZE[0] and window.window.get_abs_rect().h <= MAX_SIZE[1]
    assert window.box is box  # re-laid out, not rebuilt


# ---------------------------------------------------------------- "?" on the decision panels


def _scene(state: GameState) -> Driver:
    from imperial_desktop.ui.game_scene import GameScene

    session = _human_game(state)
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0))
    driver.frame(2)
    return driver


@pytest.mark.parametrize("kind", ["rondel", "maneuver"])
def test_question_mark_on_the_decision_panel_opens_its_topic(kind):
    state = six_player_game()
    if kind == "maneuver":
        clear_units(state)
        put(state, GB, "english_channel", fleets=1)
        start_maneuver(state, GB)
    else:
        give_turn(state, AH, position=0)
    driver = _scene(state)
    panel = driver.scene.decisions.panel
    assert panel is not None and panel.help_button is not None
    driver.click_element(panel.help_button)
    window = shown(driver.manager)
    assert window is not None and window.selected == topic_for_decision(kind)
    driver.key(pygame.K_ESCAPE)
    assert not window.alive
    assert driver.scene.decisions.panel is not None  # the decision is still there
    pygame.quit()


def test_question_mark_is_announced_as_a_button_event():
    """The "?" reacts to its own press event (a keyboard or a test may post it too)."""
    state = six_player_game()
    give_turn(state, AH, position=0)
    driver = _scene(state)
    button = driver.scene.decisions.panel.help_button
    driver.post(pygame_gui.UI_BUTTON_PRESSED, ui_element=button, ui_object_id="#help_button", mouse_button=1)
    driver.frame(2)
    assert shown(driver.manager).selected == "rondel"
    pygame.quit()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_search_tooltip_goes_when_esc_closes_the_window(manager, monkeypatch, restore_english, language):
    """Play-test finding 9: the search box's tooltip stayed on the screen after Esc."""
    _in_language(monkeypatch, language)
    window = show_rules(manager, (1600, 1000))
    pump(manager)
    pos = window.search_box.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(4):  # hovered longer than the tooltip delay (1 s)
        for event in pygame.event.get():
            manager.process_events(event)
        manager.update(0.5)
    assert tooltips(manager), "hovering the search box should show its tooltip"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(manager)
    assert not window.alive and tooltips(manager) == []


def tooltips(manager) -> list:
    return [s for s in manager.get_sprite_group().sprites() if type(s).__name__ == "UITooltip" and s.alive()]


def test_the_question_marks_tooltip_does_not_stay_over_the_rules_window():
    """German play-test: after a click on "?" its tooltip ("The rules of this decision...") stood on
    top of the rules window that opened. The pointer resting on "?" brings it back no more; leaving
    and coming back does."""
    state = six_player_game()
    give_turn(state, AH, position=0)
    driver = _scene(state)
    button = driver.scene.decisions.panel.help_button
    driver.move(button.get_abs_rect().center)
    driver.frame(120, dt=1 / 30)  # four seconds at rest: its tooltip shows
    assert button.tool_tip is not None
    driver.click_element(button)
    window = shown(driver.manager)
    assert window is not None
    driver.frame(120, dt=1 / 30)
    covered = window.window.get_abs_rect().collidepoint(button.get_abs_rect().center)
    assert button.tool_tip is None and not covered, covered  # the window stands beside the "?"
    driver.key(pygame.K_ESCAPE)
    driver.move((5, 5))
    driver.move(button.get_abs_rect().center)
    driver.frame(120, dt=1 / 30)
    assert button.tool_tip is not None  # pointing at it again explains it again
    pygame.quit()
