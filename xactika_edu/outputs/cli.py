"""The ``xactika-edu`` command.

    xactika-edu class-pack --out DIR [--force] [--students N] [--seed S] [--paper letter|a4]
                           [--lang en|es]
    xactika-edu worksheet --kind KIND --students N --seed S --out DIR [--cards N]
                          [--level support|core|extension] [--lang en|es] [--roster FILE]
    xactika-edu app [--port N] [--no-browser] [--ip ADDRESS] [--class NAME [--data DIR]]
                    [--lang en|es]

The app runs until Ctrl-C, its normal end (exit status 0).

Bad input gets a one-line error naming the value and exit status 2; nothing is
written unless the whole job succeeds (a full drive or Ctrl-C leaves the --out folder
as it was, and the message says so). --force replaces only the earlier output of the
same command, and only while it holds exactly what was written; anything else is
refused with the reason. Ctrl-C stops cleanly (exit status 130).

The classes of the class server (:mod:`xactika_edu.outputs.classcommands`)::

    xactika-edu class create --class NAME [--data DIR]
    xactika-edu class list [--data DIR]
    xactika-edu class export --class NAME --what draws|scores --out FILE.csv [--force]
                             [--data DIR]
    xactika-edu class reset --class NAME [--yes] [--data DIR]
    xactika-edu class new-link --class NAME [--data DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from ..base.errors import XactikaError
from ..base.files import InterruptedAfterWriting
from ..base.language import LANGUAGES
from ..base.version import __version__

__all__ = ["main"]

_STOPPED = "xactika-edu: stopped; nothing was written"
_STOPPED_AFTER = "xactika-edu: stopped, but only after {folder!r} was written in full"
_TRACEBACK_HELP = "show the full traceback of an unexpected error"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, without the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {low} to {high}, got {text!r}"
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, got {value}")
        return value

    return parse


def _parser() -> argparse.ArgumentParser:
    from .worksheets import KINDS
    from .worksheets.levels import CORE, LEVELS

    parser = _Parser(
        prog="xactika-edu",
        description="Xactika classroom toolkit: lessons, worksheets and answer keys.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")

    def debug(sub: argparse.ArgumentParser, help: str = _TRACEBACK_HELP) -> None:
        sub.add_argument("--debug", action="store_true", help=help)

    commands = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=_Parser
    )

    def common(sub: argparse.ArgumentParser, out_default: str = "") -> None:
        sub.add_argument(
            "--out",
            required=not out_default,
            type=Path,
            help="folder to write: a new or empty one"
            + (f" (default {out_default})" if out_default else ""),
        )
        sub.add_argument(
            "--force",
            action="store_true",
            help="replace the earlier output of this same command in --out; never anything "
            "else, nor a file changed since",
        )
        sub.add_argument(
            "--students",
            type=_whole(1, 200),
            default=30,
            help="how many different worksheets, each with its answer key (default 30)",
        )
        sub.add_argument(
            "--seed",
            type=_whole(0, 2**31 - 1),
            default=1,
            help="seed of student 1; student k uses seed + k - 1 (default 1)",
        )
        sub.add_argument(
            "--paper",
            type=str.lower,
            choices=("letter", "a4"),
            default="letter",
            help="page size: letter (default) or a4",
        )

    pack = commands.add_parser(
        "class-pack",
        help="run and render every lesson, write every worksheet and key as PDF, and an index.html",
        description="Run and render every lesson, export all worksheets and answer keys, "
        "and write an index.html linking them all.",
    )
    debug(pack)
    common(pack)
    pack.add_argument(
        "--lang",
        type=str.lower,
        choices=LANGUAGES,
        help="make the pack in this language only (default: every language, English in "
        "--out and Spanish in --out/es, with a language switch on each index.html)",
    )

    sheet = commands.add_parser(
        "worksheet",
        help="write one kind of worksheet and its answer keys as PDF files",
        description="Export one kind of worksheet, one per student, each with an answer key.",
    )
    debug(sheet)
    sheet.add_argument(
        "--kind", choices=KINDS, default=KINDS[0], help=f"worksheet kind (default {KINDS[0]})"
    )
    sheet.add_argument(
        "--cards",
        type=_whole(1, 100),
        default=None,
        help="cards (or draws) per worksheet, for the kinds that draw cards: bar-graph 4-40 "
        "(default 16), pie-chart 8-40 dividing 360 (default 20), bell-curve 18-30 "
        "(default 27), simulation 20-50 draws in tens (default 40); each level has its own "
        "default",
    )
    sheet.add_argument(
        "--level",
        type=str.lower,
        choices=LEVELS,
        default=CORE,
        help="support (scaffolded: fewer cards, worked examples, sentence frames), core "
        "(the default) or extension (more cards, one more question); the keys match",
    )
    sheet.add_argument(
        "--lang",
        type=str.lower,
        choices=("en", "es"),
        default=None,
        help="the sheets' language: en (English) or es (Spanish); default: "
        "XACTIKA_EDU_LANG, else en",
    )
    sheet.add_argument(
        "--roster",
        type=Path,
        default=None,
        metavar="FILE",
        help="a UTF-8 text file with one student name a line: one worksheet per name, the "
        "name printed on the sheet and its key (sets the number of students)",
    )
    common(sheet, out_default="KIND-worksheets, or KIND-LEVEL-worksheets for another level")
    # None: not given (30, or the roster's number of names)
    sheet.set_defaults(students=None)

    _class_parser(commands, debug)

    app = commands.add_parser(
        "app",
        help="serve the student app (hand explorer, play table, deck explorer) with Solara",
        description="Serve the no-code student app with Solara, one Python process for the "
        "whole class: the hand explorer, the play table and the deck explorer, without any "
        "code. It listens on 127.0.0.1 (this computer only) unless --ip is given, and "
        "serves only the addresses it prints. Ctrl-C stops it.",
    )
    debug(app, help=f"{_TRACEBACK_HELP}, and all of the server's log")
    app.add_argument(
        "--port", type=_whole(1, 65535), default=8866, help="port to listen on (default 8866)"
    )
    app.add_argument(
        "--no-browser", action="store_true", help="do not open a browser on this computer"
    )
    app.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, this computer only); 0.0.0.0 lets "
        "anyone on the network open the app",
    )
    app.add_argument(
        "--class",
        dest="class_name",
        default=None,
        metavar="NAME",
        help='serve a class ("Period 3", made if new): prints the class code for the '
        "students and a new teacher link (the old one stops working)",
    )
    app.add_argument(
        "--data",
        type=Path,
        default=None,
        help="the data folder holding the classes (default: the user's data folder)",
    )

    app.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="the language of the app's pages and of these lines (default: English, or "
        "XACTIKA_EDU_LANG); a link's ?lang=es, or the switch on the page, changes one page",
    )
    app.add_argument("--unix-socket", help="listen on this socket file (JupyterHub's proxy)")
    app.add_argument("--root-path", help="the pages' path prefix behind a proxy")
    return parser


def _class_parser(
    commands: argparse._SubParsersAction[_Parser],
    debug: Callable[[argparse.ArgumentParser], None],
) -> None:
    """The ``class`` command: the class store's classes, made, listed, exported, reset."""
    group = commands.add_parser(
        "class",
        help="make, list, export or reset the classes of the class server",
        description="The classes of the class server: their students' draws and finished "
        "hands, kept in a data folder (--data DIR; by default the user's data folder).",
    )
    actions = group.add_subparsers(
        dest="class_command", required=True, metavar="ACTION", parser_class=_Parser
    )

    def action(name: str, help: str, *, named: bool = True) -> argparse.ArgumentParser:
        sub = actions.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
        debug(sub)
        sub.add_argument(
            "--data",
            type=Path,
            default=None,
            help="the data folder holding the classes (default: the user's data folder)",
        )
        if named:
            sub.add_argument(
                "--class", dest="name", required=True, help='the class\'s name ("Period 3") or code'
            )
        return sub

    action("create", "make a class: prints its code for students and the teacher token")
    action("list", "list the classes with their codes and counts", named=False)
    export = action("export", "write a class's draws or finished hands as a CSV file")
    export.add_argument(
        "--what",
        required=True,
        choices=("draws", "scores"),
        help="draws (student, activity, card: load_class_results reads it) or scores "
        "(the score sheet: load_scores reads it)",
    )
    export.add_argument("--out", required=True, type=Path, help="the CSV file to write")
    export.add_argument(
        "--force", action="store_true", help="replace --out if it exists (else it is refused)"
    )
    reset = action("reset", "delete a class's draws and finished hands (it asks first)")
    reset.add_argument("--yes", action="store_true", help="do not ask (for scripts)")
    action("new-link", "give a class a new teacher token; the old one stops working")


