"""Check what build.spec hands PyInstaller on each system, without building.

Runs the spec once per system (sys.platform set to win32, darwin, linux) with stand-ins for
PyInstaller's Analysis / PYZ / EXE / COLLECT / BUNDLE that record their arguments, then checks:
  every system: the game's data (maps, assets with the window icon, compiled catalogs) is bundled;
  Windows:      the executable has icon.ico and a version file naming company, product, file and
                product version (the project's), description and copyright; no console;
  macOS:        a .app (BUNDLE) with icon.icns, the app id, the version and an Info.plist with
                NSHighResolutionCapable and LSMinimumSystemVersion;
  Linux:        the one-folder build named imperial-desktop (packaging/linux/make_deb.py packs it).
Needs PyInstaller importable (the `build` extra). Usage: python .ci/check_spec.py  (exit 1 on a problem)
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build.spec"
SYSTEMS = ("win32", "darwin", "linux")
BUNDLED = ("imperial_desktop/maps/europe.json", "imperial_desktop/assets/theme.json",
           "imperial_desktop/assets/images/icon.png", "imperial_desktop/assets/images/board.png",
           "imperial_desktop/locale/de/LC_MESSAGES/ui.mo", "imperial_desktop/locale/fr/LC_MESSAGES/ui.mo")
VERSION_STRINGS = ("CompanyName", "FileDescription", "FileVersion", "LegalCopyright", "ProductName", "ProductVersion")
PLIST_KEYS = ("CFBundleName", "CFBundleShortVersionString", "NSHighResolutionCapable", "LSMinimumSystemVersion")

Made = list[tuple[str, tuple, dict]]


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


META = _load("imperial_app_metadata", ROOT / "packaging" / "app_metadata.py")


class _Recorder:
    """Stands in for one of PyInstaller's build steps and records how the spec called it."""

    made: Made = []

    def __init__(self, *args: Any, **kwargs: Any):
        _Recorder.made.append((type(self).__name__, args, kwargs))
        self.datas = [(f"{dest}/{Path(src).name}", src, "DATA") for src, dest in kwargs.get("datas", [])]
        self.pure, self.scripts, self.binaries = [], [], []


def record(system: str, onefile: bool = False) -> tuple[Made, dict[str, Any]]:
    """Run build.spec as PyInstaller would on ``system``; returns the recorded calls and the
    spec's globals. The version file is read here, while it exists (it is a temp file)."""
    import os

    import PyInstaller.utils.hooks  # noqa: F401 - imported before sys.platform is changed

    names = {n: type(n, (_Recorder,), {}) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec_globals: dict[str, Any] = {"SPECPATH": str(ROOT), "__file__": str(SPEC), "__name__": "__main__", **names}
    real_platform, real_onefile = sys.platform, os.environ.pop("IMPERIAL_ONEFILE", None)
    if onefile:
        os.environ["IMPERIAL_ONEFILE"] = "1"
    _Recorder.made = []
    try:
        sys.platform = system
        exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), spec_globals)
    finally:
        sys.platform = real_platform
        os.environ.pop("IMPERIAL_ONEFILE", None)
        if real_onefile is not None:
            os.environ["IMPERIAL_ONEFILE"] = real_onefile
    made = list(_Recorder.made)
    for kind, _, kwargs in made:
        if kind == "EXE" and isinstance(kwargs.get("version"), str) and Path(kwargs["version"]).is_file():
            kwargs["version_text"] = Path(kwargs["version"]).read_text(encoding="utf-8")
    return made, spec_globals


def _calls(made: Made, kind: str) -> list[tuple[tuple, dict]]:
    return [(args, kwargs) for name, args, kwargs in made if name == kind]


