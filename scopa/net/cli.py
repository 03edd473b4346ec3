"""``scopa serve`` and ``scopa bot``: the server and the headless player from a terminal."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from pathlib import Path

from scopa.engine import PRESETS, Rules
from scopa.settings import LEVELS

from .protocol import Limits

COMMANDS = ("serve", "bot")
DEFAULT_PORT = 8765
EXIT_USAGE = 2


def default_store() -> str:
    from scopa.storage import default_folders

    return str(Path(default_folders()[1]) / "server.sqlite3")


def _limit(text: str) -> tuple[str, float]:
    name, sep, value = text.partition("=")
    known = {field.name: field.type for field in dataclasses.fields(Limits)}
    if not sep or name not in known:
        raise argparse.ArgumentTypeError(
            f"expected NAME=VALUE with NAME one of {', '.join(known)}, not {text!r}"
        )
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name} must be a number, not {value!r}") from None
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{name} must be above 0")
    return name, number


def serve_parser(prog: str = "scopa") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{prog} serve",
        description="Hold Scopa tables for players over the network (prints its address first).",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (0.0.0.0: all; default: %(default)s)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help="port (0: any free one; default: %(default)s)",
    )
    parser.add_argument(
        "--store",
        default=None,
        help="where tables are kept: a SQLite file (default: server.sqlite3 in the game's "
        "data folder) or redis://host:port/db to share tables between servers",
    )
    parser.add_argument("--cert", help="TLS certificate (PEM): serve wss:// instead of ws://")
    parser.add_argument("--key", help="the certificate's private key, if not in --cert")
    parser.add_argument(
        "--workers", type=int, default=None, help="processes for computer players (0: a thread)"
    )
    parser.add_argument(
        "--limit",
        type=_limit,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a limit, e.g. tables_per_address=20 (see scopa.net.protocol.Limits)",
    )
    parser.add_argument("--quiet", action="store_true", help="log only problems")
    return parser


def bot_parser(prog: str = "scopa") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{prog} bot",
        description="Play one seat of a table to the end of the match, then print the result.",
    )
    parser.add_argument("address", help="ws://host:port/CODE to join, or ws://host:port with --new")
    parser.add_argument("--level", choices=LEVELS, default="expert", help="how well it plays")
    parser.add_argument("--name", default="Bot", help="the name the others see")
    parser.add_argument(
        "--new", type=int, metavar="N", help="open a table of N seats, print its address, sit in 1"
    )
    parser.add_argument("--rules", choices=sorted(PRESETS), help="rules preset for --new")
    parser.add_argument(
        "--computers",
        type=int,
        default=0,
        metavar="K",
        help="with --new: the last K seats are computers played by the server",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the bot's own decisions")
    parser.add_argument(
        "--think", type=float, default=0.0, metavar="SECONDS", help="wait before each play"
    )
    parser.add_argument(
        "--ticket",
        type=Path,
        metavar="FILE",
        help="keep the seat's ticket in FILE; started again with it, the bot takes its seat back",
    )
    parser.add_argument(
        "--frames", type=Path, metavar="FILE", help="write every frame received to FILE"
    )
    return parser


def serve(argv: list[str], prog: str = "scopa") -> int:
    args = serve_parser(prog).parse_args(argv)
    from .server import run, tls_context
    from .store import StoreError, open_store

    logging.basicConfig(
        level=logging.WARNING if args.quiet else logging.INFO,
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection
    limits = Limits()
    changes = {}
    for name, value in args.limit:
        kind = type(getattr(limits, name))
        changes[name] = kind(value)
    limits = dataclasses.replace(limits, **changes)
    try:
        context = tls_context(args.cert, args.key) if args.cert else None
    except (OSError, ValueError) as error:
        print(f"scopa serve: cannot use the certificate: {error}", file=sys.stderr)
        return EXIT_USAGE
    store = open_store(args.store or default_store())

    def announce(line: str) -> None:
        print(line, flush=True)

    async def main() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        if task is not None:
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(signal.SIGTERM, task.cancel)
        await run(store, args.host, args.port, limits=limits, workers=args.workers,
                  ssl_context=context, announce=announce)  # fmt: skip

    try:
        asyncio.run(main())
    except (KeyboardInterrupt, asyncio.CancelledError):
        return 0
    except StoreError as error:
        print(f"scopa serve: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"scopa serve: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    return 0


def bot(argv: list[str], prog: str = "scopa") -> int:
    args = bot_parser(prog).parse_args(argv)
    from .bot import main_sync

    if args.new is None and (args.rules or args.computers):
        print("scopa bot: --rules and --computers go with --new", file=sys.stderr)
        return EXIT_USAGE
    rules = Rules.preset(args.rules) if args.rules else None
    return main_sync(
        address=args.address,
        level=args.level,
        name=args.name,
        new=args.new,
        rules=rules,
        computers=args.computers,
        seed=args.seed,
        think=max(0.0, args.think),
        ticket_file=args.ticket,
        frames_file=args.frames,
    )


def usage(prog: str) -> str:
    """What the two commands are, and how each tells its options."""
    return (
        f"usage: {prog} serve [options]   holds tables for players on other computers\n"
        f"       {prog} bot ADDRESS [options]   a computer player that sits at a table\n"
        f"{prog} serve --help and {prog} bot --help list their options."
    )


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    """``scopa serve ...`` or ``scopa bot ...`` (the first word picks the command); also
    installed as ``scopa-server``, a console command (``scopa`` is a windowed one)."""
    if prog is None:
        prog = Path(sys.argv[0]).stem if argv is None else "scopa"
        prog = prog if prog.startswith("scopa-server") else "scopa"
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] in (["-h"], ["--help"]):
        print(usage(prog))
        return 0
    if not argv or argv[0] not in COMMANDS:
        if argv:
            print(f"{prog}: no command {argv[0]!r}", file=sys.stderr)
        print(usage(prog), file=sys.stderr)
        return EXIT_USAGE
    return serve(argv[1:], prog) if argv[0] == "serve" else bot(argv[1:], prog)
