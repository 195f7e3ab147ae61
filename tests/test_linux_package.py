"""The Linux package's parts (packaging/linux): icons in the hicolor sizes from the drawn icon
files, the desktop file and AppStream data (validated when the validators are installed), the
Depends found from what a bundle loads, and the control fields. The .deb itself is built and
validated in .ci/run, and installed into a fresh Debian by tools/deb_root_test.sh."""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "packaging" / "linux"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_deb = _load("imperial_make_deb", LINUX / "make_deb.py")
icons, depends, META = make_deb.ICONS, make_deb.DEPENDS, make_deb.META
DESKTOP = LINUX / f"{META.APP_ID}.desktop"


def test_every_hicolor_size_is_a_png_of_that_size():
    found = icons.hicolor_icons(ROOT / "assets" / "images")
    assert sorted(found) == [16, 32, 48, 64, 128, 256, 512]
    assert all(icons.png_size(png) == (size, size) for size, png in found.items())


def test_the_icon_readers_refuse_other_files(tmp_path):
    with pytest.raises(ValueError):
        icons.icns_pngs(b"\x89PNG not an icns")
    with pytest.raises(ValueError):
        icons.ico_pngs(b"\x00\x00\x02\x00\x01\x00")  # a cursor file, not an icon
    (tmp_path / "icon.ico").write_bytes(b"\x00\x00\x01\x00\x00\x00")
    (tmp_path / "icon.icns").write_bytes(b"icns\x00\x00\x00\x08")
    with pytest.raises(SystemExit, match="make_icon.py"):
        icons.hicolor_icons(tmp_path)


def test_the_desktop_file_starts_the_launcher_with_the_packaged_icon():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str
    entry.read(DESKTOP, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == META.APP_NAME and section["Icon"] == META.APP_ID
    assert section["StartupWMClass"] == META.APP_NAME  # SDL's WM_CLASS: the executable's name
    assert {"Name", "Comment[de]", "Comment[fr]", "GenericName[de]", "GenericName[fr]"} <= set(section)
    assert "Game" in section["Categories"].split(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_the_desktop_file_is_valid():
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_the_metainfo_gets_urls_and_needs_this_versions_release_notes():
    version = META.project_version()
    text = make_deb.metainfo_text(version, "owner/game", "abc123")
    assert "@" not in text.split("-->", 1)[1]
    assert "https://raw.githubusercontent.com/owner/game/abc123/docs/screenshots/" in text
    for image in text.split("<image>")[1:]:
        name = image.split("/docs/screenshots/", 1)[1].split("<", 1)[0]
        assert (ROOT / "docs" / "screenshots" / name).is_file(), name
    assert f"<id>{META.APP_ID}</id>" in text and f"<launchable type=\"desktop-id\">{DESKTOP.name}" in text
    with pytest.raises(SystemExit, match="release"):
        make_deb.metainfo_text("99.0.0", "owner/game", "main")


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_the_metainfo_is_valid(tmp_path):
    path = tmp_path / f"{META.APP_ID}.metainfo.xml"
    path.write_text(make_deb.metainfo_text(META.project_version(), "owner/game", "main"), encoding="utf-8")
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("ldd") is None or shutil.which("objdump") is None, reason="needs ldd and objdump")
def test_depends_come_from_what_the_bundle_loads(tmp_path):
    bundle = tmp_path / "imperial-desktop"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copy(shutil.which("true"), bundle / "imperial-desktop")
    needed, recommended = depends.depends(bundle)
    assert needed[0].startswith("libc6 (>= 2.")
    assert set(depends.X11_DEPENDS) <= set(needed) and "libwayland-client0" in recommended


@pytest.mark.skipif(shutil.which("ldd") is None, reason="needs ldd")
def test_a_system_library_without_a_known_package_stops_the_build(tmp_path):
    candidates = [shutil.which(tool) for tool in ("appstreamcli", "xdotool", "Xvfb", "python3")]
    program = next((p for p in candidates if p and _links_unknown(p)), None)
    if program is None:
        pytest.skip("no program here links a library outside depends.SYSTEM_PACKAGES")
    bundle = tmp_path / "imperial-desktop"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copy(program, bundle / "imperial-desktop")
    with pytest.raises(SystemExit, match="SYSTEM_PACKAGES"):
        depends.depends(bundle)


def _links_unknown(program: str) -> bool:
    out = subprocess.run(["ldd", program], capture_output=True, text=True).stdout
    names = [line.split()[0] for line in out.splitlines() if "=>" in line]
    return any(name not in depends.SYSTEM_PACKAGES for name in names)


def test_a_bundle_without_programs_is_refused(tmp_path):
    (tmp_path / "readme.txt").write_text("no build here")
    with pytest.raises(SystemExit, match="build it first"):
        depends.depends(tmp_path)


def test_the_control_fields():
    text = make_deb.control_text("0.1.0", "amd64", 1234, ["libc6 (>= 2.36)", "libx11-6"], ["libpulse0"])
    fields = dict(line.split(": ", 1) for line in text.splitlines() if not line.startswith(" "))
    assert fields["Package"] == "imperial-desktop" and fields["Version"] == "0.1.0"
    assert fields["Depends"] == "libc6 (>= 2.36), libx11-6" and fields["Installed-Size"] == "1234"
    assert fields["Section"] == "games" and len(fields["Description"]) <= 80
