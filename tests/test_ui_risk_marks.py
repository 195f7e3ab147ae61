"""Issue "opponent", item 8: show the player what the computer sees. The nations table marks a
government that someone can take over at his next chance to invest (``ai/control.py``: a red
triangle for the next Investor turn, an orange one for later, a green arrow where only a person at
the screen can take a computer's nation), its tooltip says who and how (the bond, the trade-in,
the cash with the investor card's 2M, unless cash is hidden) and, for a person's own nation,
which bond would keep it; the Hint cites a government at risk in the reason of an investment or a
move onto Investor.

Rule book sections relied on: "Investor" (the card holder's 2M, the Swiss Banks investing after
him, the government check at the end of the Investor turn: a tie keeps the government), "Variant
without investor card"; clarifications 5, 6, 8, 9, 10, 29 (docs/clarifications.md). The
positions are those of tests/test_ai_control.py, which plays each through the engine.
"""

from __future__ import annotations

import pytest
from game_scenes import open_scene
from helpers import AH, FR, GB, IT, fixed_game, give_turn, make_swiss, refresh, six_player_game, to_investing

from imperial_desktop.ai.hint import advise, risk_clause
from imperial_desktop.core import ChooseRondel, Invest, PassInvestment
from imperial_desktop.ui import risk_marks
from imperial_desktop.ui.layers.tooltips import PanelTipLayer
from imperial_desktop.ui.risk_marks import LATER, SOON, government_notes

MAN1, INVESTOR, IMPORT = 2, 3, 4  # rondel spaces: Maneuver, Investor, Import


def with_cash(state, **cash):
    """The state with player ``p<i>``'s cash set (p1 = player 0)."""
    for key, value in cash.items():
        state.cash[int(key[1:]) - 1] = value
    refresh(state)
    return state


# ---------------------------------------------------------------- the scene


def _cell(scene, heading):
    """The government cell whose tooltip starts with ``heading``."""
    return next(rect for rect, lines in scene.chrome.table_tips if lines[0] == heading)


def _tip(driver, heading):
    """Point at the government cell headed ``heading``: the tooltip's lines, joined."""
    driver.move(_cell(driver.scene, heading).center)
    driver.frame(2)
    shown = driver.drawn.get(PanelTipLayer)  # the lines of the tip drawn
    assert shown is not None and shown[0] == heading
    return " ".join(line.strip() for line in shown)


def _pixels(driver, rect, colour):
    """How many pixels of exactly ``colour`` the screen has in ``rect``."""
    driver.move(driver.scene.layout.board.center)  # no tooltip over the table
    driver.frame(2)
    screen = driver.screen
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if screen.get_at((x, y))[:3] == colour)


def test_a_plain_purchase_by_the_card_holder_is_marked_and_named():
    """Rule book, Investor step 2: the card holder (P2) gets 2M and may buy a bond; 12M + 2M buys
    Austria's 12M bond, which beats P1's 9M at the check. Austria's government gets a red mark,
    its tooltip names P2, the bond and his cash with the card's 2M."""
    driver = open_scene(with_cash(six_player_game(), p2=12), (1280, 720))
    heading = "Austria-Hungary: government at risk"
    cell = _cell(driver.scene, heading)
    assert _pixels(driver, cell, SOON) > 20 and _pixels(driver, cell, LATER) == 0
    shown = _tip(driver, heading)
    assert "P2 can take it over at the next Investor turn with the 12M bond (has 14M with the investor card's 2M)" \
        in shown
    assert "a tie keeps the government" in shown


