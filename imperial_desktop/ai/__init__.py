"""Computer players. They see the game only through the core's public API."""

from imperial_desktop.ai.base import Bot, bot_names, make_bot
from imperial_desktop.ai.random_bot import RandomBot
from imperial_desktop.ai.easy import EasyBot
from imperial_desktop.ai.greedy import GreedyBot
from imperial_desktop.ai.normal import NormalBot
from imperial_desktop.ai.hard import HardBot
from imperial_desktop.ai.expert import ExpertBot
from imperial_desktop.ai.exploiter import ExploiterBot

__all__ = ["Bot", "EasyBot", "ExpertBot", "ExploiterBot", "GreedyBot", "HardBot", "NormalBot", "RandomBot", "bot_names", "make_bot"]
