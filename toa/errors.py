"""The error every shell shows as one line (and `toa` exits 2 on): a module of its own, so that
the command line knows it before it loads the pipeline."""


class BuildError(Exception):
    """A problem with the user's input or options; the message is one line for the user."""
