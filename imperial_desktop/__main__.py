"""`python -m imperial_desktop`."""

from imperial_desktop.cli import main

if __name__ == "__main__":  # not when the computer players' worker process imports this module
    raise SystemExit(main())
