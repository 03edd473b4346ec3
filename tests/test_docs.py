"""The documents tell the truth about the project: the README's commands are the ones CI
runs and name tools that exist, its links stay inside the project, and the rules pages name
every rule with the default the engine really has."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path

from scopa.engine import PRESETS, Rules
from scopa.engine.rules import DEALS, RULE_OPTIONS

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
RULES_PAGE = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
CIRULLA_PAGE = (ROOT / "docs" / "CIRULLA.md").read_text(encoding="utf-8")


def shell_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def test_the_readme_opens_with_playing_then_testing() -> None:
    play, test = shell_blocks(README)[:2]
    assert README.index(play) < README.index("## ")
    assert "-e ." in play and "[dev]" not in play  # the game alone, no test tools
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    entry_points = {**scripts.get("scripts", {}), **scripts.get("gui-scripts", {})}
    assert play.endswith(".venv/bin/scopa") and "scopa" in entry_points
    assert "'.[dev]'" in test and test.endswith("-m pytest")


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    test = shell_blocks(README)[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line for line in ci.splitlines() if line and not line.lstrip().startswith("#")]
    assert f"({test})" in commands or test in commands
    assert "apt-get install" in ci and "xvfb" in ci and "xdotool" in ci


def test_the_readme_points_only_inside_the_project() -> None:
    assert "shared folder" not in README
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        assert not target.startswith(("/", "..")), target
        if "://" not in target:
            assert (ROOT / target).is_file(), target
    assert "docs/RULES.md" in README and "docs/CIRULLA.md" in README


def test_every_tool_the_readme_names_exists() -> None:
    tools = re.findall(r"tools/([\w.]+\.py)", README)
    tools += re.findall(r"`(gen_\w+\.py)`", README)
    assert "bench.py" in tools
    for name in tools:
        assert (ROOT / "tools" / name).is_file(), name
    for folder in re.findall(r"^\| `([\w./]+/)` \|", README, re.M):
        assert (ROOT / folder).is_dir(), folder


def test_the_rules_pages_link_to_each_other() -> None:
    for page in (RULES_PAGE, CIRULLA_PAGE):
        for target in re.findall(r"\]\(([\w.]+\.md)\)", page):
            assert (ROOT / "docs" / target).is_file(), target


def _glance_cells() -> dict[str, list[str]]:
    """The 'Every rule at a glance' table of RULES.md: rule name -> its row's cells."""
    section = RULES_PAGE.split("## Every rule at a glance", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) >= 3 and cells[1].startswith("`"):
            rows[cells[1].strip("`")] = cells
    return rows


def _glance_rows() -> dict[str, str]:
    """The table's rule name -> default cell."""
    return {name: cells[2] for name, cells in _glance_cells().items()}


def _glance_notes() -> dict[str, str]:
    """The table's rule name -> its last cell (choices and notes)."""
    return {name: cells[-1] for name, cells in _glance_cells().items()}


def test_rules_page_marks_every_rule_cirulla_sets_aside() -> None:
    """The faces' primiera values were greyed in the settings under Cirulla, and ignored,
    while the page listed them as a rule of both games: every rule that Cirulla alone
    turns off says "not Cirulla"."""
    cirulla = PRESETS["cirulla"]
    scopa = dataclasses.replace(cirulla, cirulla=False)
    notes = _glance_notes()
    for option in RULE_OPTIONS:
        if option.applies(scopa) and not option.applies(cirulla):
            assert "not Cirulla" in notes[option.name], option.name
        elif option.name != "cirulla":  # whose row tells what the mark means
            assert "not Cirulla" not in notes[option.name], option.name


def _written(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none (`None`)"
    if isinstance(value, str):
        return f"`{value}`"
    return str(value)


def test_rules_page_gives_every_rule_with_the_engines_default() -> None:
    defaults = Rules().to_dict()
    rows = _glance_rows()
    assert set(rows) == set(defaults)
    for name, value in defaults.items():
        assert rows[name] == _written(value), name


def test_rules_page_names_every_preset_and_deal() -> None:
    for name in (*PRESETS, *DEALS):
        assert f"`{name}`" in RULES_PAGE, name


def test_cirulla_page_says_whether_the_game_offers_it() -> None:
    offered = any("cirulla" in name for name in (*PRESETS, *DEALS, *Rules().to_dict()))
    assert ("Not in the game yet" in CIRULLA_PAGE) != offered


def test_rules_page_calls_every_setting_by_its_name_on_screen() -> None:
    """The page promises each setting under its name in the Settings menu: a player looks
    for "Scopa with an ace", not for a name the screen never shows."""
    from scopa.app.strings.options import STRINGS

    section = RULES_PAGE.split("## Every rule at a glance", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) >= 3 and cells[1].startswith("`"):
            name = cells[1].strip("`")
            assert cells[0] == STRINGS["en"][f"rule_{name}"], name
