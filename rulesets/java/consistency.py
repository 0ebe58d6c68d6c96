"""A posted state checked against the components and against itself.

Every refusal is core's ``invalid_state`` with the JSON path at fault: a tile counted twice, a
stack with a gap, a developer on a pond or a palace, a palace on a rice field, cards
duplicated or lost, counts that do not add up to the components, a festival or a
final round that contradicts the rest of the state.

Each reason is a phrase (``state_*``, declared here on Java's catalogue), so that it reads in
the request's language; what an :class:`Inventory` counts and a tile type named in a sentence
are phrases too. A phrase without values is worded once, here: every request runs these checks,
and a passing check should cost no more than its test.
"""

from __future__ import annotations

from typing import NoReturn

from rulesets.core import Inventory, Worded, require, state_refusal

from .board import CENTRAL, EDGE, FOOTPRINT_BY_HEXES, HEXES, INDEX, KEY_INDEX, N, PRINTED_POND, key
from .cards import card_value
from .components import (ACTION_TOKENS, AP_PER_TURN, BOARD_ID, CARD_IDS, CARDS, CARDS_PER_TURN_LIMIT, DEVELOPERS,
                         IRRIGATION_TILES, PALACE_COUNTS, PALACE_VALUES, PERSONAL_TILES, SYMBOLS, TILE_PER_PLAYER,
                         TILE_SIZE, TILE_VILLAGES, TOKEN_BONUS, TRIPLES)
from .land import Land
from .refusals import refusals
from .state import Hex, JavaState, PlacedTile

_STATE = refusals.phrase

# ---------------------------------------------------------------- what the checks count and name
IRRIGATION_TILE = _STATE("state_thing_irrigation_tile", "irrigation tile")()
PALACE = _STATE("state_thing_palace", "palace")()
CARD = _STATE("state_thing_card", "card")()
#: a tile type as the state's sentences name it, by its id (the English is the id, as the state spells it)
TILE_KINDS: dict[str, Worded] = {kind: _STATE(f"state_tile_{kind}", kind)()
                                 for kind in ("triple", "double", "single_rice", "single_village")}

# ---------------------------------------------------------------- the reasons, in the order checked
PLAYER_COUNT = _STATE("state_player_count", "Java is played by 2 to 4 players.")()
BOARD = _STATE("state_board", "This referee plays the board '{board}'.")
HANDSHAKE = _STATE("state_festival_handshake", "festival_handshake names every palace value once.")()
PLAYER_DEVELOPERS = _STATE("state_player_developers", "A player has {count} developers.")
PLAYER_TOKENS = _STATE("state_player_action_tokens", "A player has {count} action tokens.")
PLAYER_TILES = _STATE("state_player_tiles", "A player has {count} {kind} tiles.")
TILE_IN_TWO_PLACES = _STATE("state_tile_in_two_places", "Tile {tile} is in two places: {first} and {second}.")
PLACED_BY = _STATE("state_placed_by", "placed_by names a seat of this game.")()
VILLAGE_HEX = _STATE("state_village_hex", "The tile's village hex is one of its hexes.")()
RICE_HAS_NO_VILLAGE = _STATE("state_rice_has_no_village", "A rice tile has no village hex.")()
TILE_LEVEL = _STATE("state_tile_level", "A tile lies at level 1 or higher.")()
TRIPLES_ADD_UP = _STATE("state_triples", "The game has {count} triple tiles: placed plus supply.")
OWN_TILES = _STATE("state_own_tiles", "Each player has {count} {kind} tiles: placed plus in hand.")
TILE_SIZE_OF = _STATE("state_tile_size", "A {kind} tile covers {size} hexes.")
TILE_ON_MAP = _STATE("state_tile_on_map", "A tile lies on the map.")()
TILE_IN_CENTRAL_JAVA = _STATE("state_tile_in_central_java", "A tile keeps a hex in central Java.")()
TILE_HEXES_SORTED = _STATE("state_tile_hexes_sorted", "A tile's hexes are listed sorted.")()
TILE_HEXES_ADJACENT = _STATE("state_tile_hexes_adjacent", "A {kind} tile's hexes are mutually adjacent.")
NOT_A_HEX = _STATE("state_not_a_hex", "'{key}' is not a hex of the map (\"q,r\").")
DEVELOPER_ON_POND = _STATE("state_developer_on_pond", "A developer never stands on an irrigation space.")()
DEVELOPER_SEAT = _STATE("state_developer_seat", "A developer belongs to a seat of this game.")()
DEVELOPER_ON_PALACE = _STATE("state_developer_on_palace", "A developer never stands on a palace.")()
TILE_TWICE_IN_STACK = _STATE("state_tile_twice_in_stack", "Tile {tile} is counted twice in this stack.")
LISTED_SPACE_COVERED = _STATE("state_listed_space_covered", "A space listed in spaces is covered by a land tile.")()
POND_UNCOVERED = _STATE("state_pond_uncovered", "An irrigation space is never covered.")()
TILE_MISSING_FROM_STACK = _STATE("state_tile_missing_from_stack", "Tile {tile} is missing from the stack of {hex}.")
DEVELOPERS_ADD_UP = _STATE("state_developers_add_up",
                           "Each player has {count} developers: on the board plus in supply.")
