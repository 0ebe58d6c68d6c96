"""The Placement phase (KOS-4): one pawn on an area or action space, or every remaining
pawn on a bonus space; the High Priest's privilege (KOS-8.21, 8.22)."""

from __future__ import annotations

from rulesets.core import IllegalAction

from .actions import PlacePawn
from .spaces import ACTION, AREA, BONUS, CARD, bonus_in_play, bonus_limit_reached
from .state import KosState, Pawn
from .turns import advance_placement


def place_pawn(state: KosState, action: PlacePawn) -> list[dict]:
    """Spec 3.2, its checks in the table's order, then the placement (which gives nothing yet, KOS-4.11)."""
    seat = action.player
    player = state.players[seat]
    kind, name = action.space.split(":", 1)
    if player.unplaced <= 0:
        raise IllegalAction("no_pawns_left", "KOS-4.2", "You have no pawn left to place this round.")
    if any(pawn.space == action.space for pawn in state.pawns):
        rule = "KOS-4.4" if kind == BONUS else "KOS-4.3"
        raise IllegalAction("space_occupied", rule, f"{action.space} already holds a pawn.", space=action.space)
    privileged = False
    count = 1
    if kind == BONUS:
        if name not in bonus_in_play(state):
            raise IllegalAction("bonus_space_not_in_play", "KOS-4.9",
                                f"The {name} is not in play in this game.", space=action.space)
        if action.pawns is not None and action.pawns != player.unplaced:
            raise IllegalAction("bonus_needs_all_remaining_pawns", "KOS-4.5",
                                f"A bonus space takes all your {player.unplaced} unplaced pawns.",
                                unplaced=player.unplaced)
        if bonus_limit_reached(state):
            raise IllegalAction("bonus_round_limit_reached", "KOS-11.1",
                                f"{len(state.players) - 1} bonus space(s) are already claimed this round.")
        count = player.unplaced
    elif kind == AREA:
        owner = next((marker.owner for marker in state.markers if marker.area == name), None)
        if owner is not None and owner != seat:
            if state.high_priest != seat:
                raise IllegalAction("area_owned_by_opponent", "KOS-4.6",
                                    f"{name} is owned by seat {owner}; only the High Priest may go there.",
                                    area=name, owner=owner)
            if player.privilege_used:
                raise IllegalAction("high_priest_privilege_used", "KOS-8.21",
                                    "You have already used the High Priest's privilege this round.")
            privileged = True
    elif kind == CARD:
        if name not in player.buildings:
            raise IllegalAction("card_not_owned", "KOS-4.8", f"You do not own building card {name}.", card=name)
    else:
        assert kind == ACTION
    player.unplaced -= count
    if privileged:
        player.privilege_used = True
    state.pawns.append(Pawn(owner=seat, space=action.space, count=count, privileged=privileged))
    events: list[dict] = [{"type": "pawn_placed", "player": seat, "space": action.space, "count": count,
                           "privileged": privileged}]
    advance_placement(state, events, seat)
    return events
