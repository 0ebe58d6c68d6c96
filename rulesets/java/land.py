"""A state's board read into flat per-hex lists (JAVA-2.5 to 2.16).

``Land(state)`` answers what the rules ask of a space: its level, its terrain, whether
it is a land, pond or palace space, who stands there; and the derived notions: village
and city groups (JAVA-2.9 to 2.12), irrigation areas (JAVA-8.2/8.3) and the ranking of
players by their developers' levels (JAVA-2.13 to 2.15).
"""

from __future__ import annotations

from typing import Iterable

from .board import HEXES, INDEX, KEY_INDEX, N, NEIGHBORS, PRINTED_POND, key
from .state import JavaState, PlacedTile, Space

NOBODY = -1


class Land:
    __slots__ = ("state", "level", "top", "village", "dev", "palace", "pond", "tiles", "_groups", "_palace_groups",
                 "_risky", "_blocked", "_members")

    def __init__(self, state: JavaState) -> None:
        self.state = state
        self.level = [0] * N
        self.top = [0] * N
        self.village = [False] * N
        self.dev = [NOBODY] * N
        self.palace = [NOBODY] * N
        self.pond = list(PRINTED_POND)
        self.tiles = tiles = {tile.id: tile for tile in state.placed_tiles}
        level, top, village, dev = self.level, self.top, self.village, self.dev
        for text, space in state.spaces.items():
            i = KEY_INDEX[text]
            stack = space.stack
            if stack:
                level[i] = len(stack)
                tile = tiles[stack[-1]]
                top[i] = tile.id
                village[i] = tile.village == HEXES[i]
            if space.developer is not None:
                dev[i] = space.developer
        for n, palace in enumerate(state.palaces):
            self.palace[INDEX[tuple(palace.hex)]] = n
        for h in state.irrigation_tiles:
            self.pond[INDEX[tuple(h)]] = True
        self._groups: list[int] | None = None
        self._palace_groups: dict[int, int] | None = None
        self._risky: dict[int, bool] | None = None
        self._blocked: list[bool] | None = None
        self._members: dict[int, list[int]] | None = None

    def copied(self, state: JavaState) -> "Land":
        """This board for ``state``, a copy of this Land's state (``Ruleset.copy_state``): the per-space lists
        copied, what is only ever replaced (groups and the like) shared."""
        twin = Land.__new__(Land)
        twin.state = state
        twin.level, twin.top, twin.village = self.level[:], self.top[:], self.village[:]
        twin.dev, twin.palace, twin.pond = self.dev[:], self.palace[:], self.pond[:]
        twin.tiles = {tile.id: tile for tile in state.placed_tiles}
        twin._groups, twin._palace_groups, twin._members = self._groups, self._palace_groups, self._members
        twin._risky = None if self._risky is None else dict(self._risky)
        twin._blocked = None if self._blocked is None else self._blocked[:]
        return twin

    def add_tile(self, tile: "PlacedTile", cells: list[int]) -> None:
        """Follow a tile just laid on ``cells`` (its stacks already updated in the state)."""
        self.tiles[tile.id] = tile
        for i in cells:
            self.level[i] += 1
            self.top[i] = tile.id
            self.village[i] = tile.village == HEXES[i]
        self._groups = self._palace_groups = self._risky = self._members = None

    def add_palace(self, i: int, n: int) -> None:
        """Follow palace ``n`` (of ``state.palaces``) just built on space ``i``."""
        self.palace[i] = n
        self._palace_groups = self._risky = None
        if self._blocked is not None:
            self._blocked[i] = True

    def add_pond(self, i: int) -> None:
        """Follow an irrigation tile just laid on space ``i``."""
        self.pond[i] = True
        if self._blocked is not None:
            self._blocked[i] = True

    def set_developer(self, i: int, seat: int | None) -> None:
        """Put ``seat``'s developer on space ``i`` (None: take it off), in the state and here alike."""
        self.space(i).developer = seat
        self.dev[i] = NOBODY if seat is None else seat
        if self._blocked is not None:
            self._blocked[i] = self.pond[i] or self.palace[i] != NOBODY or seat is not None

    # ------------------------------------------------------------ spaces
    def is_land(self, i: int) -> bool:
        """JAVA-2.6: covered by a land tile and not a palace space (a developer may stand there)."""
        return self.level[i] >= 1 and self.palace[i] == NOBODY

    def blocked(self) -> list[bool]:
        """JAVA-4.6: spaces no tile may cover (ponds, palaces, developers). Kept while the Land lives (a tile
        laid changes none of them; ``set_developer`` follows developers); not to be changed by the caller."""
        if self._blocked is None:
            self._blocked = [self.pond[i] or self.palace[i] != NOBODY or self.dev[i] != NOBODY for i in range(N)]
        return self._blocked

    def space(self, i: int) -> Space:
        text = key(HEXES[i])
        space = self.state.spaces.get(text)
        if space is None:
            space = self.state.spaces[text] = Space(stack=[])
        return space

    # ------------------------------------------------------------ villages and cities
    def groups(self) -> list[int]:
        """JAVA-2.9: a group label for each village-terrain space (palace spaces included), -1 elsewhere."""
        if self._groups is None:
            label = [NOBODY] * N
            village = self.village
            count = 0
            for start in range(N):
                if village[start] and label[start] == NOBODY:
                    label[start] = count
                    stack = [start]
                    while stack:
                        i = stack.pop()
                        for j in NEIGHBORS[i]:
                            if village[j] and label[j] == NOBODY:
                                label[j] = count
                                stack.append(j)
                    count += 1
            self._groups = label
        return self._groups

    def palaces_by_group(self) -> dict[int, int]:
        """How many palaces each group holds (at most one in a consistent state, JAVA-2.10)."""
        if self._palace_groups is None:
            labels = self.groups()
            counts: dict[int, int] = {}
            for palace in self.state.palaces:
                label = labels[INDEX[tuple(palace.hex)]]
                counts[label] = counts.get(label, 0) + 1
            self._palace_groups = counts
        return self._palace_groups

    def near_two_cities(self, i: int) -> bool:
        """Whether space ``i``'s own group and its neighbours' groups hold two palaces or more together: only a
        village hex laid there could join two cities (JAVA-4.8). Answered per space, kept until a tile is laid."""
        if self._risky is None:
            self._risky = {}
        risky = self._risky.get(i)
        if risky is None:
            risky = False
            if len(self.state.palaces) >= 2:
                labels = self.groups()
                palaces = self.palaces_by_group()
                near = {labels[j] for j in NEIGHBORS[i] if labels[j] in palaces}
                if labels[i] in palaces:
                    near.add(labels[i])
                risky = sum(palaces[label] for label in near) >= 2
            self._risky[i] = risky
        return risky

    def members(self) -> dict[int, list[int]]:
        """Each group label's spaces, in index order (JAVA-2.9; not to be changed by the caller)."""
        if self._members is None:
            members: dict[int, list[int]] = {}
            for j, label in enumerate(self.groups()):
                if label != NOBODY:
                    members.setdefault(label, []).append(j)
            self._members = members
        return self._members

    def group_of(self, i: int) -> list[int]:
        """The spaces of ``i``'s group, in index order (a fresh list)."""
        label = self.groups()[i]
        if label == NOBODY:
            return []
        return list(self.members()[label])

    def palaces_in(self, cells: Iterable[int]) -> list[int]:
        return [self.palace[i] for i in cells if self.palace[i] != NOBODY]

    def city_of_palace(self, palace_index: int) -> list[int]:
        return self.group_of(INDEX[tuple(self.state.palaces[palace_index].hex)])

    # ------------------------------------------------------------ developers and ranking
    def levels_by_player(self, cells: Iterable[int]) -> dict[int, list[int]]:
        """JAVA-2.13: each player's developer levels on these spaces, highest first."""
        found: dict[int, list[int]] = {}
        for i in cells:
            seat = self.dev[i]
            if seat != NOBODY:
                found.setdefault(seat, []).append(self.level[i])
        for levels in found.values():
            levels.sort(reverse=True)
        return found

    def sole_highest(self, cells: Iterable[int]) -> int | None:
        """JAVA-2.14: the one player strictly ahead of every other, or None."""
        return sole_highest(self.levels_by_player(cells))

    # ------------------------------------------------------------ irrigation (JAVA-8.2, 8.3)
    def area_of(self, i: int) -> list[int]:
        seen = {i}
        stack = [i]
        while stack:
            j = stack.pop()
            for k in NEIGHBORS[j]:
                if self.pond[k] and k not in seen:
                    seen.add(k)
                    stack.append(k)
        return sorted(seen, key=lambda c: HEXES[c])

    def area_rim(self, area: list[int]) -> list[int]:
        members = set(area)
        return sorted({k for j in area for k in NEIGHBORS[j] if k not in members}, key=lambda c: HEXES[c])

    def enclosed(self, area: list[int]) -> bool:
        """JAVA-8.3: every non-pond neighbour is covered by a land tile (palace spaces count)."""
        return all(self.level[k] >= 1 for k in self.area_rim(area))


def sole_highest(levels: dict[int, list[int]]) -> int | None:
    if not levels:
        return None
    ranked = sorted(levels.items(), key=lambda item: item[1], reverse=True)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def places(levels: dict[int, list[int]]) -> tuple[list[int], list[int]]:
    """JAVA-2.15 / D11: dense ranking: (first place, second place) seats."""
    distinct = sorted({tuple(v) for v in levels.values()}, reverse=True)
    first = [s for s, v in levels.items() if distinct and tuple(v) == distinct[0]]
    second = [s for s, v in levels.items() if len(distinct) > 1 and tuple(v) == distinct[1]]
    return sorted(first), sorted(second)
