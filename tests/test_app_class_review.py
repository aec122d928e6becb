"""Issue 13 review r1 (class mode): fast checks of what the reviewers found."""

from __future__ import annotations

from xactika_edu.ui.app import ClassLinks, student_lines

LOCAL_ONLY = (
    "Only this computer can open these addresses; for students' computers, "
    "start with --ip 0.0.0.0."
)


def test_a_class_on_this_computer_only_says_how_to_reach_students_computers() -> None:
    links = ClassLinks("Period 3", "ABC123", "secret")
    url = "http://127.0.0.1:8866/"
    lines = student_lines(url, "127.0.0.1", (), links)
    assert lines == [f"Students open: {url}?class=ABC123", LOCAL_ONLY]
    shared = student_lines("http://vm:8866/", "0.0.0.0", ("http://192.0.2.2:8866/",), links)
    assert LOCAL_ONLY not in shared and len(shared) == 2
    assert LOCAL_ONLY not in student_lines(url, "127.0.0.1")  # the solo app
    assert LOCAL_ONLY not in student_lines(url, "127.0.0.1", (), links, behind=True)
