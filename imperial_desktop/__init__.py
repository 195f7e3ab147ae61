"""Imperial Desktop: the board game Imperial (Mac Gerdts, PD-Verlag) for the desktop."""

__version__ = "0.1.0"
