"""The Placement phase (KOS-4): one pawn on an area or action space, or every remaining
pawn on a bonus space; the High Priest's privilege (KOS-8.21, 8.22)."""

from __future__ import annotations

from .actions import PlacePawn
from .components import BONUS_SPACES
from .events import Events, PawnPlaced
from .refusals import (AREA_OWNED_BY_OPPONENT, BONUS_NEEDS_ALL_REMAINING_PAWNS, BONUS_ROUND_LIMIT_REACHED,
                       BONUS_SPACE_NOT_IN_PLAY, CARD_NOT_OWNED, HIGH_PRIEST_PRIVILEGE_USED, NO_PAWNS_LEFT,
                       SPACE_OCCUPIED)
from .spaces import ACTION, AREA, BONUS, CARD, bonus_claimed, bonus_in_play, bonus_limit_reached
from .state import KosState, Pawn
from .turns import advance_placement


def place_pawn(state: KosState, action: PlacePawn) -> Events:
    """Spec 3.2, its checks in the table's order, then the placement (which gives nothing yet, KOS-4.11)."""
    seat = action.player
    player = state.players[seat]
    kind, name = action.space.split(":", 1)
    if player.unplaced <= 0:
        raise NO_PAWNS_LEFT(explain={"needed": {"pawns": 1}, "have": {"pawns": player.unplaced}})
    holder = next((pawn.owner for pawn in state.pawns if pawn.space == action.space), None)
    if holder is not None:
        rule = "KOS-4.4" if kind == BONUS else "KOS-4.3"
        raise SPACE_OCCUPIED(rule, space=action.space, context={"space": action.space},
                             explain={"space": action.space, "held_by": holder})
    privileged = False
    count = 1
    if kind == BONUS:
        if name not in bonus_in_play(state):
            # KOS-1.4: a bonus space is in play from its player count on (the variant puts all three in play)
            raise BONUS_SPACE_NOT_IN_PLAY(bonus=name, context={"space": action.space},
                                          explain={"needed": {"players": BONUS_SPACES[name].min_players},
                                                   "have": {"players": len(state.players)}})
        if action.pawns is not None and action.pawns != player.unplaced:
            raise BONUS_NEEDS_ALL_REMAINING_PAWNS(unplaced=player.unplaced, context={"unplaced": player.unplaced},
                                                  explain={"needed": {"pawns": player.unplaced},
                                                           "offered": {"pawns": action.pawns}})
        if bonus_limit_reached(state):
            raise BONUS_ROUND_LIMIT_REACHED(limit=len(state.players) - 1,
                                            explain={"limit": {"bonus_spaces": len(state.players) - 1},
                                                     "have": {"bonus_spaces": len(bonus_claimed(state))}})
        count = player.unplaced
    elif kind == AREA:
        owner = next((marker.owner for marker in state.markers if marker.area == name), None)
        if owner is not None and owner != seat:
            if state.high_priest != seat:
                raise AREA_OWNED_BY_OPPONENT(area=name, owner=owner, context={"area": name, "owner": owner})
            if player.privilege_used:
                raise HIGH_PRIEST_PRIVILEGE_USED(explain={"limit": {"privileged_pawns": 1},
                                                          "have": {"privileged_pawns": 1}})
            privileged = True
    elif kind == CARD:
        if name not in player.buildings:
            raise CARD_NOT_OWNED(card=name, context={"card": name})
    else:
        assert kind == ACTION
    player.unplaced -= count
    if privileged:
        player.privilege_used = True
    state.pawns.append(Pawn(owner=seat, space=action.space, count=count, privileged=privileged))
    events: Events = [PawnPlaced(player=seat, space=action.space, count=count, privileged=privileged)]
    advance_placement(state, events, seat)
    return events
