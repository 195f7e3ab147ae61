"""Draw the application icon from the game's own pieces and write it as PNG, ICO and ICNS.

The icon is the rondel (its eight spaces in the colours the game window uses, in the order of
maps/europe.json) inside an octagonal nation-marker rim, with a gold crown set with the six
nations' piece colours in the middle. Drawn with pygame only, supersampled, so it is
reproducible on any machine with pygame-ce:

    python3 tools/make_icon.py            # writes assets/images/icon.png, icon.ico, icon.icns
    python3 tools/make_icon.py --out DIR  # somewhere else

icon.png is 256x256 (the window icon and the Linux desktop icon), icon.ico holds 16-256 px
PNG images (Windows, PyInstaller's EXE(icon=...)), icon.icns 16-512 px PNG images (macOS,
BUNDLE(icon=...)). The ICO and ICNS containers are written by hand, so no Pillow is needed.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from imperial_desktop.resources import load_map_json  # noqa: E402
from imperial_desktop.ui.board_look import nation_looks  # noqa: E402
from imperial_desktop.ui.palette import PANEL_BG  # noqa: E402
from imperial_desktop.ui.panels import RONDEL_COLOURS  # noqa: E402

SIZE = 256
SS = 4  # supersampling
GOLD = (222, 176, 52)
GOLD_DARK = (142, 100, 24)
RIM = (58, 52, 44)  # the window's header colour
EDGE = (20, 20, 20)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512))


def _octagon(c: float, r: float) -> list[tuple[float, float]]:
    """The octagon of the game's nation markers (flat top, as in tokens.marker_sprite)."""
    return [(c + r * math.cos(math.pi / 8 + i * math.pi / 4), c + r * math.sin(math.pi / 8 + i * math.pi / 4))
            for i in range(8)]


def _wedge(c: float, r_in: float, r_out: float, a0: float, a1: float, steps: int = 24) -> list[tuple[float, float]]:
    outer = [(c + r_out * math.cos(a0 + (a1 - a0) * i / steps), c + r_out * math.sin(a0 + (a1 - a0) * i / steps))
             for i in range(steps + 1)]
    inner = [(c + r_in * math.cos(a1 - (a1 - a0) * i / steps), c + r_in * math.sin(a1 - (a1 - a0) * i / steps))
             for i in range(steps + 1)]
    return outer + inner


def draw_icon(size: int = 512) -> pygame.Surface:
    """The icon at ``size`` pixels (drawn SS times larger, then smoothly scaled down)."""
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    c = big / 2
    u = big / 512  # drawing unit: the design is made on a 512 grid

    # octagonal marker rim
    pygame.draw.polygon(s, EDGE, _octagon(c, 254 * u))
    pygame.draw.polygon(s, RIM, _octagon(c, 246 * u))
    pygame.draw.polygon(s, GOLD, _octagon(c, 230 * u), round(6 * u))

    # the rondel: eight spaces, factory at the top, clockwise as on the board
    spaces = [space["action"] for space in load_map_json("europe")["rondel"]]
    n = len(spaces)
    r_out, r_in = 214 * u, 128 * u
    for i, action in enumerate(spaces):
        a0 = -math.pi / 2 - math.pi / n + i * 2 * math.pi / n
        a1 = a0 + 2 * math.pi / n
        pts = _wedge(c, r_in, r_out, a0, a1)
        pygame.draw.polygon(s, RONDEL_COLOURS.get(action, (180, 180, 180)), pts)
        pygame.draw.polygon(s, EDGE, pts, round(5 * u))

    # parchment hub with the crown
    pygame.draw.circle(s, EDGE, (c, c), r_in + 2 * u)
    pygame.draw.circle(s, PANEL_BG, (c, c), r_in - 5 * u)
    _crown(s, c, c + 8 * u, u)
    return pygame.transform.smoothscale(s, (size, size))


def _crown(s: pygame.Surface, cx: float, cy: float, u: float) -> None:
    w, h = 176 * u, 120 * u
    left, right = cx - w / 2, cx + w / 2
    base_top, base_bot = cy + h * 0.18, cy + h * 0.45
    tip = cy - h * 0.55
    dip = cy - h * 0.05
    # five points: outer, dip, inner, dip, centre, dip, inner, dip, outer
    xs = [left, left + w * 0.17, left + w * 0.27, left + w * 0.38, cx, right - w * 0.38, right - w * 0.27,
          right - w * 0.17, right]
    ys = [tip + h * 0.12, dip, tip + h * 0.04, dip, tip - h * 0.06, dip, tip + h * 0.04, dip, tip + h * 0.12]
    body = [(left + w * 0.04, base_top)] + list(zip(xs, ys)) + [(right - w * 0.04, base_top)]
    pygame.draw.polygon(s, GOLD, body)
    pygame.draw.polygon(s, GOLD_DARK, body, round(5 * u))
    # pearls on the five points
    for x, y in zip(xs[::2], ys[::2]):
        pygame.draw.circle(s, GOLD_DARK, (x, y), 11 * u)
        pygame.draw.circle(s, (250, 244, 224), (x, y), 7.5 * u)
    # band set with the six nations' colours
    band = pygame.Rect(0, 0, round(w * 0.96), round(base_bot - base_top))
    band.midtop = (round(cx), round(base_top))
    pygame.draw.rect(s, GOLD, band, border_radius=round(6 * u))
    pygame.draw.rect(s, GOLD_DARK, band, round(5 * u), border_radius=round(6 * u))
    nations = [look.piece for look in nation_looks().values()]
    step = band.width / (len(nations) + 1)
    for i, colour in enumerate(nations):
        x, y = band.left + step * (i + 1), band.centery
        pygame.draw.circle(s, EDGE, (x, y), 10 * u)
        pygame.draw.circle(s, colour, (x, y), 7.5 * u)


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file of PNG-compressed images (Windows Vista and later read these)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    entries, blobs = b"", b""
    offset = 6 + 16 * len(images)
    for px, data in sorted(images.items()):
        dim = 0 if px >= 256 else px
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(images: dict[bytes, bytes]) -> bytes:
    """An Apple ICNS file of PNG images (macOS 10.7 and later)."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "assets" / "images"), help="output folder")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    master = draw_icon(512)

    def scaled(px: int) -> pygame.Surface:
        return master if px == 512 else pygame.transform.smoothscale(master, (px, px))

    (out / "icon.png").write_bytes(png_bytes(scaled(SIZE)))
    (out / "icon.ico").write_bytes(ico_bytes({px: png_bytes(scaled(px)) for px in ICO_SIZES}))
    (out / "icon.icns").write_bytes(icns_bytes({kind: png_bytes(scaled(px)) for kind, px in ICNS_TYPES}))
    for name in ("icon.png", "icon.ico", "icon.icns"):
        print(f"wrote {out / name} ({(out / name).stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
