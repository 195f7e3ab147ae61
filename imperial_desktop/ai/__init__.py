"""Computer players. They see the game only through the core's public API."""

from imperial_desktop.ai.base import Bot, bot_names, make_bot
from imperial_desktop.ai.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]