def test_no_mark_where_nobody_can_afford_a_takeover():
    """The same position with 7M: 7M + 2M reaches neither the 12M bond, the cheapest above a 9M
    government, nor P2's 2M bond of Great Britain traded up to 12M (10M); every other player has
    2M (4M with the card later). No mark anywhere, no risk tooltip."""
    driver = open_scene(with_cash(six_player_game(), p2=7), (1280, 720))
    table = driver.scene.layout.table
    assert _pixels(driver, table, SOON) == 0 and _pixels(driver, table, LATER) == 0
    assert not [lines for _rect, lines in driver.scene.chrome.table_tips if lines[0].endswith("at risk")]
    # a person's own nation says it is safe, and who is closest
    shown = _tip(driver, "Austria-Hungary: government safe for now")
    assert "No rival can take it over at their next chance to invest" in shown
    # P3 holds Austria's 2M bond: trading it up to 12M costs 10M, when the card reaches him
    assert "Closest: P3 would need 10M at the Investor turn after next (has 4M with the investor card's 2M)" in shown


def test_the_investor_cards_2m_decide():
    """10M + the card's 2M buys the 12M bond: marked; 9M + 2M does not (above)."""
    notes = government_notes(with_cash(six_player_game(), p2=10))
    assert notes[AH].level == "soon"
    assert "P2 can take it over at the next Investor turn with the 12M bond (has 12M with the investor card's 2M)" \
        in notes[AH].paragraphs
    assert government_notes(with_cash(six_player_game(), p2=9))[AH].level is None


def test_a_trade_up_is_said_as_one():
    """Clarification 8: P3 holds Austria's 2M bond and gets the card; trading it up to the 12M bond
    costs 10M (8M + the card's 2M) and passes P1's 9M."""
    state = with_cash(six_player_game(), p3=8)
    state.card = 2
    refresh(state)
    driver = open_scene(state, (1600, 1000))
    shown = _tip(driver, "Austria-Hungary: government at risk")
    assert ("P3 can take it over at the next Investor turn by trading the 2M bond up to the 12M bond for 10M "
            "(has 10M with the investor card's 2M)") in shown
    state.cash[2] = 7
    refresh(state)
    assert government_notes(state)[AH].level is None


def test_a_swiss_bank_invests_without_the_2m():
    """New edition, Swiss Bank (#6, #10): P4 governs nothing and invests at every Investor turn,
    after the card holder, without the 2M: 12M buys the 12M bond, 11M does not."""
    state = six_player_game()
    make_swiss(state, 3, GB, 4)
    notes = government_notes(with_cash(state, p4=12))
    assert notes[AH].level == "soon"
    assert "P4 can take it over at the next Investor turn with the 12M bond (has 12M)" in notes[AH].paragraphs
    assert government_notes(with_cash(state, p4=11))[AH].level is None


def test_a_takeover_only_when_the_card_comes_round_is_marked_orange():
    """Rule book, Investor: the card moves one seat on after each Investor turn, so P5 (10M, + 2M
    with the card) can take Austria only at the fourth Investor turn from now: an orange mark."""
    driver = open_scene(with_cash(six_player_game(), p5=10), (1280, 720))
    heading = "Austria-Hungary: government at risk"
    cell = _cell(driver.scene, heading)
    assert _pixels(driver, cell, LATER) > 20 and _pixels(driver, cell, SOON) == 0
    shown = _tip(driver, heading)
    assert "P5 can take it over 4 Investor turns from now with the 12M bond (has 12M with the investor card's 2M)" \
        in shown
    # P1 governs Austria but invests only when the card reaches him, after P5's chance
    assert "Next chance to invest for P1: 6 Investor turns from now" in shown


