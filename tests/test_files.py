"""Safe output (xactika_edu.base.files): nothing a command writes loses or half-writes work.

The scenarios of issue 9: --force over another command's output (item 1), a full or
interrupted drive (15), staging left by ``kill -9`` (16), files edited after writing
(17).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import start_cli

from xactika_edu.base import files as _files
from xactika_edu.base.errors import XactikaError
from xactika_edu.base.files import MARKER, atomic_directory
from xactika_edu.outputs.cli import main
from xactika_edu.outputs.worksheets import export_worksheets, write_score_sheet


def _snapshot(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` with the SHA-256 of its bytes."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _fake_class_pack(out: Path) -> dict[str, str]:
    """A folder as `xactika-edu class-pack` leaves it (a few of its files)."""
    with atomic_directory(out, command="class-pack") as staging:
        (staging / "lessons").mkdir()
        (staging / "lessons" / "01_meet_the_deck.html").write_text("<html>lesson</html>")
        (staging / "worksheets" / "bar-graph").mkdir(parents=True)
        (staging / "worksheets" / "bar-graph" / "student-01.pdf").write_bytes(b"%PDF-1")
        (staging / "index.html").write_text("<html>index</html>")
    return _snapshot(out)


def _sheets(out: Path, *extra: str) -> int:
    return main(["worksheet", "--students", "1", "--out", str(out), *extra])


# --- item 1: --force replaces only what the same command writes ---------------------


def test_worksheet_force_never_replaces_a_class_pack(tmp_path, capsys):
    pack = tmp_path / "class-pack"
    before = _fake_class_pack(pack)
    assert _sheets(pack, "--kind", "bar-graph") == 2
    err = capsys.readouterr().err
    # The refusal names the reason and does not suggest a flag that would not help.
    assert "holds the output of 'xactika-edu class-pack'" in err
    assert "--force" not in err
    assert _sheets(pack, "--kind", "bar-graph", "--force") == 2
    err = capsys.readouterr().err
    assert "even --force will not replace folder" in err
    assert "'xactika-edu worksheet --kind bar-graph' does not write" in err
    assert _snapshot(pack) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class-pack"]


def test_a_folder_inside_earlier_output_is_named_as_part_of_it(tmp_path, capsys):
    # A teacher aims at a folder inside a class pack: the refusal says what it is part
    # of, not that xactika-edu did not make its files.
    pack = tmp_path / "class-pack"
    before = _fake_class_pack(pack)
    assert _sheets(pack / "worksheets", "--kind", "bar-graph", "--force") == 2
    err = capsys.readouterr().err
    assert "part of the output of 'xactika-edu class-pack'" in err
    assert "did not make" not in err
    assert _snapshot(pack) == before


def test_force_replaces_only_the_same_kind(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert _sheets(out, "--kind", "bar-graph") == 0
    before = _snapshot(out)
    # Another kind is another command's output: refused, with or without --force.
    assert _sheets(out, "--kind", "pie-chart", "--force") == 2
    assert "'xactika-edu worksheet --kind bar-graph'" in capsys.readouterr().err
    assert _snapshot(out) == before
    # The same kind: refused without --force (which is suggested), replaced with it.
    assert main(["worksheet", "--students", "2", "--out", str(out)]) == 2
    assert "or add --force to replace that output" in capsys.readouterr().err
    assert main(["worksheet", "--students", "2", "--out", str(out), "--force"]) == 0
    assert (out / "bar-graph" / "student-02.pdf").is_file()


def test_class_pack_force_never_replaces_worksheets(tmp_path):
    from xactika_edu.outputs import classpack

    out = tmp_path / "sheets"
    assert _sheets(out) == 0
    before = _snapshot(out)
    with pytest.raises(XactikaError, match="'xactika-edu worksheet --kind bar-graph'"):
        classpack.build_class_pack(out, force=True, students=1, progress=None)
    assert _snapshot(out) == before


# --- item 17: the marker records contents; edits and added folders stop --force ------


def test_force_refuses_a_file_changed_after_writing(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert _sheets(out) == 0
    marker = json.loads((out / MARKER).read_text())
    edited = out / "bar-graph" / "student-01-key.pdf"
    assert (
        marker["files"]["bar-graph/student-01-key.pdf"]
        == hashlib.sha256(edited.read_bytes()).hexdigest()
    )
    edited.write_bytes(edited.read_bytes() + b"% the teacher's note\n")
    before = _snapshot(out)
    assert _sheets(out, "--force") == 2
    err = capsys.readouterr().err
    assert "'bar-graph/student-01-key.pdf' was changed after xactika-edu wrote it" in err
    assert _snapshot(out) == before
    # Without --force the message does not offer --force either.
    assert _sheets(out) == 2
    assert "--force" not in capsys.readouterr().err


def test_force_refuses_a_folder_the_teacher_made(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert _sheets(out) == 0
    (out / "bar-graph" / "marked").mkdir()
    assert _sheets(out, "--force") == 2
    assert "holds the folder 'bar-graph/marked'" in capsys.readouterr().err
    assert (out / "bar-graph" / "marked").is_dir()
    # A file it wrote and the teacher deleted is no work lost: --force replaces the rest.
    (out / "bar-graph" / "marked").rmdir()
    (out / "bar-graph" / "student-01.pdf").unlink()
    assert _sheets(out, "--force") == 0
    assert (out / "bar-graph" / "student-01.pdf").is_file()


def test_an_old_marker_without_hashes_is_not_trusted(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert _sheets(out) == 0
    marker = json.loads((out / MARKER).read_text())
    old = {"made by": "xactika-edu", "command": "worksheet", "files": sorted(marker["files"])}
    (out / MARKER).write_text(json.dumps(old))
    before = _snapshot(out)
    assert _sheets(out, "--force") == 2
    assert "older xactika-edu that did not record what each file held" in (capsys.readouterr().err)
    assert _snapshot(out) == before


# --- item 15: a full drive or an interruption leaves all or nothing -----------------


def test_export_worksheets_on_a_full_drive_writes_nothing(tmp_path, monkeypatch):
    from xactika_edu.outputs import worksheets

    made = worksheets._page_maker
    calls = []

    def filling_up(*args, **kwargs):
        make = made(*args, **kwargs)

        def make_or_fail():
            calls.append(1)
            if len(calls) == 5:
                raise OSError(errno.ENOSPC, "No space left on device")
            return make()

        return make_or_fail

    monkeypatch.setattr(worksheets, "_page_maker", filling_up)
    with pytest.raises(XactikaError, match="No space left on device; nothing was written"):
        export_worksheets(tmp_path, students=3)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.undo()
    assert len(export_worksheets(tmp_path, students=3)) == 8  # a retry works


def test_ctrl_c_while_putting_in_place_is_all_or_nothing(tmp_path, monkeypatch, capsys):
    # Ctrl-C lands during the renames into an existing (empty) folder. Either the
    # output is complete and the message says so, or nothing is there and it says that.
    out = tmp_path / "stick"
    out.mkdir()
    rename = os.rename
    seen = []

    def interrupted_rename(src, dst):
        result = rename(src, dst)
        seen.append(dst)
        if Path(dst).parent == out and len([d for d in seen if Path(d).parent == out]) == 1:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
        return result

    monkeypatch.setattr(os, "rename", interrupted_rename)
    status = main(["worksheet", "--students", "2", "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 130
    entries = sorted(p.name for p in out.iterdir())
    if "nothing was written" in err:
        assert entries == []
    else:
        assert "written in full" in err
        assert entries == [MARKER, "bar-graph"]
        assert len(list((out / "bar-graph").iterdir())) == 6


def test_interrupt_during_swap_is_held_back(tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    rename = os.rename

    def interrupted_rename(src, dst):
        rename(src, dst)
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)

    with (
        pytest.raises(_files.InterruptedAfterWriting),
        atomic_directory(out, command="test") as staging,
    ):
        for name in "abc":
            (staging / name).write_text(name)
        monkeypatch.setattr(os, "rename", interrupted_rename)
    monkeypatch.undo()
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "a", "b", "c"]


def test_a_failed_swap_is_undone(tmp_path, monkeypatch):
    out = tmp_path / "out"
    with atomic_directory(out, command="test") as staging:
        (staging / "one.txt").write_text("first")
    before = _snapshot(out)
    rename = os.rename
    calls = []

    def failing_rename(src, dst):
        calls.append(dst)
        if len(calls) == 3:  # the old output is aside, the new one half in
            raise OSError(errno.EIO, "Input/output error")
        return rename(src, dst)

    with (
        pytest.raises(XactikaError, match="Input/output error; nothing was written"),
        atomic_directory(out, force=True, command="test") as staging,
    ):
        (staging / "one.txt").write_text("second")
        (staging / "two.txt").write_text("second")
        monkeypatch.setattr(os, "rename", failing_rename)
    monkeypatch.undo()
    assert _snapshot(out) == before
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "one.txt"]


@pytest.fixture
def small_drive(tmp_path):
    """Mount a tmpfs of a given size (a nearly full USB stick); root only."""
    mounted: list[Path] = []

    def mount(name: str, size: str) -> Path:
        if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("mount") is None:
            pytest.skip("needs root to mount a small tmpfs")
        path = tmp_path / name
        path.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
            capture_output=True,
        )
        if done.returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        mounted.append(path)
        return path

    yield mount
    for path in mounted:
        subprocess.run(["umount", str(path)], check=False)


def test_write_score_sheet_on_a_full_drive_leaves_no_partial_file(small_drive):
    drive = small_drive("drive", "4k")  # one page
    (drive / "filler.txt").write_bytes(b"x" * 2048)
    with pytest.raises(XactikaError, match="No space left on device; nothing was written"):
        write_score_sheet(drive / "score-sheet.pdf")
    assert sorted(p.name for p in drive.iterdir()) == ["filler.txt"]


def test_export_worksheets_to_a_small_drive_is_all_or_nothing(small_drive):
    # worksheets embed their font (DejaVu Sans): 2 students' sheets take about 290 KB and
    # 12 students' about 1.4 MB
    drive = small_drive("drive", "512k")
    with pytest.raises(XactikaError, match="No space left on device; nothing was written"):
        export_worksheets(drive, students=12)
    assert list(drive.iterdir()) == []  # no truncated PDF, no staging
    assert len(export_worksheets(drive, students=2)) == 6  # a retry works


def test_a_small_drive_fills_up_atomically(tmp_path, small_drive, capsys):
    # A 1 MB drive (a tmpfs standing in for a nearly full USB stick) mounted as --out.
    # The command runs in this process (the console script's own boundary is tested in
    # test_cli.py): its exit status and what it prints on stderr.
    stick = small_drive("stick", "1024k")

    def run(*args: str) -> tuple[int, str]:
        status = main(["worksheet", "--out", str(stick), *args])
        return status, capsys.readouterr().err

    status, err = run("--students", "12")
    assert status == 2, err
    lines = err.strip().splitlines()
    assert lines == [
        f"xactika-edu: error: cannot write folder {str(stick)!r}: No space left on "
        "device; nothing was written"
    ]
    assert list(stick.iterdir()) == []  # nothing, not even a marker
    assert list(tmp_path.iterdir()) == [stick]
    # A retry that fits works, and so does --force (no "Device or resource busy").
    assert run("--students", "2")[0] == 0
    first = _snapshot(stick)
    status, err = run("--students", "3", "--force")
    assert status == 0, err
    assert (stick / "bar-graph" / "student-03.pdf").is_file()
    # Too big to fit beside the earlier output: refused, the earlier output kept.
    third = _snapshot(stick)
    status, err = run("--students", "12", "--force")
    assert status == 2 and "nothing was written" in err
    assert _snapshot(stick) == third != first
    assert sorted(p.name for p in stick.iterdir()) == [MARKER, "bar-graph"]


# --- item 16: staging left by kill -9 is removed by the next run, and only that -----


def test_staging_left_by_kill_9_is_removed_next_time(tmp_path):
    out = tmp_path / "sheets"
    process = start_cli("worksheet", "--students", 60, "--out", out)
    assert "Exporting" in process.stdout.readline()
    time.sleep(0.5)
    process.kill()
    process.communicate(timeout=30)
    left = [p.name for p in tmp_path.iterdir()]
    assert len(left) == 1 and left[0].endswith(".partial"), left
    # Another program's hidden folder of a similar name, and a live run's staging,
    # are not touched.
    other = tmp_path / ".notes.abc.partial"
    other.mkdir()
    (other / "owner.json").write_text('{"made by": "someone else"}')
    with atomic_directory(tmp_path / "live", command="test") as staging:
        (staging / "x.txt").write_text("x")
        assert _sheets(out) == 0  # removes the killed run's staging
        assert staging.parent.is_dir()
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [".notes.abc.partial", staging.parent.name, "sheets"]
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == [".notes.abc.partial", "live", "sheets"]


def test_stale_staging_inside_an_empty_output_folder_does_not_block(tmp_path):
    out = tmp_path / "stick"
    out.mkdir()
    stale = out / ".xactika-edu.dead.partial"
    stale.mkdir()
    # A process id that has ended: a child that has been waited for.
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    owner = {
        "made by": "xactika-edu",
        "pid": int(child.stdout),
        "host": socket.gethostname(),
        "time": time.time(),
        "started": None,
    }
    (stale / "owner.json").write_text(json.dumps(owner))
    (stale / "new").mkdir()
    (stale / "new" / "half.pdf").write_bytes(b"%PDF")
    assert _sheets(out) == 0
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "bar-graph"]


_KILLED_MID_SWAP = """
import os, signal, sys
from xactika_edu.outputs.cli import main
rename, count = os.rename, []

