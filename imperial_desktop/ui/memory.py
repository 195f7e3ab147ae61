"""Give freed image memory back to the system (glibc), so resident memory follows what is in use.

The screen's big surfaces (scaled maps, the composed board, backdrops: 5-40 MB each at
2560x1440) come and go with zooms, resizes and screens. glibc serves such blocks with mmap and
returns them on free, but after the first free it raises its mmap threshold to that block's size,
so later ones come from the heap, whose freed middle parts are never returned: measured with
`tools/ui_fuzz.py --events 30000 --size 2560x1440`, peak resident memory 487 MB with the
sliding threshold, 364 MB with it fixed at 128 KiB, frames no slower. Elsewhere this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys

log = logging.getLogger(__name__)

M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number (malloc.h)
MMAP_THRESHOLD = 128 * 1024  # glibc's default start value, now kept fixed


def keep_mmap_threshold_fixed() -> bool:
    """Fix glibc's mmap threshold (Linux with glibc); True if it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    ok = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD))
    log.debug("glibc mmap threshold fixed at %d bytes: %s", MMAP_THRESHOLD, ok)
    return ok