def _say(line: str) -> None:
    print(line, flush=True)


def _class(args: argparse.Namespace) -> int:
    """Run ``xactika-edu class ACTION`` (:mod:`xactika_edu.outputs.classcommands`)."""
    from .classcommands import run_class_command

    return run_class_command(
        args.class_command,
        data=args.data,
        name=getattr(args, "name", None),
        what=getattr(args, "what", None),
        out=getattr(args, "out", None),
        force=getattr(args, "force", False),
        yes=getattr(args, "yes", False),
        say=_say,
    )


def _worksheet(args: argparse.Namespace) -> None:
    from ..base.language import language, use_language

    with use_language(args.lang or language()):
        _export_worksheets(args)


def _export_worksheets(args: argparse.Namespace) -> None:
    """``xactika-edu worksheet``, in the language already chosen: check every option,
    read the roster, then export (every message in that language)."""
    from ..base.files import atomic_directory
    from ..base.language import gettext as _
    from ..base.language import language, ngettext
    from .worksheets import (
        check_export_options,
        export_worksheets,
        read_roster,
        repeated_names,
    )
    from .worksheets.levels import CORE

    names = None if args.roster is None else read_roster(args.roster)
    students = args.students
    if names is not None and students is not None and students != len(names):
        raise XactikaError(
            _("--students {students} does not match the {count} names of {path!r}").format(
                students=students, count=len(names), path=str(args.roster)
            )
        )
    if students is None:
        students = 30 if names is None else len(names)
    # A core sheet is the export's default; another level is passed on.
    level = {} if args.level == CORE else {"level": args.level}
    # Every option is checked before anything is said or written.
    check_export_options(
        kind=args.kind,
        students=students,
        seed=args.seed,
        cards=args.cards,
        paper=args.paper,
        names=names,
        **level,
    )
    for name, sheets in (repeated_names(names) if names else {}).items():
        _say(
            _("Note: {name!r} is on the roster {count} times: sheets {sheets}.").format(
                name=name, count=len(sheets), sheets=", ".join(map(str, sheets))
            )
        )
    # what --force may replace: this kind at this level only
    command = f"worksheet --kind {args.kind}" + (f" --level {args.level}" if level else "")
    if args.out is None:  # a folder named for what it holds, beside the teacher's files
        args.out = Path(
            f"{args.kind}-{args.level}-worksheets" if level else f"{args.kind}-worksheets"
        )
    with atomic_directory(args.out, force=args.force, command=command) as staging:
        what = ngettext(
            "Exporting {count} {which} worksheet and answer key ...",
            "Exporting {count} {which} worksheets and answer keys ...",
            students,
        )
        which = f"{args.kind} {args.level}" if level else args.kind
        _say(what.format(count=students, which=which))
        paths = export_worksheets(
            staging,
            kind=args.kind,
            students=students,
            seed=args.seed,
            cards=args.cards,
            paper=args.paper,
            progress=lambda line: _say(f"  {line}"),
            language=language(),
            names=names,
            **level,
        )
    _say(
        _("Wrote {count} PDF files to {folder}").format(
            count=len(paths), folder=args.out / paths[0].parent.name
        )
    )


