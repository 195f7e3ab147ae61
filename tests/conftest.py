import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# The tests assert English texts: English whatever the system's language (a test that needs
# another language sets this variable with monkeypatch and calls i18n.set_language itself).
os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = "en"

import pytest  # noqa: E402

from imperial_desktop import i18n  # noqa: E402

i18n.set_language("en")


@pytest.fixture(autouse=True)
def _english_again():
    """Back to English after a test that switched the language."""
    yield
    if i18n.language() != "en":
        os.environ["IMPERIAL_DESKTOP_LANGUAGE"] = "en"
        i18n.set_language("en")


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
