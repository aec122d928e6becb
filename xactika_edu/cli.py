"""The ``xactika-edu`` command.

    xactika-edu class-pack --out DIR [--force] [--students N] [--seed S] [--paper letter|a4]
    xactika-edu worksheet --kind bar-graph --students N --seed S --out DIR [--cards N]

Bad input gets a one-line error naming the value and exit status 2; nothing is
written unless the whole job succeeds, and no folder is overwritten without --force.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .errors import XactikaError

__all__ = ["main"]


def _whole(low: int, high: int, what: str):  # type: ignore[no-untyped-def]
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{what} must be a whole number from {low} to {high}, got {text!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{what} must be from {low} to {high}, got {value}")
        return value

    return parse


def _parser() -> argparse.ArgumentParser:
    from .worksheets import KINDS

    parser = argparse.ArgumentParser(
        prog="xactika-edu",
        description="Xactika classroom toolkit: lessons, worksheets and answer keys.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help="show the full traceback of an unexpected error"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--out", required=True, type=Path, help="folder to create")
        sub.add_argument(
            "--force", action="store_true", help="replace the --out folder if it is not empty"
        )
        sub.add_argument(
            "--students",
            type=_whole(1, 200, "--students"),
            default=30,
            help="how many different worksheets, each with its answer key (default 30)",
        )
        sub.add_argument(
            "--seed",
            type=_whole(0, 2**31 - 1, "--seed"),
            default=1,
            help="seed of student 1; student k uses seed + k - 1 (default 1)",
        )
        sub.add_argument("--paper", choices=("letter", "a4"), default="letter", help="page size")

    pack = commands.add_parser(
        "class-pack",
        help="run and render every lesson, print every worksheet and key, write index.html",
        description="Run and render every lesson, export all worksheets and answer keys, "
        "and write an index.html linking them all.",
    )
    common(pack)

    sheet = commands.add_parser(
        "worksheet",
        help="print worksheets and answer keys",
        description="Export one kind of worksheet, one per student, each with an answer key.",
    )
    sheet.add_argument("--kind", choices=KINDS, default=KINDS[0], help="worksheet kind")
    sheet.add_argument(
        "--cards",
        type=_whole(4, 40, "--cards"),
        default=16,
        help="cards per worksheet (default 16)",
    )
    common(sheet)
    return parser


def _worksheet(args: argparse.Namespace) -> None:
    from ._files import atomic_directory
    from .worksheets import export_worksheets

    print(f"Exporting {args.students} {args.kind} worksheets and answer keys ...", flush=True)
    with atomic_directory(args.out, force=args.force) as staging:
        paths = export_worksheets(
            staging,
            kind=args.kind,
            students=args.students,
            seed=args.seed,
            cards=args.cards,
            paper=args.paper,
        )
    print(f"Wrote {len(paths)} PDF files to {args.out / args.kind}")


def _class_pack(args: argparse.Namespace) -> None:
    from .classpack import build_class_pack

    started = time.perf_counter()
    index = build_class_pack(
        args.out,
        force=args.force,
        students=args.students,
        seed=args.seed,
        paper=args.paper,
        progress=lambda line: print(line, flush=True),
    )
    print(f"Class pack ready in {time.perf_counter() - started:.0f} s: open {index}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 unexpected, 2 bad input)."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "class-pack":
            _class_pack(args)
        else:
            _worksheet(args)
    except XactikaError as error:
        print(f"xactika-edu: error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"xactika-edu: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("xactika-edu: stopped; nothing was written", file=sys.stderr)
        return 130
    except Exception as error:
        if args.debug:
            raise
        print(
            f"xactika-edu: unexpected error: {type(error).__name__}: {error}\n"
            "Nothing was written. Run again with --debug for details, and please report it.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
