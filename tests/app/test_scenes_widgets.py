"""Widgets and the form: keyboard navigation (Tab, arrows, Enter, Esc), mouse clicks and
drags, typing a name, and a scrolling panel that follows the focus."""

from __future__ import annotations

import pygame
import pytest

from scopa.app.style import Metrics
from scopa.app.widgets import (
    DOUBLE_CLICK_MS,
    Button,
    Choice,
    Form,
    Label,
    ScrollPanel,
    SettingRow,
    Slider,
    TextInput,
    Toggle,
)


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def down(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


class Box:
    """A value the widgets read and write."""

    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value

    def set(self, value) -> None:
        self.value = value


@pytest.fixture
def parts():
    pygame.init()
    clicks = []
    flag, level, name, volume = Box(False), Box("expert"), Box("Anna"), Box(0.5)
    widgets = [
        Label("heading"),
        Button("OK", lambda: clicks.append("ok")),
        SettingRow("Flag", Toggle(flag.get, flag.set)),
        SettingRow(
            "Level",
            Choice([("beginner", "B"), ("expert", "E"), ("master", "M")], level.get, level.set),
        ),
        SettingRow("Name", TextInput(name.get, name.set, max_length=8)),
        SettingRow("Volume", Slider(volume.get, volume.set)),
        Button("Off", lambda: clicks.append("off"), enabled=lambda: False),
    ]
    for i, widget in enumerate(widgets):
        widget.place(pygame.Rect(0, i * 50, 400, 40))
    form = Form(widgets)
    return form, widgets, clicks, flag, level, name, volume


def test_tab_and_arrows_move_over_focusable_enabled_widgets(parts) -> None:
    form, widgets, *_ = parts
    form.handle(key(pygame.K_TAB))
    assert form.focus is widgets[1]  # the label is skipped
    for expected in widgets[2:6]:
        form.handle(key(pygame.K_DOWN))
        assert form.focus is expected
    form.handle(key(pygame.K_TAB))
    assert form.focus is widgets[1]  # the disabled button is skipped, and focus wraps
    form.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert form.focus is widgets[5]
    form.handle(key(pygame.K_UP))
    assert form.focus is widgets[4]


def test_enter_and_space_activate(parts) -> None:
    form, widgets, clicks, flag, *_ = parts
    form.set_focus(widgets[1])
    form.handle(key(pygame.K_RETURN))
    form.set_focus(widgets[2])
    form.handle(key(pygame.K_SPACE))
    assert clicks == ["ok"] and flag.value is True
    form.handle(key(pygame.K_LEFT))
    assert flag.value is False


def test_left_and_right_change_a_choice_and_a_slider(parts) -> None:
    form, widgets, _, _, level, _, volume = parts
    form.set_focus(widgets[3])
    form.handle(key(pygame.K_RIGHT))
    assert level.value == "master"
    form.handle(key(pygame.K_RIGHT))
    assert level.value == "beginner"  # wraps around
    form.handle(key(pygame.K_LEFT))
    assert level.value == "master"
    form.set_focus(widgets[5])
    form.handle(key(pygame.K_RIGHT))
    assert volume.value == pytest.approx(0.6)
    for _ in range(10):
        form.handle(key(pygame.K_RIGHT))
    assert volume.value == 1.0


def test_typing_a_name(parts) -> None:
    form, widgets, *_, name, _ = parts
    field = widgets[4].control
    form.handle(down(field.rect.center))
    form.handle(up(field.rect.center))
    assert form.editing()
    form.handle(key(pygame.K_BACKSPACE))
    form.handle(key(pygame.K_BACKSPACE))
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="gela"))
    assert name.value == "Angela"
    form.handle(key(pygame.K_SPACE))  # a space typed comes as a key and as text
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    assert name.value == "Angela "  # one space, not two
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="Rossi"))
    assert name.value == "Angela R"  # at most 8 characters
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="\x07"))
    assert name.value == "Angela R"  # control characters are not typed
    form.stop_editing()
    assert not form.editing()