TILE_NOT_PLACED = _STATE("state_tile_not_placed", "Tile {tile} is not among the placed tiles.")
TILE_NOT_COVERING = _STATE("state_tile_not_covering", "Tile {tile} does not cover {hex}.")
TILE_WRONG_LEVEL = _STATE("state_tile_wrong_level",
                          "Tile {tile} lies at level {level}, not {position}: a stack has no gaps.")
IRRIGATION_ADD_UP = _STATE("state_irrigation_tiles", "The game has {count} irrigation tiles: placed plus supply.")
SCORED_AREA = _STATE("state_scored_area", "A scored area is made of irrigation spaces.")()
IRRIGATION_SPACE = _STATE("state_irrigation_space", "Irrigation tiles lie on bare interior spaces of central Java.")()
PALACE_SUPPLY = _STATE("state_palace_supply", "The palace supply names every value.")()
PALACE_ON_VILLAGE = _STATE("state_palace_on_village",
                           "A palace stands on a village space, never on a rice field or bare board.")()
PALACE_TILE_VALUES = _STATE("state_palace_values",
                       "A palace's tiles are palace values, each higher than the one beneath.")()
PALACE_TILES_ADD_UP = _STATE("state_palace_tiles",
                             "The game has {count} palace tiles of value {value}: on the board plus supply.")
ONE_PALACE_A_CITY = _STATE("state_one_palace_a_city", "Two palaces never share a city.")()
FACE_UP_EMPTY = _STATE("state_face_up_empty", "The face-up slot is empty only when no card can be drawn.")()
ACTIVE_SEAT = _STATE("state_active_seat", "The active player is a seat of this game.")()
TURN_NUMBER = _STATE("state_turn_number", "Turns are numbered from 1.")()
AP_TOTAL = _STATE("state_ap_total", "A turn has its AP, plus the token's when one was used.")()
AP_SPENT = _STATE("state_ap_spent", "No more AP spent than the turn has.")()
CARDS_TAKEN = _STATE("state_cards_taken", "At most {limit} festival cards a turn.")(limit=CARDS_PER_TURN_LIMIT)
PALACES_CHANGED = _STATE("state_palaces_changed", "palaces_changed names palaces, each once.")()
TOKEN_USED = _STATE("state_token_used", "A token used this turn has left its owner's supply.")()
FESTIVAL_PHASE = _STATE("state_festival_phase", "A festival is under way exactly in the festival phase.")()
ORGANIZER = _STATE("state_organizer", "The organizer is the active player.")()
FESTIVAL_PALACE = _STATE("state_festival_palace",
                         "The festival's palace stands, front up, with the festival's value.")()
