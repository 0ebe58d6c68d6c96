"""Python source generated from a msgspec type: one function per Struct class, compiled once.

Core walks every state after a change twice per action (the defensive copy, the counter
bounds), so each walk is written out as plain Python for its type instead of being
interpreted field by field. This module holds what both generators share: the memo of
the function per class (made before the fields, so a recursive type refers to itself),
the guard that hands an instance of another class (a subclass may have more fields) to
that class's own function, and the compilation in one namespace.
"""

from __future__ import annotations

from typing import Any, Callable

from msgspec import inspect as mi


class StructFunctionSource:
    """Subclasses say what a Struct's function does (``struct_body``); the prefix names
    the functions, ``fallback`` is the namespace's callable for an instance of another class."""

    prefix = "_fn"
    fallback = "_by_class"

    def __init__(self, type_: Any, helpers: dict[str, Any]) -> None:
        self.root = mi.type_info(type_)
        self.functions: dict[type, str] = {}
        self.sources: list[str] = []
        self.namespace: dict[str, Any] = dict(helpers)

    def struct_body(self, info: mi.StructType) -> list[str]:
        """The lines after the class guard, indented by four spaces."""
        raise NotImplementedError

    def class_name(self, cls: type) -> str:
        name = f"_class_{id(cls)}"  # not the class's own name, which need not be an identifier
        self.namespace[name] = cls
        return name

    def struct_function(self, info: mi.StructType) -> str:
        cls = info.cls
        if cls in self.functions:
            return self.functions[cls]
        name = f"{self.prefix}_{id(cls)}"
        self.functions[cls] = name  # before the fields: a recursive type refers to itself
        body = self.struct_body(info)
        self.sources.append("\n".join([
            f"def {name}(v):",
            f"    if type(v) is not {self.class_name(cls)}:",
            f"        return {self.fallback}(v)",
            *body]))
        return name

    def compiled(self, entry: str) -> Callable[[Any], Any]:
        """The function named ``entry`` once every source is compiled (SyntaxError propagates)."""
        exec("\n\n".join(self.sources), self.namespace)  # noqa: S102 - built here from field names only
        function: Callable[[Any], Any] = self.namespace[entry]
        return function
