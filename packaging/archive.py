"""Pack the built game for download and write its SHA-256 checksum.

    python packaging/archive.py --out release     # after pyinstaller build.spec

Windows: a .zip of the one-folder build; Linux: a .tar.gz of it (keeps the bundle's symbolic
links; a .zip would store each linked library twice); macOS: the .app, which the workflow zips
with `ditto` after signing (ditto keeps the signature's extended attributes and links), so here
only its checksum is written when --file names that zip. Names:
imperial-desktop-<version>-<system>-<machine>.<zip|tar.gz>, each with a .sha256 file in
`sha256sum` format beside it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import platform
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("imperial_app_metadata", ROOT / "packaging" / "app_metadata.py")
META = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(META)
SYSTEM_NAMES = {"win32": "windows", "darwin": "macos", "linux": "linux"}


def archive_name(version: str, system: str, machine: str) -> str:
    """imperial-desktop-0.1.0-windows-x86_64.zip and the like."""
    machine = {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine.lower(), machine.lower())
    suffix = "zip" if system in ("win32", "darwin") else "tar.gz"
    return f"{META.APP_NAME}-{version}-{SYSTEM_NAMES.get(system, system)}-{machine}.{suffix}"


def write_checksum(path: Path) -> Path:
    """path.sha256 holding '<hex>  <name>' (sha256sum -c reads it)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    target = path.with_name(path.name + ".sha256")
    target.write_text(f"{digest.hexdigest()}  {path.name}\n", encoding="ascii")
    return target


def pack_folder(folder: Path, target: Path) -> None:
    """The folder as the archive's one top-level folder (zip or tar.gz by the target's name)."""
    if target.name.endswith(".zip"):
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for path in sorted(folder.rglob("*")):
                archive.write(path, Path(folder.name) / path.relative_to(folder))
    else:
        with tarfile.open(target, "w:gz", compresslevel=9) as archive:
            archive.add(folder, arcname=folder.name)  # symbolic links stay links


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="archive.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "release")
    parser.add_argument("--file", type=Path, help="an archive made elsewhere (the macOS zip): only its checksum")
    parser.add_argument("--print-name", action="store_true", help="print this system's archive name and stop")
    args = parser.parse_args(argv)
    name = archive_name(META.project_version(ROOT), sys.platform, platform.machine())
    if args.print_name:
        print(name)
        return 0
    if args.file:
        target = args.file
    else:
        folder = args.dist / META.APP_NAME
        if not folder.is_dir():
            print(f"archive.py: no build at {folder} (pyinstaller build.spec)", file=sys.stderr)
            return 2
        args.out.mkdir(parents=True, exist_ok=True)
        target = args.out / name
        pack_folder(folder, target)
    checksum = write_checksum(target)
    print(f"{target} ({target.stat().st_size / 1e6:.1f} MB), {checksum.read_text().split()[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
