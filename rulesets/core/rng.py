"""The seeded, deterministic random source every game draws its chance from.

A state carries ``rng = {"seed", "counter", "salt"}``. Draw number *k* is a pure function of
the seed and *k* (BLAKE2b of both), so a game replays identically from its seed and
its action list on any machine and any Python version, and a state can be resumed
mid-game without carrying generator internals.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from typing import Annotated, Callable, Hashable, Literal, MutableSequence, Sequence, TypeVar

import msgspec

from . import outcomes
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
    #: "table": a real table's game (:mod:`rulesets.core.outcomes`); its seed is empty and every
    #: draw is the outcome its action reports.
    chance: Literal["seeded", "table"] = "seeded"


#: What a table game's ``seed`` holds: nothing (the table shuffled).
TABLE_SEED = ""


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

    The named draws (:meth:`pick`, :meth:`sample`, :meth:`take`) say where they draw from and
    under which rule: at a table (``outcomes.reported`` is in force, or the state is a table
    game's) they take the reported outcome instead of the seed's, and :meth:`shuffled` leaves a
    pile in its canonical (sorted) order, since nobody knows the order the table shuffled.
    """

    __slots__ = ("_rng", "_feed")

    def __init__(self, rng: Rng) -> None:
        self._rng = rng
        feed = outcomes.current_feed()
        if feed is None and rng.chance == "table":
            feed = outcomes.Feed(())  # a draw outside a reporting action: every draw is unmet
        self._feed = feed

    @property
    def at_table(self) -> bool:
        return self._feed is not None

    def _reported(self, source: str, rule: str, candidates: Counter[str]) -> str:
        feed = self._feed
        assert feed is not None
        if not candidates:
            raise ValueError(f"a draw from {source} with nothing in it")
        if not rule:
            raise RuntimeError(f"a table draw from {source} names no rule: impossible_outcome must cite one")
        key = feed.take(source, rule, candidates)
        self._rng.counter += 1  # a draw is a draw: the undo policy reads the counter
        return key

    def pick(self, pool: Sequence[T], *, source: str, rule: str) -> T:
        """One item of ``pool`` (a die's faces, a tile from a bag), ``pool`` unchanged."""
        if self._feed is None:
            item = self.choice(pool)
            outcomes.recorded(source, item, rule)
            return item
        key = self._reported(source, rule, Counter(str(item) for item in pool))
        return next(item for item in pool if str(item) == key)

    def sample(self, pool: Sequence[T], count: int, *, source: str, rule: str) -> list[T]:
        """``count`` items of ``pool`` drawn one after another without putting back, in draw order
        (N tiles turned up from a shuffled stack; the whole pool: a drawn turn order)."""
        if self._feed is None:
            items = self.shuffled(pool)[:count]
            for item in items:
                outcomes.recorded(source, item, rule)
            return items
        left = list(pool)
        drawn = []
        for _ in range(min(count, len(left))):
            key = self._reported(source, rule, Counter(str(item) for item in left))
            index = next(i for i, item in enumerate(left) if str(item) == key)
            drawn.append(left.pop(index))
        return drawn

    def take(self, pile: list[T], *, source: str, rule: str, layer: Callable[[T], Hashable] | None = None) -> T:
        """The top card of ``pile`` (not empty), removed. At a table: the card reported, from the cards
        that can be on top; with ``layer``, the pile is layers each shuffled on its own (light cards
        over dark ones), so only cards of the top card's layer can come out."""
        if self._feed is None:
            card = pile.pop(0)
            outcomes.recorded(source, card, rule)
            return card
        top = None if layer is None else layer(pile[0])
        reachable = [card for card in pile if layer is None or layer(card) == top]
        key = self._reported(source, rule, Counter(str(card) for card in reachable))
        index = next(i for i, card in enumerate(pile) if str(card) == key and (layer is None or layer(card) == top))
        return pile.pop(index)

    def _next_u64(self) -> int:
        if self._feed is not None:
            raise RuntimeError("an unnamed draw at a table: draw with pick, sample or take, which name their source")
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
        """A new pile of ``items`` in a random order; at a table, in the canonical order (sorted by id)."""
        result = list(items)
        if self._feed is not None:
            return sorted(result, key=str)
        self.shuffle(result)
        return result
