"""The pygame-ce main loop: window, pygame-gui manager, and the scenes (title, menus, game)."""

from __future__ import annotations

import gc
import logging
import os
import sys
import threading
import time

from imperial_desktop.core.validate import shows_nothing
from imperial_desktop.i18n import _
from imperial_desktop.ui.resting import Rest
from imperial_desktop.version import window_title

DEFAULT_SIZE = (1600, 1000)
HEADLESS_DRIVERS = ("dummy", "offscreen")  # SDL video drivers that show nothing


def default_session(seed: int | None = None, computers_only: bool = False):
    """One human against three computer opponents, standard rules (four computers for the smoke test)."""
    from imperial_desktop.ai import bot_names
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import Seat

    level = "normal" if "normal" in bot_names() else "random"
    names = [_("Player")] + [_("Computer {number}").format(number=i) for i in (1, 2, 3)]
    seats = [Seat.computer(n, level) if (computers_only or i) else Seat.human(n, level) for i, n in enumerate(names)]
    seed = int(time.time()) if seed is None else seed
    return GameSession(GameSetup.create(4, seed, names=names), seats, seed=seed)


RELEASE_AFTER_FRAMES = 2  # dropped widgets are collected at the end of the next frame


def release_dropped_widgets() -> None:
    """Collect the widgets a screen change or a resize dropped, now rather than at some later frame.

    pygame-gui elements refer to their manager and containers and back, so dropped ones (with their
    images) wait for Python's cyclic garbage collector; between its rare full passes they piled up
    to 100-150 MB over a few resizes of the menus (`tools/ui_fuzz.py`, resident memory sampled).
    """
    gc.collect()


def init_display(size: tuple[int, int], headless: bool, fullscreen: bool = False):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from imperial_desktop.ui.memory import keep_mmap_threshold_fixed

    keep_mmap_threshold_fixed()
    # only what the game uses: pygame.init() would also open the sound device, which on a machine
    # without one fills stderr with ALSA errors at every start
    pygame.display.init()
    if pygame.display.get_driver() == "x11":
        # X11's own window surface (XShmPutImage) presents a frame's changed rectangles alone; SDL's
        # default there streams the whole window through an OpenGL texture at every update, which
        # with a software OpenGL (Xvfb, no driver) costs 6 ms of CPU whatever the rectangles
        # (``tools/redraw_cost.py``). Read when the window is made; a value set by the user stays.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.font.init()
    pygame.display.set_caption(window_title())
    try:
        from imperial_desktop.resources import assets_root

        with (assets_root() / "images" / "icon.png").open("rb") as handle:
            pygame.display.set_icon(pygame.image.load(handle, "icon.png"))
    except (FileNotFoundError, OSError, pygame.error):
        pass
    if not headless:
        size = fit_to_desktop(size)
    flags = 0 if headless else (pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)
    return pygame.display.set_mode(size if not fullscreen or headless else (0, 0), flags)