FESTIVAL_SYMBOLS = _STATE("state_festival_symbols", "Festival symbols are card symbols, sorted.")()
BIDS = _STATE("state_bids", "One bid per participant, the organizer's first.")()
BID_TOTAL = _STATE("state_bid_total", "A bid's total is the value of its cards.")()
INVITED = _STATE("state_invited", "Only the joining round has invited players.")()
ORGANIZER_DECLINES = _STATE("state_organizer_declines", "The organizer never declines.")()
SOMEONE_STILL_IN = _STATE("state_someone_still_in", "Someone is still in a festival under way.")()
JOINING_QUEUE = _STATE("state_joining_queue", "The joining queue is the invited players; its first acts.")()
QUEUE_ONLY_JOINING = _STATE("state_queue_only_joining", "Only the joining round has a queue.")()
RAISING_TWO_IN = _STATE("state_raising_two_in", "A raising round needs two players still in.")()
TIE_VOTE = _STATE("state_tie_vote", "A tie vote names its proposer and the tied players still to answer.")()
TIE_VOTE_STAGE = _STATE("state_tie_vote_stage", "Only the tie_vote stage has a tie vote.")()
TO_ACT_STILL_IN = _STATE("state_to_act_still_in", "The player to act is still in.")()
FINAL_ROUND_START = _STATE("state_final_round_start", "The final round starts with the last triple tile.")()
GAME_END = _STATE("state_game_end", "The game ends after everyone's final turn.")()
NO_EARLY_RECKONING = _STATE("state_no_early_reckoning", "No reckoning before the final round.")()
FINAL_ROUND_SEATS = _STATE("state_final_round_seats", "The final round names seats of this game, each once, the "
                           "trigger player not among the remaining.")()
FINAL_ROUND_ACTIVE = _STATE("state_final_round_active",
                            "The active player is the trigger player or the next one owed a final turn.")()


def check(state: JavaState) -> None:
    n = len(state.players)
    require(2 <= n <= 4, PLAYER_COUNT, "$.players", "JAVA-1.1")
    if state.board != BOARD_ID:
        _bad(BOARD(board=BOARD_ID), "$.board", "JAVA-14.5")
    handshake = state.options.festival_handshake
    require(set(handshake) == {str(v) for v in PALACE_VALUES},
            HANDSHAKE, "$.options.festival_handshake", "JAVA-10.13")
    _players(state, n)
    tiles, cells = _tiles(state, n)
    _spaces(state, n, tiles, cells)
    _irrigation(state)
    _palaces(state, tiles)
    _cards(state)
    _turn(state, n)
    _festival(state, n)
    _final_round(state, n)


def _players(state: JavaState, n: int) -> None:
    # tests first, messages only to refuse: every request runs these for every seat
    for seat, player in enumerate(state.players):
        if player.developer_supply > DEVELOPERS:
            _bad(PLAYER_DEVELOPERS(count=DEVELOPERS), f"$.players[{seat}].developer_supply", "JAVA-1.4")
        if player.action_tokens > ACTION_TOKENS:
            _bad(PLAYER_TOKENS(count=ACTION_TOKENS), f"$.players[{seat}].action_tokens", "JAVA-1.4")
        for kind in PERSONAL_TILES:
            if getattr(player.tiles, kind) > TILE_PER_PLAYER[kind]:
                _bad(PLAYER_TILES(count=TILE_PER_PLAYER[kind], kind=TILE_KINDS[kind]),
                     f"$.players[{seat}].tiles.{kind}", "JAVA-1.4")


def _bad(reason: Worded, path: str, rule: str) -> NoReturn:
    raise state_refusal(reason, path, rule)


