"""The project's tools (``tools/*.py``, scripts rather than a package) loaded as modules,
for the tests that check them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str, module_name: str | None = None) -> ModuleType:
    """``tools/<name>.py`` as a fresh module, kept in ``sys.modules`` under ``module_name``
    (default: ``name``) while it loads and after: its dataclasses look their module up
    there."""
    module_name = module_name or name
    spec = importlib.util.spec_from_file_location(module_name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module
