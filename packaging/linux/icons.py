"""The hicolor icon sizes of the Linux package, taken from the icons tools/make_icon.py drew.

icon.icns holds PNG images of 16, 32, 64, 128, 256 and 512 px and icon.ico PNG images of 16 to
256 px (48 among them): each size is read from the container that has it, as drawn at that
size, never scaled here. Standard library only.
"""

from __future__ import annotations

import struct
from pathlib import Path

HICOLOR_SIZES = (16, 32, 48, 64, 128, 256, 512)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", data[16:24])


def icns_pngs(data: bytes) -> dict[int, bytes]:
    """{size: PNG} of the PNG images in an .icns file."""
    if data[:4] != b"icns":
        raise ValueError("not an .icns file")
    found, offset = {}, 8
    while offset + 8 <= len(data):
        length = struct.unpack_from(">I", data, offset + 4)[0]
        if length < 8:
            raise ValueError(f"damaged .icns file (an entry of {length} bytes at {offset})")
        body = data[offset + 8:offset + length]
        if body[:8] == PNG_MAGIC:
            width, height = png_size(body)
            if width == height:
                found[width] = body
        offset += length
    return found


def ico_pngs(data: bytes) -> dict[int, bytes]:
    """{size: PNG} of the PNG images in an .ico file (BMP images are left out)."""
    reserved, kind, count = struct.unpack_from("<HHH", data)
    if (reserved, kind) != (0, 1):
        raise ValueError("not an .ico file")
    found = {}
    for index in range(count):
        size, offset = struct.unpack_from("<II", data, 6 + 16 * index + 8)
        body = data[offset:offset + size]
        if body[:8] == PNG_MAGIC:
            width, height = png_size(body)
            if width == height:
                found[width] = body
    return found


def hicolor_icons(images: Path) -> dict[int, bytes]:
    """{size: PNG} for every size of HICOLOR_SIZES, from images/icon.icns and icon.ico; a size
    neither has is an error naming the tool that draws them."""
    found = ico_pngs((images / "icon.ico").read_bytes())
    found.update(icns_pngs((images / "icon.icns").read_bytes()))
    missing = [size for size in HICOLOR_SIZES if size not in found]
    if missing:
        raise SystemExit(f"icons of {missing} px are in neither icon.icns nor icon.ico "
                         "(python3 tools/make_icon.py draws them)")
    return {size: found[size] for size in HICOLOR_SIZES}