def _tiles(state: JavaState, n: int) -> tuple[dict[int, int], list[tuple[int, ...]]]:
    """Each placed tile's shape; ids once; placed + supply = the components.

    Returns id -> index, and each tile's hexes as map indices (its footprint's cells).

    The hot loops test first and build their messages only to refuse (a request checks every tile).
    """
    by_id: dict[int, int] = {}
    cells: list[tuple[int, ...]] = []
    placed = {kind: [0] * n for kind in PERSONAL_TILES}
    triples = 0
    for index, tile in enumerate(state.placed_tiles):
        if tile.id in by_id:
            _bad(TILE_IN_TWO_PLACES(tile=tile.id, first=f"$.placed_tiles[{by_id[tile.id]}].id",
                                    second=f"$.placed_tiles[{index}].id"), f"$.placed_tiles[{index}].id", "JAVA-4.11")
        by_id[tile.id] = index
        hexes = tile.hexes
        kind = tile.type
        if tile.placed_by >= n:
            _bad(PLACED_BY, f"$.placed_tiles[{index}].placed_by", "JAVA-4.1")
        footprint = FOOTPRINT_BY_HEXES.get(tuple(hexes))
        if footprint is None or len(hexes) != TILE_SIZE[kind]:
            _footprint_refusal(tile.type, list(hexes), index)
        cells.append(footprint.cells)
        village = tile.village
        if TILE_VILLAGES[kind]:
            if village is None or village not in hexes:
                _bad(VILLAGE_HEX, f"$.placed_tiles[{index}].village", "JAVA-4.2")
        elif village is not None:
            _bad(RICE_HAS_NO_VILLAGE, f"$.placed_tiles[{index}].village", "JAVA-4.2")
        if tile.level < 1:
            _bad(TILE_LEVEL, f"$.placed_tiles[{index}].level", "JAVA-2.5")
        if kind == "triple":
            triples += 1
        else:
            placed[kind][tile.placed_by] += 1
    if triples + state.supply.triple != TRIPLES:
        _bad(TRIPLES_ADD_UP(count=TRIPLES), "$.supply.triple", "JAVA-1.3")
    for kind in PERSONAL_TILES:
        for seat, player in enumerate(state.players):
            if placed[kind][seat] + getattr(player.tiles, kind) != TILE_PER_PLAYER[kind]:
                _bad(OWN_TILES(count=TILE_PER_PLAYER[kind], kind=TILE_KINDS[kind]),
                     f"$.players[{seat}].tiles.{kind}", "JAVA-1.4")
    return by_id, cells


def _footprint_refusal(kind: str, hexes: list[Hex], index: int) -> NoReturn:
    """Why these hexes are no footprint of this tile type (JAVA-4.2, 4.4)."""
    at = f"$.placed_tiles[{index}].hexes"
    if len(hexes) != TILE_SIZE[kind] or len(set(hexes)) != len(hexes):
        _bad(TILE_SIZE_OF(kind=TILE_KINDS[kind], size=TILE_SIZE[kind]), at, "JAVA-4.2")
    cells = [INDEX[h] for h in hexes if h in INDEX]
    if len(cells) != len(hexes):
        _bad(TILE_ON_MAP, at, "JAVA-4.4")
    if not any(CENTRAL[i] for i in cells):
        _bad(TILE_IN_CENTRAL_JAVA, at, "JAVA-4.4")
    if any(a >= b for a, b in zip(hexes, hexes[1:])):
        _bad(TILE_HEXES_SORTED, at, "JAVA-4.2")
    _bad(TILE_HEXES_ADJACENT(kind=TILE_KINDS[kind]), at, "JAVA-4.2")


def _spaces(state: JavaState, n: int, by_id: dict[int, int], cells: list[tuple[int, ...]]) -> None:
    """Stacks without gaps, each tile once and on all its hexes; developers on land only.

    Every request checks every space: a one-pass test of the whole board first, and only
    a board that fails it goes through the checks one by one, in their order, for the
    refusal (``_space_refusal``).
    """
    if not _spaces_fit(state, n, cells):
        _space_refusal(state, n, by_id)