def version_strings(text: str) -> tuple[tuple[int, ...], dict[str, str]]:
    """The file version numbers and the strings of a PyInstaller version file. The file is a
    Python expression of PyInstaller's versioninfo classes; it is evaluated here with stand-ins
    that keep their arguments (PyInstaller's own classes need pefile, installed on Windows only)."""
    def node(kind: str):
        return lambda *args, **kwargs: (kind, args, kwargs)

    kinds = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo", "VarStruct")
    tree = eval(text, {"__builtins__": {}}, {kind: node(kind) for kind in kinds})
    strings: dict[str, str] = {}
    numbers: tuple[int, ...] = ()

    def walk(item: Any) -> None:
        nonlocal numbers
        if isinstance(item, tuple) and len(item) == 3 and item[0] in kinds:
            kind, args, kwargs = item
            if kind == "StringStruct":
                strings[args[0]] = args[1]
            if kind == "FixedFileInfo":
                numbers = tuple(kwargs.get("filevers", ()))
            for value in list(args) + list(kwargs.values()):
                walk(value)
        elif isinstance(item, list):
            for value in item:
                walk(value)

    walk(tree)
    return numbers, strings


def problems(system: str, made: Made, version: str) -> list[str]:
    """What is missing or wrong in the recorded build of ``system``."""
    found: list[str] = []
    analyses = _calls(made, "Analysis")
    bundled = {f"{dest}/{Path(src).name}" for src, dest in (analyses[0][1].get("datas", []) if analyses else [])}
    found += [f"{system}: {name} is not bundled" for name in BUNDLED if name not in bundled]
    exes = _calls(made, "EXE")
    if not exes:
        return found + [f"{system}: no EXE"]
    exe = exes[0][1]
    icon = exe.get("icon")
    if system == "win32":
        if not icon or Path(icon).name != "icon.ico" or not Path(icon).is_file():
            found.append(f"win32: the executable's icon is {icon!r}, not assets/images/icon.ico")
        if exe.get("console"):
            found.append("win32: the executable opens a console window")
        text = exe.get("version_text")
        if not text:
            found.append(f"win32: no version file (version={exe.get('version')!r})")
        else:
            numbers, strings = version_strings(text)
            found += [f"win32: the version resource lacks {key}" for key in VERSION_STRINGS if not strings.get(key)]
            for key in ("FileVersion", "ProductVersion"):
                if strings.get(key) and strings[key] != version:
                    found.append(f"win32: {key} is {strings[key]!r}, the project's version is {version!r}")
            if numbers != META.windows_version_numbers(version):
                found.append(f"win32: file version numbers {numbers} do not match {version}")
    elif system == "darwin":
        bundles = _calls(made, "BUNDLE")
        if not bundles:
            return found + ["darwin: no .app (BUNDLE)"]
        bundle = bundles[0][1]
        if not str(bundle.get("name", "")).endswith(".app"):
            found.append(f"darwin: the bundle's name {bundle.get('name')!r} does not end in .app")
        bundle_icon = bundle.get("icon")
        if not bundle_icon or Path(bundle_icon).name != "icon.icns" or not Path(bundle_icon).is_file():
            found.append(f"darwin: the .app's icon is {bundle_icon!r}, not assets/images/icon.icns")
        if bundle.get("bundle_identifier") != META.APP_ID:
            found.append(f"darwin: bundle identifier {bundle.get('bundle_identifier')!r}, not {META.APP_ID}")
        if bundle.get("version") != version:
            found.append(f"darwin: bundle version {bundle.get('version')!r}, not {version!r}")
        plist = bundle.get("info_plist") or {}
        found += [f"darwin: Info.plist lacks {key}" for key in PLIST_KEYS if key not in plist]
        if plist.get("NSHighResolutionCapable") is not True:
            found.append("darwin: NSHighResolutionCapable is not true")
        if plist.get("CFBundleShortVersionString", version) != version:
            found.append(f"darwin: CFBundleShortVersionString is not {version!r}")
    else:
        collects = _calls(made, "COLLECT")
        if not collects or collects[0][1].get("name") != META.APP_NAME:
            found.append(f"{system}: no one-folder build named {META.APP_NAME} (make_deb.py packs that folder)")
    return found


def main() -> int:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print(".ci/check_spec.py: PyInstaller is not installed (pip install -e '.[build]')", file=sys.stderr)
        return 2
    version = META.project_version()
    failed = False
    for system in SYSTEMS:
        made, _ = record(system)
        found = problems(system, made, version)
        for line in found:
            print(f"build.spec: {line}", file=sys.stderr)
        failed = failed or bool(found)
        steps = ", ".join(kind for kind, _, _ in made)
        print(f"build.spec on {system}: {'FAILED' if found else 'ok'} ({steps})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
