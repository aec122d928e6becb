"""The command line and the class pack, run for real into temporary folders."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from xactika_edu import classpack
from xactika_edu._files import atomic_directory
from xactika_edu.cli import main
from xactika_edu.errors import XactikaError

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


def test_refuses_to_overwrite_without_force(tmp_path, capsys):
    out = tmp_path / "sheets"
    out.mkdir()
    (out / "notes.txt").write_text("a teacher's notes")
    status = main(["worksheet", "--students", "1", "--out", str(out)])
    assert status == 2
    assert "is not empty" in capsys.readouterr().err
    assert (out / "notes.txt").read_text() == "a teacher's notes"
    assert main(["worksheet", "--students", "1", "--out", str(out), "--force"]) == 0
    assert not (out / "notes.txt").exists()
    assert (out / "bar-graph" / "student-01.pdf").exists()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--students", "0"], "--students must be from 1 to 200, got 0"),
        (["--students", "many"], "--students must be a whole number from 1 to 200, got 'many'"),
        (["--seed", "-3"], "--seed must be from 0"),
        (["--kind", "pie"], "invalid choice: 'pie'"),
        (["--cards", "100"], "--cards must be from 4 to 40, got 100"),
    ],
)
def test_bad_arguments_are_named(tmp_path, capsys, args, fragment):
    with pytest.raises(SystemExit) as exit_info:
        main(["worksheet", "--out", str(tmp_path / "x"), *args])
    assert exit_info.value.code == 2
    assert fragment in capsys.readouterr().err
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


def test_class_pack(tmp_path):
    out = tmp_path / "class-pack"
    lines: list[str] = []
    index = classpack.build_class_pack(out, students=2, seed=3, progress=lines.append)
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
            "xactika_edu.cli",
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
    assert "--students must be from 1 to 200, got 0" in result.stderr
