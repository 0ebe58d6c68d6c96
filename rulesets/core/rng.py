"""The seeded, deterministic random source every game draws its chance from.

A state carries ``rng = {"seed", "counter", "salt"}``. Draw number *k* is a pure function of
the seed and *k* (BLAKE2b of both), so a game replays identically from its seed and
its action list on any machine and any Python version, and a state can be resumed
mid-game without carrying generator internals.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Annotated, MutableSequence, Sequence, TypeVar

import msgspec

from .codec import Count

T = TypeVar("T")

_TWO_64 = 1 << 64
MAX_SALT_LENGTH = 128

#: The longest seed a game takes (as text): every state carries its seed, so a long one
#: costs its length in every request and every stored session; 128 characters is far more
#: entropy than any draw needs.
MAX_SEED_LENGTH = 128


class Rng(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Where a game stands in its random sequence."""

    seed: Annotated[str, msgspec.Meta(max_length=MAX_SEED_LENGTH)]
    counter: Count = 0
    #: blinds the seed's public commitment (:mod:`rulesets.core.commitment`); it takes no
    #: part in any draw. None: a state made without one (the library's default).
    salt: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SALT_LENGTH)] | None = None


def normalize_seed(seed: int | str | None) -> str:
    """Seeds arrive as ints or strings, or not at all (then one is made up)."""
    if seed is None:
        return secrets.token_hex(16)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError("seed must be an integer or a string")
    text = str(seed)
    if len(text) > MAX_SEED_LENGTH:
        raise ValueError(f"seed must be at most {MAX_SEED_LENGTH} characters long (this one has {len(text)})")
    return text


class RandomSource:
    """A cursor over a state's :class:`Rng`; every draw advances ``rng.counter``.

    It mutates the ``Rng`` it is given, which is always part of a private copy of
    the state (``Ruleset.apply`` clones before any rule runs).
    """

    __slots__ = ("_rng",)

    def __init__(self, rng: Rng) -> None:
        self._rng = rng

    def _next_u64(self) -> int:
        rng = self._rng
        digest = hashlib.blake2b(f"{rng.seed}\x1f{rng.counter}".encode(), digest_size=8).digest()
        rng.counter += 1
        return int.from_bytes(digest, "big")

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so there is no modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TWO_64 - (_TWO_64 % n)
        while True:
            value = self._next_u64()
            if value < limit:
                return value % n

    def die(self, sides: int = 6) -> int:
        """A roll of a die numbered 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.shuffle(result)
        return result
