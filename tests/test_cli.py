"""The command line and the class pack, run for real into temporary folders."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from conftest import start_cli

from xactika_edu.base.errors import XactikaError
from xactika_edu.base.files import MARKER, atomic_directory
from xactika_edu.outputs import classpack
from xactika_edu.outputs.cli import main

PDFINFO = shutil.which("pdfinfo")


def _pages(pdf: Path) -> int:
    assert pdf.read_bytes().startswith(b"%PDF-")
    if PDFINFO is None:
        return -1
    info = subprocess.run([PDFINFO, str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"^Pages:\s+(\d+)", info.stdout, re.M).group(1))


def test_worksheet_command_writes_valid_pdfs(tmp_path, capsys):
    out = tmp_path / "sheets"
    status = main(
        ["worksheet", "--kind", "bar-graph", "--students", "3", "--seed", "5", "--out", str(out)]
    )
    assert status == 0
    files = sorted(p.name for p in (out / "bar-graph").iterdir())
    assert files == [
        "all-keys.pdf",
        "all-students.pdf",
        "student-01-key.pdf",
        "student-01.pdf",
        "student-02-key.pdf",
        "student-02.pdf",
        "student-03-key.pdf",
        "student-03.pdf",
    ]
    for name in files:
        pages = _pages(out / "bar-graph" / name)
        if pages >= 0 and name.startswith("student"):
            assert pages == 1
    if PDFINFO:
        assert _pages(out / "bar-graph" / "all-students.pdf") == 3
    assert "Wrote 8 PDF files" in capsys.readouterr().out
    # Nothing but the pack is left beside it (the staging folder is gone).
    assert [p.name for p in tmp_path.iterdir()] == ["sheets"]


def test_worksheet_command_is_reproducible(tmp_path):
    for name in ("a", "b"):
        assert (
            main(["worksheet", "--students", "2", "--seed", "9", "--out", str(tmp_path / name)])
            == 0
        )
    for path in (tmp_path / "a" / "bar-graph").iterdir():
        assert path.read_bytes() == (tmp_path / "b" / "bar-graph" / path.name).read_bytes()


def test_never_replaces_a_folder_it_did_not_make(tmp_path, capsys):
    out = tmp_path / "teacher"
    out.mkdir()
    (out / "grades.csv").write_text("a teacher's grades")
    assert main(["worksheet", "--students", "1", "--out", str(out)]) == 2
    assert "is not empty" in capsys.readouterr().err
    # Not even with --force: the folder holds files xactika-edu did not make.
    assert main(["worksheet", "--students", "1", "--out", str(out), "--force"]) == 2
    assert "even --force will not replace folder" in capsys.readouterr().err
    assert (out / "grades.csv").read_text() == "a teacher's grades"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["teacher"]


def test_force_replaces_its_own_output(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert main(["worksheet", "--students", "2", "--out", str(out)]) == 0
    assert (out / MARKER).is_file()
    assert main(["worksheet", "--students", "1", "--out", str(out)]) == 2
    assert "or add --force to replace that output" in capsys.readouterr().err
    assert main(["worksheet", "--students", "1", "--out", str(out), "--force"]) == 0
    assert not (out / "bar-graph" / "student-02.pdf").exists()
    assert (out / "bar-graph" / "student-01.pdf").exists()


def test_force_keeps_files_added_to_its_output(tmp_path, capsys):
    out = tmp_path / "sheets"
    assert main(["worksheet", "--students", "1", "--out", str(out)]) == 0
    (out / "grades.csv").write_text("a teacher's grades")
    assert main(["worksheet", "--students", "1", "--out", str(out), "--force"]) == 2
    assert "holds 'grades.csv', which xactika-edu did not write" in capsys.readouterr().err
    assert (out / "grades.csv").read_text() == "a teacher's grades"
    # A marker copied into another folder does not make that folder replaceable.
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("notes")
    shutil.copy(out / MARKER, other / MARKER)
    assert main(["worksheet", "--students", "1", "--out", str(other), "--force"]) == 2
    assert (other / "notes.txt").read_text() == "notes"
    # A link to an output folder is refused, not replaced.
    link = tmp_path / "link"
    link.symlink_to(out)
    assert main(["worksheet", "--students", "1", "--out", str(link), "--force"]) == 2
    assert "is a link" in capsys.readouterr().err
    assert link.is_symlink()


def test_current_folder(tmp_path, monkeypatch, capsys):
    # An empty current folder is filled in place (the teacher's shell stays in it).
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main(["worksheet", "--students", "1", "--out", "."]) == 0
    assert (here / "bar-graph" / "student-01.pdf").exists()
    assert Path.cwd() == here
    # ... but never replaced, even with --force, nor a folder that holds it.
    for out in (".", str(tmp_path)):
        (tmp_path / MARKER).write_text("{}")
        assert main(["worksheet", "--students", "1", "--out", out, "--force"]) == 2
        assert "will not replace folder" in capsys.readouterr().err
    assert (here / "bar-graph" / "student-01.pdf").exists()


def test_unwritable_place_is_named(tmp_path, capsys):
    blocker = tmp_path / "afile.txt"
    blocker.write_text("x")
    assert main(["worksheet", "--students", "1", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert f"cannot write folder {str(blocker / 'sub')!r}" in err
    assert ".partial" not in err


def test_paper_and_debug_options(tmp_path):
    assert (
        main(
            [
                "worksheet",
                "--students",
                "1",
                "--paper",
                "A4",
                "--debug",
                "--out",
                str(tmp_path / "a4"),
            ]
        )
        == 0
    )


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--students", "0"], "argument --students: must be from 1 to 200, got 0"),
        (["--students", "many"], "--students: must be a whole number from 1 to 200, got 'many'"),
        (["--seed", "-3"], "argument --seed: must be from 0"),
        (["--kind", "pie"], "invalid choice: 'pie'"),
        (["--cards", "101"], "argument --cards: must be from 1 to 100, got 101"),
        (["--paper", "legal"], "invalid choice: 'legal'"),
    ],
)
def test_bad_arguments_are_named(tmp_path, capsys, args, fragment):
    with pytest.raises(SystemExit) as exit_info:
        main(["worksheet", "--out", str(tmp_path / "x"), *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert fragment in err
    assert len(err.strip().splitlines()) == 1  # one line, no usage block
    assert not (tmp_path / "x").exists()


def test_a_bad_level_is_named(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["worksheet", "--level", "expert", "--out", str(tmp_path / "x")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --level: invalid choice: 'expert'" in err
    assert "'support', 'core', 'extension'" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext is not installed")
def test_worksheet_level_writes_that_level_beside_the_core_folder(tmp_path, capsys):
    out = tmp_path / "sheets"
    code = main(
        [
            "worksheet",
            "--kind",
            "bell-curve",
            "--level",
            "Support",
            "--students",
            "2",
            "--out",
            str(out),
        ]
    )
    assert code == 0, capsys.readouterr().err
    folder = out / "bell-curve-support"
    assert sorted(p.name for p in folder.iterdir())[:2] == ["all-keys.pdf", "all-students.pdf"]
    said = capsys.readouterr().out
    assert "Exporting 2 bell-curve support worksheets" in said
    assert f"Wrote 6 PDF files to {folder}" in said
    text = subprocess.run(
        ["pdftotext", str(folder / "student-01.pdf"), "-"], capture_output=True, text=True
    ).stdout
    assert "Support sheet." in " ".join(text.split())
    assert "These 18 cards" in " ".join(text.split())  # support: fewer cards than 27


@pytest.mark.parametrize(
    ("kind", "cards", "fragment"),
    [
        ("bar-graph", "41", "cards must be from 4 to 40, got 41"),
        ("pie-chart", "7", "got 7"),
        ("probability", "8", "takes no cards option"),
    ],
)
def test_cards_out_of_range_for_the_kind(tmp_path, capsys, kind, cards, fragment):
    code = main(["worksheet", "--kind", kind, "--cards", cards, "--out", str(tmp_path / "x")])
    assert code == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err
    assert not (tmp_path / "x").exists()


def test_out_is_a_file(tmp_path, capsys):
    target = tmp_path / "file.txt"
    target.write_text("keep me")
    assert main(["worksheet", "--students", "1", "--out", str(target)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert target.read_text() == "keep me"


def test_atomic_directory_leaves_nothing_on_error(tmp_path):
    target = tmp_path / "pack"
    with pytest.raises(RuntimeError), atomic_directory(target) as staging:
        (staging / "half.txt").write_text("half")
        raise RuntimeError("boom")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.xdist_group("class-pack")
@pytest.mark.runs_notebooks(*classpack.lesson_notebooks())
def test_class_pack(class_pack):
    # The whole pack (conftest.py) is built once for this test and the browser's. It
    # runs every lesson on a fresh kernel (a cell's error stops it: LessonError) and
    # each page is checked below, so nbmake's own run of the lessons is left out.
    out, index, lines = class_pack.out, class_pack.index, class_pack.progress
    assert index == out / "index.html"
    page = index.read_text()
    lessons = classpack.lesson_notebooks()
    for notebook in lessons:
        rendered = out / "lessons" / f"{notebook.stem}.html"
        assert f'href="lessons/{notebook.stem}.html"' in page
        text = rendered.read_text()
        assert "Traceback" not in text
        assert "jp-OutputArea-error" not in text
        assert 'class="jp-RenderedImage' in text or "<img" in text  # plots are there
        assert 'data-mime-type="application/vnd.jupyter.stderr"' not in text
        assert "No description has been provided" not in text  # every figure described
        assert "cdnjs" not in text  # nothing loaded from another host
    for link in re.findall(r'href="([^"]+)"', page):
        assert (out / link).exists(), link
    assert (out / "worksheets" / "bar-graph" / "student-02-key.pdf").exists()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["students"] == 2
    assert [lesson["name"] for lesson in manifest["lessons"]] == [n.stem for n in lessons]
    assert any(line.startswith("[1/") for line in lines)
    with pytest.raises(XactikaError, match="is not empty"):
        classpack.build_class_pack(out, students=1, progress=None)


def test_class_pack_stops_on_a_broken_lesson_and_writes_nothing(tmp_path, monkeypatch):
    broken = nbformat.v4.new_notebook()
    broken.cells = [
        nbformat.v4.new_markdown_cell("# A broken lesson"),
        nbformat.v4.new_code_cell("1 / 0"),
    ]
    broken.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "01_broken.ipynb"
    nbformat.write(broken, path)
    monkeypatch.setattr(classpack, "lesson_notebooks", lambda: [path])
    out = tmp_path / "pack"
    with pytest.raises(classpack.LessonError, match=r"01_broken\.ipynb.*ZeroDivisionError"):
        classpack.build_class_pack(out, students=1, progress=None)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["01_broken.ipynb"]


def test_console_script_shows_no_traceback(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "xactika_edu.outputs.cli",
            "worksheet",
            "--students",
            "0",
            "--out",
            str(tmp_path / "x"),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "--students: must be from 1 to 200, got 0" in result.stderr


def test_ctrl_c_during_a_lesson_stops_cleanly(tmp_path):
    # Ctrl-C reaches the whole process group: the command and the lesson's kernel.
    out = tmp_path / "pack"
    process = start_cli("class-pack", "--students", 1, "--out", out, start_new_session=True)
    deadline = time.monotonic() + 60
    line = process.stdout.readline()
    assert "lesson" in line
    time.sleep(2.0)  # the kernel is starting or running cells
    assert time.monotonic() < deadline
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    # 130, or (rarely, when the signal lands while Python is already exiting) death by
    # SIGINT, which a shell also reports as 130 (128 + 2). Either way: the clean message.
    assert process.returncode in (130, -signal.SIGINT), err
    assert "stopped; nothing was written" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_rendered_lessons_are_static_offline_and_tidy(tmp_path):
    lesson = nbformat.v4.new_notebook()
    lesson.cells = [
        nbformat.v4.new_code_cell(
            "from xactika_edu.ui.widgets import DeckExplorer\nDeckExplorer()"
        ),
        nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider(value=3)"),
        nbformat.v4.new_code_cell(
            "import time\nprint('unseen:', end=' ', flush=True)\ntime.sleep(0.3)\nprint(73)"
        ),
        nbformat.v4.new_code_cell("from xactika_edu import Card\nCard.parse('3213')"),
    ]
    lesson.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = tmp_path / "01_widgets.ipynb"
    nbformat.write(lesson, path)
    page = classpack.render_lesson(path).html
    assert "xe-" in page  # the explorer's static picture
    assert "of the 81 cards" in page
    assert "IntSlider(" not in page  # a bare widget is left out, not shown as code text
    assert "unpkg.com" not in page and "widget-state+json" not in page
    assert "unseen: 73" in page  # printed text split by the kernel is one block again
    assert 'alt="3213 (9): 3 balls, 2 cubes, 1 cone, 3 stars"' in page  # the card's own words


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_closed_terminal_or_kill_stops_like_ctrl_c(tmp_path, sig):
    # Closing the terminal (SIGHUP) or `kill` (SIGTERM) leaves nothing half-written.
    out = tmp_path / "sheets"
    process = start_cli("worksheet", "--students", 60, "--out", out)
    assert "Exporting" in process.stdout.readline()
    time.sleep(1.0)  # writing PDFs into the hidden staging folder
    process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "stopped; nothing was written" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_an_empty_folder_on_another_drive_is_filled(tmp_path, monkeypatch):
    # An empty USB stick mounted as the output folder: a rename between it and the
    # folder beside it crosses drives (EXDEV), so the staging folder must be inside.
    import errno

    from xactika_edu.base import files as _files

    stick = tmp_path / "usb"
    stick.mkdir()
    rename = os.rename

    def one_drive_only(src, dst):
        if Path(src).is_relative_to(stick) != Path(dst).is_relative_to(stick):
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return rename(src, dst)

    monkeypatch.setattr(_files.os, "rename", one_drive_only)
    monkeypatch.setattr(_files.os, "replace", one_drive_only)
    with _files.atomic_directory(stick, command="test") as staging:
        (staging / "sheet.pdf").write_bytes(b"%PDF-")
    assert sorted(p.name for p in stick.iterdir()) == [_files.MARKER, "sheet.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["usb"]  # no staging left


def test_worksheet_without_out_writes_a_folder_named_for_the_kind(tmp_path, monkeypatch, capsys):
    # The issue's own command has no --out: the sheets go to a new folder named for
    # the kind (and level), in the folder the teacher is in; the second run refuses it.
    monkeypatch.chdir(tmp_path)
    assert main(["worksheet", "--kind", "pie-chart", "--students", "1"]) == 0
    assert sorted(p.name for p in (tmp_path / "pie-chart-worksheets" / "pie-chart").iterdir())
    assert main(["worksheet", "--kind", "pie-chart", "--students", "1", "--level", "support"]) == 0
    assert (tmp_path / "pie-chart-support-worksheets").is_dir()
    assert main(["worksheet", "--kind", "pie-chart", "--students", "1"]) == 2
    assert "pie-chart-worksheets" in capsys.readouterr().err
