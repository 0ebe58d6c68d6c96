"""Every way Kingdom of Solomon's rules say no (spec section 3), declared once.

The codes and the rules they cite are the spec's tables (3.0 to 3.13), in their order;
core's own codes (game_over, wrong_phase, not_your_turn, ...) are core's entries. Where
one code covers several situations, its template carries the difference in one value
(``problem``, ``reason``) so every detail sentence stays as precise as the check.
"""

from __future__ import annotations

from rulesets.core import Catalogue, InvalidSetup

refusals = Catalogue()
entry = refusals.entry

# ---------------------------------------------------------------- spec 3.0: every action
#: an unknown id or a value the action's form forbids; the spec's common table cites no rule.
INVALID_PARAMETERS = entry("invalid_parameters", (), "Field '{field}': {problem}")

# ---------------------------------------------------------------- spec 3.1: new game
VARIANT_NOT_ALLOWED = entry("variant_not_allowed", ("KOS-11.2",),
                            "The all-bonus variant is for 2 or 3 players, not {players}.", error=InvalidSetup)

# ---------------------------------------------------------------- spec 3.2: place_pawn
NO_PAWNS_LEFT = entry("no_pawns_left", ("KOS-4.2",), "You have no pawn left to place this round.")
SPACE_OCCUPIED = entry("space_occupied", ("KOS-4.3", "KOS-4.4"), "{space} already holds a pawn.")
BONUS_SPACE_NOT_IN_PLAY = entry("bonus_space_not_in_play", ("KOS-4.9",), "The {bonus} is not in play in this game.")
BONUS_NEEDS_ALL_REMAINING_PAWNS = entry("bonus_needs_all_remaining_pawns", ("KOS-4.5",),
                                        "A bonus space takes all your {unplaced} unplaced pawns.")
BONUS_ROUND_LIMIT_REACHED = entry("bonus_round_limit_reached", ("KOS-11.1",),
                                  "{limit} bonus space(s) are already claimed this round.")
AREA_OWNED_BY_OPPONENT = entry("area_owned_by_opponent", ("KOS-4.6",),
                               "{area} is owned by seat {owner}; only the High Priest may go there.")
HIGH_PRIEST_PRIVILEGE_USED = entry("high_priest_privilege_used", ("KOS-8.21",),
                                   "You have already used the High Priest's privilege this round.")
CARD_NOT_OWNED = entry("card_not_owned", ("KOS-4.8",), "You do not own building card {card}.")

# ---------------------------------------------------------------- spec 3.3: resolve_pawn
NO_PAWN_ON_SPACE = entry("no_pawn_on_space", ("KOS-5.1",), "You have no pawn on {space}.")
#: a resolve_pawn choice (KOS-5.8) or a played card's choice (KOS-6.4) that does not fit the effect.
INVALID_CHOICE = entry("invalid_choice", ("KOS-5.8", "KOS-6.4"), "This choice does not fit the effect: {problem}")
CHOICE_NOT_IN_SUPPLY = entry("choice_not_in_supply", ("KOS-5.7",), "The supply has no {resource} left.")
CHOICE_DECLINED_WHILE_POSSIBLE = entry("choice_declined_while_possible", ("KOS-5.8",),
                                       "A legal option exists: this effect must be carried out.")
INVALID_STEAL_TARGET = entry("invalid_steal_target", ("KOS-5.10",), "You cannot take from seat {target}: {reason}.")
INVALID_TRADE = entry("invalid_trade", ("KOS-5.10",),
                      "Trade {number}: give a type you hold for a different type the supply has.")
INVALID_TAX_CHOICE = entry("invalid_tax_choice", ("KOS-5.10",),
                           "Name one cube type for each opponent holding at least {threshold} cubes "
                           "(seats {due}), one he holds: {problem}.")

# ---------------------------------------------------------------- spec 3.4 to 3.6: the market
ALREADY_PASSED = entry("already_passed", ("KOS-7.2",), "You have passed; passing is final for this market.")
RESOURCE_NOT_HELD = entry("resource_not_held", ("KOS-7.5",), "You hold no {resource}.")
MARKET_FULL = entry("market_full", ("KOS-7.4",), "The market already holds {capacity} {resource}.")
CANNOT_SELL_BOUGHT_TYPE = entry("cannot_sell_bought_type", ("KOS-7.3",),
                                "You bought {resource} in this market; you may not sell it.")
MARKET_EMPTY = entry("market_empty", ("KOS-7.4",), "The market has no {resource}.")
INSUFFICIENT_VP = entry("insufficient_vp", ("KOS-7.6",), "Buying {resource} costs {cost} VP; you have {vp}.")
CANNOT_BUY_SOLD_TYPE = entry("cannot_buy_sold_type", ("KOS-7.3",),
                             "You sold {resource} in this market; you may not buy it.")

