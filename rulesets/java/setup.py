"""JAVA-1.3 to 1.7: a new game."""

from __future__ import annotations

from typing import Any

from rulesets.core import Deck, RandomSource, Rng, Seating, shuffled

from .components import (ACTION_TOKENS, AP_PER_TURN, BOARD_ID, CARD_IDS, DEVELOPERS, HAND_SIZE, IRRIGATION_TILES,
                         PALACE_COUNTS, TILE_PER_PLAYER, TRIPLES)
from .state import Cards, JavaState, Options, Player, Supply, Tiles, Turn


def create(game: str, rules_version: str, players: int, seed: str, options: dict[str, Any],
           seating: Seating) -> JavaState:
    rng = Rng(seed=seed)
    chance = RandomSource(rng)
    deck: Deck[str] = Deck(shuffled(CARD_IDS, chance), chance, source="festival_deck",  # JAVA-1.5: shuffled from
                           rule="JAVA-1.5")  # the sorted ids
    hands = [deck.draw_many(HAND_SIZE) for _ in range(players)]  # 3 to seat 0, then 3 to seat 1, ...
    face_up = deck.draw()  # JAVA-1.5: one card face up beside the deck
    first = seating.start_player(chance, "JAVA-1.6")  # JAVA-1.6
    return JavaState(
        game=game, rules_version=rules_version, rng=rng, first_player=first,
        board=BOARD_ID,
        options=Options(festival_handshake=dict(options["festival_handshake"])),
        players=[Player(developer_supply=DEVELOPERS, action_tokens=ACTION_TOKENS, tiles=Tiles(**TILE_PER_PLAYER),
                        hand=hands[seat]) for seat in range(players)],
        supply=Supply(triple=TRIPLES, irrigation=IRRIGATION_TILES, palaces=dict(PALACE_COUNTS)),
        cards=Cards(deck=deck.cards, face_up=face_up),
        turn=Turn(number=1, active=first, ap_total=AP_PER_TURN),
    )
