"""`python -m imperial_desktop`."""

from imperial_desktop.cli import main

raise SystemExit(main())
