"""The engine stays pure: it imports and plays with pygame (and any I/O-ish module the app
uses) blocked, and it never touches the global random generator."""

import subprocess
import sys
import textwrap


def test_engine_imports_and_plays_with_pygame_blocked():
    code = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("pygame", "platformdirs", "scopa.app"):
                    raise ImportError("blocked: " + name)
                if name in ("scopa.app", "scopa.ai", "scopa.storage", "scopa.settings"):
                    raise ImportError("blocked: " + name)
                return None
        sys.meta_path.insert(0, Block())
        import random
        import scopa.engine as engine
        state = random.getstate()
        for rules in (engine.Rules(), engine.Rules.preset("cirulla"), engine.Rules(players=6)):
            match = engine.Match.new(rules, random.Random(1))
            while not match.over:
                match, _ = match.apply(match.legal_moves()[0])
        assert random.getstate() == state, "the engine used the global random generator"
        assert not any(name.startswith("pygame") for name in sys.modules)
        print("ok", match.totals)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
