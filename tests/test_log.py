"""The game's log: what it writes of an error."""

from __future__ import annotations

import pytest

from scopa.log import log


def test_an_error_without_words_is_logged_by_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    """A timeout, caught and logged, wrote "the name typed was not sent to the table: " and
    nothing after: an error that has no words of its own is written by its kind."""
    log("scopa: the name typed was not sent to the table:", TimeoutError())
    log("scopa: a seat was not freed:", ConnectionResetError(104, "Connection reset by peer"))
    lines = capsys.readouterr().err.splitlines()
    assert lines == [
        "scopa: the name typed was not sent to the table: TimeoutError",
        "scopa: a seat was not freed: [Errno 104] Connection reset by peer",
    ]
