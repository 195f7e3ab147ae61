"""Entry script of the standalone executable (build.spec): `imperial-desktop [command] [options]`.

A plain script outside the package, so PyInstaller runs it as __main__ and imports
imperial_desktop as a normal package (relative imports, importlib.resources and the
sub-packages imperial_desktop.maps / imperial_desktop.assets all work as from source).
"""

import sys

from imperial_desktop.cli import main

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the computer players' worker process starts this executable again
    sys.exit(main())
