"""An RFC 6902 JSON Patch from one view to the next, fast enough to build per seat and commit.

``jsonpatch.make_patch`` looks for moves and copies, which costs ~5 ms for a 2.6 KB
Solenia view: a commit in 20 sessions of 4 seats would spend 400 ms diffing. Views
change in place (a counter, a card added to a hand), so a plain walk does: objects key
by key, arrays index by index (the tail added or removed), anything else replaced
whole. The result is a valid patch (``add``, ``remove``, ``replace`` only), just not the
shortest one when an array's middle shifts.

Values are JSON as orjson loads it (dict, list, str, int, float, bool, None). Scalars
compare with their type, so ``1`` becoming ``true`` or ``1.0`` is a change, as on the wire.
"""

from __future__ import annotations

from typing import Any


def make_patch(before: Any, after: Any) -> list[dict[str, Any]]:
    operations: list[dict[str, Any]] = []
    _diff(before, after, "", operations)
    return operations


def _token(key: str | int) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _diff(before: Any, after: Any, path: str, operations: list[dict[str, Any]]) -> None:
    if type(before) is dict and type(after) is dict:
        for key in before:
            if key not in after:
                operations.append({"op": "remove", "path": f"{path}/{_token(key)}"})
        for key, value in after.items():
            if key in before:
                _diff(before[key], value, f"{path}/{_token(key)}", operations)
            else:
                operations.append({"op": "add", "path": f"{path}/{_token(key)}", "value": value})
    elif type(before) is list and type(after) is list:
        common = min(len(before), len(after))
        for index in range(common):
            _diff(before[index], after[index], f"{path}/{index}", operations)
        for index in range(common, len(after)):
            operations.append({"op": "add", "path": f"{path}/{index}", "value": after[index]})
        for index in reversed(range(common, len(before))):
            operations.append({"op": "remove", "path": f"{path}/{index}"})
    elif type(before) is not type(after) or before != after:
        operations.append({"op": "replace", "path": path, "value": after})
