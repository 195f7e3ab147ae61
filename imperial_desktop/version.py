"""The program's one version, as the package metadata gives it.

``importlib.metadata`` knows it when the game is installed (``pip install .``, ``pip install -e .``)
and in the standalone build (build.spec copies the metadata). Run from a checkout that was never
installed, the version is read from the ``pyproject.toml`` beside the package; failing both it is
:data:`UNKNOWN`, never an exception. Standard library only: saves, crash logs and the command line
use it.
"""

from __future__ import annotations

import functools
import importlib.metadata
import re
from pathlib import Path

DISTRIBUTION = "imperial-desktop"
PROGRAM = "imperial-desktop"  # the command's name, as `--version` prints it
DISPLAY_NAME = "Imperial Desktop"
UNKNOWN = "0+unknown"  # a valid version string that sorts before every release


@functools.lru_cache(maxsize=1)
def version() -> str:
    """The version of the game, e.g. ``"0.1.0"``."""
    try:
        found = importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        found = None
    return found or _checkout_version() or UNKNOWN


def _checkout_version() -> str | None:
    """The version in ``pyproject.toml`` of the checkout this package was imported from, if any."""
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as handle:
            project = tomllib.load(handle).get("project", {})
    except (OSError, ValueError):  # no such file (an installed copy elsewhere), or not TOML
        return None
    if project.get("name") != DISTRIBUTION:
        return None
    value = project.get("version")
    return value if isinstance(value, str) and re.fullmatch(r"[0-9A-Za-z.+!-]{1,40}", value) else None


def version_line() -> str:
    """What ``imperial-desktop --version`` prints: ``"imperial-desktop 0.1.0"``."""
    return f"{PROGRAM} {version()}"


def window_title() -> str:
    """``"Imperial Desktop 0.1.0"``."""
    return f"{DISPLAY_NAME} {version()}"


__all__ = ["DISPLAY_NAME", "DISTRIBUTION", "PROGRAM", "UNKNOWN", "version", "version_line", "window_title"]
