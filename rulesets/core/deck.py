"""Decks: every shuffle and every draw of every game goes through here.

A deck is a view over lists the state already holds: the draw pile (top first) and, where
the game has one, its discard pile; the state's wire form does not change. Because no game
orders a list by the random source itself, how chance picks a card is core's to decide, one
place for every game: the seeded source today; a bot sampling what its seat cannot see, or a
real table saying what was drawn, are modes of the deck, not rewrites of each game.
"""

from __future__ import annotations

from typing import Callable, Generic, Hashable, Iterable, Sequence, TypeVar

from .rng import RandomSource, Rng

T = TypeVar("T")
#: a card: an id (decks sort their discards, so their cards must compare).
C = TypeVar("C", bound=str)


def shuffled(cards: Iterable[T], rng: Rng | RandomSource) -> list[T]:
    """A new pile of ``cards`` in a random order (setup's "shuffle the deck").

    Nothing comes out of a shuffle, so it names no source: at a table the pile keeps a canonical
    order and each later draw from it is reported. A shuffle whose order *is* the outcome (a turn
    order, the first N cards turned up) is :func:`drawn`."""
    return _source(rng).shuffled(list(cards))


def drawn(pool: Iterable[T], count: int, rng: Rng | RandomSource, *, source: str, rule: str) -> list[T]:
    """``count`` items of ``pool`` drawn one by one without putting back, in draw order (shuffle, then
    turn up the first ``count``; all of them: a random order)."""
    return _source(rng).sample(list(pool), count, source=source, rule=rule)


def drawn_at_random(pool: Sequence[T], rng: Rng | RandomSource, *, source: str = "pool", rule: str = "") -> T:
    """One item of ``pool`` chosen at random, ``pool`` left as it is (a tile drawn blind from a bag)."""
    return _source(rng).pick(pool, source=source, rule=rule)


class Deck(Generic[C]):
    """A draw pile and its discard pile, both lists owned by the state, and the state's chance.

    ``deck.draw()`` takes the top card; ``reshuffle()`` turns the discards into a new draw
    pile; ``draw(refill=True)`` does so first when the draw pile is empty, as most rulebooks
    say. The lists are changed in place, so the state keeps holding them.

    ``source`` names the pile in a table game's ``outcome_required`` and ``rule`` is the rule its
    draws follow (cited by ``impossible_outcome``; every game's deck names it, and a table refuses
    to draw from one that does not); ``layer`` says which cards lie together when
    the pile was stacked from groups shuffled apart (only the top group's cards can be drawn). At a
    table every reshuffle meets an empty draw pile, as every rulebook here has it: the new pile is
    then one group.
    """

    __slots__ = ("cards", "discards", "_chance", "sort_discards", "source", "rule", "layer")

    def __init__(self, cards: list[C], rng: Rng | RandomSource, discards: list[C] | None = None, *,
                 source: str = "deck", rule: str = "", sort_discards: bool = True,
                 layer: Callable[[C], Hashable] | None = None) -> None:
        self.cards = cards
        self.discards = discards
        self._chance = _source(rng)
        self.source = source
        self.rule = rule
        self.layer = layer
        #: reshuffle the discards from their sorted order, so the new pile depends on the seed and the
        #: cards alone, not on the order they were discarded in; False keeps the discard order.
        self.sort_discards = sort_discards

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self, *, refill: bool = False) -> C | None:
        """The top card, or None when there is none (after refilling from the discards, with ``refill``)."""
        if not self.cards and refill:
            self.reshuffle()
        if not self.cards:
            return None
        return self._chance.take(self.cards, source=self.source, rule=self.rule, layer=self.layer)

    def draw_many(self, count: int, *, refill: bool = False) -> list[C]:
        """Up to ``count`` cards from the top, one at a time (each may refill the pile first)."""
        drawn = []
        for _ in range(count):
            card = self.draw(refill=refill)
            if card is None:
                break
            drawn.append(card)
        return drawn

    def take(self, card: C) -> C:
        """A named card out of the draw pile (a search, a card chosen from the deck)."""
        self.cards.remove(card)
        return card

    def discard(self, *cards: C) -> None:
        if self.discards is None:
            raise ValueError("this deck has no discard pile")
        self.discards.extend(cards)

    def reshuffle(self) -> int:
        """The discards, shuffled, become the draw pile (under what is left of it); how many moved."""
        if not self.discards:
            return 0
        moved = sorted(self.discards) if self.sort_discards else list(self.discards)
        self.discards.clear()
        self.cards.extend(self._chance.shuffled(moved))
        return len(moved)

    def refill(self, cards: Iterable[C]) -> int:
        """``cards`` (a discard pile the game keeps in its own form, a count per kind), shuffled, go under
        the draw pile; how many."""
        new = self._chance.shuffled(list(cards))
        self.cards.extend(new)
        return len(new)


def _source(rng: Rng | RandomSource) -> RandomSource:
    return rng if isinstance(rng, RandomSource) else RandomSource(rng)
