"""The shape of the code: import cycles and the largest classes and functions.

    python tools/code_shape.py imports [PACKAGE]   # the import graph's cycles (exit 1 if any)
    python tools/code_shape.py sizes [PACKAGE]     # the largest classes and functions

Imports are read from the source (``ast``), wherever they are written: at the top of a
module or inside a function, since both tie the modules together at run time. Imports
under ``if TYPE_CHECKING:`` are left out: they are read by the type checker only.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    folder = ROOT / Path(*package.split("."))
    return {module_name(path): path for path in sorted(folder.rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``name`` imports at run time."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            for alias in node.names:
                found.add(f"{base}.{alias.name}")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {target for target in found if target in known and target != name}


def graph(package: str) -> dict[str, set[str]]:
    found = modules(package)
    known = set(found)
    edges = {name: imports_of(name, path, known) for name, path in found.items()}
    # importing a.b.c runs a.b's __init__ too, but that is the package's own business:
    # only module-to-module edges count here.
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def strong(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                strong(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    for node in sorted(edges):
        if node not in index:
            strong(node)
    return out


def sizes(package: str, top: int = 15) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(lines, name) of the largest classes and of the largest functions."""
    classes: list[tuple[int, str]] = []
    functions: list[tuple[int, str]] = []
    for name, path in modules(package).items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                label = f"{name}.{node.name}"
                if isinstance(node, ast.ClassDef):
                    attributes = _attributes(node)
                    classes.append((length, f"{label} ({attributes} attributes)"))
                else:
                    functions.append((length, label))
    classes.sort(reverse=True)
    functions.sort(reverse=True)
    return classes[:top], functions[:top]


def _attributes(node: ast.ClassDef) -> int:
    """Instance attributes a class assigns (``self.x = ...`` anywhere in its methods)."""
    names = set()
    for child in ast.walk(node):
        targets: list[ast.expr] = []
        if isinstance(child, ast.Assign):
            targets = child.targets
        elif isinstance(child, ast.AnnAssign | ast.AugAssign):
            targets = [child.target]
        for target in targets:
            for item in ast.walk(target):
                if (
                    isinstance(item, ast.Attribute)
                    and isinstance(item.value, ast.Name)
                    and item.value.id == "self"
                ):
                    names.add(item.attr)
    return len(names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("imports", "sizes"))
    parser.add_argument("package", nargs="?", default="scopa.app")
    args = parser.parse_args(argv)
    if args.what == "imports":
        edges = graph(args.package)
        found = cycles(edges)
        count = sum(len(targets) for targets in edges.values())
        print(f"{args.package}: {len(edges)} modules, {count} imports between them")
        if not found:
            print("no import cycle")
            return 0
        for group in found:
            print(f"cycle of {len(group)} modules: {', '.join(group)}")
        return 1
    classes, functions = sizes(args.package)
    print("largest classes (lines):")
    for length, label in classes:
        print(f"  {length:5d}  {label}")
    print("largest functions (lines):")
    for length, label in functions:
        print(f"  {length:5d}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
