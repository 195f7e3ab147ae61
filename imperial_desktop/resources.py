"""Access to the bundled data files (maps/, assets/) through importlib.resources.

The top-level ``maps/`` and ``assets/`` folders are installed as the sub-packages
``imperial_desktop.maps`` and ``imperial_desktop.assets`` (see pyproject.toml), so the
same calls work from an installed package, an editable install and a frozen build.
Standard library only: the rules core uses this module.

Boards that are not bundled (a board being made, the tests' small board) are found in the folders
the environment variable ``IMPERIAL_DESKTOP_MAPS`` names (separated by ``os.pathsep``), after the
bundled ones: an environment variable, so that the processes the computers think in find them too.
"""

from __future__ import annotations

import importlib.resources
import json
import os
from functools import lru_cache
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

_REPO_ROOT = Path(__file__).resolve().parent.parent
MAPS_VARIABLE = "IMPERIAL_DESKTOP_MAPS"  # more folders of board files, searched after the bundled one


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


def map_folders() -> tuple[Traversable, ...]:
    """The folders searched for board files, in order: the bundled maps, then those of
    ``$IMPERIAL_DESKTOP_MAPS`` (a bundled board is never replaced by another of its name)."""
    extra = os.environ.get(MAPS_VARIABLE, "")
    return (maps_root(), *(Path(folder) for folder in extra.split(os.pathsep) if folder))


def map_file(name: str) -> Traversable:
    """The file of the board ``name`` (``<name>.json`` in the first folder that has it)."""
    for folder in map_folders():
        path = folder / f"{name}.json"
        if path.is_file():
            return path
    raise FileNotFoundError(f"no board file {name}.json")


def map_names() -> frozenset[str]:
    """The names of every board found (bundled or in the extra folders)."""
    names: set[str] = set()
    for folder in map_folders():
        try:
            names.update(entry.name[:-5] for entry in folder.iterdir() if entry.name.endswith(".json"))
        except OSError:  # an extra folder that is gone or unreadable offers no board
            continue
    return frozenset(names)


@lru_cache(maxsize=8)
def load_map_json(name: str = "europe") -> dict[str, Any]:
    """Parsed ``<name>.json`` of the board folders (cached; treat the result as read-only)."""
    with map_file(name).open("r", encoding="utf-8") as handle:
        return json.load(handle)