def test_ctrl_a_marks_the_name_that_typing_then_replaces(parts) -> None:
    form, widgets, *_, name, _ = parts
    field = widgets[4].control
    form.handle(down(field.rect.center))
    form.handle(up(field.rect.center))
    form.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    assert field.selected
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="Bea"))
    assert name.value == "Bea" and not field.selected
    form.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    form.handle(key(pygame.K_BACKSPACE))
    assert name.value == ""
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="Eva"))
    form.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    form.handle(key(pygame.K_RIGHT))  # the mark goes; typing adds to the name again
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text="n"))
    assert name.value == "Evan"
    form.handle(key(pygame.K_a, pygame.KMOD_LCTRL))
    form.stop_editing()
    assert not field.selected


def typed(form, text: str) -> None:
    form.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def editing_field(value: str, max_length: int = 24, full=None):
    """A form holding one name field, already being typed in (clicked at its end)."""
    pygame.init()
    name = Box(value)
    field = TextInput(name.get, name.set, max_length=max_length, full=full)
    field.place(pygame.Rect(0, 0, 400, 40))
    form = Form([field])
    form.handle(down((field.rect.right - 2, field.rect.centery)))
    form.handle(up((field.rect.right - 2, field.rect.centery)))
    assert form.editing()
    return form, field, name


def test_the_caret_moves_in_the_name_and_typing_goes_where_it_is() -> None:
    """A name field was edited at its end only: a letter wrong at a name's start meant
    deleting the whole name (Left, Right, Home and Delete did nothing)."""
    form, field, name = editing_field("Ana")
    form.handle(key(pygame.K_LEFT))
    typed(form, "n")
    assert name.value == "Anna" and field.caret == 3
    form.handle(key(pygame.K_HOME))
    form.handle(key(pygame.K_DELETE))
    typed(form, "E")
    assert name.value == "Enna" and field.caret == 1
    form.handle(key(pygame.K_RIGHT))
    form.handle(key(pygame.K_BACKSPACE))
    assert name.value == "Ena" and field.caret == 1
    form.handle(key(pygame.K_END))
    typed(form, "!")
    assert name.value == "Ena!"
    for _ in range(9):  # the caret stops at the name's ends, the focus stays in it
        form.handle(key(pygame.K_LEFT))
    assert field.caret == 0 and form.focus is field and form.editing()
    form.handle(key(pygame.K_BACKSPACE))  # nothing before the caret: nothing deleted
    assert name.value == "Ena!"


def test_ctrl_with_the_arrows_and_deletes_goes_a_word_at_a_time() -> None:
    form, field, name = editing_field("Anna Maria Rossi")
    form.handle(key(pygame.K_LEFT, pygame.KMOD_LCTRL))
    assert field.caret == len("Anna Maria ")
    form.handle(key(pygame.K_LEFT, pygame.KMOD_LCTRL))
    assert field.caret == len("Anna ")
    form.handle(key(pygame.K_RIGHT, pygame.KMOD_LCTRL))
    assert field.caret == len("Anna Maria")
    form.handle(key(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))
    assert name.value == "Anna Rossi" and field.caret == len("Anna ")
    form.handle(key(pygame.K_DELETE, pygame.KMOD_LCTRL))
    assert name.value == "Anna " and field.caret == len("Anna ")


def test_blanks_typed_inside_a_name_stay_single() -> None:
    form, field, name = editing_field("AnnaMaria")
    for _ in range(5):
        form.handle(key(pygame.K_LEFT))
    typed(form, " ")
    assert name.value == "Anna Maria" and field.caret == 5
    typed(form, " ")  # a second blank is not typed
    assert name.value == "Anna Maria" and field.caret == 5
    form.handle(key(pygame.K_HOME))
    typed(form, " ")  # nor one before the first word
    assert name.value == "Anna Maria" and field.caret == 0
    form.handle(key(pygame.K_DELETE))  # the first letter gone: still no blank first
    assert name.value == "nna Maria"


def test_a_full_name_takes_no_letter_inside_it_and_says_so() -> None:
    told = []
    form, field, name = editing_field("Angela R", max_length=8, full=told.append)
    form.handle(key(pygame.K_HOME))
    typed(form, "X")
    assert name.value == "Angela R" and told == [8] and field.caret == 0
    form.handle(key(pygame.K_DELETE))
    typed(form, "XY")  # room for one of the two
    assert name.value == "Xngela R" and field.caret == 1


