"""SOL-1.4: setting up a game, in the rulebook's order.

Seats are 0-based and clockwise; the creator names the first player (``first_player``,
the spec's ``first_seat``, default seat 0), who starts every round (SOL-2.1), and each
seat's colour (default: the component file's order). Starting resources go by turn
position, as the rulebook gives them to the first, second... player.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import Deck, RandomSource, Rng, Seating, clockwise, shuffled

from . import resources as res
from .components import (AIRSHIP_REST, COLORS, DISPLAY_SIZE, HAND_SIZE, LAYOUTS, PERMUTABLE_STRIPS, ROWS_OF_TILES,
                         SLOTS_PER_ROW, STARTING_RESOURCES, TILES_BY_KIND, WINTER_SLOTS, deck_of)
from .improvements import make_draft
from .state import (Board, Column, Delivery, Options, PlayerBoard, Position, SoleniaState, Solo, Storage)
from .storage import capacity_for
from .state import Improvements


def permutable_columns(layout: str) -> list[int]:
    """The columns holding a day/night strip (all but the dawn/dusk strip's col 2)."""
    return [col for col, (strip, _) in enumerate(LAYOUTS[layout]) if strip in PERMUTABLE_STRIPS]


def default_permutation(layout: str) -> list[str]:
    return [LAYOUTS[layout][col][0] for col in permutable_columns(layout)]


def build_columns(layout: str, permutation: list[str]) -> list[Column]:
    """Step 1: the layout's faces, with the permuted day/night strips in cols 0, 1, 3, 4."""
    strips = [strip for strip, _ in LAYOUTS[layout]]
    for col, strip in zip(permutable_columns(layout), permutation):
        strips[col] = strip
    return [Column(strip=strip, face=face) for strip, (_, face) in zip(strips, LAYOUTS[layout])]


def create(game: str, rules_version: str, players: int, seed: str, options: dict[str, Any],
           seating: Seating) -> SoleniaState:
    layout = options["start_layout"]
    permutation = list(options["strip_permutation"] or default_permutation(layout))
    opts = Options(board_side=options["board_side"], improvements=options["improvements"],
                   start_layout=layout, strip_permutation=permutation)
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    first = seating.start_player(chance, "SOL-1.4")  # the named seat, default 0 (Solenia draws no start player)

    board = Board(columns=build_columns(layout, permutation),  # step 1
                  airship=Position(col=AIRSHIP_REST[0], row=AIRSHIP_REST[1]))  # step 2

    size = DISPLAY_SIZE[players]  # step 3
    decks = {kind: shuffled(TILES_BY_KIND[kind], chance) for kind in ROWS_OF_TILES}
    shown = {kind: Deck(decks[kind], chance, source=f"{kind}_deck", rule="SOL-1.4").draw_many(size)
             for kind in ROWS_OF_TILES}
    delivery = Delivery(day_deck=decks["day"], night_deck=decks["night"],
                        day_display=shown["day"], night_display=shown["night"])

    solo = players == 1
    position = {seat: index for index, seat in enumerate(clockwise(first, players))}
    boards = []
    for seat in range(players):  # steps 4 to 7
        cards = shuffled(deck_of(seating.colors[seat]), chance)
        hand = Deck(cards, chance, source=f"seat_{seat}_deck", rule="SOL-1.4").draw_many(HAND_SIZE)
        empty: list[str | None] = [None] * (len(WINTER_SLOTS["day"]) if opts.board_side == "winter" else SLOTS_PER_ROW)
        start = STARTING_RESOURCES.get(position[seat]) if not solo else None
        storage = Storage()
        res.store(storage, res.vector(start) if start is not None else res.ZERO)
        boards.append(PlayerBoard(
            seat=seat, color=seating.colors[seat], hand=hand, deck=cards,  # step 9
            storage=storage, capacity=capacity_for(opts, Improvements(), list(empty), list(empty)),
            day_slots=list(empty), night_slots=list(empty)))

    rival = None
    if solo:  # SOL-10.1: a second colour's cards are the Rival deck
        rival_color = next(color for color in COLORS if color not in seating.colors)
        rival = Solo(rival_color=rival_color, rival_deck=shuffled(deck_of(rival_color), chance))

    draft = make_draft(players, first, chance) if opts.improvements else None  # step 10
    return SoleniaState(game=game, rules_version=rules_version, rng=rng, first_player=first,
                        options=opts, phase="draft" if draft else "play", round=1,
                        active_seat=first, board=board,
                        delivery=delivery, players=boards, draft=draft, solo=rival)
