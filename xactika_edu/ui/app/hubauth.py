"""A teacher's Jupyter server under JupyterHub whose files, kernels and terminals stay
the teacher's own, while the class reaches the class app.

JupyterHub gives access per server: a student whom the hub lets open the class page
(``/user/TEACHER/xactika-class/``) could otherwise also open the teacher's files,
notebooks and terminals there, and run code as the teacher. With this setting in the
teacher's Jupyter server's configuration (``jupyter_server_config.py``)::

    c.ServerApp.authorizer_class = "xactika_edu.ui.app.hubauth.OwnerOnlyAuthorizer"

only the server's owner may use its files, kernels, terminals, sessions and settings
(anyone else gets ``403``); everyone the hub lets in still reaches the class app
(jupyter-server-proxy does not ask the authorizer). Not covered: jupyter-server-proxy's
``/proxy/PORT/`` pages, which reach any web server on the teacher's server's computer
(its own container, with a container spawner); see docs/teacher-guide.md.

>>> class Someone:
...     def __init__(self, name):
...         self.username = name
>>> is_owner(Someone("ana"), owner_name="ana"), is_owner(Someone("sam"), owner_name="ana")
(True, False)
>>> is_owner(None, owner_name="")
False
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.auth.authorizer import Authorizer

__all__ = ["OwnerOnlyAuthorizer", "is_owner", "owner"]


def owner() -> str:
    """The hub user who owns this Jupyter server (``JUPYTERHUB_USER``; "" outside a hub)."""
    return os.environ.get("JUPYTERHUB_USER", "")


def is_owner(user: Any, owner_name: str | None = None) -> bool:
    """Whether ``user`` (Jupyter Server's user, with ``.username``) is ``owner_name``
    (default: this server's :func:`owner`)."""
    name = owner() if owner_name is None else owner_name
    return bool(name) and getattr(user, "username", None) == name


class OwnerOnlyAuthorizer(Authorizer):
    """Jupyter Server's authorizer: every action on every resource (files, kernels,
    terminals, sessions, settings) for the server's owner only."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        """True only for the owner (Jupyter Server answers ``403`` to anyone else)."""
        return is_owner(user)