def test_a_click_in_the_name_puts_the_caret_between_the_letters_clicked(app) -> None:
    form, field, name = editing_field("Giulia")
    surface = pygame.Surface((400, 40))
    field.draw(surface, Metrics(app, app.size), True, False)
    drawn = field._drawn
    assert drawn is not None and drawn.font is not None
    first = drawn.x_of(1)  # between the G and the i
    form.handle(down((first, field.rect.centery)))
    form.handle(up((first, field.rect.centery)))
    assert field.caret == 1
    typed(form, "h")
    assert name.value == "Ghiulia"
    field.draw(surface, Metrics(app, app.size), True, False)  # the next frame
    form.handle(down((field.rect.right - 2, field.rect.centery)))  # past the name: its end
    form.handle(up((field.rect.right - 2, field.rect.centery)))
    assert field.caret == len("Ghiulia")


def drawn_field(app, value: str):  # noqa: ANN001, ANN201
    """``editing_field`` drawn once, so that a click finds the letters it points at, and
    a moment later (a press then is no double click with the one that began editing):
    the form, the field, the name, where its letters are and the height to click at."""
    form, field, name = editing_field(value)
    field.draw(pygame.Surface((400, 40)), Metrics(app, app.size), True, False)
    pygame.time.wait(DOUBLE_CLICK_MS + 50)
    return form, field, name, field._drawn, field.rect.centery