# ---------------------------------------------------------------- spec 3.7 to 3.9: building
BUILDING_LIMIT_REACHED = entry("building_limit_reached", ("KOS-8.5",), "You have already built a card this round.")
CARD_NOT_IN_DISPLAY = entry("card_not_in_display", ("KOS-8.4",), "{card} is not face up in the display.")
#: the cost of a building card (KOS-8.3) or of a road (KOS-8.24).
INSUFFICIENT_RESOURCES = entry("insufficient_resources", ("KOS-8.3", "KOS-8.24"),
                               "You cannot pay {amount} {resource} with your cubes and fortune cards.")
INVALID_FORTUNE_PAYMENT = entry("invalid_fortune_payment", ("KOS-6.4",), "Fortune payment: {problem}.")
SITE_REQUIRED = entry("site_required", ("KOS-8.7",), "Name the empty building site for your marker.")
SITE_NOT_ALLOWED = entry("site_not_allowed", ("KOS-8.8", "KOS-8.9"), "This card places no marker: {reason}.")
NOT_A_BUILDING_SITE = entry("not_a_building_site", ("KOS-3.2",), "{site} is neutral: it has no site.")
SITE_OCCUPIED = entry("site_occupied", ("KOS-3.2",), "The site of {site} already holds a marker.")
NO_BUILDING_MARKERS_LEFT = entry("no_building_markers_left", ("KOS-8.10",), "All your building markers are placed.")
TEMPLE_COMPLETE = entry("temple_complete", ("KOS-10.3",), "All temple blocks are built.")
TEMPLE_LEVEL_LOCKED = entry("temple_level_locked", ("KOS-8.13",),
                            "The {lower} level must be complete before the {level} level.")
TEMPLE_LEVEL_FULL = entry("temple_level_full", ("KOS-8.13",), "The {level} level is complete.")
INVALID_ANY_PAYMENT = entry("invalid_any_payment", ("KOS-8.14",),
                            "The {level} level asks {count} cube(s) of any type in any_payment.")
INVALID_REWARD = entry("invalid_reward", ("KOS-8.15",), "The reward is one of {rewards}.")
NO_ROADS_LEFT = entry("no_roads_left", ("KOS-8.24",), "All roads are built; nobody can build another.")
AREAS_NOT_ADJACENT = entry("areas_not_adjacent", ("KOS-8.25",), "{first} and {second} are not adjacent areas.")
ROAD_ALREADY_PRESENT = entry("road_already_present", ("KOS-8.25",), "The border {first}-{second} already has a road.")
ROAD_NEEDS_OWN_BUILDING = entry("road_needs_own_building", ("KOS-8.26",),
                                "A road must touch at least one area with your building marker.")
ROAD_ENDPOINT_BLOCKED = entry("road_endpoint_blocked", ("KOS-8.27",),
                              "A road may not touch {area}: it has an empty site or another player's building.")

# ---------------------------------------------------------------- spec 3.11 to 3.13: fortune cards, the end step
#: a card played that is not held (KOS-6.2), or a discard naming one not held or twice (KOS-6.6).
CARD_NOT_IN_HAND = entry("card_not_in_hand", ("KOS-6.2", "KOS-6.6"), "Fortune card {card} {problem}.")
CARD_HAS_NO_PLAY_EFFECT = entry("card_has_no_play_effect", ("KOS-6.9",),
                                "{name} cannot be played; it only scores at the end.")
SUPPLY_EMPTY = entry("supply_empty", ("KOS-6.4",), "The supply has no {resource} to take.")
DISCARD_NOT_REQUIRED = entry("discard_not_required", ("KOS-9.1",), "You hold {held} fortune cards: no discard.")
WRONG_DISCARD_COUNT = entry("wrong_discard_count", ("KOS-6.6",), "Discard exactly {count} card(s) to keep {limit}.")
NOT_FINAL_ROUND = entry("not_final_round", ("KOS-9.2",), "This is not the final round.")
DISCARD_PENDING = entry("discard_pending", ("KOS-9.1",), "A player still owes a discard.")
ALREADY_CONFIRMED = entry("already_confirmed", ("KOS-9.2",), "You have already confirmed.")

# ---------------------------------------------------------------- what a phase awaits (not_your_turn)
AWAITS_SEAT_IN_PHASE = refusals.phrase("awaits_seat_in_phase", "seat {seat} ({phase})")
AWAITS_ROUND_END = refusals.phrase("awaits_round_end", "the end of the round (discards or final confirmations)")
