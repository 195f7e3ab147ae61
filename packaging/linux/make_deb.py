"""Make the Debian package of the frozen one-folder build (dist/imperial-desktop).

    python3 packaging/linux/make_deb.py [--dist dist/imperial-desktop] [--out dist]
                                        [--repository OWNER/NAME] [--ref COMMIT]

Writes dist/imperial-desktop_<version>_<arch>.deb with dpkg-deb. The package installs
  /opt/imperial-desktop/                        the one-folder build as PyInstaller made it
  /usr/bin/imperial-desktop                     a symbolic link to its executable
  /usr/share/applications/<app id>.desktop      the menu entry
  /usr/share/icons/hicolor/<N>x<N>/apps/<app id>.png   N = 16 ... 512
  /usr/share/metainfo/<app id>.metainfo.xml     AppStream data (software centres)
  /usr/share/doc/imperial-desktop/copyright
and nothing else. The icon cache and the menu are refreshed by the triggers of
hicolor-icon-theme and desktop-file-utils; the one maintainer script, postrm, puts back /opt,
which no package owns (base-files makes it once) and dpkg removes with this package's last file
in it. So `dpkg -r` leaves the system as it was, but for the players' own saves and settings in
their home folders. Depends and Recommends are computed from
the bundle (packaging/linux/depends.py).

The AppStream screenshots must be URLs: they point at the pictures in docs/screenshots/ of the
repository --repository (OWNER/NAME on GitHub; the release workflow passes its own) at --ref.
Without them the URLs name a placeholder repository, fine for a local test build only.
Needs dpkg-deb, ldd and objdump (binutils), so a Debian or Ubuntu system.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PLACEHOLDER_REPOSITORY = "imperial-desktop/imperial-desktop"
MAINTAINER = "Imperial Desktop <packaging@imperialdesktop.org>"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


META = _load("imperial_app_metadata", ROOT / "packaging" / "app_metadata.py")
ICONS = _load("imperial_linux_icons", HERE / "icons.py")
DEPENDS = _load("imperial_linux_depends", HERE / "depends.py")


def metainfo_text(version: str, repository: str, ref: str) -> str:
    """The AppStream file with its URLs filled in; the version must have a release entry."""
    text = (HERE / f"{META.APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    if f'<release version="{version}"' not in text:
        raise SystemExit(f"packaging/linux/{META.APP_ID}.metainfo.xml has no <release version=\"{version}\"> "
                         "entry: add this version's release notes there")
    return (text.replace("@HOMEPAGE@", f"https://github.com/{repository}")
                .replace("@SCREENSHOT_BASE@", f"https://raw.githubusercontent.com/{repository}/{ref}"))


def control_text(version: str, arch: str, installed_kib: int, depends: list[str], recommends: list[str]) -> str:
    description = [
        "the board game Imperial for 2-6 players and the computer",
        " A desktop version of Mac Gerdts' board game Imperial: the great powers of",
        " Europe before 1914 are governed by the investors who hold their bonds.",
        " Hot seat for 2-6 players, computer opponents of four levels, a guided first",
        " game, the rules by topic; in English, German and French.",
    ]
    fields = [
        ("Package", META.APP_NAME), ("Version", version), ("Architecture", arch),
        ("Maintainer", MAINTAINER), ("Installed-Size", str(installed_kib)),
        ("Depends", ", ".join(depends)), ("Recommends", ", ".join(recommends)),
        ("Section", "games"), ("Priority", "optional"),
        ("Description", "\n".join(description)),
    ]
    return "".join(f"{key}: {value}\n" for key, value in fields)


POSTRM = """#!/bin/sh
set -e
# /opt belongs to no package: dpkg removed it with this package's files if it was left empty
if [ ! -d /opt ]; then mkdir -m 755 /opt; fi
"""


def _tree_kib(folder: Path) -> int:
    total = sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() or p.is_symlink())
    return (total + 1023) // 1024


def _normalise_modes(folder: Path) -> None:
    """Folders 755, files 644, or 755 when executable by their owner: whatever the umask was."""
    for path in [folder, *folder.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path.stat().st_mode & 0o100 else 0o644)


def stage(bundle: Path, staging: Path, version: str, repository: str, ref: str) -> None:
    """Lay out the package's files under ``staging`` (its DEBIAN/ is written by make_deb)."""
    app_dir = staging / "opt" / META.APP_NAME
    shutil.copytree(bundle, app_dir, symlinks=True)
    (staging / "usr" / "bin").mkdir(parents=True)
    os.symlink(f"/opt/{META.APP_NAME}/{META.APP_NAME}", staging / "usr" / "bin" / META.APP_NAME)
    share = staging / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy(HERE / f"{META.APP_ID}.desktop", share / "applications" / f"{META.APP_ID}.desktop")
    for size, png in ICONS.hicolor_icons(ROOT / "assets" / "images").items():
        folder = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        folder.mkdir(parents=True)
        (folder / f"{META.APP_ID}.png").write_bytes(png)
    (share / "metainfo").mkdir()
    (share / "metainfo" / f"{META.APP_ID}.metainfo.xml").write_text(metainfo_text(version, repository, ref),
                                                                    encoding="utf-8")
    doc = share / "doc" / META.APP_NAME
    doc.mkdir(parents=True)
    licences = app_dir / "_internal" / "imperial_desktop" / "assets" / "licenses"
    where = (f"/{licences.relative_to(staging).as_posix()}" if licences.is_dir()
             else f"/opt/{META.APP_NAME}/_internal")
    (doc / "copyright").write_text(
        f"{META.DISPLAY_NAME} {version}\n{META.COPYRIGHT}.\n\n"
        "The program bundles Python, pygame-ce (SDL and its libraries), pygame-gui, shapely (GEOS),\n"
        f"numpy, platformdirs and fonts under their own licences; their texts are in\n{where}\n",
        encoding="utf-8")
    _normalise_modes(staging)


