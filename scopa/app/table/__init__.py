"""The table scene: a match played by dragging cards (see ``scene.TableScene``)."""

from .scene import TableScene

__all__ = ["TableScene"]