def _class_pack(args: argparse.Namespace) -> None:
    from .classpack import build_class_pack

    started = time.perf_counter()
    index = build_class_pack(
        args.out,
        force=args.force,
        students=args.students,
        seed=args.seed,
        paper=args.paper,
        progress=_say,
        languages=LANGUAGES if args.lang is None else (args.lang,),
    )
    _say(f"Class pack ready in {time.perf_counter() - started:.0f} s: open {index}")


def _app(args: argparse.Namespace) -> int:
    from ..ui.app import serve
    from ..ui.app.hubproxy import behind_proxy, take_teacher_token

    behind = behind_proxy(args.unix_socket, args.root_path)
    # Behind JupyterHub's proxy the teacher's Jupyter server hands the app the teacher
    # token in its environment (never on the command line); elsewhere a new one is made.
    token = take_teacher_token() if behind is not None and args.class_name else None
    return serve(
        port=args.port,
        ip=args.ip,
        open_browser=not args.no_browser,
        say=_say,
        verbose=args.debug,
        class_name=args.class_name,
        data=args.data,
        behind=behind,
        teacher_token=token,
        lang=args.lang,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status: 0 done, 1 unexpected error,
    2 bad input, 130 stopped with Ctrl-C."""
    interrupted = threading.Event()

    def on_interrupt(signum: int, frame: object) -> None:
        if interrupted.is_set():
            return  # already stopping: a second Ctrl-C must not break the clean-up
        interrupted.set()
        raise KeyboardInterrupt

    in_main_thread = threading.current_thread() is threading.main_thread()
    # Ctrl-C, and a closed terminal or a `kill`, all stop the job the same clean way.
    stops = [signal.SIGINT, signal.SIGTERM]
    if hasattr(signal, "SIGHUP"):  # not on Windows
        stops.append(signal.SIGHUP)
    previous = {sig: signal.signal(sig, on_interrupt) for sig in stops} if in_main_thread else {}

    def restore() -> None:
        # Run as the command (argv from the command line) and stopped: the process is
        # about to exit, so later signals are ignored; a second Ctrl-C, or the kernel
        # manager signalling its process group while it shuts the kernel down, must not
        # turn a clean stop into a traceback. Called from Python, handlers come back.
        ignore = argv is None and interrupted.is_set()
        for sig, handler in previous.items():
            signal.signal(sig, signal.SIG_IGN if ignore else handler)

    try:
        args = _parser().parse_args(argv)
    except KeyboardInterrupt:
        interrupted.set()
        restore()
        print(_STOPPED, file=sys.stderr)
        return 130
    except BaseException:
        restore()
        raise
    try:
        if args.command == "app":
            return _app(args)
        if args.command == "class":
            return _class(args)
        if args.command == "class-pack":
            _class_pack(args)
        else:
            _worksheet(args)
    except InterruptedAfterWriting as stop:
        # The stop was held back while the finished output was put in place.
        interrupted.set()
        print(_STOPPED_AFTER.format(folder=str(stop.folder)), file=sys.stderr)
        return 130
    except (KeyboardInterrupt, asyncio.CancelledError):
        # Stopping (the lesson runner may have raised this itself): from now on further
        # signals are ignored, e.g. the kernel manager signalling its process group.
        interrupted.set()
        print(_STOPPED, file=sys.stderr)
        return 130
    except Exception as error:
        # A Ctrl-C while a lesson runs can surface as the kernel dying or as an error
        # inside the notebook client: it is still a stop, not a failure.
        if interrupted.is_set():
            print(_STOPPED, file=sys.stderr)
            return 130
        if isinstance(error, (XactikaError, OSError)):
            print(f"xactika-edu: error: {error}", file=sys.stderr)
            return 2
        if args.debug:
            raise
        print(
            f"xactika-edu: unexpected error: {type(error).__name__}: {error}\n"
            "Nothing was written. Run again with --debug for details, and please report it.",
            file=sys.stderr,
        )
        return 1
    finally:
        restore()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
