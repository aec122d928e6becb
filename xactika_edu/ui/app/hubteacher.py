"""The teacher's way in to the class under JupyterHub: ``{base_url}xactika-class-teacher``
in the teacher's own Jupyter server (a Jupyter Server extension).

The **Xactika class** launcher card (:mod:`.hubproxy`) opens this address. The
server's owner (``JUPYTERHUB_USER``, :func:`.hubauth.is_owner`) is sent on to the
teacher page, ``{base_url}xactika-class/?token=...``, with the token this Jupyter
server gave the class app (:func:`.hubproxy.teacher_token`); so the teacher never reads
a log. Anyone else the hub lets in to the server (the class) gets ``403`` and
:data:`NOT_OWNER`; someone not logged in is sent to the hub's login first.

Installs enable the extension by themselves (``etc/jupyter/jupyter_server_config.d/
xactika-edu.json``); outside a hub (no ``JUPYTERHUB_USER``) it adds nothing, and
importing it loads neither pandas nor Solara (a plain ``jupyter lab`` starts as fast).

>>> class Someone:
...     def __init__(self, name):
...         self.username = name
>>> teacher_answer(Someone("ana"), "/user/ana/", owner_name="ana", token="T" * 43)[0]
302
>>> teacher_answer(Someone("sam"), "/user/ana/", owner_name="ana", token="T" * 43)
(403, 'Only ana, whose Jupyter server this is, can open the teacher page of this class.')
"""

from __future__ import annotations

from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from tornado import web

from . import teacher_url
from .hubauth import is_owner, owner
from .hubproxy import TEACHER_NAME, root_path_for, teacher_token

__all__ = ["NOT_OWNER", "TeacherLinkHandler", "teacher_answer"]

#: What anyone but the server's owner gets (``403``); ``{owner}`` is the owner's name.
NOT_OWNER = "Only {owner}, whose Jupyter server this is, can open the teacher page of this class."


def teacher_answer(
    user: Any, base_url: str, *, owner_name: str | None = None, token: str | None = None
) -> tuple[int, str]:
    """The answer to ``user`` at the teacher's way in, as ``(status, text)``: ``302``
    and the teacher page's address (the class app's, with the token) for the server's
    owner; ``403`` and :data:`NOT_OWNER` for anyone else.

    Args:
        user: Jupyter Server's user (with ``.username``).
        base_url: the Jupyter server's base URL, e.g. ``/user/ana/``.
        owner_name: the owner (default: ``JUPYTERHUB_USER``).
        token: the teacher token (default: this server's :func:`.hubproxy.teacher_token`).
    """
    name = owner() if owner_name is None else owner_name
    if not is_owner(user, owner_name=name):
        return 403, NOT_OWNER.format(owner=name or "the owner")
    page = f"{root_path_for(base_url)}/"
    return 302, teacher_url(page, teacher_token() if token is None else token)


class TeacherLinkHandler(JupyterHandler):
    """``GET {base_url}xactika-class-teacher``: :func:`teacher_answer` for the user the
    hub logged in (someone not logged in goes to the login page first)."""

    @web.authenticated
    def get(self) -> None:
        """Redirect the owner to the teacher page; a plain ``403`` for anyone else."""
        status, text = teacher_answer(self.current_user, self.base_url)
        # the teacher link holds the token: not kept by caches, not sent on as a referrer
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        if status == 302:
            self.redirect(text)
            return
        self.set_status(status)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(text)


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Jupyter Server's entry: this module is the extension."""
    return [{"module": "xactika_edu.ui.app.hubteacher"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Add :class:`TeacherLinkHandler` at ``{base_url}xactika-class-teacher``, under a
    hub only (no ``JUPYTERHUB_USER``: nothing)."""
    if not owner():
        serverapp.log.debug("xactika-edu: not under JupyterHub; no teacher page link")
        return
    path = url_path_join(serverapp.base_url, TEACHER_NAME)
    serverapp.web_app.add_handlers(".*$", [(path, TeacherLinkHandler)])
    serverapp.log.info("xactika-edu: the class's teacher page link is %s", path)
