"""Scopa, the Italian card game."""

__version__ = "0.1.0"
