"""An Xvfb server for a real X window in tests and tools (the window, the renderer and the input
paths that the dummy video driver does not have)."""

from __future__ import annotations

import os
import subprocess


def start_xvfb(screen: str = "2560x1440x24") -> tuple[subprocess.Popen, str]:
    """An Xvfb server on a free display number (Xvfb picks it and names it on a pipe), and that
    display's name for ``$DISPLAY``. Raises RuntimeError if it does not start."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"
