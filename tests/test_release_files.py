"""The release files (packaging/archive.py, packaging/smoke_frozen.py, packaging/app_metadata.py):
their names per system, the archives' layout, the checksum files, where the frozen executable is."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


archive = _load("imperial_archive", ROOT / "packaging" / "archive.py")
smoke = _load("imperial_smoke_frozen", ROOT / "packaging" / "smoke_frozen.py")
META = archive.META


def test_archive_names_per_system():
    assert archive.archive_name("0.1.0", "win32", "AMD64") == "imperial-desktop-0.1.0-windows-x86_64.zip"
    assert archive.archive_name("0.1.0", "darwin", "arm64") == "imperial-desktop-0.1.0-macos-arm64.zip"
    assert archive.archive_name("0.1.0", "linux", "x86_64") == "imperial-desktop-0.1.0-linux-x86_64.tar.gz"
    assert archive.archive_name("0.1.0", "linux", "aarch64") == "imperial-desktop-0.1.0-linux-arm64.tar.gz"


def _bundle(tmp_path: Path) -> Path:
    folder = tmp_path / "imperial-desktop"
    (folder / "_internal").mkdir(parents=True)
    (folder / "imperial-desktop").write_bytes(b"\x7fELF program")
    (folder / "_internal" / "libSDL2.so.0").write_bytes(b"library")
    os.symlink("libSDL2.so.0", folder / "_internal" / "libSDL2-link.so")
    return folder


def test_the_tar_keeps_one_folder_and_its_links(tmp_path):
    target = tmp_path / "out.tar.gz"
    archive.pack_folder(_bundle(tmp_path), target)
    with tarfile.open(target) as packed:
        members = {m.name: m for m in packed.getmembers()}
    assert {"imperial-desktop/imperial-desktop", "imperial-desktop/_internal/libSDL2.so.0"} <= set(members)
    assert all(name.startswith("imperial-desktop") for name in members)
    assert members["imperial-desktop/_internal/libSDL2-link.so"].issym()


def test_the_zip_holds_one_folder(tmp_path):
    target = tmp_path / "out.zip"
    archive.pack_folder(_bundle(tmp_path), target)
    with zipfile.ZipFile(target) as packed:
        names = packed.namelist()
        assert packed.read("imperial-desktop/imperial-desktop") == b"\x7fELF program"
    assert all(name.startswith("imperial-desktop/") for name in names)


def test_the_checksum_file_reads_like_sha256sum(tmp_path):
    target = tmp_path / "imperial-desktop-0.1.0-linux-x86_64.tar.gz"
    target.write_bytes(b"some archive")
    line = archive.write_checksum(target).read_text(encoding="ascii")
    assert line == f"{hashlib.sha256(b'some archive').hexdigest()}  {target.name}\n"


def test_the_frozen_executable_per_system(tmp_path):
    assert smoke.frozen_executable(tmp_path, "win32") == tmp_path / "imperial-desktop" / "imperial-desktop.exe"
    assert smoke.frozen_executable(tmp_path, "darwin") == (
        tmp_path / "Imperial Desktop.app" / "Contents" / "MacOS" / "imperial-desktop")
    assert smoke.frozen_executable(tmp_path, "linux") == tmp_path / "imperial-desktop" / "imperial-desktop"


def test_windows_version_numbers():
    assert META.windows_version_numbers("0.1.0") == (0, 1, 0, 0)
    assert META.windows_version_numbers("1.2rc1") == (1, 2, 0, 0)
    assert META.windows_version_numbers("2.0.1.7.9") == (2, 0, 1, 7)