def make_deb(bundle: Path, out_dir: Path, repository: str, ref: str) -> Path:
    version = META.project_version(ROOT)
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    depends, recommends = DEPENDS.depends(bundle)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{META.APP_NAME}_{version}_{arch}.deb"
    with tempfile.TemporaryDirectory(prefix="imperial-deb-") as work:
        staging = Path(work) / "root"
        staging.mkdir()
        stage(bundle, staging, version, repository, ref)
        (staging / "DEBIAN").mkdir()
        control = control_text(version, arch, _tree_kib(staging), depends, recommends)
        (staging / "DEBIAN" / "control").write_text(control, encoding="utf-8")
        (staging / "DEBIAN" / "postrm").write_text(POSTRM, encoding="utf-8")
        (staging / "DEBIAN").chmod(0o755)
        (staging / "DEBIAN" / "control").chmod(0o644)
        (staging / "DEBIAN" / "postrm").chmod(0o755)
        subprocess.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(staging), str(target)],
                       check=True, stdout=subprocess.DEVNULL)
    print(control, end="")
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB)")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make_deb.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist" / META.APP_NAME, help="the one-folder build")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the .deb")
    parser.add_argument("--repository", default=os.environ.get("IMPERIAL_REPOSITORY") or PLACEHOLDER_REPOSITORY,
                        help="OWNER/NAME of the GitHub repository the screenshot URLs point into")
    parser.add_argument("--ref", default=os.environ.get("IMPERIAL_REPOSITORY_REF") or "main",
                        help="the commit or branch of those URLs")
    args = parser.parse_args(argv)
    for tool in ("dpkg-deb", "ldd", "objdump"):
        if shutil.which(tool) is None:
            print(f"make_deb.py: {tool} is missing (Debian packages dpkg, libc-bin, binutils)", file=sys.stderr)
            return 2
    if not (args.dist / META.APP_NAME).is_file():
        print(f"make_deb.py: no build at {args.dist} (run pyinstaller build.spec first)", file=sys.stderr)
        return 2
    make_deb(args.dist.resolve(), args.out, args.repository, args.ref)
    return 0


if __name__ == "__main__":
    sys.exit(main())
