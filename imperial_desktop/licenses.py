"""What the game includes from others, with each part's licence: ``assets/licenses/index.json``.

Each component of the index names its licence file (a path inside ``assets/``) and what it
covers: a Python distribution (``distribution``), shared libraries (``libraries``, as
:func:`library_key` names a library file), font files (``fonts``). The About screen lists them;
``tests/test_about_screen.py`` checks the index against what is installed, and
``.ci/build_and_smoke.sh`` against what the standalone build holds. Standard library only.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from imperial_desktop.resources import assets_root

INDEX = "licenses/index.json"
INDEX_FORMAT = "imperial-desktop-licenses"
MAX_LICENCE_CHARS = 200_000  # the longest text here is about 70,000 characters


@dataclass(frozen=True)
class Component:
    """One bundled part: a Python package, a shared library, a font, the game's sounds."""

    id: str
    name: str
    version: str
    license: str
    file: str  # the licence text, relative to the assets folder
    homepage: str = ""
    kind: str = ""  # runtime, package, library, font, sounds
    distribution: str = ""
    shipped_with: str = ""
    libraries: tuple[str, ...] = ()
    fonts: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Component:
        text = {key: str(data.get(key) or "") for key in ("id", "name", "version", "license", "file", "homepage",
                                                          "kind", "distribution", "shipped_with")}
        return cls(**text, libraries=tuple(str(x) for x in data.get("libraries") or ()),
                   fonts=tuple(str(x) for x in data.get("fonts") or ()))

    @property
    def title(self) -> str:
        """``"SDL 2.32.10"`` (the name alone when the version is not known)."""
        return f"{self.name} {self.version}" if self.version else self.name

    def text(self) -> str:
        """The licence text ("" if the file is missing or unreadable)."""
        try:
            raw = (assets_root() / self.file).read_text(encoding="utf-8", errors="replace")
        except (OSError, ValueError):
            return ""
        return raw[:MAX_LICENCE_CHARS]


@dataclass(frozen=True)
class Index:
    components: tuple[Component, ...] = field(default_factory=tuple)

    def get(self, component_id: str) -> Component:
        return next(c for c in self.components if c.id == component_id)


def load_index() -> Index:
    """The components of ``assets/licenses/index.json`` in its order (none if it is missing or damaged)."""
    try:
        data = json.loads((assets_root() / INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Index()
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        return Index()
    items = data.get("components")
    return Index(tuple(Component.from_dict(item) for item in items if isinstance(item, dict))
                 if isinstance(items, list) else ())


_HASH = re.compile(r"-[0-9a-f]{8}(?:\.[0-9]+)*(?=-|$)")  # auditwheel/delocate add "-<8 hex digits>"


def library_key(file_name: str) -> str | None:
    """The library a shared-library file is, as ``libraries`` in the index names it, or None when
    the file is not a shared library (a Python extension module is not one).

    ``libSDL2-2-50d19f93.0.so.0.3200.10`` -> ``SDL2``; ``libgeos_c-ac38a227.so.1.20.5`` ->
    ``geos_c``; ``libpython3.11.so.1.0`` -> ``python3.11``; ``SDL2_image.dll`` -> ``SDL2_image``.
    """
    name = file_name.rsplit("/", 1)[-1]
    if ".cpython-" in name or ".abi3." in name or name.endswith(".pyd"):
        return None
    match = re.match(r"(.+?)\.(?:so|dll|dylib)(?:\.[0-9.]+)?$", name)
    if match is None:
        return None
    base = match.group(1)
    base = base[3:] if base.startswith("lib") else base
    base = _HASH.sub("", base)
    base = re.sub(r"-[0-9]+$", "", base)  # the soname's major version: SDL2-2, opus-0
    return base or None


__all__ = ["Component", "Index", "library_key", "load_index"]
