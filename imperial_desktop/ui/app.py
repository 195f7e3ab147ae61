"""The pygame-ce main loop: window, pygame-gui manager, and the scenes (title, menus, game)."""

from __future__ import annotations

import argparse
import os
import sys
import time

DEFAULT_SIZE = (1600, 1000)
MIN_SIZE = (1280, 800)


def default_session(seed: int | None = None, computers_only: bool = False):
    """One human against three computer opponents, standard rules (four computers for the smoke test)."""
    from imperial_desktop.ai import bot_names
    from imperial_desktop.core import GameSetup
    from imperial_desktop.session.controller import GameSession
    from imperial_desktop.session.seats import COMPUTER, HUMAN, Seat

    level = "normal" if "normal" in bot_names() else "random"
    names = ["Player", "Computer 1", "Computer 2", "Computer 3"]
    seats = [Seat(n, COMPUTER if (computers_only or i) else HUMAN, level) for i, n in enumerate(names)]
    seed = int(time.time()) if seed is None else seed
    return GameSession(GameSetup.create(4, seed, names=names), seats, seed=seed)


def init_display(size: tuple[int, int], headless: bool, fullscreen: bool = False):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    pygame.display.set_caption("Imperial Desktop")
    try:
        from imperial_desktop.resources import assets_root

        with (assets_root() / "images" / "icon.png").open("rb") as handle:
            pygame.display.set_icon(pygame.image.load(handle, "icon.png"))
    except (FileNotFoundError, OSError, pygame.error):
        pass
    if not headless:
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            dw, dh = desktops[0]
            size = (min(size[0], dw), min(size[1], dh - 60))
    flags = 0 if headless else (pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)
    return pygame.display.set_mode(size if not fullscreen or headless else (0, 0), flags)


class App:
    """Owns the window, the pygame-gui manager, the settings and the current scene."""

    def __init__(self, screen, *, smoke: bool = False):
        import pygame

        from imperial_desktop.session.settings import load_settings
        from imperial_desktop.ui.gui import make_manager

        self.pygame = pygame
        # Computer players think in a worker thread; a short GIL switch interval keeps the
        # window's frames coming while they do.
        sys.setswitchinterval(0.001)
        self.screen = screen
        self.smoke = smoke
        self.settings = load_settings()
        self.manager = make_manager(screen.get_size())
        self.scene = None
        self.autosaver = None
        self.running = True
        self.clock = pygame.time.Clock()
        self._backdrop = None

    # ---------------------------------------------------------------- scenes

    def switch(self, scene) -> None:
        if self.scene is not None and hasattr(self.scene, "close"):
            self.scene.close()
        self.scene = scene

    def show_title(self, note: str = "") -> None:
        from imperial_desktop.ui.menus import TitleScene

        self._stop_autosave()
        self.switch(TitleScene(self, note))

    def start_game(self, session) -> None:
        """Open the game screen for a session, autosaving after every action."""
        from imperial_desktop.session.autosave import AutoSaver
        from imperial_desktop.ui.game_scene import GameScene

        self._stop_autosave()
        from imperial_desktop.session.settings import PACES

        speed = 0.0 if self.smoke else PACES[self.settings.pace]
        scene = GameScene(session, self.screen.get_size(), self.manager, seconds_per_move=speed)
        scene.hide_cash = self.settings.hide_cash_in_hot_seat and sum(1 for s in session.seats if s.is_human) > 1
        scene.on_menu = self.show_title
        if not self.smoke:  # saves go to the user data folder ($IMPERIAL_DESKTOP_HOME in tests)
            self.autosaver = AutoSaver(session)
        self.switch(scene)

    def continue_game(self) -> None:
        from imperial_desktop.session.saves import SaveError, continue_game

        try:
            session, notes = continue_game()
        except SaveError as exc:
            self.show_title(f"The last game cannot be continued: {exc}")
            return
        self.start_game(session)
        if notes and hasattr(self.scene, "show_message"):
            self.scene.show_message(" ".join(notes), 6)

    def _stop_autosave(self) -> None:
        if self.autosaver is not None:
            self.autosaver.detach()
            self.autosaver = None

    def apply_window_settings(self) -> None:
        pygame = self.pygame
        s = self.settings
        if self.smoke:
            return
        flags = pygame.FULLSCREEN if s.fullscreen else pygame.RESIZABLE
        self.screen = pygame.display.set_mode((0, 0) if s.fullscreen else (max(MIN_SIZE[0], s.window_width), max(MIN_SIZE[1], s.window_height)), flags)
        self.manager.set_window_resolution(self.screen.get_size())
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

    def frame(self, dt: float) -> None:
        pygame = self.pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self.screen = pygame.display.set_mode((max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)), pygame.RESIZABLE)
                self.manager.set_window_resolution(self.screen.get_size())
                self._backdrop = None
                event = pygame.event.Event(pygame.VIDEORESIZE, w=self.screen.get_width(), h=self.screen.get_height(),
                                           size=self.screen.get_size())
            if self.manager.process_events(event):
                continue  # a widget took it
            self.scene.handle_event(event)
        self.scene.update(dt)  # may replace widgets: before the manager updates them
        self.manager.update(dt)
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        pygame.display.flip()

    def run(self, max_frames: int | None = None) -> int:
        frames = 0
        while self.running:
            dt = self.clock.tick(0 if self.smoke else 60) / 1000.0
            self.frame(dt)
            frames += 1
            if max_frames is not None and frames >= max_frames:
                break
        self._stop_autosave()
        return frames


def run(argv: list[str] | None = None) -> int:
    """Start the game window (or, with --smoke-test, play a few computer turns headless and exit)."""
    from imperial_desktop.cli import parse_play_args

    args = parse_play_args(argv)  # a bad option: exit status 2, one line on stderr
    from imperial_desktop.session.settings import load_settings

    settings = load_settings()
    size = (settings.window_width, settings.window_height)
    if args.size:
        size = args.size
    size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
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
        pygame.image.save(app.screen, args.screenshot)
        print(f"screenshot saved to {args.screenshot}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(run())
