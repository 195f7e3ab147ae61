"""Access to the bundled data files (maps/, assets/) through importlib.resources.

The top-level ``maps/`` and ``assets/`` folders are installed as the sub-packages
``imperial_desktop.maps`` and ``imperial_desktop.assets`` (see pyproject.toml), so the
same calls work from an installed package, an editable install and a frozen build.
Standard library only: the rules core uses this module.
"""

from __future__ import annotations

import importlib.resources
import json
from functools import lru_cache
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parent.parent


def _package_root(package: str, fallback_dir: str) -> Traversable:
    try:
        return importlib.resources.files(package)
    except ModuleNotFoundError:
        # Running from a plain checkout that was never installed: use the folder itself.
        return _REPO_ROOT / fallback_dir


def maps_root() -> Traversable:
    """The folder holding the board data files."""
    return _package_root("imperial_desktop.maps", "maps")


def assets_root() -> Traversable:
    """The folder holding fonts, images and the pygame-gui theme."""
    return _package_root("imperial_desktop.assets", "assets")


@lru_cache(maxsize=8)
def load_map_json(name: str = "europe") -> dict[str, Any]:
    """Parsed ``maps/<name>.json`` (cached; treat the result as read-only)."""
    with (maps_root() / f"{name}.json").open("r", encoding="utf-8") as handle:
        return json.load(handle)
