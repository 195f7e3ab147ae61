"""The lowest macOS version every Mach-O file of the app runs on: Info.plist's
LSMinimumSystemVersion, read from the files (build.spec), so the Finder refuses the app on an
older system with a clear message instead of a crash at a missing symbol.

Reads the load commands LC_BUILD_VERSION and LC_VERSION_MIN_MACOSX of thin and universal (fat)
files by hand: no Xcode tool is needed, and it can be tested on any system.
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Iterable

Version = tuple[int, int, int]

_THIN = {b"\xcf\xfa\xed\xfe": ("<", 32), b"\xce\xfa\xed\xfe": ("<", 28),  # 64 / 32 bit, little-endian
         b"\xfe\xed\xfa\xcf": (">", 32), b"\xfe\xed\xfa\xce": (">", 28)}
_FAT = {b"\xca\xfe\xba\xbe": 20, b"\xca\xfe\xba\xbf": 32}  # fat_arch / fat_arch_64 entry sizes
LC_VERSION_MIN_MACOSX = 0x24
LC_BUILD_VERSION = 0x32
PLATFORM_MACOS = 1


def _decode(packed: int) -> Version:
    """Mach-O's xxxx.yy.zz packing of a version."""
    return packed >> 16, (packed >> 8) & 0xFF, packed & 0xFF


def _thin_minimum(data: bytes, start: int = 0) -> Version | None:
    kind = _THIN.get(data[start:start + 4])
    if kind is None:
        return None
    order, header_size = kind
    ncmds, = struct.unpack_from(order + "I", data, start + 16)
    offset, found = start + header_size, None
    for _ in range(ncmds):
        if offset + 8 > len(data):
            break
        cmd, size = struct.unpack_from(order + "II", data, offset)
        if cmd == LC_BUILD_VERSION and offset + 16 <= len(data):
            platform, minos = struct.unpack_from(order + "II", data, offset + 8)
            if platform == PLATFORM_MACOS:
                found = _decode(minos)
        elif cmd == LC_VERSION_MIN_MACOSX and offset + 12 <= len(data):
            found = _decode(struct.unpack_from(order + "I", data, offset + 8)[0])
        if size < 8:  # a damaged file: stop rather than loop
            break
        offset += size
    return found


def file_minimum(data: bytes) -> Version | None:
    """The macOS version a Mach-O file needs (the highest over a universal file's slices), or
    None for a file that is not Mach-O, does not say, or is cut short."""
    try:
        return _file_minimum(data)
    except struct.error:
        return None


def _file_minimum(data: bytes) -> Version | None:
    entry_size = _FAT.get(data[:4])
    if entry_size is None:
        return _thin_minimum(data)
    count, = struct.unpack_from(">I", data, 4)
    if count > 30:  # 0xCAFEBABE also starts Java class files, whose version (45 and up) stands here
        return None
    versions = []
    for index in range(count):
        entry = 8 + index * entry_size
        offset = (struct.unpack_from(">Q", data, entry + 8)[0] if entry_size == 32
                  else struct.unpack_from(">I", data, entry + 8)[0])
        version = _thin_minimum(data, offset)
        if version is not None:
            versions.append(version)
    return max(versions, default=None)


def format_version(version: Version) -> str:
    major, minor, patch = version
    return f"{major}.{minor}.{patch}" if patch else f"{major}.{minor}"


def minimum_macos(paths: Iterable[str | Path], floor: str) -> str:
    """The highest version any of ``paths`` needs, and never lower than ``floor`` ('11.0')."""
    parts = [int(p) for p in floor.split(".")] + [0, 0]
    best: Version = (parts[0], parts[1], parts[2])
    for path in paths:
        try:
            with open(path, "rb") as handle:
                head = handle.read(4)
                if head not in _THIN and head not in _FAT:
                    continue
                version = file_minimum(head + handle.read())
        except OSError:
            continue
        if version is not None and version > best:
            best = version
    return format_version(best)
