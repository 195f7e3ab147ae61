"""Issue 11 (Save asks for a name; overwriting asks "replace?") and issue 12 (save names are
validated; distinct names give distinct files). The dialog alone, headless, with posted events."""

import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture
def ui():
    from imperial_desktop.ui.gui import make_manager

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    manager = make_manager(screen.get_size())
    yield screen, manager
    pygame.quit()


@pytest.fixture
def session():
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    names = ["Anna", "<font pixel_size=99999>", "Clara"]
    return GameSession(GameSetup.create(3, 4, names=names), [Seat(n) for n in names], seed=4)


def run(manager, screen, dialog, n=3):
    for _ in range(n):
        for event in pygame.event.get():
            manager.process_events(event)
            dialog.handle_event(event)
        manager.update(1 / 60)
        manager.draw_ui(screen)


def click(manager, screen, dialog, element):
    pos = element.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    run(manager, screen, dialog, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(manager, screen, dialog, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    run(manager, screen, dialog, 3)


def test_distinct_names_give_distinct_files():
    from imperial_desktop.session.saves import file_name_for

    names = ["My game!", "my game", "my-game", "My game", "Партия", "Партия 2", "游戏", "游戏!", "Café", "Cafe"]
    files = [file_name_for(n) for n in names]
    assert len(set(files)) == len(names)
    assert file_name_for("My game!") == file_name_for("My game!")  # the very same name: the same file
    assert all(f.endswith(".json") and "/" not in f and not f.startswith("autosave.") for f in files)


def test_save_names_are_validated():
    from imperial_desktop.session.saves import SaveError, check_save_name

    assert check_save_name("  Sunday  ") == "Sunday"
    for bad in ("", "   ", "x" * 61, "a\ud800b", "line\nbreak", "bell\x07"):
        with pytest.raises(SaveError):
            check_save_name(bad)


def test_save_dialog_saves_under_the_typed_name(ui, session, tmp_path):
    from imperial_desktop.session.saves import read_save
    from imperial_desktop.ui.save_dialog import SaveDialog

    screen, manager = ui
    done = []
    dialog = SaveDialog(manager, screen.get_size(), session, saves_root=tmp_path, on_done=done.append)
    assert "turn 1" in dialog.entry.get_text() and "Anna" in dialog.entry.get_text()  # a sensible default
    dialog.entry.set_text("Партия <img src=x>")
    click(manager, screen, dialog, dialog.save_button)
    assert done == ["Партия <img src=x>"] and not dialog.alive
    assert read_save(dialog.saved_path).name == "Партия <img src=x>"


def test_replacing_a_save_asks_and_can_be_cancelled(ui, session, tmp_path):
    from imperial_desktop.session.saves import read_save, save_game
    from imperial_desktop.ui.save_dialog import SaveDialog

    screen, manager = ui
    other = save_game(session, "Evening", tmp_path)
    before = other.read_bytes()
    done, cancelled = [], []
    dialog = SaveDialog(manager, screen.get_size(), session, saves_root=tmp_path, on_done=done.append,
                        on_cancel=lambda: cancelled.append(True), name="Evening")
    click(manager, screen, dialog, dialog.save_button)
    assert dialog.question is not None and dialog.question.alive() and not done
    click(manager, screen, dialog, dialog.question.cancel_button)  # no: back to the name
    assert dialog.alive and dialog.question is None and other.read_bytes() == before and not done
    click(manager, screen, dialog, dialog.save_button)
    click(manager, screen, dialog, dialog.question.confirm_button)  # yes: replaced
    assert done == ["Evening"] and not dialog.alive and dialog.saved_path == other
    assert read_save(other).name == "Evening"
    dialog2 = SaveDialog(manager, screen.get_size(), session, saves_root=tmp_path, on_cancel=lambda: cancelled.append(True))
    click(manager, screen, dialog2, dialog2.cancel_button)
    assert cancelled == [True] and not dialog2.alive


def test_a_bad_name_or_an_unwritable_folder_keeps_the_dialog_open(ui, session, tmp_path):
    from imperial_desktop.ui.save_dialog import SaveDialog

    screen, manager = ui
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    dialog = SaveDialog(manager, screen.get_size(), session, saves_root=blocker, name="   ")
    click(manager, screen, dialog, dialog.save_button)
    assert dialog.alive and "name" in dialog.message.text
    dialog.entry.set_text("Fine name")
    click(manager, screen, dialog, dialog.save_button)
    assert dialog.alive and dialog.message.text.startswith("Not saved")
    # the system's reason, not the long file name that pushed it out of the line (crash hunt, session 18)
    assert dialog.message.text in ("Not saved: Not a directory", "Not saved: File exists"), dialog.message.text
    assert dialog.message.font.size(dialog.message.text)[0] <= dialog.message.rect.w
    for widget in dialog.widgets():
        assert pygame.Rect((0, 0), screen.get_size()).contains(widget.rect)


@pytest.mark.parametrize("size", [(1280, 720), (1366, 708), (1600, 1000), (2560, 1440), (800, 500)])
def test_save_dialog_fits_every_window(size, session, tmp_path):
    """Inside the window, and no button or label text wider than its widget."""
    from imperial_desktop.ui.gui import make_manager
    from imperial_desktop.ui.save_dialog import SaveDialog

    pygame.init()
    screen = pygame.display.set_mode(size)
    manager = make_manager(size)
    dialog = SaveDialog(manager, size, session, saves_root=tmp_path)
    run(manager, screen, dialog, 2)
    for element in manager.get_sprite_group().sprites():
        assert pygame.Rect((0, 0), size).contains(element.rect), element
        text, font = getattr(element, "text", None), getattr(element, "font", None)
        if type(element).__name__ in ("UILabel", "UIButton") and text and font is not None:
            assert font.size(text)[0] <= element.rect.w - 2, text
    pygame.quit()


def test_a_full_disk_is_named_in_the_dialog(ui, session, tmp_path, monkeypatch):
    """Session 18's crash hunt filled a small disk: the dialog read "Not saved: cannot write
    player-1-computer-1-computer-2-computer-3---turn-b8305b9482.json: " and the reason was cut off."""
    import errno

    from imperial_desktop.session import saves
    from imperial_desktop.ui.save_dialog import SaveDialog

    def full(path, payload):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves, "atomic_write_bytes", full)
    screen, manager = ui
    dialog = SaveDialog(manager, screen.get_size(), session, saves_root=tmp_path,
                        name="Player 1, Computer 1, Computer 2, Computer 3 - turn 12")
    click(manager, screen, dialog, dialog.save_button)
    assert dialog.alive and dialog.message.text == "Not saved: No space left on device"


def test_a_six_player_games_default_name_counts_the_computers():
    """6-player play-test (session 18): "Player 1, Computer 1, Computer 2, Computer 3, Com… - turn 45"
    and two such saves looked alike in Load. Names that do not fit give the people and the number of
    computers; four players still read in full."""
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat
    from imperial_desktop.ui.save_dialog import default_name

    def named(names, humans):
        seats = [Seat(n, HUMAN if i < humans else COMPUTER, "normal") for i, n in enumerate(names)]
        return default_name(GameSession(GameSetup.create(len(names), 1, names=names), seats, seed=1))

    six = ["Player 1"] + [f"Computer {i}" for i in range(1, 6)]
    assert named(six, 1) == "Player 1 and 5 computers - turn 1"
    assert named(["Anna", "Ben"] + six[2:], 2) == "Anna, Ben and 4 computers - turn 1"
    assert named(six[:4], 1) == "Player 1, Computer 1, Computer 2, Computer 3 - turn 1"
    long_people = [f"Somebody with a long name {i}" for i in range(6)]
    assert len(named(long_people, 6)) <= 60 and named(long_people, 6).endswith("… - turn 1")
