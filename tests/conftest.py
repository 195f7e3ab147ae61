import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The whole app at 1600x1000 on its title screen, with its folders in ``tmp_path``."""
    monkeypatch.setenv("IMPERIAL_DESKTOP_HOME", str(tmp_path))
    import pygame

    from imperial_desktop.ui.app import App, init_display

    application = App(init_display((1600, 1000), headless=True))
    application.show_title()
    application.frame(1 / 60)
    yield application
    pygame.quit()
