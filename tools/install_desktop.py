"""Install (or remove) Scopa's desktop entry and icons for the current user on Linux.

The entry goes to ``$XDG_DATA_HOME/applications/scopa.desktop`` (``~/.local/share`` when
the variable is unset) and the icons to ``$XDG_DATA_HOME/icons/hicolor/<size>/apps``, so the
game appears in the desktop's menu and launcher with its icon, and starts by a click.

    .venv/bin/python tools/install_desktop.py                 # the installed `scopa` launcher
    .venv/bin/python tools/install_desktop.py --exec dist/scopa   # the one-file binary
    .venv/bin/python tools/install_desktop.py --uninstall
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "scopa.desktop"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
APP_ID = "scopa"
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


class InstallError(Exception):
    """Something the person installing must fix; the message says what."""


def data_home(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    # The spec says a relative path must be ignored.
    if value and os.path.isabs(value):
        return Path(value)
    return Path(env.get("HOME", str(Path.home()))) / ".local" / "share"


def find_launcher() -> Path:
    """The installed ``scopa`` command, else a binary built by tools/build_binary.py."""
    for candidate in (
        Path(sys.executable).parent / "scopa",
        Path(shutil.which("scopa") or ""),
        ROOT / "dist" / "scopa",
    ):
        if candidate.name and candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate.resolve()
    raise InstallError(
        "no `scopa` launcher found: install the game (pip install .), build the binary "
        "(tools/build_binary.py), or name it with --exec"
    )


def find_icons(folder: Path | None = None) -> dict[int, Path]:
    """``{size: png}`` for the icon sizes present in ``folder`` (default: the game's assets)."""
    if folder is None:
        try:
            from scopa.resources import asset_path

            folder = asset_path("icons")
        except (ImportError, FileNotFoundError, OSError):
            folder = ROOT / "assets" / "icons"
    found = {size: folder / f"scopa-{size}.png" for size in ICON_SIZES}
    return {size: path for size, path in found.items() if path.is_file()}


def exec_value(path: Path) -> str:
    """``path`` as a desktop entry's Exec value: quoted and escaped as the spec asks."""
    text = str(path)
    if any(char in _RESERVED for char in text):
        for char in ("\\", '"', "`", "$"):
            text = text.replace(char, "\\" + char)
        text = f'"{text}"'
    # Exec values are themselves "string" values, where a backslash is escaped again.
    return text.replace("\\", "\\\\").replace("%", "%%")


def desktop_entry(launcher: Path) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if any(char in str(launcher) for char in "\n\r"):
        raise InstallError(f"the launcher path {launcher!r} cannot hold a line break")
    return template.replace("@EXEC@", exec_value(launcher)).replace("@TRYEXEC@", str(launcher))


def install(launcher: Path, home: Path, icons: dict[int, Path]) -> list[Path]:
    """Write the entry and icons; returns the files written."""
    written = []
    for size, source in sorted(icons.items()):
        target = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        written.append(target)
    entry = home / "applications" / f"{APP_ID}.desktop"
    entry.parent.mkdir(parents=True, exist_ok=True)
    temp = entry.with_name(entry.name + ".tmp")
    temp.write_text(desktop_entry(launcher), encoding="utf-8")
    temp.chmod(0o755)
    os.replace(temp, entry)
    written.append(entry)
    _refresh_caches(home)
    return written


def uninstall(home: Path) -> list[Path]:
    removed = []
    targets = [home / "applications" / f"{APP_ID}.desktop"] + [
        home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        for size in ICON_SIZES
    ]
    for target in targets:
        if target.exists():
            target.unlink()
            removed.append(target)
    _refresh_caches(home)
    return removed


def _refresh_caches(home: Path) -> None:
    """Tell the desktop about the change when its tools are installed (harmless otherwise)."""
    commands = [
        ["update-desktop-database", "-q", str(home / "applications")],
        ["gtk-update-icon-cache", "-q", "-t", "-f", str(home / "icons" / "hicolor")],
    ]
    for command in commands:
        if shutil.which(command[0]) and Path(command[-1]).is_dir():
            subprocess.run(command, check=False, capture_output=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--exec", dest="launcher", type=Path, help="program the entry starts")
    parser.add_argument("--icons", type=Path, help="folder holding scopa-<size>.png")
    parser.add_argument("--uninstall", action="store_true")
    args = parser.parse_args(argv)
    home = data_home()
    try:
        if args.uninstall:
            removed = uninstall(home)
            print(f"removed {len(removed)} files from {home}")
            return 0
        launcher = args.launcher.resolve() if args.launcher else find_launcher()
        if not (launcher.is_file() and os.access(launcher, os.X_OK)):
            raise InstallError(f"{launcher} is not an executable file")
        icons = find_icons(args.icons)
        if not icons:
            raise InstallError("no icons found (assets/icons/scopa-<size>.png); see --icons")
        written = install(launcher, home, icons)
    except (InstallError, OSError) as error:
        print(f"install_desktop: {error}", file=sys.stderr)
        return 1
    print(f"installed {written[-1]} (starts {launcher}) and {len(written) - 1} icons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
