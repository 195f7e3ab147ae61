"""The Investor's questions show what decides them (session 13's play-test): the panel marks in gold
every bond that would make the buyer the nation's government (only the Hint said so) and says
what gold means; the Swiss Bank's question shows the treasury and the interest at stake."""

from __future__ import annotations

from game_scenes import _played_states, open_scene

from imperial_desktop.core import Invest


def takes_over(state, action: Invest) -> bool:
    """R-EN Investor: a player who holds the highest credit sum (a tie is not enough) takes over."""
    after = state.credit(action.player, action.nation) + action.value - (action.trade_in or 0)
    others = [state.credit(p, action.nation) for p in range(state.num_players) if p != action.player]
    return state.government[action.nation] != action.player and after > max(others)


def test_bonds_that_take_over_a_government_are_gold() -> None:
    state = _played_states()["invest"]
    bonds = [a for a in state.legal_actions() if isinstance(a, Invest)]
    assert any(takes_over(state, a) for a in bonds) and not all(takes_over(state, a) for a in bonds)
    driver = open_scene(state, (1280, 800))
    panel = driver.scene.decisions.panel
    checked = 0
    for button, choice in panel.buttons.items():
        if not isinstance(choice.action, Invest):
            continue
        gold = "#takeover_button" in button.object_ids
        assert choice.takes_over == gold == takes_over(state, choice.action), choice.label
        checked += 1
    assert checked == len(bonds)
    assert "Gold: that bond takes over the government." in panel.view.prompt


def test_the_swiss_bank_question_shows_the_treasury_and_the_interest_at_stake() -> None:
    """Session 13's play-test: forcing a stop is allowed only when the treasury can pay all the
    interest (R-EN Investor, the Swiss Bank), and the question hid both amounts."""
    from imperial_desktop.ui.choices import decision_view, money

    state = _played_states()["swiss_force"]
    decision = state.decision()
    due = state.interest_due(decision.nation)
    prompt = decision_view(state).prompt
    assert money(state.treasury[decision.nation]) in prompt
    assert f"pay {money(sum(due.values()))} of interest, {money(due.get(decision.player, 0))} of it to you" in prompt


def test_no_rondel_space_is_gold_and_each_keeps_its_space() -> None:
    """Gold means a bond that takes over a government, nothing else. The rondel's two Production
    and two Maneuver buttons, relabelled "(left)"/"(right)", once passed their space as the
    gold flag (a newcomer's review found them gold) and lost the space they light up."""
    from imperial_desktop.core import ChooseRondel

    state = _played_states()["rondel"]
    spaces = {a.space for a in state.legal_actions() if isinstance(a, ChooseRondel)}
    driver = open_scene(state, (1280, 800))
    panel = driver.scene.decisions.panel
    shown = {}
    for button, choice in panel.buttons.items():
        if isinstance(choice.action, ChooseRondel):
            assert not choice.takes_over and "#takeover_button" not in button.object_ids, choice.label
            assert choice.rondel_space == choice.action.space, choice.label
            shown[choice.action.space] = choice.label
    assert set(shown) == spaces
    sides = [label for label in shown.values() if "(left)" in label or "(right)" in label]
    assert len(sides) == 4  # both Production and both Maneuver spaces, told apart by side


def test_the_investor_list_never_cuts_a_button_in_half() -> None:
    """A newcomer's review (session 15): at 1280x720 the last visible bond was cut in half by the
    list's bottom edge. The scrolling list shows a whole number of rows: every button of the list
    lies wholly inside its visible rect or wholly outside it (not drawn), and the scroll bar shows
    that more follow."""
    state = _played_states(seed=5, players=6)["invest"].clone()
    state.cash[state.decision().player] = 60  # every bond of every nation: a long list
    state._legal = None
    for size in [(1280, 720), (1280, 800), (1600, 1000)]:
        driver = open_scene(state, size)
        panel = driver.scene.decisions.panel
        view = panel.scroll.get_abs_rect()
        assert view == panel.list_rect
        listed = [b for b, c in panel.buttons.items() if not c.pinned]
        shown = [b for b in listed if view.contains(b.get_abs_rect())]
        cut = [b.text for b in listed if b not in shown and view.colliderect(b.get_abs_rect())]
        assert cut == [], (size, cut)
        assert 8 <= len(shown) < len(listed), size  # the first eight show, the rest scroll
        bar = panel.scroll.vert_scroll_bar
        assert bar is not None and bar.visible, size
        assert view.h % panel.row_h == 0, size
        driver.scene.close()
        driver.manager.clear_and_reset()
