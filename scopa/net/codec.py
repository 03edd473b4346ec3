"""Engine values as JSON, worked out from the dataclasses' own fields.

Nothing here names an event or an observation field: ``encode`` walks any dataclass, and
``decode`` rebuilds one from its type hints. A new event (added to ``scopa.engine.Event``) or
a new observation field therefore travels without a protocol change. Cards are written
``"7D"``, moves in their notation (``"7Dx3C+4S"``), rules as ``Rules.to_dict()``.

``decode`` is strict: a missing or unknown field, a wrong type or an unreadable card raises
``CodecError`` naming where, so a bad frame is refused whole and never half-read.

The server writes a position for every seat and spectator after every move, so the text
forms are made to be shared: ``ObservationText`` writes an observation's public fields once
and only its ``SEAT_FIELDS`` per seat, and ``shared_event_text`` an event once for everyone
when it has no private field.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable
from typing import Any

from scopa.engine import DECK, Breakdown, Card, Event, Move, Observation, Rules, ScopaError

from .protocol import dumps

PRIVATE_FIELDS = frozenset({"hands"})
"""Event fields holding one entry per seat that only that seat may see (the hands dealt).
Every other event field is public: cards are played, captured and scored face up."""
SEAT_FIELDS = ("seat", "hand", "legal_moves")
"""The fields of an observation that depend on whose it is (a spectator has seat -1, no
hand and no moves). Every other field is the same for every seat and every spectator."""


class CodecError(ValueError):
    """A value that cannot be read as the engine value it claims to be."""


def encode(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, strings, numbers, booleans, None)."""
    kind = type(value)
    if kind is Card:
        return str(value)
    if value is None or kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return _encode_items(value)
    if kind is Move:
        return move_text(value)
    if kind is Rules:
        return value.memo("net.json", Rules.to_dict)  # the same dict every time: read only
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: encode(getattr(value, name)) for name in _names(kind)}
    if isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot send a {kind.__name__}")


_PLAIN = frozenset({bool, int, str, float})


def _encode_items(items: tuple[Any, ...] | list[Any]) -> list[Any]:
    """``encode`` of each item; the commonest, cards, numbers and moves (piles, hands,
    the plays of a round), without a call each: a position is written after every move."""
    out = []
    for item in items:
        kind = type(item)
        if kind is Card:
            out.append(str(item))
        elif kind is int:
            out.append(item)
        elif kind is Move:
            out.append(move_text(item))
        else:
            out.append(encode(item))
    return out


@functools.cache
def _names(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in _fields(kind))


@functools.cache
def event_types() -> dict[str, type]:
    """Every event class of the engine by name (the members of ``scopa.engine.Event``)."""
    return {cls.__name__: cls for cls in typing.get_args(Event)}


def encode_event(event: Any) -> dict[str, Any]:
    """An event as ``{"type": "Captured", ...its fields}``."""
    data = encode(event)
    return {"type": type(event).__name__, **data}


def decode_event(data: Any) -> Any:
    """The event written by ``encode_event``."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CodecError("an event must be an object with a 'type'")
    cls = event_types().get(data["type"])
    if cls is None:
        raise CodecError(f"unknown event type {data['type']!r}")
    body = {key: value for key, value in data.items() if key != "type"}
    return decode(cls, body, data["type"])


def decode_observation(data: Any) -> Observation:
    value: Observation = decode(Observation, data, "observation")
    return value


Rounds = tuple[tuple[Breakdown, ...], ...]
"""Each round's scores, one ``Breakdown`` per side (``Match.rounds``)."""


def decode_rounds(data: Any) -> Rounds:
    """The scores of the rounds played, as ``encode(match.rounds)`` wrote them."""
    value: Rounds = decode(Rounds, data, "rounds")
    return value


def redact(event: Any, seat: int | None) -> Any:
    """``event`` as ``seat`` may see it: every other seat's entry of a private field is
    emptied (``seat`` None: a spectator, who sees no hand)."""
    changes = {}
    for field in _fields(type(event)):
        if field.name in PRIVATE_FIELDS:
            entries = getattr(event, field.name)
            changes[field.name] = tuple(
                entry if index == seat else () for index, entry in enumerate(entries)
            )
    return dataclasses.replace(event, **changes) if changes else event


def spectator_view(observation: Observation) -> Observation:
    """What anyone may see of a position: no hand, no moves, seat -1."""
    return dataclasses.replace(observation, seat=-1, hand=(), legal_moves=())


# --- text, written once for everyone who sees it ---------------------------------------------


def move_text(move: Move) -> str:
    """``move.text()``, worked out once per move (moves are interned: the table is bounded
    by the engine's own)."""
    text = _MOVE_TEXTS.get(move)
    if text is None:
        text = _MOVE_TEXTS[move] = move.text()
    return text


_MOVE_TEXTS: dict[Move, str] = {}


