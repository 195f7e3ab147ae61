"""The pygame-gui manager with the game's theme (assets/theme.json) and fonts (assets/fonts)."""

from __future__ import annotations

import json

import pygame_gui

from imperial_desktop.resources import assets_root
from imperial_desktop.ui.fonts import font_path


def load_theme() -> dict:
    """The theme as data, read through importlib.resources (works from source and frozen)."""
    with (assets_root() / "theme.json").open("r", encoding="utf-8") as handle:
        return json.load(handle)


def _with_font_paths(theme: dict) -> dict:
    """Point every "dejavu" font of the theme at the bundled files (absolute paths, resolved at
    run time, so the working directory never matters)."""
    paths = {"regular_path": font_path("regular"), "bold_path": font_path("bold"),
             "italic_path": font_path("serif_italic"), "bold_italic_path": font_path("bold")}
    for block in theme.values():
        if isinstance(block, dict) and isinstance(block.get("font"), dict) and block["font"].get("name") == "dejavu":
            block["font"].update(paths)
    return theme


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A UIManager with the game's theme and the bundled DejaVu fonts."""
    manager = pygame_gui.UIManager(size, theme_path=_with_font_paths(load_theme()), enable_live_theme_updates=False)
    manager.preload_fonts([{"name": "dejavu", "point_size": pt, "style": style, "antialiased": "1"}
                           for pt in (12,) for style in ("bold", "italic")])
    return manager
