"""Imperial Desktop: the board game Imperial (Mac Gerdts, PD-Verlag) for the desktop."""


def __getattr__(name: str) -> str:
    """``__version__``, from the package metadata (``imperial_desktop.version``), read when asked."""
    if name == "__version__":
        from imperial_desktop.version import version

        return version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
