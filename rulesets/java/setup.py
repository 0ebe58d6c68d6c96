"""JAVA-1.3 to 1.7: a new game."""

from __future__ import annotations

from typing import Any

from rulesets.core import RandomSource, Rng, Seating

from .components import (ACTION_TOKENS, AP_PER_TURN, BOARD_ID, CARD_IDS, DEVELOPERS, HAND_SIZE, IRRIGATION_TILES,
                         PALACE_COUNTS, TILE_PER_PLAYER, TRIPLES)
from .state import Cards, JavaState, Options, Player, Supply, Tiles, Turn


def create(game: str, rules_version: str, players: int, seed: str, options: dict[str, Any],
           seating: Seating) -> JavaState:
    rng = Rng(seed=seed)
    deck = RandomSource(rng).shuffled(CARD_IDS)  # JAVA-1.5: shuffled from the sorted ids
    hands = [deck[seat * HAND_SIZE:(seat + 1) * HAND_SIZE] for seat in range(players)]  # 3 to seat 0, then 1...
    deck = deck[players * HAND_SIZE:]
    face_up = deck.pop(0)
    return JavaState(
        game=game, rules_version=rules_version, rng=rng, first_player=seating.first_player,
        board=BOARD_ID,
        options=Options(festival_handshake=dict(options["festival_handshake"])),
        players=[Player(developer_supply=DEVELOPERS, action_tokens=ACTION_TOKENS, tiles=Tiles(**TILE_PER_PLAYER),
                        hand=hands[seat]) for seat in range(players)],
        supply=Supply(triple=TRIPLES, irrigation=IRRIGATION_TILES, palaces=dict(PALACE_COUNTS)),
        cards=Cards(deck=deck, face_up=face_up),
        turn=Turn(number=1, active=seating.first_player, ap_total=AP_PER_TURN),
    )