def fit_to_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made no larger than the screen (less room for a task bar): a window of the stored
    1600x1000 on a 1366x768 laptop would hang over its edges."""
    import pygame

    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return size
    dw, dh = desktops[0]
    return (min(size[0], dw), min(size[1], dh - 60))


class App:
    """Owns the window, the pygame-gui manager, the settings and the current scene.

    Scenes draw on :attr:`screen`, a surface of at least 1280 x 720 (the smallest layout): a
    smaller window gets that surface scaled down as a whole, so nothing is ever hidden, and
    mouse positions are scaled back. A text size above 100% draws on a smaller surface, scaled up
    onto the window the same way (:func:`logical_size`). When nothing moves, the loop sleeps until
    the next input (:class:`~imperial_desktop.ui.resting.Rest`).
    """

    def __init__(self, screen, *, smoke: bool = False):
        import pygame

        from imperial_desktop.session.settings import load_settings
        from imperial_desktop.ui.gui import make_manager

        self.pygame = pygame
        if not smoke:
            from imperial_desktop.session.crash_log import setup_logging

            setup_logging()
        # Computer players think in a worker thread; a short GIL switch interval keeps the
        # window's frames coming while they do.
        sys.setswitchinterval(0.001)
        self.window = screen
        self.screen = screen
        from imperial_desktop.ui.dirty import ScreenUpdates

        # each frame presents only what changed (ui/dirty.py), where a display shows it
        self.updates = ScreenUpdates(compare=pygame.display.get_driver() not in HEADLESS_DRIVERS)
        self.smoke = smoke
        self.settings = load_settings()
        # the language before any screen is built ($IMPERIAL_DESKTOP_LANGUAGE wins: tests, smoke test)
        from imperial_desktop import i18n

        i18n.set_language(getattr(self.settings, "language", "system"))
        from imperial_desktop.ui import board_look

        board_look.use_palette(getattr(self.settings, "colours", "standard"))  # the nations' colours, before any screen
        self.manager = make_manager(logical_size(screen.get_size(), self.text_size()))
        self._set_gui_locale()
        self._fit_to_window(screen)
        self.scene = None
        self.autosaver = None
        from imperial_desktop.session.instance_lock import AutosaveLock

        self._autosave_lock = AutosaveLock()  # taken when the first game starts, held until the end
        self.running = True
        self.clock = pygame.time.Clock()
        self._backdrop = None
        self._release_widgets = 0  # frames until dropped widgets are collected (0: nothing to do)
        self.rest = Rest(pygame, self.clock)
        from imperial_desktop.ui.sound import SoundBoard

        self.sound = SoundBoard.from_settings(self.settings)  # opens the sound device when first heard

    # ---------------------------------------------------------------- window and scaling

    def _fit_to_window(self, window) -> None:
        """Point :attr:`screen` at the window, or at a surface of the logical size (:func:`logical_size`)
        scaled onto it."""
        pygame = self.pygame
        self.window = window
        size = logical_size(window.get_size(), self.text_size())
        if size == window.get_size():
            self.screen = window
        elif getattr(self, "screen", None) is None or self.screen is window or self.screen.get_size() != size:
            self.screen = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        self.manager.set_window_resolution(size)
        self.manager.mouse_pos_scale_factor = [size[0] / window.get_width(), size[1] / window.get_height()]
        self._present_all()

    def text_size(self) -> int:
        """The text size setting in percent (100, 125, 150): how much larger everything is drawn."""
        return getattr(self.settings, "text_size", 100)

    def apply_text_size(self) -> None:
        """Draw at the size the text size setting asks for, from the next frame on: the screen
        lays itself out again (the game screen when its settings window closes, see
        ``ui.layers.windows.SettingsLayer``)."""
        self._fit_to_window(self.window)
        self._backdrop = None
        self._release_widgets = RELEASE_AFTER_FRAMES

    def _present_all(self) -> None:
        """The next frame hands the whole window to the display (a new window, screen or dialog)."""
        self.updates.everything()

    def set_language(self, code: str) -> str:
        """Speak ``code`` ("system", "en", "de", "fr") from now on; the caller rebuilds its screen."""
        from imperial_desktop import i18n

        used = i18n.set_language(code)
        self._set_gui_locale()
        return used

    def _set_gui_locale(self) -> None:
        """pygame-gui's own texts (text entry, its windows) follow the game's language."""
        from imperial_desktop import i18n

        try:
            self.manager.set_locale(i18n.language())
        except (ValueError, KeyError, OSError):  # a locale pygame-gui lacks: its English texts stay
            logging.getLogger(__name__).warning("pygame-gui has no locale %s", i18n.language())

    @property
    def scaled(self) -> bool:
        return self.screen is not self.window

    def _to_logical(self, event):
        """A mouse event with its position in :attr:`screen` coordinates, for the scenes.

        The conversion is pygame-gui's own (``calculate_scaled_mouse_position`` with the factor
        set in :meth:`_fit_to_window`), so the board and the widgets agree on every pixel. The
        manager itself is given the window's event: it scales positions by that factor itself,
        and an event scaled here first would be scaled twice (a click below the pointer).
        """
        pygame = self.pygame
        if not self.scaled or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return event
        data = dict(event.dict)
        data["pos"] = self.manager.calculate_scaled_mouse_position(event.pos)
        if "rel" in data:
            data["rel"] = self.manager.calculate_scaled_mouse_position(event.rel)
        return pygame.event.Event(event.type, data)

    # ---------------------------------------------------------------- scenes

    def switch(self, scene) -> None:
        if self.scene is not None and hasattr(self.scene, "close"):
            self.scene.close()
        # a question or window of the old screen must not outlive it (the new screen's own windows
        # were made after the last frame and stay)
        for window in getattr(self, "_windows_seen", []):
            if window.alive():
                window.kill()
        self._windows_seen = []
        self.scene = scene
        self._release_widgets = RELEASE_AFTER_FRAMES
        self._present_all()

    def _windows(self) -> list:
        from pygame_gui.elements import UIWindow

        return [e for e in self.manager.get_sprite_group().sprites() if isinstance(e, UIWindow) and e.alive()]

    def _keep_windows_inside(self) -> None:
        """After a resize: every open window (question, dialog) moved back into the screen."""
        screen = self.screen.get_rect()
        for window in getattr(self, "_windows_seen", None) or self._windows():
            rect = window.get_abs_rect()
            if not screen.contains(rect):
                clamped = rect.clamp(screen)
                window.set_position(clamped.topleft)

    def show_title(self, note: str = "") -> None:
        from imperial_desktop.ui.title_screen import TitleScene

        self._stop_autosave()
        self.switch(TitleScene(self, note or self._take_settings_problem()))
        self._warm_up()

    def _take_settings_problem(self) -> str:
        """Why the settings file was not used, once (the first title screen says it; later ones do not)."""
        problem = getattr(self.settings, "load_problem", None) or ""
        if problem:
            self.settings.load_problem = None
        return problem

    def _warm_up(self) -> None:
        """Load the board ahead of the first game, off the UI thread (once)."""
        if getattr(self, "_warming", None) is not None:
            return

        def work() -> None:
            try:
                from imperial_desktop.ui.game_scene import warm_up

                warm_up()
            except Exception:  # noqa: BLE001 - the game loads it again when it starts, and says why
                logging.getLogger(__name__).exception("loading the board ahead failed")

        self._warming = threading.Thread(target=work, name="warm-up", daemon=True)
        self._warming.start()

    def start_game(self, session, coach=None) -> None:
        """Open the game screen for a session, autosaving after every action (a guided game, with
        its ``coach``, keeps its own progress file instead and leaves the autosave alone)."""
        from imperial_desktop.session.autosave import AutoSaver
        from imperial_desktop.session.settings import PACES
        from imperial_desktop.ui.board_look import use_map
        from imperial_desktop.ui.game_scene import GameScene

        use_map(session.state.setup.map_name)  # its nations' colours and codes, its rules notes
        self._stop_autosave()
        self._backdrop = None  # the menus' picture is not drawn during a game (14 MB at 2560x1440)
        warming = getattr(self, "_warming", None)
        if warming is not None:
            warming.join()  # the board is being loaded ahead: use it rather than load it twice at once
        pace = 0.0 if self.smoke else PACES.get(self.settings.pace, PACES["normal"])
        session.think_in_process = coach is None  # computers think in a process: the frames keep coming (the smoke test checks it)
        session.confirm_turns = self.settings.confirm_turns and coach is None  # the guided game's coach says when to go on
        if coach is None:  # the thinking time per level set in Settings (the guided game's scripted computers keep theirs)
            session.set_think_times(self.settings.think_seconds())
        scene = GameScene(session, self.screen.get_size(), self.manager, seconds_per_move=pace)
        scene.hint_in_process = not self.smoke
        scene.hide_cash = self.settings.hide_cash_in_hot_seat and len(session.local_players()) > 1
        scene.on_menu = self.show_title
        scene.app = self  # its settings, language and window, for the settings opened over the game
        scene.sounds.board = self.sound
        unsaved = False
        history = getattr(self, "history", None)
        if history is not None:
            history.detach()  # the game before this one is not played on here
        self.history = None
        if not self.smoke and coach is None:  # finished games join the games played (not the guided game's)
            from imperial_desktop.session.history import HistoryRecorder

            self.history = HistoryRecorder(session)
        if not self.smoke and coach is None:  # saves go to the user data folder ($IMPERIAL_DESKTOP_HOME in tests)
            if self._autosave_lock.acquire():
                self.autosaver = AutoSaver(session)
            else:  # another window autosaves there: two writers would overwrite each other's game
                unsaved = True
        if coach is not None:  # the guided game's scripted computers think in the session's thread
            from imperial_desktop.ui.coach import CoachPanel, start_tutorial

            scene.coach = CoachPanel(coach, self.manager)
            scene.coach.on_restart = lambda: start_tutorial(self, restart=True)
        self.switch(scene)
        if unsaved:
            scene.show_message(_("Another Imperial Desktop window autosaves its game in the same folder, so this "
                                 "window does not autosave: use Save to keep this game."), 12)

    def continue_game(self) -> None:
        from imperial_desktop.session.autosave import continue_game
        from imperial_desktop.session.saves import SaveError

        try:
            session, notes = continue_game()
        except SaveError as exc:
            self.show_title(_("The last game cannot be continued: {reason}. Load a saved game or start a new "
                              "one.").format(reason=exc))
            return
        self.start_game(session)
        if notes and hasattr(self.scene, "show_message"):
            self.scene.show_message(" ".join(notes), 6)

    def open_rules(self, topic_id: str | None = None) -> None:
        """The rules reference over the current screen (the game screen opens its own)."""
        opener = getattr(self.scene, "open_rules", None)
        if opener is not None:
            opener(topic_id)
            return
        from imperial_desktop.ui.rules_window import show_rules

        show_rules(self.manager, self.screen.get_size(), topic_id)

    def _stop_autosave(self) -> None:
        if self.autosaver is not None:
            flush = getattr(self.autosaver, "flush", None)
            if flush is not None:
                flush(5.0)
            self.autosaver.detach()
            self.autosaver = None

    def _autosave_news(self) -> None:
        """Show the player, once, that the autosave failed (where and why) or works again."""
        take = getattr(self.autosaver, "take_message", None) if self.autosaver is not None else None
        message = take() if take is not None else None
        if message and hasattr(self.scene, "show_message"):
            self.scene.show_message(message, 8.0)
        recorder = getattr(self, "history", None)  # a finished game that could not join the games played
        note = recorder.take_message() if recorder is not None else None
        if note and hasattr(self.scene, "show_message"):
            self.scene.show_message(note, 8.0)

    def apply_sound_settings(self) -> None:
        """The volume, mute and music of the settings, heard from now on."""
        s = self.settings
        self.sound.configure(volume=s.volume, muted=s.mute, music=s.music)

    def apply_window_settings(self) -> None:
        pygame = self.pygame
        s = self.settings
        if self.smoke:
            return
        flags = pygame.FULLSCREEN if s.fullscreen else pygame.RESIZABLE
        window = pygame.display.set_mode((0, 0) if s.fullscreen else fit_to_desktop((s.window_width, s.window_height)),
                                         flags)
        self._fit_to_window(window)
        self._backdrop = None

    def draw_backdrop(self, surface) -> None:
        """The board, dimmed, behind the menu screens (a small pre-scaled copy: fast to load)."""
        pygame = self.pygame
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            from imperial_desktop.resources import assets_root

            with (assets_root() / "images" / "backdrop.jpg").open("rb") as handle:
                image = pygame.image.load(handle, "backdrop.jpg")
            w, h = surface.get_size()
            scale = max(w / image.get_width(), h / image.get_height())
            scaled = pygame.transform.smoothscale(image, (round(image.get_width() * scale), round(image.get_height() * scale)))
            veil = pygame.Surface(scaled.get_size(), pygame.SRCALPHA)
            veil.fill((30, 24, 18, 150))
            scaled.blit(veil, (0, 0))
            self._backdrop = pygame.Surface((w, h)).convert()
            self._backdrop.blit(scaled, ((w - scaled.get_width()) // 2, (h - scaled.get_height()) // 2))
        surface.blit(self._backdrop, (0, 0))

    # ---------------------------------------------------------------- loop

    def _resize(self, event):
        """Follow a window resized by dragging (and remember the size for the next start)."""
        pygame = self.pygame
        window = pygame.display.set_mode((max(320, event.w), max(240, event.h)), pygame.RESIZABLE)
        self._fit_to_window(window)
        self._backdrop = None
        self._release_widgets = RELEASE_AFTER_FRAMES  # every screen lays itself out again: old widgets dropped
        if not self.smoke:
            self.settings.window_width, self.settings.window_height = window.get_size()
            self._settings_dirty = True
        w, h = self.screen.get_size()
        return pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))

    def frame(self, dt: float, woke=None) -> None:
        """One frame: input (``woke``, the event that ended a rest, first), update, drawing.
        Anything unexpected ends on the error screen."""
        try:
            self._frame(dt, woke)
        except Exception as exc:  # noqa: BLE001 - the last line of defence: never a traceback
            from imperial_desktop.ui.error_scene import ErrorScene

            if isinstance(self.scene, ErrorScene):
                raise  # the error screen itself failed: nothing sensible is left to show
            self.fail(exc)

    def fail(self, exc: BaseException) -> None:
        """Log the error with the game record, keep the autosave as it is, show the error screen."""
        from imperial_desktop.session.autosave import has_autosave
        from imperial_desktop.session.crash_log import write_crash_report
        from imperial_desktop.ui.error_scene import ErrorScene

        session = getattr(self.scene, "session", None)
        report = write_crash_report(exc, session)
        self._stop_autosave()  # pending writes of good positions finish; nothing after the error is saved
        try:
            can_continue = has_autosave()
        except OSError:
            can_continue = False
        try:
            self.switch(ErrorScene(self, exc, report, can_continue))
        except Exception:  # noqa: BLE001 - the old scene's widgets could not be removed
            self.scene = ErrorScene(self, exc, report, can_continue)

    def _frame(self, dt: float, woke=None) -> None:
        pygame = self.pygame
        self.rest.framed()
        events = pygame.event.get()
        if woke is not None and woke.type != pygame.NOEVENT:
            events.insert(0, woke)
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.KEYDOWN):
                self.rest.touched()
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED,
                              pygame.WINDOWSIZECHANGED, pygame.VIDEOEXPOSE):
                self._present_all()  # uncovered or shown again: the display may have lost the picture
            if event.type == pygame.VIDEORESIZE:
                if self.settings.fullscreen:
                    continue
                event = self._resize(event)
                self._keep_windows_inside()
            window_event, event = event, self._to_logical(event)
            if event.type == pygame.TEXTINPUT and shows_nothing(event.text):
                continue  # a text box holding only such characters crashes pygame-gui's font code
            modal = getattr(self.scene, "modal_input", None)
            if modal is not None and modal(event):
                continue  # e.g. the hot-seat handover screen takes all input
            if self.manager.process_events(window_event):  # in window coordinates: see _to_logical
                continue  # a widget took it
            if event.type == pygame.DROPFILE:  # a file dropped on the window: a game record to look back at
                from imperial_desktop.ui.records_screen import open_dropped_file

                open_dropped_file(self, event.file)
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and not hasattr(self.scene, "open_rules"):
                self.open_rules()  # the rules reference from every screen
                continue
            self.scene.handle_event(event)
        self.scene.update(dt)  # may replace widgets: before the manager updates them
        self._autosave_news()
        self.manager.update(dt)
        self.scene.draw(self.screen)
        windows = self._windows()
        if windows != getattr(self, "_windows_seen", []):
            self._present_all()  # a dialog opened or closed
        self._windows_seen = windows
        self._keep_windows_inside()  # also those a screen placed for a size it remembered wrongly
        covers = getattr(self.scene, "covers_widgets", None)
        if covers is None or not covers():  # e.g. the hot-seat handover hides the buttons too
            self.manager.draw_ui(self.screen)
        self.updates.present(self.screen, self.window)
        if self._release_widgets:
            # at the end of the frame after the change: the change's own frame is the slow one
            self._release_widgets -= 1
            if not self._release_widgets:
                release_dropped_widgets()

    def idle(self) -> bool:
        """Whether the loop may rest now (see :class:`Rest`)."""
        return self.rest.idle(self.scene)

    def _typing(self) -> bool:
        """Whether a text box has the keyboard (its cursor blinks)."""
        from pygame_gui.elements import UITextEntryLine

        return any(isinstance(e, UITextEntryLine) and e.is_focused for e in self.manager.get_focus_set() or ())

    def run(self, max_frames: int | None = None, seconds: float | None = None) -> int:
        """The main loop (until the window closes, or ``max_frames`` / ``seconds`` for tools).

        While the screen rests (:meth:`idle`) no frame is drawn until input arrives, apart from
        a heartbeat frame (:class:`Rest`)."""
        frames = 0
        until = None if seconds is None else time.monotonic() + seconds
        while self.running and (until is None or time.monotonic() < until):
            woke = None
            if self.idle():
                woke = self.rest.sleep(self._typing())
                if woke is None:
                    continue
            dt = min(0.1, self.clock.tick(0 if self.smoke else 60) / 1000.0)
            self.frame(dt, woke)
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        self._stop_autosave()
        self._autosave_lock.release()
        self._save_window_size()
        return frames

    def _save_window_size(self) -> None:
        if getattr(self, "_settings_dirty", False):
            from imperial_desktop.session.settings import save_settings

            try:
                save_settings(self.settings)
            except OSError:
                pass  # a window size not remembered is no reason to fail at exit


def logical_size(window: tuple[int, int], text_size: int = 100) -> tuple[int, int]:
    """The size scenes draw at, in the window's proportions; the picture is scaled onto the window.

    The window's own size at a text size of 100 (percent); smaller by the text size's factor when
    it is larger, so that everything is shown that much larger (the factor is limited so that the
    size never drops below the smallest layout, :data:`~imperial_desktop.ui.layout.MIN_LOGICAL`);
    larger than the window when the window is smaller than that layout (everything shown smaller).
    """
    return logical_size_and_scale(window, text_size)[0]


def logical_size_and_scale(window: tuple[int, int], text_size: int = 100) -> tuple[tuple[int, int], float]:
    """:func:`logical_size` and the factor the picture is scaled by onto the window (1.0: not at all)."""
    from imperial_desktop.ui.layout import MIN_LOGICAL

    w, h = max(1, window[0]), max(1, window[1])
    wanted = max(1.0, text_size / 100) if isinstance(text_size, (int, float)) else 1.0
    scale = min(wanted, w / MIN_LOGICAL[0], h / MIN_LOGICAL[1])
    if scale >= 1.0:  # never below the smallest layout (rounding down could lose a pixel)
        return (max(MIN_LOGICAL[0], round(w / scale)), max(MIN_LOGICAL[1], round(h / scale))), scale
    return (round(w / scale), round(h / scale)), scale


def run(argv: list[str] | None = None) -> int:
    """Start the game window (or, with --smoke-test, play a few computer turns headless and exit)."""
    from imperial_desktop.arguments import parse_play_args

    args = parse_play_args(argv)  # a bad option: exit status 2, one line on stderr
    from imperial_desktop.session.settings import load_settings

    settings = load_settings()
    size = (settings.window_width, settings.window_height)
    if args.size:
        size = args.size
    size = (max(320, size[0]), max(240, size[1]))  # smaller windows show the whole screen scaled down
    screen = init_display(size, args.smoke_test, settings.fullscreen and not args.smoke_test)
    import pygame

    app = App(screen, smoke=args.smoke_test)
    if args.smoke_test:
        session = default_session(args.seed if args.seed is not None else 1, computers_only=True)
        app.start_game(session)
        frames = 0
        while frames < args.frames and not session.state.is_terminal():
            app.frame(1 / 60)
            session.wait_for_computer(5.0)
            frames += 1
        app.frame(1 / 60)
    else:
        app.show_title()
        app.run()
    if args.screenshot:
        try:
            pygame.image.save(app.screen, args.screenshot)
        except (pygame.error, OSError) as exc:  # e.g. its folder went away while the window was open
            pygame.quit()
            sys.stderr.write(f"imperial-desktop: error: cannot save the screenshot to {args.screenshot}: "
                             f"{getattr(exc, 'strerror', None) or exc}\n")
            return 1
        print(f"screenshot saved to {args.screenshot}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run())