def _spaces_fit(state: JavaState, n: int, cells: list[tuple[int, ...]]) -> bool:
    """Whether ``_space_refusal`` would pass the board (False also when in doubt: it decides).

    Spaces go by map index, not by ``(q, r)``: a tuple is hashed anew at every lookup, and
    this runs for every space and every tile's hexes on every request.
    """
    pond = list(PRINTED_POND)
    for h in state.irrigation_tiles:
        i = INDEX.get(tuple(h))
        if i is None:
            return False
        pond[i] = True
    palace = [False] * N
    for p in state.palaces:
        i = INDEX.get(tuple(p.hex))
        if i is None:
            return False
        palace[i] = True
    on_board = [0] * n
    #: each hex's stack; an uncovered hex's is empty (so a claim on it is an IndexError below).
    covered: list[list[int]] = [[]] * N
    slots = 0
    for text, space in state.spaces.items():
        i = KEY_INDEX.get(text)
        if i is None:
            return False
        stack = space.stack
        # a listed space is covered, and an irrigation space never is (so never listed)
        if not stack or pond[i]:
            return False
        seat = space.developer
        if seat is not None:
            if seat >= n or palace[i]:
                return False
            on_board[seat] += 1
        covered[i] = stack
        slots += len(stack)
    # Each (tile, hex) pair claims the slot at the tile's level in that hex's stack; tile ids
    # are unique (``_tiles``) and so are a tile's hexes, so when every claim holds and the
    # claims fill every slot, no stack has a gap, a stranger or a tile twice. Levels are >= 1
    # (``_tiles``), so ``level - 1`` never wraps around.
    claims = 0
    try:
        for tile, footprint in zip(state.placed_tiles, cells):
            index, tile_id = tile.level - 1, tile.id
            for i in footprint:
                if covered[i][index] != tile_id:
                    return False
            claims += len(footprint)
    except IndexError:  # an uncovered hex (an empty stack), or a stack too short
        return False
    return claims == slots and all(on_board[seat] + player.developer_supply == DEVELOPERS
                                   for seat, player in enumerate(state.players))


def _space_refusal(state: JavaState, n: int, by_id: dict[int, int]) -> None:
    """The board's checks one by one, in the order they are reported."""
    tiles = state.placed_tiles
    ponds = {tuple(h) for h in state.irrigation_tiles}
    palaces = {tuple(p.hex) for p in state.palaces}
    on_board = [0] * n
    covered: dict[tuple[int, int], list[int]] = {}
    for text, space in state.spaces.items():
        i = KEY_INDEX.get(text)
        if i is None:
            _bad(NOT_A_HEX(key=text), f"$.spaces['{text}']", "JAVA-2.2")
        h = HEXES[i]
        is_pond = PRINTED_POND[i] or h in ponds
        seat = space.developer
        if seat is not None:
            if is_pond:
                _bad(DEVELOPER_ON_POND, f"$.spaces['{text}'].developer", "JAVA-2.16")
            if seat >= n:
                _bad(DEVELOPER_SEAT, f"$.spaces['{text}'].developer", "JAVA-2.16")
            if h in palaces:
                _bad(DEVELOPER_ON_PALACE, f"$.spaces['{text}'].developer", "JAVA-2.16")
            on_board[seat] += 1
        stack = space.stack
        if len(set(stack)) != len(stack):
            twice = next(k for k, t in enumerate(stack) if t in stack[:k])
            _bad(TILE_TWICE_IN_STACK(tile=stack[twice]), f"$.spaces['{text}'].stack[{twice}]",
                 "JAVA-2.5")
        if not stack:
            _bad(LISTED_SPACE_COVERED, f"$.spaces['{text}'].stack", "JAVA-2.5")
        if is_pond:
            _bad(POND_UNCOVERED, f"$.spaces['{text}'].stack", "JAVA-2.7")
        covered[h] = stack
    if not _stacks_match(tiles, covered):
        for h, stack in covered.items():
            _stack_entries(h, stack, tiles, by_id)
        for index, tile in enumerate(tiles):
            for h in tile.hexes:
                stack = covered.get(h, [])
                if len(stack) < tile.level or stack[tile.level - 1] != tile.id:
                    _bad(TILE_MISSING_FROM_STACK(tile=tile.id, hex=key(h)), f"$.placed_tiles[{index}]",
                         "JAVA-2.5")
    for seat, player in enumerate(state.players):
        if on_board[seat] + player.developer_supply != DEVELOPERS:
            _bad(DEVELOPERS_ADD_UP(count=DEVELOPERS), f"$.players[{seat}].developer_supply", "JAVA-1.4")


