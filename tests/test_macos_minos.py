"""packaging/macos/minos.py reads the macOS version a Mach-O file needs (Info.plist's
LSMinimumSystemVersion), from thin and universal files, on any system."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("imperial_minos", ROOT / "packaging" / "macos" / "minos.py")
minos = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(minos)


def _pack(major: int, minor: int, patch: int = 0) -> int:
    return (major << 16) | (minor << 8) | patch


def thin(version: tuple[int, ...] | None, old_style: bool = False, platform: int = 1) -> bytes:
    """A 64-bit little-endian Mach-O header with one unrelated command and the version command."""
    commands = struct.pack("<II", 0x19, 16) + b"\0" * 8  # an LC_SEGMENT_64 stand-in
    if version is not None and old_style:
        commands += struct.pack("<IIII", minos.LC_VERSION_MIN_MACOSX, 16, _pack(*version), 0)
    elif version is not None:
        commands += struct.pack("<IIIIII", minos.LC_BUILD_VERSION, 24, platform, _pack(*version), 0, 0)
    count = 2 if version is not None else 1
    header = struct.pack("<IiiIIIII", 0xFEEDFACF, 0x0100000C, 0, 6, count, len(commands), 0, 0)
    return header + commands


def fat(*slices: bytes) -> bytes:
    offset, entries, body = 8 + 20 * len(slices), b"", b""
    for part in slices:
        entries += struct.pack(">iiIII", 0, 0, offset + len(body), len(part), 0)
        body += part
    return struct.pack(">II", 0xCAFEBABE, len(slices)) + entries + body


def test_build_version_and_old_version_min_are_read():
    assert minos.file_minimum(thin((14, 0))) == (14, 0, 0)
    assert minos.file_minimum(thin((10, 9), old_style=True)) == (10, 9, 0)
    assert minos.file_minimum(thin(None)) is None
    assert minos.file_minimum(thin((17, 0), platform=2)) is None  # an iOS build version is not macOS's


def test_a_universal_file_needs_what_its_newest_slice_needs():
    assert minos.file_minimum(fat(thin((10, 13)), thin((11, 0)))) == (11, 0, 0)


def test_other_files_are_not_mach_o():
    assert minos.file_minimum(b"\x7fELF" + b"\0" * 60) is None
    java_class = b"\xca\xfe\xba\xbe" + struct.pack(">HH", 0, 61) + b"\0" * 40  # same magic, huge count
    assert minos.file_minimum(java_class) is None


def test_the_app_needs_the_newest_of_its_files_and_never_less_than_the_floor(tmp_path):
    (tmp_path / "old.dylib").write_bytes(thin((10, 9), old_style=True))
    (tmp_path / "numpy.so").write_bytes(thin((14, 0)))
    (tmp_path / "patch.so").write_bytes(thin((12, 3, 1)))
    (tmp_path / "data.txt").write_text("not a binary")
    paths = [tmp_path / name for name in ("old.dylib", "patch.so", "data.txt", "missing.so")]
    assert minos.minimum_macos(paths, "11.0") == "12.3.1"
    assert minos.minimum_macos(paths + [tmp_path / "numpy.so"], "11.0") == "14.0"
    assert minos.minimum_macos([tmp_path / "old.dylib"], "11.0") == "11.0"