def to_text(value: Any) -> str:
    """``encode(value)`` as compact JSON text (a rule set is written once per Rules)."""
    kind = type(value)
    if kind is int:
        return int.__repr__(value)  # as JSON writes it
    if kind is Rules:
        return value.memo("net.text", _rules_text)
    return dumps(encode(value))


def _rules_text(rules: Rules) -> str:
    return dumps(encode(rules))


def shared_event_text(event: Any) -> str | None:
    """``encode_event(event)`` as text when every seat sees the same event (no private
    field); None when each seat must get its own (``event_text(redact(event, seat))``)."""
    if _has_private(type(event)):
        return None
    return event_text(event)


def event_text(event: Any) -> str:
    return dumps(encode_event(event))


@functools.cache
def _has_private(kind: type) -> bool:
    return any(field.name in PRIVATE_FIELDS for field in _fields(kind))


class ObservationText:
    """An observation as JSON text for everyone who sees the same position: the public
    fields are written once, cut around the ``SEAT_FIELDS``, which each seat fills with its
    own. ``text(observe(seat))`` is ``to_text(observe(seat))``; ``text(None)`` is the
    spectator's, ``to_text(spectator_view(...))``.

    ``previous``, the text of an earlier position, lends the text of every field whose
    value has not changed since, and of every list that only grew (the plays of a round,
    the piles): a move changes little of a position."""

    __slots__ = ("_holes", "_observation", "_pieces", "_spectator", "_texts")

    def __init__(self, observation: Observation, previous: ObservationText | None = None) -> None:
        texts: dict[str, str] = {}
        pieces: list[str] = []
        holes: list[str] = []
        current = "{"
        for number, name in enumerate(_names(Observation)):
            current += ("," if number else "") + _key(name)
            if name in SEAT_FIELDS:
                pieces.append(current)
                holes.append(name)
                current = ""
                continue
            value = getattr(observation, name)
            if previous is None:
                text = to_text(value)
            else:
                text = _text_since(
                    value, getattr(previous._observation, name), previous._texts[name]
                )
            texts[name] = text
            current += text
        pieces.append(current + "}")
        self._pieces = tuple(pieces)
        self._holes = tuple(holes)
        self._texts = texts
        self._observation = observation
        self._spectator: str | None = None

    def text(self, observation: Observation | None) -> str:
        """The text of ``observation`` (a seat's own view of this same position), or the
        spectator's for None."""
        if observation is None:
            if self._spectator is None:
                self._spectator = self._fill(spectator_view(self._observation))
            return self._spectator
        return self._fill(observation)

    def _fill(self, observation: Observation) -> str:
        pieces = self._pieces
        out = [pieces[0]]
        for name, piece in zip(self._holes, pieces[1:]):
            out.append(to_text(getattr(observation, name)))
            out.append(piece)
        return "".join(out)


def _text_since(value: Any, old: Any, old_text: str) -> str:
    """``to_text(value)``, from ``old_text``, the text of ``old``, where it still holds."""
    if type(value) is not type(old):
        return to_text(value)
    if value is old or value == old:
        return old_text
    if type(value) is tuple and 0 < len(old) < len(value) and value[: len(old)] == old:
        added = ",".join(dumps(item) for item in _encode_items(value[len(old) :]))
        return old_text[:-1] + "," + added + "]"
    return to_text(value)


@functools.cache
def _key(name: str) -> str:
    return dumps(name) + ":"


# --- decoding ---------------------------------------------------------------------------------

Reader = Callable[[Any, str], Any]
"""Reads plain JSON data as one type; the text names the place, for error messages."""


def decode(kind: Any, data: Any, where: str = "value") -> Any:
    """``data`` (plain JSON) read as a value of type ``kind``; ``CodecError`` says why not."""
    return reader(kind)(data, where)