def _stacks_match(tiles: list[PlacedTile], covered: dict[tuple[int, int], list[int]]) -> bool:
    """Every tile sits at its level in the stack of each of its hexes, and the stacks hold nothing else."""
    slots = 0
    for tile in tiles:
        level = tile.level
        for h in tile.hexes:
            stack = covered.get(h)
            if stack is None or len(stack) < level or stack[level - 1] != tile.id:
                return False
        slots += len(tile.hexes)
    return slots == sum(len(stack) for stack in covered.values())


def _stack_entries(h: tuple[int, int], stack: list[int], tiles: list[PlacedTile], by_id: dict[int, int]) -> None:
    """The first stack entry that is no tile at its level on this hex, with its path."""
    text = key(h)
    for level, tile_id in enumerate(stack, start=1):
        index = by_id.get(tile_id)
        if index is None:
            _bad(TILE_NOT_PLACED(tile=tile_id), f"$.spaces['{text}'].stack[{level - 1}]", "JAVA-2.5")
        tile = tiles[index]
        if h not in tile.hexes:
            _bad(TILE_NOT_COVERING(tile=tile_id, hex=text), f"$.spaces['{text}'].stack[{level - 1}]", "JAVA-2.5")
        if tile.level != level:
            _bad(TILE_WRONG_LEVEL(tile=tile_id, level=tile.level, position=level),
                 f"$.spaces['{text}'].stack[{level - 1}]", "JAVA-2.5")


#: JAVA-8.1: where an irrigation tile may lie, the bare interior spaces of central Java.
_IRRIGABLE = frozenset(HEXES[i] for i in range(N) if CENTRAL[i] and not EDGE[i] and not PRINTED_POND[i])
_PRINTED_PONDS = frozenset(HEXES[i] for i in range(N) if PRINTED_POND[i])


def _irrigation(state: JavaState) -> None:
    placed = [tuple(h) for h in state.irrigation_tiles]
    if len(set(placed)) != len(placed) or not _IRRIGABLE.issuperset(placed):
        _irrigation_refusal(state)
    if len(placed) + state.supply.irrigation != IRRIGATION_TILES:
        _bad(IRRIGATION_ADD_UP(count=IRRIGATION_TILES), "$.supply.irrigation", "JAVA-1.3")
    ponds = _PRINTED_PONDS.union(placed)
    for index, area in enumerate(state.scored_irrigation_areas):
        if not area or not ponds.issuperset(map(tuple, area)):
            _bad(SCORED_AREA, f"$.scored_irrigation_areas[{index}]", "JAVA-8.5")


def _irrigation_refusal(state: JavaState) -> None:
    """The first irrigation tile placed twice or off the bare interior, in the order reported."""
    seen = Inventory(IRRIGATION_TILE, rule="JAVA-8.1")
    for index, h in enumerate(state.irrigation_tiles):
        at = f"$.irrigation_tiles[{index}]"
        seen.see(tuple(h), at)
        i = INDEX.get(tuple(h))
        require(i is not None and CENTRAL[i] and not EDGE[i] and not PRINTED_POND[i],
                IRRIGATION_SPACE, at, "JAVA-8.1")