def test_a_persons_chance_against_a_computer_is_green_and_a_computers_threat_red():
    """Against computers: P2 (the card holder, a person, 12M) can take the computers' 9M nations:
    a green arrow, "government within reach"; the computer P3 (10M, + 2M with the card at the
    Investor turn after next) can take the person P2's Italy: an orange triangle, "at risk"."""
    from ui_driver import Driver

    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.ui.game_scene import GameScene

    state = with_cash(six_player_game(), p2=12, p3=10)
    people = {0, 1}  # P1 decides now (Austria's rondel) and P2 is a person too: no computer thinks
    seats = [Seat(name, HUMAN) if i in people else Seat(name, COMPUTER, "normal")
             for i, name in enumerate(state.setup.players)]
    session = GameSession(state.setup, seats, state=state.clone())
    driver = Driver(lambda manager, size: GameScene(session, size, manager, seconds_per_move=0), size=(1280, 720))
    driver.frame(2)
    notes = government_notes(state, people=people)
    assert notes[FR].level == "chance" and notes[IT].level == "later" and notes[AH].level == "soon"
    green = _cell(driver.scene, "France: government within reach")
    assert _pixels(driver, green, risk_marks.CHANCE) > 20 and _pixels(driver, green, SOON) == 0
    assert "P2 can take it over at the next Investor turn with the 12M bond (has 14M with the investor card's 2M)" \
        in _tip(driver, "France: government within reach")
    orange = _cell(driver.scene, "Italy: government at risk")
    assert _pixels(driver, orange, LATER) > 20
    assert "P3 can take it over at the Investor turn after next with the 12M bond (has 12M with the investor card's 2M)" \
        in _tip(driver, "Italy: government at risk")
    # Austria is a person's (P1's): P2's takeover there is a danger to P1, not a chance
    assert _pixels(driver, _cell(driver.scene, "Austria-Hungary: government at risk"), SOON) > 20


def test_hidden_cash_shows_what_a_takeover_takes_but_not_what_the_player_has():
    """Hot seat with hidden cash: the mark and the bond stay, the rival's cash is not written."""
    driver = open_scene(with_cash(six_player_game(), p2=12), (1280, 720))
    scene = driver.scene
    assert scene.session.state.current_player() == 0
    scene.hide_cash = True
    scene.dirty = True
    driver.frame(2)
    heading = "Austria-Hungary: government at risk"
    assert _pixels(driver, _cell(scene, heading), SOON) > 20
    shown = _tip(driver, heading)
    assert "P2 can take it over at the next Investor turn with the 12M bond" in shown
    assert "(has" not in shown and "14M" not in shown
    # shown again: the amount comes back
    scene.hide_cash = False
    scene.dirty = True
    driver.frame(2)
    assert "(has 14M with the investor card's 2M)" in _tip(driver, heading)


def test_a_persons_government_at_risk_names_the_bond_that_keeps_it():
    """P1 governs Austria (9M) and holds the card; the Swiss Bank P4 (12M) invests after him and
    could buy the 12M bond. Trading the 9M bond up to the 12M bond (3M) leaves P4 nothing that
    passes 12M, at this Investor turn or the next (``purchase_locks``: ``holds_next``)."""
    state = six_player_game()
    make_swiss(state, 3, GB, 4)
    state.card = 0
    with_cash(state, p1=4, p4=12)
    driver = open_scene(state, (1600, 1000))
    shown = _tip(driver, "Austria-Hungary: government at risk")
    assert "P4 can take it over at the next Investor turn with the 12M bond (has 12M)" in shown
    assert ("To keep it, P1 can trade the 9M bond up to the 12M bond (3M) at the next Investor turn: nobody could "
            "take it then or at the Investor turn after that") in shown
    note = government_notes(state)[AH]
    assert note.lock is not None and note.lock.action == Invest(0, AH, 12, 9) and note.lock.holds_next
    # a computer's nation gets the warning but no advice; with no cash (+ the card's 2M) nothing keeps it
    assert not [p for p in government_notes(state, people=set())[AH].paragraphs if "To keep it" in p]
    assert "No bond P1 can afford at the next Investor turn would keep it then and at the Investor turn after that" \
        in government_notes(with_cash(state, p1=0))[AH].paragraphs


