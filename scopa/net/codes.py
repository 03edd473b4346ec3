"""Join codes, seat tokens and table addresses.

A join code is 65 random bits written as 13 characters of Crockford's base32 (digits and
lower-case letters without i, l, o, u), so it can be read aloud or typed from a message;
reading forgives case, hyphens and spaces, and the look-alikes i/l (1) and o (0). A seat token
is 128 random bits; the store keeps only its SHA-256, so a copied database seats nobody.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
CODE_BITS = 65
CODE_LENGTH = 13  # 13 * 5 = 65 bits
TOKEN_BYTES = 16
TOKEN_LONGEST = 200
"""The longest token a seat is kept with (a server's own are 22 characters): a longer one,
or one that is not printable text, is no seat this game can take back."""
SEAT_MOST = 64
"""Seats are numbered below this: a number past it is no seat of a table."""
_LOOKALIKES = str.maketrans({"i": "1", "l": "1", "o": "0"})


class AddressError(ValueError):
    """An address or join code that cannot be read; the message says how to write it."""


def new_code() -> str:
    number = secrets.randbits(CODE_BITS)
    return "".join(ALPHABET[(number >> (5 * k)) & 31] for k in range(CODE_LENGTH))


def grouped(code: str) -> str:
    """A join code as it is read aloud or typed: capitals in groups of five."""
    upper = code.upper().replace("-", "")
    return "-".join(upper[i : i + 5] for i in range(0, len(upper), 5))


def normalize_code(text: str) -> str:
    """The code as the server keeps it, or ``AddressError``."""
    if not isinstance(text, str):
        raise AddressError("a join code is text")
    cleaned = text.strip().lower().replace("-", "").replace(" ", "").translate(_LOOKALIKES)
    if len(cleaned) != CODE_LENGTH or any(char not in ALPHABET for char in cleaned):
        raise AddressError(
            f"a join code is {CODE_LENGTH} letters and digits, like 'k3fzq8ta9mwex', "
            f"not {text[:40]!r}"
        )
    return cleaned


def is_code(text: object) -> bool:
    try:
        normalize_code(text)  # type: ignore[arg-type]
    except AddressError:
        return False
    return True


def is_token(text: object) -> bool:
    """``text`` is a token a seat can be kept with (``TOKEN_LONGEST``)."""
    return isinstance(text, str) and 0 < len(text) <= TOKEN_LONGEST and text.isprintable()


def is_seat(number: object) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and 0 <= number < SEAT_MOST


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)


@dataclass(frozen=True)
class Address:
    """``ws://host:port`` (``server``) and, for a table, its ``code``."""

    server: str
    code: str | None = None

    def __str__(self) -> str:
        return f"{self.server}/{self.code}" if self.code else self.server


def parse_address(text: str) -> Address:
    """Read ``ws://H:P``, ``wss://H:P/CODE`` or ``H:P/CODE`` (ws:// assumed)."""
    raw = text.strip()
    if "://" not in raw:
        raw = "ws://" + raw
    how = f"an address looks like ws://host:port/CODE, not {text[:80]!r}"
    try:
        # urllib refuses unmatched brackets, a bracketed host that is no IP address, a
        # host that Unicode normalisation would change: all of them with a ValueError
        parts = urlsplit(raw)
        hostname = parts.hostname
    except ValueError:
        raise AddressError(how) from None
    if parts.scheme not in ("ws", "wss") or not hostname or not _clean_host(parts.netloc):
        raise AddressError(how)
    try:
        port = parts.port
    except ValueError:
        raise AddressError(f"the port of {text[:80]!r} is not a number from 1 to 65535") from None
    host = f"[{hostname}]" if ":" in hostname else hostname
    server = f"{parts.scheme}://{host}" + (f":{port}" if port else "")
    path = parts.path.strip("/")
    return Address(server, normalize_code(path) if path else None)


def _clean_host(netloc: str) -> bool:
    """Nothing but a port follows a bracketed host ("[::1]]:80" and "[::1]x:80" are not
    read as [::1]:80), and the host holds no spaces or control characters."""
    host = netloc.rpartition("@")[2]
    if host.startswith("["):
        bracketed, _, rest = host[1:].partition("]")
        if "[" in bracketed or (rest and not rest.startswith(":")) or "]" in rest:
            return False
        host = bracketed
    return all(char.isprintable() and not char.isspace() for char in host)
