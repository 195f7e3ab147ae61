""".ci/check_spec.py: it passes build.spec as it is, and it finds each missing piece of a
system's build (icon, version resource, Info.plist entries, bundled data)."""

from __future__ import annotations

import copy
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


check = _load("imperial_check_spec", ROOT / ".ci" / "check_spec.py")
META = check.META
VERSION = META.project_version()
ICO = str(ROOT / "assets/images/icon.ico")
ICNS = str(ROOT / "assets/images/icon.icns")
DATAS = [(str(ROOT / "x" / Path(name).name), str(Path(name).parent)) for name in check.BUNDLED]


def _made(system: str) -> list:
    """A recorded build of ``system`` as a correct build.spec makes it."""
    exe = {"name": META.APP_NAME, "icon": None, "version": None, "console": True}
    made = [("Analysis", ([str(ROOT / "tools/launcher.py")],), {"datas": DATAS}), ("PYZ", (), {})]
    if system == "win32":
        exe.update(icon=ICO, console=False, version="v.txt", version_text=META.windows_version_text(VERSION))
    if system == "darwin":
        exe.update(icon=ICNS, console=False)
    made += [("EXE", (), exe), ("COLLECT", (), {"name": META.APP_NAME})]
    if system == "darwin":
        made.append(("BUNDLE", (), {"name": "Imperial Desktop.app", "icon": ICNS, "bundle_identifier": META.APP_ID,
                                    "version": VERSION, "info_plist": {
                                        "CFBundleName": "Imperial Desktop", "CFBundleShortVersionString": VERSION,
                                        "NSHighResolutionCapable": True, "LSMinimumSystemVersion": "11.0"}}))
    return made


def _kwargs(made: list, kind: str) -> dict:
    return next(kwargs for name, _, kwargs in made if name == kind)


@pytest.mark.parametrize("system", check.SYSTEMS)
def test_a_complete_build_has_no_problems(system):
    assert check.problems(system, _made(system), VERSION) == []


def test_windows_without_icon_or_version_resource_is_found():
    made = _made("win32")
    _kwargs(made, "EXE").update(icon=None, version=None, version_text=None)
    found = check.problems("win32", made, VERSION)
    assert any("icon.ico" in line for line in found) and any("no version file" in line for line in found)


def test_a_version_resource_of_another_version_or_without_copyright_is_found():
    made = _made("win32")
    text = META.windows_version_text("9.9.9").replace("LegalCopyright", "Comments")
    _kwargs(made, "EXE")["version_text"] = text
    found = check.problems("win32", made, VERSION)
    assert any("FileVersion is '9.9.9'" in line for line in found)
    assert any("lacks LegalCopyright" in line for line in found)
    assert any("version numbers (9, 9, 9, 0)" in line for line in found)


def test_a_mac_build_without_bundle_or_plist_entries_is_found():
    made = _made("darwin")
    assert check.problems("darwin", [m for m in made if m[0] != "BUNDLE"], VERSION) == ["darwin: no .app (BUNDLE)"]
    made = copy.deepcopy(made)
    bundle = _kwargs(made, "BUNDLE")
    del bundle["info_plist"]["LSMinimumSystemVersion"]
    bundle["info_plist"]["NSHighResolutionCapable"] = False
    bundle.update(icon=ICO, bundle_identifier="org.example.other")
    found = check.problems("darwin", made, VERSION)
    assert "darwin: Info.plist lacks LSMinimumSystemVersion" in found
    assert "darwin: NSHighResolutionCapable is not true" in found
    assert any("icon.icns" in line for line in found) and any("bundle identifier" in line for line in found)


def test_missing_game_data_is_found_on_every_system():
    for system in check.SYSTEMS:
        made = _made(system)
        _kwargs(made, "Analysis")["datas"] = [d for d in DATAS if "europe.json" not in d[0]]
        assert check.problems(system, made, VERSION) == [f"{system}: imperial_desktop/maps/europe.json is not bundled"]


def test_the_version_file_reads_back():
    numbers, strings = check.version_strings(META.windows_version_text("1.2.3"))
    assert numbers == (1, 2, 3, 0)
    assert strings["ProductVersion"] == "1.2.3" and strings["CompanyName"] and "\u00a9" in strings["LegalCopyright"]


@pytest.mark.parametrize("system", check.SYSTEMS)
def test_build_spec_passes_on_every_system(system):
    pytest.importorskip("PyInstaller", reason="the build extra is not installed")
    made, spec_globals = check.record(system)
    assert check.problems(system, made, VERSION) == []
    if system == "darwin":
        plist = _kwargs(made, "BUNDLE")["info_plist"]
        assert plist["LSMinimumSystemVersion"] == META.MACOS_FLOOR  # the stand-in Analysis bundles no binary
