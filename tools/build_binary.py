"""Build Scopa as one executable file with PyInstaller: double-click it, the game starts.

The binary carries ``assets/`` (found at run time under ``sys._MEIPASS/assets`` by
``scopa.resources``), opens no console window on Windows (``--windowed``) and has the game's
icon on Windows and macOS (Linux executables carry no icon: tools/install_desktop.py gives
the desktop entry one). PyInstaller is installed into the running environment when missing;
it is a build tool, not a dependency of the game.

    .venv/bin/python tools/build_binary.py            # -> dist/scopa (dist/scopa.exe)
    .venv/bin/python tools/build_binary.py --check    # ... then check what it draws

The check starts the binary headless with ``--smoke`` in each language and compares the
opening screen it saves (``SCOPA_SCREENSHOT``) with the one the game run from this source
tree saves at the same size: a module or asset the bundle lacks (a string table, so texts
show as their keys; a font, so text falls back) shows as a different picture, even though
the binary still exits 0.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
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
    for module in NOT_BUNDLED:
        args += ["--exclude-module", module]
    icon = assets / "icons" / "scopa-256.png"
    if sys.platform in ("win32", "darwin") and icon.is_file():
        args += ["--icon", str(icon.resolve())]
    return args


NOT_BUNDLED = ("numpy",)
"""Modules the game never imports that PyInstaller's pygame hooks would bundle when they are
installed (numpy, for the asset generators: 42 MB unpacked at every start)."""


def binary_path(dist: Path) -> Path:
    return dist / (NAME + (".exe" if sys.platform == "win32" else ""))


SMOKE_SIZE = "1280x720"
SMOKE_LANGUAGES = ("it", "en")
SMOKE_LOCALES = {"it": "it_IT.UTF-8", "en": "en_GB.UTF-8"}
# Two runs of one build draw the same picture; a text drawn as its key or in a fallback font
# changes thousands of pixels. A pixel counts as changed when a channel is off by more than
# PIXEL_TOLERANCE; MAX_CHANGED is the share of changed pixels still taken as the same picture.
PIXEL_TOLERANCE = 8
MAX_CHANGED = 0.0002


def smoke_env(home: Path, screenshot: Path, language: str) -> dict[str, str]:
    """The environment of a headless start in ``language`` with a fresh player folder."""
    inherited = ("SDL_", "SCOPA_", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "PYTHONPATH")
    env = {k: v for k, v in os.environ.items() if not k.startswith(inherited)}
    env.update(
        SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SCOPA_HOME=str(home),
        SCOPA_SCREENSHOT=str(screenshot), LANG=SMOKE_LOCALES[language], LANGUAGE=language,
    )  # fmt: skip
    return env


def opening_screen(command: list[str], env: dict[str, str], screenshot: Path, cwd: Path) -> Path:
    """Run ``command`` (which gets ``--smoke --size``) and return the picture it saved."""
    screenshot.unlink(missing_ok=True)
    result = subprocess.run(
        [*command, "--smoke", "--size", SMOKE_SIZE],
        env=env, cwd=cwd, capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    if result.returncode != 0 or "Traceback" in result.stderr:
        raise BuildError(
            f"{' '.join(command)} --smoke exited {result.returncode}:\n{result.stderr[-2000:]}"
        )
    if not screenshot.is_file():
        raise BuildError(f"{' '.join(command)} --smoke saved no picture at {screenshot}")
    return screenshot


def frame_difference(built: Path, source: Path, diff: Path) -> str | None:
    """``None`` when the two screens are the same picture; otherwise what differs (and the
    changed pixels painted red over the built one into ``diff``)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    a, b = pygame.image.load(str(built)), pygame.image.load(str(source))
    if a.get_size() != b.get_size():
        return f"the pictures differ in size: {a.get_size()} against {b.get_size()}"
    width, height = a.get_size()
    pixels_a, pixels_b = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    if pixels_a == pixels_b:
        return None
    marked = bytearray(x // 3 for x in pixels_a)
    changed = 0
    left, top, right, bottom = width, height, -1, -1
    for i in range(0, len(pixels_a), 3):
        if (
            abs(pixels_a[i] - pixels_b[i]) > PIXEL_TOLERANCE
            or abs(pixels_a[i + 1] - pixels_b[i + 1]) > PIXEL_TOLERANCE
            or abs(pixels_a[i + 2] - pixels_b[i + 2]) > PIXEL_TOLERANCE
        ):
            changed += 1
            y, x = divmod(i // 3, width)
            left, top, right, bottom = min(left, x), min(top, y), max(right, x), max(bottom, y)
            marked[i : i + 3] = b"\xff\x20\x20"
    share = changed / (width * height)
    if share <= MAX_CHANGED:
        return None
    pygame.image.save(pygame.image.frombuffer(bytes(marked), (width, height), "RGB"), str(diff))
    return (
        f"{share:.2%} of the pixels differ (at most {MAX_CHANGED:.2%} may), "
        f"within x {left}..{right}, y {top}..{bottom}"
    )


def smoke_check(binary: Path, folder: Path) -> None:
    """Start the binary and the source headless in each language: both must exit 0 and show
    the same opening screen. The pictures (and one of what differs) stay in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for language in SMOKE_LANGUAGES:
        shots = {}
        for name, command, cwd in (
            ("binary", [str(binary)], folder),
            ("source", [sys.executable, "-m", NAME], ROOT),
        ):
            home = folder / f"home-{name}-{language}"
            shutil.rmtree(home, ignore_errors=True)
            shot = folder / f"{name}-{language}.png"
            env = smoke_env(home, shot, language)
            if name == "source":
                env["PYTHONPATH"] = str(ROOT)
            shots[name] = opening_screen(command, env, shot, cwd)
        diff = folder / f"diff-{language}.png"
        diff.unlink(missing_ok=True)
        problem = frame_difference(shots["binary"], shots["source"], diff)
        if problem:
            raise BuildError(
                f"{binary} shows a different opening screen from the game run from source "
                f"(language {language!r}, {SMOKE_SIZE}): {problem}. Something the game "
                f"needs is missing from the bundle (texts shown as their keys mean a string "
                f"table was left out). Compare {shots['binary']} with {shots['source']}; "
                f"{diff} marks the differences in red."
            )
        print(f"{binary} --smoke ({language}): exit 0, same opening screen as the source")


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
            smoke_check(binary, work / "check")
    except (BuildError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        print(f"build_binary: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