def test_a_purchase_in_the_investor_turn_under_way_changes_the_government():
    """Rule book, Investor: the check comes at the end of the Investor turn. The card holder P2
    has bought Austria's 12M bond; the Swiss Bank P4 is still to invest: Austria is marked red,
    its tooltip says first that P2 takes it when the turn ends, then what P4 could still do."""
    state = six_player_game()
    make_swiss(state, 3, GB, 4)
    with_cash(state, p2=12, p4=16)
    give_turn(state, AH, position=MAN1)
    state.apply(ChooseRondel(AH, INVESTOR))
    state.apply(Invest(1, AH, 12))
    assert state.current_player() == 3
    note = government_notes(state)[AH]
    assert note.level == "soon"
    assert note.paragraphs[0] == "P2 now holds the most in its bonds and takes it over when this Investor turn ends"
    # and P4, still to invest in this turn, could outbid him with the 16M bond
    assert note.paragraphs[1] == "P4 can take it over in this Investor turn with the 16M bond (has 16M)"


def test_without_the_card_the_round_follows_a_nations_turn():
    """Variant without investor card (#29): after Austria's turn every player may invest in it;
    P3 trades his 2M bond up to 12M (10M, no card bonus)."""
    state = fixed_game({AH: 0, IT: 1, FR: 2, GB: 3, "germany": 4, "russia": 5}, 6, investor_card=False)
    with_cash(state, p3=10)
    give_turn(state, AH, position=MAN1)
    note = government_notes(state)[AH]
    assert ("P3 can take it over after Austria-Hungary's turn by trading the 2M bond up to the 12M bond for 10M "
            "(has 10M)") in note.paragraphs
    assert note.paragraphs[-1].startswith("After each round of investing")


@pytest.mark.parametrize("size", [(1280, 720), (1600, 1000)])
def test_marks_fit_beside_the_names(size):
    """Six players with long names ("Computerspieler 1".."6"), one of them rich: every other
    government is marked; each mark lies in its government cell, right of the name (shortened to
    make room), and touches no text."""
    from imperial_desktop.core import GameSetup, GameState

    names = tuple(f"Computerspieler {i}" for i in range(1, 7))
    base = six_player_game()
    state = GameState.new(GameSetup(players=names, flag_cards=base.setup.flag_cards))
    with_cash(state, p2=30)
    driver = open_scene(state, size)
    scene = driver.scene
    cells = [rect for rect, lines in scene.chrome.table_tips if lines[0].endswith("government at risk")]
    assert len(cells) == 5
    driver.move(scene.layout.board.center)
    driver.frame(2)
    screen = driver.screen
    for cell in cells:
        mark_x, text_x = [], []
        for x in range(cell.left, scene.layout.table.right):
            for y in range(cell.top, cell.bottom):
                r, g, b = screen.get_at((x, y))[:3]
                if (r, g, b) in (SOON, risk_marks.MARK_EDGE):
                    mark_x.append(x)
                elif x < cell.right and max(r, g, b) - min(r, g, b) < 30 and r + g + b < 350:
                    text_x.append(x)  # the name: dark grey
        assert mark_x and min(mark_x) >= cell.left and max(mark_x) < cell.right - 1, cell
        assert text_x and max(text_x) < min(mark_x), cell
        assert max(mark_x) - min(mark_x) >= 10  # readable: at least 11 pixels wide


def test_the_government_head_explains_the_marks():
    driver = open_scene(six_player_game(), (1280, 720))
    head = next(rect for rect, lines in driver.scene.chrome.table_tips if lines[0] == "Government")
    driver.move(head.center)
    driver.frame(2)
    assert "A red triangle beside the name" in " ".join(driver.drawn[PanelTipLayer])


@pytest.mark.parametrize("language, heading, words", [
    ("de", "Österreich-Ungarn: Regierung in Gefahr", "kann sie beim nächsten Investor-Zug mit der Staatsanleihe über 12 Mio."),
    ("fr", "Autriche-Hongrie\u00a0: gouvernement menacé", "peut le prendre au prochain tour Investisseur avec l'obligation de 12"),
])
def test_the_tooltip_speaks_german_and_french(monkeypatch, language, heading, words):
    from imperial_desktop import i18n

    monkeypatch.setenv(i18n.LANGUAGE_ENV, language)
    i18n.set_language(language)
    try:
        note = government_notes(with_cash(six_player_game(), p2=12))[AH]
        assert note.heading == heading
        assert words in note.paragraphs[0], note.paragraphs[0]
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- the Hint


