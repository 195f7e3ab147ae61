"""Who the game says it is in its release files: one place for build.spec, the .deb and the checks.

Loaded by file path (build.spec, packaging/linux/make_deb.py, .ci/check_spec.py), never imported
by the name ``packaging``: that name belongs to the PyPI library pip and setuptools use.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Reverse-DNS id of the application: the macOS bundle identifier, the Linux desktop file's name,
# its icons' name and the AppStream component id. Without a hyphen (AppStream flags one) and
# never to be changed once released: macOS keys the app's permissions to it.
APP_ID = "org.imperialdesktop.ImperialDesktop"
APP_NAME = "imperial-desktop"  # the executable, the folder, the Debian package
DISPLAY_NAME = "Imperial Desktop"
COMPANY = "Imperial Desktop"
DESCRIPTION = "Imperial Desktop - the board game Imperial"
COPYRIGHT = "Copyright \u00a9 2026 the Imperial Desktop authors"
# Info.plist's LSMinimumSystemVersion is never lower than this; build.spec raises it to what the
# bundled libraries need (packaging/macos/minos.py).
MACOS_FLOOR = "11.0"


def project_version(root: Path = ROOT) -> str:
    """The version in pyproject.toml."""
    with open(root / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def windows_version_numbers(version: str) -> tuple[int, int, int, int]:
    """'1.2.3' -> (1, 2, 3, 0): the four numbers of a Windows version resource (a part that is
    not a plain number, as in '1.2rc1', counts its leading digits)."""
    numbers = []
    for part in version.split(".")[:4]:
        digits = ""
        for char in part:
            if not char.isdigit():
                break
            digits += char
        numbers.append(min(int(digits or 0), 65535))
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def windows_version_text(version: str) -> str:
    """PyInstaller's version file (EXE(version=...)) for ``version``: the text its
    load_version_info_from_text_file evaluates. The strings are what Windows shows in the
    executable's Properties, Details."""
    numbers = windows_version_numbers(version)
    strings = [
        ("CompanyName", COMPANY),
        ("FileDescription", DESCRIPTION),
        ("FileVersion", version),
        ("InternalName", APP_NAME),
        ("LegalCopyright", COPYRIGHT),
        ("OriginalFilename", f"{APP_NAME}.exe"),
        ("ProductName", DISPLAY_NAME),
        ("ProductVersion", version),
    ]
    string_lines = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings)
    return (
        "# UTF-8\n"
        "VSVersionInfo(\n"
        "  ffi=FixedFileInfo(\n"
        f"    filevers={numbers},\n"
        f"    prodvers={numbers},\n"
        "    mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([\n"
        "      StringTable('040904B0', [\n"  # U.S. English, Unicode
        f"{string_lines}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])\n"
        "  ]\n"
        ")\n"
    )
