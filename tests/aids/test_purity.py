"""The aids decide without pygame: they import and run with the app blocked."""

import subprocess
import sys
import textwrap


def test_aids_import_and_run_with_pygame_blocked():
    code = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "pygame" or name.startswith("scopa.app"):
                    raise ImportError("blocked: " + name)
                return None
        sys.meta_path.insert(0, Block())
        from scopa.aids import replay_match, review, track, undo_point
        from scopa.aids.tutorial import computer_move, tutorial_match
        match = tutorial_match()
        match, _ = match.apply(match.legal_moves()[0])
        match, _ = match.apply(computer_move(match.observe(1)))
        assert undo_point(match, 0).taken_back == 2
        assert len(track(match.observe(0))) == 10
        assert review(match.round.history(), 2)[1].last_play is not None
        assert replay_match(match, 1).round.hands == tutorial_match().round.hands
        from scopa.aids.cirulla_lessons import Walkthrough
        walk = Walkthrough()
        assert walk.play(walk.lesson.moves[0]) and walk.done
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