def test_the_hint_cites_a_payout_that_hands_a_rival_a_takeover():
    """Rule book, Investor step 1 then 2: Austria's payout gives P2 (the card holder) 2M interest;
    3M + 2M + the card's 2M buys the 6M bond, 10 against P1's 9M. The Investor option's reason says
    so; the other rondel spaces' do not."""
    state = six_player_game()
    state.bond_owner[AH] = {9: 0, 4: 1}
    with_cash(state, p2=3)
    give_turn(state, AH, position=MAN1)
    assert risk_clause(state, ChooseRondel(AH, INVESTOR), 0) == "would pay P2 enough to take Austria-Hungary"
    assert risk_clause(state, ChooseRondel(AH, IMPORT), 0) is None
    advice = advise(state, budget_s=0.05, top=8)
    reasons = {a.action.space: a.reason for a in advice}
    assert "would pay P2 enough to take Austria-Hungary" in reasons[INVESTOR]
    assert not [r for space, r in reasons.items() if space != INVESTOR and "enough to take" in r]
    state.cash[1] = 0  # then the payout is not enough
    refresh(state)
    assert risk_clause(state, ChooseRondel(AH, INVESTOR), 0) is None


def test_the_hint_cites_a_bond_that_secures_a_government():
    """P1 holds the card and invests first; the Swiss Bank P4 (12M) invests after him and could
    take every 9M government. The 4M bond makes Austria 13M: P4's takeover is gone."""
    state = six_player_game()
    make_swiss(state, 3, GB, 4)
    state.card = 0
    with_cash(state, p1=4, p4=12)
    give_turn(state, IT, position=MAN1)
    state.apply(ChooseRondel(IT, IMPORT))  # passes Investor: P1 invests first
    to_investing(state)
    assert state.current_player() == 0
    assert risk_clause(state, Invest(0, AH, 4), 0) == "secures Austria-Hungary against P4's takeover"
    assert risk_clause(state, Invest(0, AH, 12, 9), 0) == "secures Austria-Hungary against P4's takeover"
    assert risk_clause(state, Invest(0, IT, 4), 0) is None  # Italy is not P1's
    assert risk_clause(state, PassInvestment(0), 0) is None
    advice = advise(state, budget_s=0.05, top=12)
    cited = [a for a in advice if risk_clause(state, a.action, 0)]
    assert cited  # the search weighs Austria's securing bonds among its candidates
    assert all(risk_clause(state, a.action, 0) in a.reason for a in cited)


def test_the_hint_cites_a_takeover_that_a_rival_can_undo():
    """The card holder's 12M takes Austria, but the Swiss Bank P4 trades his 4M bond up to 16M
    after him (test_ai_control: the purchase a rival beats); the 20M bond holds."""
    state = six_player_game()
    make_swiss(state, 3, GB, 4)
    state.bond_owner[AH] = {9: 0, 2: 2, 4: 3}
    with_cash(state, p2=20, p4=12)
    give_turn(state, AH, position=MAN1)
    state.apply(ChooseRondel(AH, IMPORT))
    to_investing(state)
    assert state.current_player() == 1
    assert risk_clause(state, Invest(1, AH, 12), 1) == "P4 could take Austria-Hungary back"
    assert risk_clause(state, Invest(1, AH, 20), 1) is None


def test_mark_size_stays_readable():
    assert risk_marks.mark_size(19, 0.8)[1] >= 12
    assert risk_marks.mark_size(30, 1.0)[1] <= 30 * 0.8


def test_notes_are_worked_out_once_per_position():
    """The table is drawn again on every hover of the rondel: the notes come from a cache."""
    state = with_cash(six_player_game(), p2=12)
    first = government_notes(state)
    assert government_notes(state) is first
    state.cash[1] = 9
    refresh(state)
    assert government_notes(state) is not first