def rename_then_die(src, dst):
    rename(src, dst)
    count.append(dst)
    if len(count) == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)

os.rename = rename_then_die
main(["worksheet", "--students", "2", "--out", sys.argv[1], "--force"])
"""


@pytest.mark.parametrize("renames", [2, 3, 4])
def test_kill_9_in_the_middle_of_a_replace_is_undone_next_time(tmp_path, renames):
    # --force over earlier output: the new kind folder is renamed into the staging
    # folder (1), the old marker and folder go aside (2, 3), the new folder and
    # marker come in (4, 5). Killed after any of these, the next run puts the
    # earlier output back, whole.
    out = tmp_path / "sheets"
    assert _sheets(out) == 0
    before = _snapshot(out)
    killed = subprocess.run(
        [sys.executable, "-c", _KILLED_MID_SWAP, str(out), str(renames)], capture_output=True
    )
    assert killed.returncode == -signal.SIGKILL
    assert _snapshot(out) != before  # half done
    # The next run's check puts the earlier output back, marker and all ...
    _files.check_output_directory(out, force=True, command="worksheet --kind bar-graph")
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "bar-graph"]
    assert _snapshot(out) == before
    # ... so --force works again.
    assert main(["worksheet", "--students", "2", "--out", str(out), "--force"]) == 0
    assert (out / "bar-graph" / "student-02.pdf").is_file()


# --- item 8: the command line's words -------------------------------------------------


@pytest.mark.parametrize("command", ["worksheet", "class-pack", "app"])
def test_debug_help_describes_only_this_command(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--debug show the full traceback of an unexpected error" in text
    assert ("all of the server's log" in text) == (command == "app")
    assert "(app:" not in text


def test_options_are_checked_before_anything_is_said(tmp_path, capsys):
    assert main(["worksheet", "--kind", "pie-chart", "--cards", "7", "--out", str(tmp_path / "x")])
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "got 7" in captured.err


def test_one_worksheet_is_singular(tmp_path, capsys):
    assert _sheets(tmp_path / "x") == 0
    out = capsys.readouterr().out
    assert "Exporting 1 bar-graph worksheet and answer key ..." in out
    assert "worksheets" not in out.splitlines()[0]


def test_write_file_has_normal_permissions_and_never_overwrites_by_default(tmp_path):
    umask = os.umask(0o022)
    os.umask(umask)
    path = _files.write_file(tmp_path / "a.pdf", b"%PDF-1")
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # not a temporary file's 0600
    with pytest.raises(FileExistsError):
        _files.write_file(path, b"%PDF-2")
    assert path.read_bytes() == b"%PDF-1"
    _files.write_file(path, b"%PDF-3", overwrite=True)
    assert path.read_bytes() == b"%PDF-3"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"]
