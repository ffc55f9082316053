"""Slidewright: turn a company's own PowerPoint templates into finished, editable decks."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("slidewright")
except PackageNotFoundError:  # running from a source tree without an install
    __version__ = "0.0.0"
