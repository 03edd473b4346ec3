"""Build Scopa as one executable file with PyInstaller: double-click it, the game starts.

The binary carries ``assets/`` (found at run time under ``sys._MEIPASS/assets`` by
``scopa.resources``), opens no console window on Windows (``--windowed``) and has the game's
icon on Windows and macOS (Linux executables carry no icon: tools/install_desktop.py gives
the desktop entry one). PyInstaller is installed into the running environment when missing;
it is a build tool, not a dependency of the game.

    .venv/bin/python tools/build_binary.py            # -> dist/scopa (dist/scopa.exe)
    .venv/bin/python tools/build_binary.py --check    # ... then start it headless once
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "scopa"
ENTRY = "scopa.__main__:main"
PYINSTALLER = "pyinstaller>=6.0"

LAUNCHER = '''"""Start {entry} (written by tools/build_binary.py)."""
import multiprocessing
import sys

from {module} import {function}

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit({function}())
'''


class BuildError(Exception):
    """The build cannot go on; the message says why."""


def ensure_pyinstaller(install: bool) -> None:
    """Install PyInstaller (and, where executables carry an icon, Pillow to convert the PNG
    icon to .ico / .icns) into the running environment when they are missing."""
    needed = [] if importlib.util.find_spec("PyInstaller") else [PYINSTALLER]
    if sys.platform in ("win32", "darwin") and not importlib.util.find_spec("PIL"):
        needed.append("pillow")
    if not needed:
        return
    if not install:
        raise BuildError(f"missing build tools: pip install {' '.join(needed)}")
    print(f"installing {' '.join(needed)} into {sys.prefix}", flush=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", *needed], check=True)


def write_launcher(entry: str, work: Path) -> Path:
    module, _, function = entry.partition(":")
    if not module or not function.isidentifier():
        raise BuildError(f"the entry point must look like 'package.module:function', not {entry!r}")
    work.mkdir(parents=True, exist_ok=True)
    script = work / f"{NAME}_launcher.py"
    script.write_text(LAUNCHER.format(entry=entry, module=module, function=function))
    return script


def pyinstaller_args(
    script: Path, *, assets: Path, dist: Path, work: Path, onefile: bool = True
) -> list[str]:
    """The PyInstaller command line (every path absolute, as --specpath moves the base)."""
    if not assets.is_dir():
        raise BuildError(f"no assets folder at {assets}")
    args = [
        str(script),
        "--name", NAME,
        "--onefile" if onefile else "--onedir",
        "--windowed",
        "--noconfirm",
        "--clean",
        "--log-level", "WARN",
        "--distpath", str(dist),
        "--workpath", str(work / "build"),
        "--specpath", str(work),
        "--add-data", f"{assets.resolve()}{os.pathsep}assets",
        "--collect-submodules", "scopa",
    ]  # fmt: skip
    icon = assets / "icons" / "scopa-256.png"
    if sys.platform in ("win32", "darwin") and icon.is_file():
        args += ["--icon", str(icon.resolve())]
    return args


def binary_path(dist: Path) -> Path:
    return dist / (NAME + (".exe" if sys.platform == "win32" else ""))


def smoke_check(binary: Path) -> None:
    """Start the binary headless: it must draw its first frame and exit 0."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env["SCOPA_HOME"] = str(binary.parent / "smoke-home")
    result = subprocess.run(
        [str(binary), "--smoke"], env=env, capture_output=True, text=True, timeout=120
    )
    if result.returncode != 0:
        raise BuildError(f"{binary} --smoke exited {result.returncode}:\n{result.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entry", default=ENTRY, help=f"module:function (default {ENTRY})")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller")
    parser.add_argument("--assets", type=Path, default=ROOT / "assets")
    parser.add_argument("--onedir", action="store_true", help="a folder instead of one file")
    parser.add_argument("--no-install", action="store_true", help="never pip install PyInstaller")
    parser.add_argument("--check", action="store_true", help="run the result with --smoke")
    args = parser.parse_args(argv)
    try:
        ensure_pyinstaller(install=not args.no_install)
        work = args.work.resolve()
        script = write_launcher(args.entry, work)
        command = pyinstaller_args(
            script, assets=args.assets, dist=args.dist.resolve(), work=work,
            onefile=not args.onedir,
        )  # fmt: skip
        print("pyinstaller " + " ".join(command), flush=True)
        subprocess.run([sys.executable, "-m", "PyInstaller", *command], check=True, cwd=ROOT)
        binary = binary_path(args.dist.resolve())
        if args.onedir:
            binary = args.dist.resolve() / NAME / binary.name
        if not binary.is_file():
            raise BuildError(f"PyInstaller finished but {binary} is missing")
        size = binary.stat().st_size if not args.onedir else 0
        print(f"built {binary}" + (f" ({size / 1e6:.1f} MB)" if size else ""))
        if args.check:
            smoke_check(binary)
            print(f"{binary} --smoke: exit 0")
    except (BuildError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"build_binary: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
