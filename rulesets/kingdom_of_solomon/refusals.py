"""Every way Kingdom of Solomon's rules say no (spec section 3), declared once.

The codes and the rules they cite are the spec's tables (3.0 to 3.13), in their order;
core's own codes (game_over, wrong_phase, not_your_turn, ...) are core's entries. Where
one code covers several situations, its template carries the difference in one value
(``problem``, ``reason``) so every detail sentence stays as precise as the check.
"""

from __future__ import annotations

import re

from rulesets.core import Catalogue, InvalidSetup

from .components import FORTUNE_CARDS

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
#: the turn phase awaits_seat_in_phase names: its id in English, the phase's name in another language
TURN_PHASES = {name: refusals.phrase(f"phase_{name}", name) for name in ("placement", "resolution", "market", "building")}

# ---------------------------------------------------------------- the values worded into the sentences above
# Each English value a sentence takes is a phrase, so that a refusal in another language reads that
# language's words all through (ids such as F06, area:galilee or copper stay as they are).

# invalid_parameters' problem (spec 3.0)
NOT_A_SPACE = refusals.phrase("not_a_space", "'{space}' is not a space: use area:<id>, action:<id>, bonus:<id> or "
                                             "card:<id>.")
PAWNS_ONLY_ON_BONUS = refusals.phrase("pawns_only_on_bonus", "Only a bonus space takes more than one pawn.")
NOT_A_RESOURCE = refusals.phrase("not_a_resource", "'{resource}' is not a resource.")
NOT_A_RESOURCE_OF = refusals.phrase("not_a_resource_of", "'{resource}' is not a resource: one of {resources}.")
NOT_A_BUILDING_CARD = refusals.phrase("not_a_building_card", "{card} is not a building card.")
NOT_AN_AREA = refusals.phrase("not_an_area", "{area} is not an area.")
NOT_A_TEMPLE_LEVEL = refusals.phrase("not_a_temple_level", "{level} is not a temple level: one of {levels}.")
ROAD_NAMES_TWO_AREAS = refusals.phrase("road_names_two_areas", "A road names two areas.")
NOT_A_FORTUNE_CARD = refusals.phrase("not_a_fortune_card", "{card} is not a fortune card.")

# invalid_choice's problem: a resolve_pawn choice (KOS-5.8) or a played card's (KOS-6.4)
CHOICE_NEEDED = refusals.phrase("choice_needed", "This effect needs a choice ({fields}).")
NOT_A_CHOICE_OF_EFFECT = refusals.phrase("not_a_choice_of_effect", "'{name}' is not a choice of this effect.")
EFFECT_TAKES_NO_CHOICE = refusals.phrase("effect_takes_no_choice", "This effect takes no choice.")
NAME_RESOURCE_TYPES = refusals.phrase("name_resource_types",
                                      "Name up to {count} resource type(s) in choice.resources.")
NAME_CUBE_TYPES = refusals.phrase("name_cube_types", "Name up to {count} cube type(s) in choice.resources.")
SEAT_NOT_IN_GAME = refusals.phrase("seat_not_in_game", "Seat {seat} is not in this game.")
NAME_STEAL_TARGET = refusals.phrase("name_steal_target", "Name the opponent you take from (choice.target).")
LIST_TRADES = refusals.phrase("list_trades",
                              "List up to {count} trade(s) of one resource type for another in choice.trades.")
ROAD_CHOICE_FORM = refusals.phrase("road_choice_form", "choice.road names two areas, or is null.")
TAX_CHOICE_FORM = refusals.phrase("tax_choice_form", "choice.take maps each taxed opponent's seat to a cube type.")
CARD_NEEDS_RESOURCE_CHOICE = refusals.phrase("card_needs_resource_choice",
                                             "{name} shows any type: name a resource in choice.resource.")
CARD_TAKES_NO_CHOICE = refusals.phrase("card_takes_no_choice", "{name} takes no choice.")

# invalid_steal_target's reason, invalid_tax_choice's seats and problem (KOS-5.10)
OWN_SEAT = refusals.phrase("own_seat", "it is your own seat")
TARGET_LACKS = refusals.phrase("target_lacks", "it does not hold the {resource} you name")
NO_SEATS = refusals.phrase("no_seats", "none")
TAX_SEATS_MISSING = refusals.phrase("tax_seats_missing", "no cube type named for seat(s) {seats}")
TAX_SEATS_EXTRA = refusals.phrase("tax_seats_extra", "seat(s) {seats} pay no tax")
TAX_SEAT_LACKS = refusals.phrase("tax_seat_lacks", "seat {seat} holds no {resource}")
TAX_SEATS_MISSING_AND_EXTRA = refusals.phrase("tax_seats_missing_and_extra",
                                              "no cube type named for seat(s) {missing}; seat(s) {extra} pay no tax")

# card_not_in_hand's problem (KOS-6.2, KOS-6.6)
NOT_IN_YOUR_HAND = refusals.phrase("not_in_your_hand", "is not in your hand")
LISTED_TWICE = refusals.phrase("listed_twice", "is listed twice")

# invalid_fortune_payment's problem (KOS-6.4)
PAYMENT_CARD_NOT_IN_HAND = refusals.phrase("payment_card_not_in_hand", "fortune card {card} is not in your hand")
NOT_A_RESOURCE_CARD = refusals.phrase("not_a_resource_card", "{card} is not a resource card")
ANY_CARD_NEEDS_AS = refusals.phrase("any_card_needs_as", "{card} shows any type: name the type it pays as ('as')")
AS_ONLY_FOR_ANY = refusals.phrase("as_only_for_any", "{card} shows {resource}; 'as' is only for any-type cards")
FORTUNE_OVERPAYS = refusals.phrase("fortune_overpays",
                                   "this cost needs {needed} {resource}; the fortune cards pay {paid}")

# site_not_allowed's reason (KOS-8.8, KOS-8.9)
HAS_SPECIAL_MARK = refusals.phrase("has_special_mark", "it has the special mark")
NO_EMPTY_SITE = refusals.phrase("no_empty_site", "no building site is empty")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


#: a fortune card's printed name (card_has_no_play_effect, invalid_choice), one phrase per name: its texts
#: are the names the components document serves (``component fortune_cards/<id> name``).
FORTUNE_CARD_NAMES = {name: refusals.phrase(f"fortune_card_{_slug(name)}", name)
                      for name in dict.fromkeys(card.name for card in FORTUNE_CARDS.values())}