def _palaces(state: JavaState, by_id: dict[int, int]) -> None:
    require(set(state.supply.palaces) == set(PALACE_COUNTS), PALACE_SUPPLY,
            "$.supply.palaces", "JAVA-1.3")
    used = {v: 0 for v in PALACE_COUNTS}
    where = Inventory(PALACE, rule="JAVA-7.7")
    for index, palace in enumerate(state.palaces):
        at = f"$.palaces[{index}]"
        h = tuple(palace.hex)
        where.see(h, f"{at}.hex")
        space = state.spaces.get(key(h)) if h in INDEX else None
        top = state.placed_tiles[by_id[space.stack[-1]]] if space is not None and space.stack else None
        require(top is not None and top.village == h,
                PALACE_ON_VILLAGE, f"{at}.hex", "JAVA-7.1")
        require(bool(palace.values) and all(str(v) in used for v in palace.values)
                and all(a < b for a, b in zip(palace.values, palace.values[1:])),
                PALACE_TILE_VALUES, f"{at}.values", "JAVA-7.5")
        for v in palace.values:
            used[str(v)] += 1
    for value, count in PALACE_COUNTS.items():
        if used[value] + state.supply.palaces[value] != count:
            _bad(PALACE_TILES_ADD_UP(count=count, value=value), f"$.supply.palaces['{value}']", "JAVA-1.3")
    if len(state.palaces) < 2:
        return
    land = Land(state)
    groups = land.palaces_by_group()
    for index, palace in enumerate(state.palaces):
        label = land.groups()[INDEX[tuple(palace.hex)]]
        require(groups.get(label, 0) == 1, ONE_PALACE_A_CITY, f"$.palaces[{index}]", "JAVA-2.10")


def _cards(state: JavaState) -> None:
    held = [*state.cards.deck, *state.cards.discard]
    if state.cards.face_up is not None:
        held.append(state.cards.face_up)
    for player in state.players:
        held += player.hand
    if state.festival is not None:
        for bid in state.festival.bids:
            held += bid.cards
    # equal lengths and equal sets: every card once (a duplicate would push another card out)
    if len(held) != len(CARD_IDS) or set(held) != _CARD_SET:
        _card_refusal(state)
    require(state.cards.face_up is not None or not state.cards.deck and not state.cards.discard,
            FACE_UP_EMPTY, "$.cards.face_up", "JAVA-9.4")


_CARD_SET = frozenset(CARD_IDS)


def _card_refusal(state: JavaState) -> None:
    """Where the cards go wrong: each card's places, in the order they are reported."""
    cards = Inventory(CARD, rule="JAVA-1.5")
    for seat, player in enumerate(state.players):
        cards.see_all(player.hand, f"$.players[{seat}].hand")
    cards.see_all(state.cards.deck, "$.cards.deck")
    if state.cards.face_up is not None:
        cards.see(state.cards.face_up, "$.cards.face_up")
    cards.see_all(state.cards.discard, "$.cards.discard")
    if state.festival is not None:
        for index, bid in enumerate(state.festival.bids):
            cards.see_all(bid.cards, f"$.festival.bids[{index}].cards")
    cards.expect_exactly(CARD_IDS, "$.cards")


def _turn(state: JavaState, n: int) -> None:
    turn = state.turn
    require(turn.active < n, ACTIVE_SEAT, "$.turn.active", "JAVA-3.1")
    require(turn.number >= 1, TURN_NUMBER, "$.turn.number", "JAVA-3.1")
    require(turn.ap_total == AP_PER_TURN + (TOKEN_BONUS if turn.token_used else 0),
            AP_TOTAL, "$.turn.ap_total", "JAVA-3.2")
    require(turn.ap_spent <= turn.ap_total, AP_SPENT, "$.turn.ap_spent", "JAVA-3.2")
    require(turn.cards_taken <= CARDS_PER_TURN_LIMIT, CARDS_TAKEN, "$.turn.cards_taken", "JAVA-9.1")
    palaces = {tuple(p.hex) for p in state.palaces}
    for index, h in enumerate(turn.palaces_changed):
        require(tuple(h) in palaces and tuple(h) not in [tuple(x) for x in turn.palaces_changed[:index]],
                PALACES_CHANGED, f"$.turn.palaces_changed[{index}]", "JAVA-7.6")
    require(state.phase == "game_over" or not (turn.token_used and state.players[turn.active].action_tokens
                                                > ACTION_TOKENS - 1),
            TOKEN_USED, "$.turn.token_used", "JAVA-3.3")


