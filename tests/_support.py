"""Helpers shared by several test modules."""

from __future__ import annotations

import gc
import types


def reachable_objects(root: object) -> list[object]:
    """Everything reachable from ``root`` by references, not entering classes/modules."""
    seen: set[int] = set()
    found: list[object] = []
    stack = [root]
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        found.append(obj)
        stack.extend(gc.get_referents(obj))
    return found
