"""Packaging: the wheel carries the assets and its `scopa` starts; the desktop entry installs;
the binary build is set up the way a double-clickable game needs."""

from __future__ import annotations

import configparser
import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

from tests.tool_modules import load_tool

ROOT = Path(__file__).resolve().parent.parent


install_desktop = load_tool("install_desktop")
build_binary = load_tool("build_binary")


def bin_dir(venv: Path) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin")


def run(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result


def build_wheel(out: Path) -> Path:
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(ROOT), "-w", str(out)]
    if importlib.util.find_spec("hatchling") is not None:
        command.insert(4, "--no-build-isolation")  # the backend is here: no download needed
    run(command, timeout=300)
    wheels = list(out.glob("scopa-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.mark.slow
def test_wheel_installs_in_a_fresh_environment_and_starts(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path / "wheel")
    names = set(zipfile.ZipFile(wheel).namelist())
    checkout_assets = [
        "scopa/assets/" + path.relative_to(ROOT / "assets").as_posix()
        for path in (ROOT / "assets").rglob("*")
        if path.is_file()
    ]
    assert checkout_assets, "the checkout has no assets/"
    missing = sorted(set(checkout_assets) - names)
    assert not missing, f"the wheel lacks {missing[:5]}"
    assert "scopa/__main__.py" in names
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "scopa = scopa.__main__:main" in zipfile.ZipFile(wheel).read(entry_points).decode()

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], timeout=120)
    python = bin_dir(venv) / "python"
    run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        timeout=300)  # fmt: skip

    probe = "from scopa.resources import assets_root; print(assets_root())"
    where = run([str(python), "-c", probe], cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout

    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "SCOPA_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SCOPA_HOME=str(home))
    launcher = bin_dir(venv) / "scopa"
    smoke = subprocess.run([str(launcher), "--smoke"], env=env, cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)  # fmt: skip
    assert smoke.returncode == 0, smoke.stderr
    assert "Traceback" not in smoke.stderr

    if sys.platform.startswith("linux"):
        hidden = ("DISPLAY", "WAYLAND_DISPLAY")
        headless = {k: v for k, v in env.items() if not k.startswith("SDL_") and k not in hidden}
        nodisplay = subprocess.run([str(launcher)], env=headless, cwd=tmp_path,
                                   capture_output=True, text=True, timeout=60)  # fmt: skip
        assert nodisplay.returncode != 0
        assert "Traceback" not in nodisplay.stderr
        assert len(nodisplay.stderr.strip().splitlines()) == 1, nodisplay.stderr


# --- desktop entry ----------------------------------------------------------------------------


def tiny_png(size: int) -> bytes:
    """A valid one-colour PNG, so the test needs no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = size.to_bytes(4, "big") * 2 + bytes([8, 2, 0, 0, 0])
    rows = b"".join(b"\x00" + b"\x20\x80\x30" * size for _ in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))  # fmt: skip


@pytest.fixture
def icons(tmp_path: Path) -> Path:
    folder = tmp_path / "icons"
    folder.mkdir()
    for size in (16, 32, 48, 64, 128, 256):
        (folder / f"scopa-{size}.png").write_bytes(tiny_png(size))
    return folder


def make_launcher(folder: Path) -> Path:
    folder.mkdir(parents=True)
    launcher = folder / "scopa"
    launcher.write_text("#!/bin/sh\nexit 0\n")
    launcher.chmod(0o755)
    return launcher


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


@pytest.mark.skipif(os.name != "posix", reason="freedesktop entries are for Linux desktops")
def test_desktop_entry_and_icons_install_under_xdg_data_home(
    tmp_path: Path, icons: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    launcher = make_launcher(tmp_path / "my games")
    assert install_desktop.main(["--exec", str(launcher), "--icons", str(icons)]) == 0
    entry_path = data / "applications" / "scopa.desktop"
    entry = read_entry(entry_path)
    assert entry["Type"] == "Application" and entry["Name"] == "Scopa"
    assert entry["Exec"] == f'"{launcher}"'  # quoted: the path holds a space
    assert entry["TryExec"] == str(launcher)
    assert entry["Icon"] == "scopa" and entry["Terminal"] == "false"
    assert "Game;" in entry["Categories"]
    for size in (16, 48, 256):
        icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "scopa.png"
        assert icon.read_bytes() == (icons / f"scopa-{size}.png").read_bytes()
    validator = shutil.which("desktop-file-validate")
    if validator:
        checked = subprocess.run([validator, str(entry_path)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stdout + checked.stderr

    assert install_desktop.main(["--uninstall"]) == 0
    assert not entry_path.exists()
    assert not list((data / "icons").rglob("*.png"))


def test_exec_values_are_quoted_and_escaped_as_the_spec_asks() -> None:
    assert install_desktop.exec_value(Path("/usr/bin/scopa")) == "/usr/bin/scopa"
    assert install_desktop.exec_value(Path("/a b/scopa")) == '"/a b/scopa"'
    assert install_desktop.exec_value(Path('/a"$b/100%')) == '"/a\\\\"\\\\$b/100%%"'


def test_data_home_follows_the_spec() -> None:
    assert install_desktop.data_home({"XDG_DATA_HOME": "/x/share", "HOME": "/h"}) == Path(
        "/x/share"
    )
    assert install_desktop.data_home({"XDG_DATA_HOME": "rel", "HOME": "/h"}) == Path(
        "/h/.local/share"
    )
    assert install_desktop.data_home({"HOME": "/h"}) == Path("/h/.local/share")


def test_desktop_install_refuses_a_missing_program_or_icons(
    tmp_path: Path, icons: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert install_desktop.main(["--exec", str(tmp_path / "nothing"), "--icons", str(icons)]) == 1
    assert "not an executable file" in capsys.readouterr().err
    launcher = make_launcher(tmp_path / "bin")
    assert install_desktop.main(["--exec", str(launcher), "--icons", str(tmp_path)]) == 1
    assert "no icons found" in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


# --- one-file binary --------------------------------------------------------------------------


def test_binary_build_bundles_assets_windowed_from_the_game_entry(tmp_path: Path) -> None:
    script = build_binary.write_launcher("scopa.__main__:main", tmp_path)
    text = script.read_text()
    assert "from scopa.__main__ import main" in text and "freeze_support()" in text
    compile(text, str(script), "exec")
    args = build_binary.pyinstaller_args(
        script, assets=ROOT / "assets", dist=tmp_path / "dist", work=tmp_path
    )
    assert args[0] == str(script)
    assert {"--onefile", "--windowed", "--noconfirm"} <= set(args)
    data = args[args.index("--add-data") + 1]
    source, _, target = data.rpartition(os.pathsep)
    assert Path(source) == (ROOT / "assets").resolve() and target == "assets"
    assert args[args.index("--name") + 1] == "scopa"
    assert args[args.index("--exclude-module") + 1] == "numpy"  # never imported by the game


def test_the_game_never_imports_what_the_binary_leaves_out() -> None:
    """numpy bundled into the binary (42 MB unpacked at every start) though the game never
    imports it: it is left out, which holds while no module of the game imports it."""
    code = (
        "import sys, scopa.__main__, scopa.app.registry, scopa.app.app, scopa.net.server,"
        " scopa.net.cli, scopa.ai.master; print(sorted(set(sys.argv[1:]) & set(sys.modules)))"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-c", code, *build_binary.NOT_BUNDLED],
        capture_output=True, text=True, env=env, check=True,
    )  # fmt: skip
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_binary_build_refuses_bad_input(tmp_path: Path) -> None:
    with pytest.raises(build_binary.BuildError, match="module:function"):
        build_binary.write_launcher("scopa.__main__", tmp_path)
    with pytest.raises(build_binary.BuildError, match="no assets"):
        build_binary.pyinstaller_args(
            tmp_path / "x.py", assets=tmp_path / "none", dist=tmp_path, work=tmp_path
        )


def test_smoke_env_starts_fresh_in_the_language_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    monkeypatch.setenv("LC_MESSAGES", "en_US.UTF-8")
    env = build_binary.smoke_env(tmp_path / "home", tmp_path / "shot.png", "it")
    assert "LC_ALL" not in env and "LC_MESSAGES" not in env  # they would outrank LANG
    assert env["LANG"].startswith("it") and env["LANGUAGE"] == "it"
    assert env["SCOPA_HOME"] == str(tmp_path / "home")
    assert env["SCOPA_SCREENSHOT"] == str(tmp_path / "shot.png")
    assert env["SDL_VIDEODRIVER"] == "dummy"


def source_screen(tmp_path: Path, name: str, language: str, *code: str) -> Path:
    """The opening screen of the game run from this checkout (``code`` runs first)."""
    shot = tmp_path / f"{name}.png"
    env = build_binary.smoke_env(tmp_path / f"home-{name}", shot, language)
    env["PYTHONPATH"] = str(ROOT)
    start = "from scopa.__main__ import main; raise SystemExit(main())"
    command = [sys.executable, "-c", "; ".join([*code, start])]
    return build_binary.opening_screen(command, env, shot, ROOT)


@pytest.mark.slow
def test_screen_check_passes_the_same_game_and_fails_texts_shown_as_keys(tmp_path: Path) -> None:
    first = source_screen(tmp_path, "first", "it")
    again = source_screen(tmp_path, "again", "it")
    assert build_binary.frame_difference(first, again, tmp_path / "same.png") is None
    assert not (tmp_path / "same.png").exists()

    # What a bundle without the string tables shows: every text as its key.
    keys = source_screen(tmp_path, "keys", "it", "import scopa.app.strings as s", "s.MODULES = ()")
    problem = build_binary.frame_difference(keys, first, tmp_path / "diff.png")
    assert problem is not None and "of the pixels differ" in problem
    assert (tmp_path / "diff.png").is_file()
    english = source_screen(tmp_path, "english", "en")
    assert build_binary.frame_difference(english, first, tmp_path / "lang.png") is not None


@pytest.mark.slow
def test_binary_shows_the_same_opening_screen_as_the_source(tmp_path: Path) -> None:
    """The real build (about a minute, PyInstaller installed first if missing)."""
    code = build_binary.main(["--check", "--dist", str(tmp_path / "dist"),
                              "--work", str(tmp_path / "work")])  # fmt: skip
    assert code == 0, "tools/build_binary.py --check failed: see its message above"
    for language in build_binary.SMOKE_LANGUAGES:
        assert (tmp_path / "work" / "check" / f"binary-{language}.png").is_file()