def motion(pos) -> pygame.event.Event:  # noqa: ANN001
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def test_shift_with_the_caret_s_keys_marks_letters_that_typing_replaces() -> None:
    """A name field marked the whole name (Ctrl+A) or nothing: Shift with the arrows, Home
    and End marked nothing, so a misspelt surname was deleted a letter at a time."""
    form, field, name = editing_field("Anna Maria")
    for _ in range(3):
        form.handle(key(pygame.K_LEFT, pygame.KMOD_LSHIFT))
    assert field.marked == (7, 10) and field.caret == 7
    typed(form, "o")
    assert name.value == "Anna Mao" and field.caret == 8 and field.marked is None
    form.handle(key(pygame.K_LEFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    assert field.marked == (5, 8)
    form.handle(key(pygame.K_HOME, pygame.KMOD_LSHIFT))
    assert field.marked == (0, 8)
    form.handle(key(pygame.K_RIGHT))  # an arrow alone: the mark goes, the caret to its side
    assert field.marked is None and field.caret == 8
    form.handle(key(pygame.K_HOME))
    form.handle(key(pygame.K_END, pygame.KMOD_LSHIFT))
    form.handle(key(pygame.K_DELETE))
    assert name.value == "" and field.caret == 0


def test_a_drag_across_the_name_marks_the_letters_it_passes(app) -> None:  # noqa: ANN001
    form, field, name, drawn, y = drawn_field(app, "Giulia Rossi")
    form.handle(down((drawn.x_of(1), y)))
    form.handle(motion((drawn.x_of(3), y)))
    form.handle(motion((drawn.x_of(4), y)))
    form.handle(up((drawn.x_of(4), y)))
    assert field.marked == (1, 4)
    form.handle(motion((drawn.x_of(8), y)))  # let go: moving marks no more
    assert field.marked == (1, 4)
    form.handle(key(pygame.K_BACKSPACE))
    assert name.value == "Gia Rossi" and field.caret == 1


def test_a_double_click_marks_the_word_clicked(app) -> None:  # noqa: ANN001
    form, field, name, drawn, y = drawn_field(app, "Giulia Rossi")
    for _ in range(2):
        form.handle(down((drawn.x_of(9), y)))
        form.handle(up((drawn.x_of(9), y)))
    assert field.marked == (7, 12)
    typed(form, "Bianchi")
    assert name.value == "Giulia Bianchi"


def test_ctrl_z_takes_a_change_back_and_ctrl_y_puts_it_again() -> None:
    form, field, name = editing_field("Anna")
    typed(form, " ")
    for letter in "Rosa":  # letters typed in a row: one change
        typed(form, letter)
    form.handle(key(pygame.K_BACKSPACE, pygame.KMOD_LCTRL))
    assert name.value == "Anna "
    form.handle(key(pygame.K_z, pygame.KMOD_LCTRL))
    assert name.value == "Anna Rosa" and field.caret == 9
    form.handle(key(pygame.K_z, pygame.KMOD_LCTRL))
    assert name.value == "Anna"
    form.handle(key(pygame.K_z, pygame.KMOD_LCTRL))  # nothing further back
    assert name.value == "Anna"
    form.handle(key(pygame.K_y, pygame.KMOD_LCTRL))
    assert name.value == "Anna Rosa"
    form.handle(key(pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    assert name.value == "Anna "
    typed(form, "B")  # a new change: nothing left to put again
    form.handle(key(pygame.K_y, pygame.KMOD_LCTRL))
    assert name.value == "Anna B"


def test_ctrl_x_cuts_what_is_marked_and_ctrl_c_copies_it(monkeypatch) -> None:  # noqa: ANN001
    from scopa.app import widgets

    clipboard = [""]
    monkeypatch.setattr(widgets, "copy", lambda text: clipboard.__setitem__(0, text))
    monkeypatch.setattr(widgets, "paste", lambda: clipboard[0])
    form, field, name = editing_field("Anna Maria")
    form.handle(key(pygame.K_LEFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    form.handle(key(pygame.K_c, pygame.KMOD_LCTRL))
    assert clipboard == ["Maria"] and name.value == "Anna Maria"
    form.handle(key(pygame.K_x, pygame.KMOD_LCTRL))
    assert name.value == "Anna " and field.caret == 5
    form.handle(key(pygame.K_HOME))
    form.handle(key(pygame.K_v, pygame.KMOD_LCTRL))
    typed(form, " ")
    assert name.value == "Maria Anna "  # (the blank after it is left out as the name is used)


def test_only_the_letters_marked_are_lit(app) -> None:  # noqa: ANN001
    """The mark lights the letters it holds, not the whole name."""
    from scopa.app import style

    m = Metrics(app, app.size)
    rect = pygame.Rect(0, 0, 400, 40)
    plain, lit = pygame.Surface((400, 40)), pygame.Surface((400, 40))
    drawn = style.draw_field(plain, rect, m, "Giulia Rossi", True, False, False)
    style.draw_field(lit, rect, m, "Giulia Rossi", True, False, False, (7, 12))
    changed = [
        x for x in range(400) if any(plain.get_at((x, y)) != lit.get_at((x, y)) for y in range(40))
    ]
    assert changed and drawn.x_of(7) - 1 <= min(changed) and max(changed) <= drawn.x_of(12) + 3


def test_clicks_reach_the_widget_under_the_mouse_only(parts) -> None:
    form, widgets, clicks, flag, level, *_ = parts
    ok = widgets[1].rect.center
    form.handle(down(ok))
    form.handle(up((ok[0], ok[1] + 200)))  # released elsewhere: no click
    assert clicks == []
    form.handle(down(ok))
    form.handle(up(ok))
    assert clicks == ["ok"]
    off = widgets[6].rect.center
    form.handle(down(off))
    form.handle(up(off))
    assert clicks == ["ok"]  # disabled
    choice = widgets[3].control.rect
    form.handle(down((choice.left + 2, choice.centery)))
    form.handle(up((choice.left + 2, choice.centery)))
    assert level.value == "beginner"
    form.handle(down(widgets[2].rect.midleft))
    form.handle(up(widgets[2].rect.midleft))
    assert flag.value is True  # clicking a switch's label flips it


def test_a_scroll_panel_reveals_the_focused_row_and_clips_clicks() -> None:
    pygame.init()
    panel = ScrollPanel()
    flags = [Box(False) for _ in range(10)]
    form = Form()
    for i, flag in enumerate(flags):
        row = SettingRow(f"Row {i}", Toggle(flag.get, flag.set))
        row.place(pygame.Rect(0, 100 + i * 50, 300, 50))
        panel.add(row)
        form.add(row)
    panel.set_viewport(pygame.Rect(0, 100, 300, 200), 500)
    hidden = form.widgets[7]
    assert form.widget_at((150, hidden.base.centery)) is None  # below the viewport
    form.set_focus(hidden)
    assert panel.offset == hidden.base.bottom - 100 - 200
    assert panel.viewport.contains(hidden.rect)
    assert form.widget_at(hidden.rect.center) is hidden
    panel.scroll_by(-1000)
    assert panel.offset == 0
    panel.scroll_by(10_000)
    assert panel.offset == panel.max_offset == 300


def test_the_wheel_lights_the_row_it_brings_under_the_pointer(monkeypatch) -> None:
    """Scrolled with the wheel, the list kept the row that had been under the pointer lit,
    carried half out of sight, until the mouse moved."""
    pygame.init()
    panel = ScrollPanel()
    form = Form()
    for i in range(10):
        row = SettingRow(f"Row {i}", Toggle(lambda: False, lambda value: None))
        row.place(pygame.Rect(0, 100 + i * 50, 300, 50))
        panel.add(row)
        form.add(row)
    panel.set_viewport(pygame.Rect(0, 100, 300, 200), 500)
    pointer = (150, 175)
    form.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0)))
    assert form.hover is form.widgets[1]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer)
    form.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert panel.offset > 0
    assert form.hover is form.widget_at(pointer) is not form.widgets[1]


def test_hint_prefers_the_hovered_widget(parts) -> None:
    form, widgets, *_ = parts
    widgets[1].hint = "press it"
    widgets[2].hint = "switch it"
    form.set_focus(widgets[2])
    assert form.hint() == "switch it"
    form.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=widgets[1].rect.center, rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    assert form.hint() == "press it"


def test_after_a_key_the_hint_explains_the_focused_widget_not_the_one_under_the_mouse(
    parts,
) -> None:
    """On the score sheet the ring was on Review while the line under the buttons told what
    Replay this round does, the pointer resting on it: a key player read that Enter would
    replay the round. After a key the line explains what the key would press; after the
    pointer moves, what it points at."""
    form, widgets, *_ = parts
    widgets[1].hint = "press it"
    widgets[2].hint = "switch it"
    widgets[3].hint = "choose it"
    form.set_focus(widgets[2])
    point = pygame.event.Event(
        pygame.MOUSEMOTION, pos=widgets[1].rect.center, rel=(0, 0), buttons=(0, 0, 0)
    )
    form.handle(point)
    assert form.hint() == "press it"
    form.handle(key(pygame.K_DOWN))
    assert form.focus is widgets[3]
    assert form.hint() == "choose it"
    form.handle(point)
    assert form.hint() == "press it"


def test_on_the_keys_the_widget_under_the_pointer_is_not_lit_beside_the_focus(
    parts, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A keyboard player with the pointer resting over Settings saw two rows lit, the one
    under the pointer and the focused one, and could not tell which a key would change.
    After a key only the focus shows; the pointer moved, what it rests on is lit again."""
    form, widgets, *_ = parts
    lit: dict[int, tuple[bool, bool]] = {}
    for index, widget in enumerate(widgets):

        def draw(surface, m, focused, hot, index=index) -> None:  # noqa: ANN001
            lit[index] = (focused, hot)

        monkeypatch.setattr(widget, "draw", draw)
    point = pygame.event.Event(
        pygame.MOUSEMOTION, pos=widgets[1].rect.center, rel=(0, 0), buttons=(0, 0, 0)
    )
    surface = pygame.Surface((400, 400))
    m = None  # the widgets' own drawing, which would use it, is watched instead
    form.handle(point)
    form.draw(surface, m)
    assert lit[1] == (False, True)
    form.handle(key(pygame.K_TAB))
    form.handle(key(pygame.K_TAB))
    form.draw(surface, m)
    assert form.focus is widgets[2] and lit[2] == (True, False)
    assert lit[1] == (False, False)  # under the pointer, not lit beside the focus
    form.handle(point)
    form.draw(surface, m)
    assert lit[1] == (False, True)


def test_a_greyed_switch_shows_its_value_faded() -> None:
    """A greyed rule does not apply now (ace takes ace without scopa d'assi, teams with two
    players), but it keeps a value it will have once it applies: its knob sits on that
    side, as an enabled switch's does, over a faded track (the knob rested midway, neither
    on nor off, and the player could not tell what the rule would be)."""
    from scopa.app.style import Scale
    from scopa.app.style.controls import (
        PAPER_SHADE,
        SWITCH_DEAD,
        SWITCH_ON_DEAD,
        draw_switch,
        switch_track,
    )

    rect = pygame.Rect(0, 0, 120, 40)
    track = switch_track(rect)
    left = (track.left + track.h // 2, track.centery)
    right = (track.right - track.h // 2, track.centery)
    for on, track_colour in ((False, SWITCH_DEAD), (True, SWITCH_ON_DEAD)):
        surface = pygame.Surface(rect.size)
        draw_switch(surface, rect, Scale((960, 540)), on, False, False)
        knob, bare = (right, left) if on else (left, right)
        assert surface.get_at(knob)[:3] == tuple(PAPER_SHADE)[:3], on
        assert surface.get_at(bare)[:3] == tuple(track_colour)[:3], on


@pytest.mark.parametrize(("language", "words"), [("en", ("On", "Off")), ("it", ("Sì", "No"))])
def test_a_switch_says_on_or_off_in_words(app, language, words) -> None:
    """A switch told on from off by its colour and the knob's side alone: weak eyes saw the
    grey and the faded green alike. It says it, inside its track, clear of the knob, in
    the player's language, greyed or not."""
    from scopa.app import style
    from scopa.app.style import Metrics

    app.set_language(language)
    m = Metrics(app, (960, 540))
    flag, live = Box(False), Box(True)
    switch = Toggle(flag.get, flag.set, enabled=live.get)
    switch.place(pygame.Rect(700, 100, 200, 33))
    track = style.switch_track(switch.rect)
    for on, word in zip((True, False), words, strict=True):
        for enabled in (True, False):
            flag.set(on)
            live.set(enabled)
            drawn: list[style.Drawn] = []
            with style.watch_text(drawn.append):
                switch.draw_value(pygame.Surface((960, 540)), switch.rect, m, False)
            (said,) = drawn
            assert said.words == word and not said.elided
            assert track.contains(said.used), (said.used, track)
            knob = track.right - track.h // 2 if on else track.left + track.h // 2
            assert not said.used.collidepoint(knob, track.centery)


@pytest.mark.parametrize(("value", "greyed"), [("beginner", (True, False)),
                                              ("expert", (False, False)),
                                              ("master", (False, True))])  # fmt: skip
def test_a_choice_that_does_not_go_round_greys_its_arrow_at_an_end(app, value, greyed) -> None:
    """At Master, the top level, the right arrow looked as live as the left and did
    nothing: a choice that does not go round greys the arrow that leads nowhere."""
    from scopa.app.style import Metrics
    from scopa.app.style.controls import INK_DISABLED, WOOD

    level = Box(value)
    options = [("beginner", "B"), ("expert", "E"), ("master", "M")]
    for wrap in (False, True):
        choice = Choice(options, level.get, level.set, wrap=wrap)
        rect = pygame.Rect(0, 0, 300, 50)
        surface = pygame.Surface(rect.size)
        choice.draw_value(surface, rect, Metrics(app, app.size), False)
        arrows = ((rect.left + rect.h // 2, rect.centery), (rect.right - rect.h // 2, rect.centery))
        for at, end in zip(arrows, greyed, strict=True):
            dead = end and not wrap
            assert surface.get_at(at)[:3] == tuple(INK_DISABLED if dead else WOOD)[:3], (at, wrap)


def test_a_name_longer_than_its_field_shows_the_letters_being_typed(app) -> None:
    """Typing a name wider than its field wrote it cut short, "WWWWW…", the caret after
    the ellipsis: the last letters typed never showed. Being typed, it is written whole,
    slid along so that the caret and the letters at it show; the caret moved to its start
    slides it back; a click finds the letter it points at."""
    form, field, name = editing_field("")
    field.place(pygame.Rect(0, 0, 160, 40))
    typed(form, "W" * 23 + "Z")
    surface = pygame.Surface((400, 40))
    field.draw(surface, Metrics(app, app.size), True, False)
    drawn = field._drawn
    assert drawn is not None and drawn.font is not None  # letters laid out, none elided
    inside = field.rect.inflate(-2 * (field.rect.h // 3), -2)
    end = drawn.x_of(len(name.value))
    assert inside.left < end <= inside.right, (end, inside)
    assert drawn.x_of(len(name.value) - 1) > inside.left  # the Z's left edge in sight
    assert drawn.x_of(0) < inside.left  # the first letters slid out to the left
    form.handle(key(pygame.K_HOME))
    field.draw(surface, Metrics(app, app.size), True, False)
    drawn = field._drawn
    assert drawn is not None and drawn.x_of(0) >= inside.left
    pygame.time.wait(DOUBLE_CLICK_MS + 50)
    third = drawn.x_of(3)
    form.handle(down((third, field.rect.centery)))
    form.handle(up((third, field.rect.centery)))
    assert field.caret == 3
