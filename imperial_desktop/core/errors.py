"""Errors raised by the rules core."""


class ImperialError(Exception):
    """Base class of the core's errors."""


class IllegalActionError(ImperialError, ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class RecordError(ImperialError, ValueError):
    """A game record or saved state that cannot be read or replayed."""