def _festival(state: JavaState, n: int) -> None:
    festival = state.festival
    require((state.phase == "festival") == (festival is not None), FESTIVAL_PHASE, "$.festival", "JAVA-10.1")
    if festival is None:
        return
    at = "$.festival"
    require(festival.organizer == state.turn.active, ORGANIZER, f"{at}.organizer", "JAVA-10.2")
    palaces = [p for p in state.palaces if tuple(p.hex) == tuple(festival.palace)]
    require(len(palaces) == 1 and palaces[0].values[-1] == festival.value and palaces[0].front_up,
            FESTIVAL_PALACE, f"{at}.palace", "JAVA-10.2")
    require(bool(festival.symbols) and set(festival.symbols) <= set(SYMBOLS) and
            festival.symbols == sorted(set(festival.symbols)), FESTIVAL_SYMBOLS,
            f"{at}.symbols", "JAVA-10.3")
    seats = [b.seat for b in festival.bids]
    require(len(set(seats)) == len(seats) and all(s < n for s in seats) and bool(seats) and seats[0] == festival.organizer,
            BIDS, f"{at}.bids", "JAVA-10.6")
    for index, bid in enumerate(festival.bids):
        require(bid.total == sum(card_value(c, festival.symbols) for c in bid.cards if c in CARDS),
                BID_TOTAL, f"{at}.bids[{index}].total", "JAVA-10.4")
        require(bid.status != "invited" or (festival.stage == "joining" and not bid.cards),
                INVITED, f"{at}.bids[{index}].status", "JAVA-10.7")
    status = {b.seat: b.status for b in festival.bids}
    require(status[festival.organizer] in ("in", "passed"), ORGANIZER_DECLINES, f"{at}.bids", "JAVA-10.7")
    ins = [b.seat for b in festival.bids if b.status == "in"]
    require(len(ins) >= 1, SOMEONE_STILL_IN, f"{at}.bids", "JAVA-10.12")
    if festival.stage == "joining":
        invited = [b.seat for b in festival.bids if b.status == "invited"]
        require(bool(festival.queue) and sorted(festival.queue) == sorted(invited) and
                festival.to_act == festival.queue[0], JOINING_QUEUE,
                f"{at}.queue", "JAVA-10.7")
    else:
        require(not festival.queue, QUEUE_ONLY_JOINING, f"{at}.queue", "JAVA-10.7")
        require(len(ins) >= 2, RAISING_TWO_IN, f"{at}.bids", "JAVA-10.12")
    if festival.stage == "tie_vote":
        vote = festival.tie_vote
        require(vote is not None and bool(vote.pending) and festival.to_act == vote.pending[0]
                and status.get(vote.proposer) == "in"
                and all(status.get(s) == "in" for s in vote.pending + vote.accepted),
                TIE_VOTE, f"{at}.tie_vote", "JAVA-10.10")
    else:
        require(festival.tie_vote is None, TIE_VOTE_STAGE, f"{at}.tie_vote", "JAVA-10.10")
    if festival.stage == "raising":
        require(status.get(festival.to_act) == "in", TO_ACT_STILL_IN, f"{at}.to_act", "JAVA-10.9")


def _final_round(state: JavaState, n: int) -> None:
    final = state.final_round
    require((final is not None) == (state.supply.triple == 0), FINAL_ROUND_START,
            "$.final_round", "JAVA-11.1")
    if state.phase == "game_over":
        require(final is not None and not final.remaining, GAME_END,
                "$.phase", "JAVA-11.4")
        return
    if final is None:
        require(not any(p.gfr_done for p in state.players), NO_EARLY_RECKONING, "$.players",
                "JAVA-12.1")
        return
    remaining = final.remaining
    require(final.trigger_player < n and len(set(remaining)) == len(remaining)
            and all(s < n and s != final.trigger_player for s in remaining),
            FINAL_ROUND_SEATS,
            "$.final_round", "JAVA-11.3")
    require(state.turn.active == final.trigger_player or (bool(remaining) and state.turn.active == remaining[0]),
            FINAL_ROUND_ACTIVE, "$.turn.active", "JAVA-11.3")
