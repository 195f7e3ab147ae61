"""The pygame-gui manager with the game's theme (assets/theme.json) and fonts (assets/fonts)."""

from __future__ import annotations

import html
import json
import unicodedata

import pygame_gui

from imperial_desktop.core.validate import text_problem as character_problem
from imperial_desktop.i18n import _
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
                           for pt in (12,) for style in ("bold", "italic")]
                          + [{"name": "dejavu", "point_size": 14, "style": "bold", "antialiased": "1"}])  # rules text
    _compact_theming_cache(manager.get_theme())
    return manager


def _compact_theming_cache(theme) -> None:
    """Work around pygame-gui 0.6's cache of combined theming ids.

    It keys the cache by ``str(a).join(str(b).join(...))``, a string that multiplies in length
    with every level of nesting: a drop-down list item inside a panel gets a key of several MB,
    built again for every widget created (slow) and kept forever (hundreds of MB in a long
    session). The ids are cached here under a small tuple instead, and pygame-gui's own cache
    is emptied after each miss.
    """
    original = type(theme).build_all_combined_ids
    cache: dict[tuple, list[str]] = {}

    def build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids):
        key = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids, object_ids))
        combined = cache.get(key)
        if combined is None:
            combined = cache[key] = original(theme, element_base_ids, element_ids, class_ids, object_ids)
            theme.unique_theming_ids.clear()
        return combined

    theme.build_all_combined_ids = build_all_combined_ids


# ---------------------------------------------------------------------- text from players and files


def text_problem(text: str, max_length: int) -> str | None:
    """Why ``text`` (typed by a player or read from a file) cannot be used as a name, or None.

    Refused: empty text, more than ``max_length`` characters, control characters and lone
    surrogates (which the font code cannot encode)."""
    if not text.strip():
        return _("it is empty")
    if len(text) > max_length:
        return _("it is too long ({count} characters; at most {limit})").format(count=len(text), limit=max_length)
    fault = character_problem(text, max_length)  # the same rule as for names read from files
    return None if fault is None else _("it holds a character that cannot be shown")


def plain_text(text: object) -> str:
    """``text`` with lone surrogates and control characters replaced by "?" (safe to render)."""
    return "".join("?" if unicodedata.category(c) in ("Cs", "Cc") else c for c in str(text))


def markup_escape(text: object) -> str:
    """``text`` made safe for markup-aware widgets (UITextBox, tool tips): shown literally."""
    return html.escape(plain_text(text), quote=False)


def ask(manager: pygame_gui.UIManager, window_size: tuple[int, int], question: str, *, title: str,
        ok: str, size: tuple[int, int] = (480, 200), danger: bool = False):
    """A centred, blocking pygame-gui confirmation dialog; ``question`` is plain text (escaped
    here). It posts UI_CONFIRMATION_DIALOG_CONFIRMED with ``ui_element`` the dialog on OK and
    simply closes on Cancel. ``danger``: OK destroys something (its button is red, the theme's
    ``#danger_question.#confirm_button``)."""
    import pygame
    from pygame_gui.windows import UIConfirmationDialog

    w = min(size[0], window_size[0] - 20)
    h = min(size[1], window_size[1] - 20)
    rect = pygame.Rect((window_size[0] - w) // 2, (window_size[1] - h) // 2, w, h)
    dialog = UIConfirmationDialog(rect, markup_escape(question), manager, window_title=title,
                                  action_short_name=ok, blocking=True,
                                  object_id="#danger_question" if danger else "#confirmation_dialog")
    # pygame-gui sizes these two buttons to their text; give them room to be hit and read
    width = max(110, dialog.confirm_button.rect.w + 28, dialog.cancel_button.rect.w + 28)
    dialog.cancel_button.set_dimensions((width, 36))
    dialog.cancel_button.set_relative_position((-width - 12, -48))
    dialog.confirm_button.set_dimensions((width, 36))
    dialog.confirm_button.set_relative_position((-width - 12, -48))
    return dialog


TIP_WIDTH = 380  # pixels: tool tips of a few lines, not a narrow column


def show_dropdown_tips(menus) -> None:
    """Give the buttons of closed drop-down menus their menu's tool tip.

    pygame-gui shows a tool tip for the hovered button, and a UIDropDownMenu is hovered through
    its inner buttons, which it builds again after every change; call this every frame. An open
    menu shows no tool tip: it would cover the list of options."""
    for menu in menus:
        tip = getattr(menu, "tool_tip_text", None)
        state = getattr(menu, "current_state", None)
        if not tip or state is None or state is getattr(menu, "menu_states", {}).get("expanded"):
            continue
        for button in (getattr(state, "selected_option_button", None), getattr(state, "open_button", None)):
            if button is not None and button.tool_tip_text != tip:
                button.set_tooltip(tip, delay=0.6, wrap_width=TIP_WIDTH)
