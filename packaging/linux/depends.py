"""The Debian dependencies of the frozen one-folder build: what it loads from the system.

Two kinds of library come from the system, not from the bundle:
  linked ones, found with ldd on every ELF file of the bundle, with the bundle's own folder on
  the library path as the frozen app's bootloader sets it (so what the bundle carries counts as
  its own), mapped to their Debian packages below; the newest glibc symbol version used
  (objdump -T) gives libc6's minimum version;
  the ones SDL opens by name at run time (dlopen: ldd cannot see them): the X11 libraries it needs
  for a window, and for Wayland, EGL and sound the ones it uses when they are there.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

# soname -> Debian package, for what the bundle may link from the system: the libraries
# PyInstaller never bundles (glibc's, libcrypt, the graphics stack) and a few it may leave there
SYSTEM_PACKAGES = {
    "libc.so.6": "libc6", "libm.so.6": "libc6", "libpthread.so.0": "libc6", "libdl.so.2": "libc6",
    "librt.so.1": "libc6", "libutil.so.1": "libc6", "libresolv.so.2": "libc6", "libanl.so.1": "libc6",
    "libthread_db.so.1": "libc6", "libBrokenLocale.so.1": "libc6", "libnss_files.so.2": "libc6",
    "libnss_dns.so.2": "libc6", "ld-linux-x86-64.so.2": "libc6", "ld-linux-aarch64.so.1": "libc6",
    "libcrypt.so.1": "libcrypt1", "libnsl.so.2": "libnsl2",
    "libGL.so.1": "libgl1", "libEGL.so.1": "libegl1", "libOpenGL.so.0": "libopengl0", "libdrm.so.2": "libdrm2",
    "libz.so.1": "zlib1g", "libgcc_s.so.1": "libgcc-s1", "libstdc++.so.6": "libstdc++6",
}
# SDL's X11 video driver (SDL 2 prefers X11, also under Wayland through XWayland): libX11 and
# libXext make the window; Xcursor, XInput2, Xfixes, XRandR and XScreenSaver give the cursors,
# the mouse input, the display modes and keep the screen saver off.
X11_DEPENDS = ("libx11-6", "libxext6", "libxcursor1", "libxi6", "libxfixes3", "libxrandr2", "libxss1")
# used when present: the Wayland driver with its decorations and EGL, keyboard maps, sound
RECOMMENDS = ("libwayland-client0", "libwayland-cursor0", "libwayland-egl1", "libdecor-0-0", "libegl1",
              "libxkbcommon0", "libasound2 | libasound2t64", "libpulse0")
ELF_MAGIC = b"\x7fELF"


def elf_files(bundle: Path) -> list[Path]:
    """The ELF files (executable and shared libraries) of the bundle, symbolic links left out."""
    found = []
    for path in sorted(bundle.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as handle:
                if handle.read(4) == ELF_MAGIC:
                    found.append(path)
    return found


def linked_from_system(bundle: Path, files: list[Path]) -> dict[str, str]:
    """{soname: path} of the libraries the files load from outside the bundle; a library found
    nowhere is an error (the bundle would not start)."""
    internal = bundle / "_internal"
    env = {"LD_LIBRARY_PATH": str(internal if internal.is_dir() else bundle), "PATH": "/usr/bin:/bin"}
    outside: dict[str, str] = {}
    for path in files:
        done = subprocess.run(["ldd", str(path)], capture_output=True, text=True, env=env)
        for line in done.stdout.splitlines():
            match = re.match(r"\s*(\S+) => (.*?)(?: \(0x[0-9a-f]+\))?$", line)
            if not match:
                continue
            name, where = match.groups()
            if where.strip() == "not found":
                raise SystemExit(f"{path.relative_to(bundle)} needs {name}, which neither the bundle nor the system has")
            if not Path(where).resolve().is_relative_to(bundle.resolve()):
                outside[name] = where
    return outside


def glibc_minimum(files: list[Path]) -> str | None:
    """The newest GLIBC_x.y symbol version any of the files uses (objdump -T, from binutils)."""
    newest: tuple[int, ...] = ()
    for path in files:
        done = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True)
        for text in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", done.stdout):
            newest = max(newest, tuple(int(p) for p in text.split(".")))
    return ".".join(map(str, newest)) or None


def depends(bundle: Path) -> tuple[list[str], list[str]]:
    """(Depends, Recommends) of the package of ``bundle``; a system library without a known
    package is an error naming it (add it to SYSTEM_PACKAGES)."""
    files = elf_files(bundle)
    if not files:
        raise SystemExit(f"{bundle} holds no executable: build it first (pyinstaller build.spec)")
    outside = linked_from_system(bundle, files)
    unknown = sorted(name for name in outside if name not in SYSTEM_PACKAGES and not name.startswith("linux-vdso"))
    if unknown:
        raise SystemExit(f"the bundle loads {unknown} from the system; name their Debian packages in "
                         "packaging/linux/depends.py (SYSTEM_PACKAGES)")
    packages = sorted({SYSTEM_PACKAGES[name] for name in outside if name in SYSTEM_PACKAGES} | {"libc6"})
    glibc = glibc_minimum(files)
    result = [f"libc6 (>= {glibc})" if package == "libc6" and glibc else package for package in packages]
    return result + list(X11_DEPENDS), list(RECOMMENDS)
