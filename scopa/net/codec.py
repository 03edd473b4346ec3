"""Engine values as JSON, worked out from the dataclasses' own fields.

Nothing here names an event or an observation field: ``encode`` walks any dataclass, and
``decode`` rebuilds one from its type hints. A new event (added to ``scopa.engine.Event``) or
a new observation field therefore travels without a protocol change. Cards are written
``"7D"``, moves in their notation (``"7Dx3C+4S"``), rules as ``Rules.to_dict()``.

``decode`` is strict: a missing or unknown field, a wrong type or an unreadable card raises
``CodecError`` naming where, so a bad frame is refused whole and never half-read.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from scopa.engine import Card, Event, Move, Observation, Rules, ScopaError

PRIVATE_FIELDS = frozenset({"hands"})
"""Event fields holding one entry per seat that only that seat may see (the hands dealt).
Every other event field is public: cards are played, captured and scored face up."""


class CodecError(ValueError):
    """A value that cannot be read as the engine value it claims to be."""


def encode(value: Any) -> Any:
    """``value`` as plain JSON data (dicts, lists, strings, numbers, booleans, None)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Move):
        return value.text()
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {str(key): encode(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {field.name: encode(getattr(value, field.name)) for field in _fields(type(value))}
    raise TypeError(f"cannot send a {type(value).__name__}")


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


# --- decoding ---------------------------------------------------------------------------------


def decode(kind: Any, data: Any, where: str = "value") -> Any:
    """``data`` (plain JSON) read as a value of type ``kind``; ``CodecError`` says why not."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if kind is type(None) or kind is None:
        if data is not None:
            raise CodecError(f"{where} must be null")
        return None
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(kind):
            try:
                return decode(option, data, where)
            except CodecError:
                continue
        raise CodecError(f"{where} has an unexpected value")
    if origin is typing.Literal:
        if data not in typing.get_args(kind) or isinstance(data, bool):
            raise CodecError(f"{where} must be one of {typing.get_args(kind)}")
        return data
    if kind is bool:
        if not isinstance(data, bool):
            raise CodecError(f"{where} must be true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise CodecError(f"{where} must be a whole number")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise CodecError(f"{where} must be text")
        return data
    if kind is Card:
        try:
            return Card.parse(data)
        except ScopaError as error:
            raise CodecError(f"{where}: {error}") from None
    if kind is Move:
        try:
            return Move.parse(data)
        except ScopaError as error:
            raise CodecError(f"{where}: {error}") from None
    if kind is Rules:
        try:
            return Rules.from_dict(data)
        except (ScopaError, TypeError) as error:
            raise CodecError(f"{where}: {error}") from None
    if origin is tuple:
        return _decode_tuple(kind, data, where)
    if origin is dict:
        key_kind, value_kind = typing.get_args(kind)
        if not isinstance(data, dict):
            raise CodecError(f"{where} must be an object")
        return {
            decode(key_kind, key, where): decode(value_kind, item, f"{where}.{key}")
            for key, item in data.items()
        }
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _decode_dataclass(kind, data, where)
    raise CodecError(f"{where}: cannot read a {kind!r}")


def _decode_tuple(kind: Any, data: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise CodecError(f"{where} must be a list")
    args = typing.get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(decode(args[0], item, f"{where}[{n}]") for n, item in enumerate(data))
    if len(args) != len(data):
        raise CodecError(f"{where} must have {len(args)} entries")
    return tuple(decode(arg, item, f"{where}[{n}]") for n, (arg, item) in enumerate(zip(args, data)))


def _decode_dataclass(kind: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise CodecError(f"{where} must be an object")
    hints = _hints(kind)
    fields = _fields(kind)
    names = {field.name for field in fields}
    unknown = sorted(set(data) - names)
    if unknown:
        raise CodecError(f"{where} has an unknown field {unknown[0]!r}")
    values = {}
    for field in fields:
        if field.name in data:
            values[field.name] = decode(hints[field.name], data[field.name], f"{where}.{field.name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise CodecError(f"{where} has no {field.name!r}")
    try:
        return kind(**values)
    except (ScopaError, TypeError, ValueError) as error:
        raise CodecError(f"{where}: {error}") from None


@functools.cache
def _fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(field for field in dataclasses.fields(kind) if field.init)


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)