@functools.cache
def reader(kind: Any) -> Reader:
    """The reader of one type, worked out once from its type hints (decoding is on every
    frame a client gets, so the hints are not walked again each time)."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return lambda data, where: data
    if kind is type(None) or kind is None:
        return _read_none
    if origin in (typing.Union, types.UnionType):
        return _union(tuple(reader(option) for option in typing.get_args(kind)))
    if origin is typing.Literal:
        return _literal(typing.get_args(kind))
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_of(reader(args[0]))
        return _fixed_tuple(tuple(reader(arg) for arg in args))
    if origin is dict:
        key_kind, value_kind = typing.get_args(kind)
        return _dict_of(reader(key_kind), reader(value_kind))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_reader(kind)
    raise TypeError(f"cannot read a {kind!r}")


def _read_none(data: Any, where: str) -> None:
    if data is not None:
        raise CodecError(f"{where} must be null")


def _union(options: tuple[Reader, ...]) -> Reader:
    def read(data: Any, where: str) -> Any:
        for option in options:
            try:
                return option(data, where)
            except CodecError:
                continue
        raise CodecError(f"{where} has an unexpected value")

    return read


def _literal(values: tuple[Any, ...]) -> Reader:
    def read(data: Any, where: str) -> Any:
        if isinstance(data, bool) or data not in values:
            raise CodecError(f"{where} must be one of {values}")
        return data

    return read


def _read_bool(data: Any, where: str) -> bool:
    if not isinstance(data, bool):
        raise CodecError(f"{where} must be true or false")
    return data


def _read_int(data: Any, where: str) -> int:
    if type(data) is not int:
        raise CodecError(f"{where} must be a whole number")
    return data


def _read_str(data: Any, where: str) -> str:
    if not isinstance(data, str):
        raise CodecError(f"{where} must be text")
    return data


def _read_card(data: Any, where: str) -> Card:
    card = _CARDS.get(data) if isinstance(data, str) else None
    if card is not None:
        return card
    try:
        return Card.parse(data)
    except ScopaError as error:
        raise CodecError(f"{where}: {error}") from None


def _read_move(data: Any, where: str) -> Move:
    try:
        return _move(data) if isinstance(data, str) else Move.parse(data)
    except ScopaError as error:
        raise CodecError(f"{where}: {error}") from None


def _read_rules(data: Any, where: str) -> Rules:
    try:
        return rules_from(data)
    except (ScopaError, TypeError) as error:
        raise CodecError(f"{where}: {error}") from None


def rules_from(data: Any) -> Rules:
    """``Rules.from_dict(data)``, and the same Rules object for equal tables of rules, so
    that what is worked out from them once (their text among it) serves every table."""
    if isinstance(data, dict):
        try:
            key = _frozen(data)
        except TypeError:  # a value that is not plain: from_dict says what is wrong
            return Rules.from_dict(data)
        return _rules(key)
    return Rules.from_dict(data)


_SIMPLE: dict[Any, Reader] = {
    bool: _read_bool,
    int: _read_int,
    str: _read_str,
    Card: _read_card,
    Move: _read_move,
    Rules: _read_rules,
}


def _tuple_of(item: Reader) -> Reader:
    def read(data: Any, where: str) -> tuple[Any, ...]:
        if type(data) is not list:
            raise CodecError(f"{where} must be a list")
        return tuple([item(entry, where + "[]") for entry in data])

    return read


def _fixed_tuple(items: tuple[Reader, ...]) -> Reader:
    def read(data: Any, where: str) -> tuple[Any, ...]:
        if type(data) is not list or len(data) != len(items):
            raise CodecError(f"{where} must be a list of {len(items)}")
        return tuple([item(entry, where + "[]") for item, entry in zip(items, data)])

    return read


def _dict_of(key: Reader, value: Reader) -> Reader:
    def read(data: Any, where: str) -> dict[Any, Any]:
        if not isinstance(data, dict):
            raise CodecError(f"{where} must be an object")
        return {key(k, where): value(v, f"{where}.{k}") for k, v in data.items()}

    return read


def _dataclass_reader(kind: type) -> Reader:
    hints = typing.get_type_hints(kind)
    fields = _fields(kind)
    names = frozenset(field.name for field in fields)
    required = frozenset(
        field.name
        for field in fields
        if field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
    )
    readers: dict[str, Reader] = {}

    def read(data: Any, where: str) -> Any:
        if not readers:  # filled on first use: a field may be of the class being read
            readers.update({field.name: reader(hints[field.name]) for field in fields})
        if not isinstance(data, dict):
            raise CodecError(f"{where} must be an object")
        if not names.issuperset(data):
            unknown = sorted(str(key) for key in set(data) - names)
            raise CodecError(f"{where} has an unknown field {unknown[0]!r}")
        if not required.issubset(data):
            missing = sorted(required - set(data))
            raise CodecError(f"{where} has no {missing[0]!r}")
        values = {name: readers[name](value, f"{where}.{name}") for name, value in data.items()}
        try:
            return kind(**values)
        except (ScopaError, TypeError, ValueError) as error:
            raise CodecError(f"{where}: {error}") from None

    return read


_CARDS = {str(card): card for card in DECK}


@functools.lru_cache(maxsize=65536)
def _move(text: str) -> Move:
    return Move.parse(text)


def _frozen(data: dict[str, Any]) -> tuple[tuple[str, type, Any], ...]:
    """A rules table as a hashable key (its values are plain: numbers, text, None), each
    value with its type: ``0`` and ``False``, ``11.0`` and ``11`` are equal and hash alike,
    and must not find each other's rules (one of them is refused)."""
    items = tuple(
        sorted(((key, type(value), value) for key, value in data.items()), key=lambda i: str(i[0]))
    )
    hash(items)
    return items


@functools.lru_cache(maxsize=256)
def _rules(items: tuple[tuple[str, type, Any], ...]) -> Rules:
    return Rules.from_dict({key: value for key, _, value in items})


@functools.cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(field for field in dataclasses.fields(kind) if field.init)
