"""Every way Solenia's rules say no (spec section 3): one entry per error code.

Codes and rule IDs are the spec's check tables (3.3 to 3.7). An entry lists the rules
its code cites here; where the spec names a second rule for a code as background (the
improvement that lifts a check, SOL-9.4 beside SOL-5.2), it is listed only if this
referee cites it. Core's codes (game over, phase, turn, setup) come from
``rulesets.core.refusals`` and are not declared again.
"""

from __future__ import annotations

from rulesets.core import Catalogue, InvalidSetup

refusals = Catalogue()
entry = refusals.entry

# ---------------------------------------------------------------- create_game (3.3)
IMPROVEMENTS_REQUIRE_WINTER = entry(
    "improvements_require_winter", ("SOL-9.1",),
    "Improvement tiles are played on the winter side: set board_side to winter.", error=InvalidSetup)

# ---------------------------------------------------------------- choose_improvement (3.4)
IMPROVEMENT_NOT_OFFERED = entry(
    "improvement_not_offered", ("SOL-9.1",), "{item} is not on offer; still offered: {offered}.")
IMPROVEMENT_LEVEL_ALREADY_TAKEN = entry(
    "improvement_level_already_taken", ("SOL-9.1",), "You already hold {held}; take {other}.")

# ---------------------------------------------------------------- play_card and discard_to_advance (3.5, 3.6)
CARD_NOT_IN_HAND = entry("card_not_in_hand", ("SOL-2.2",), "Card {card} is not in your hand.")
SPACE_OFF_BOARD = entry(
    "space_off_board", ("SOL-1.3.1",), "({col},{row}) is not a space: columns and rows run 0 to 4.")
SPACE_OCCUPIED = entry("space_occupied", ("SOL-3.1",), "({col},{row}) already holds a card.")
ADVANCE_NOT_ALLOWED = entry(
    "advance_not_allowed", ("SOL-6.1", "SOL-9.4"), "'advance': {advance} is not allowed: {why}.")
PERMANENT_NOT_ALLOWED_FOR_LENGTHENING = entry(
    "permanent_not_allowed_for_lengthening", ("SOL-3.3.3",),
    "Permanent resources ({named}) never pay for lengthening; pay from storage.")
LENGTHEN_PAYMENT_MISMATCH = entry(
    "lengthen_payment_mismatch", ("SOL-3.3",),
    "Reaching ({col},{row}) costs exactly {cost} resource(s); you offered {offered}.")
#: the lengthening (SOL-3.3.3), a delivery (SOL-5.4) or an overflow (SOL-4.3) asks for more than storage holds.
INSUFFICIENT_RESOURCES = entry(
    "insufficient_resources", ("SOL-3.3.3", "SOL-4.3", "SOL-5.4"),
    "You cannot {act} {resources} from storage holding {stored}.")
DELIVERY_NOT_ALLOWED = entry(
    "delivery_not_allowed", ("SOL-4.1",), "A card on an island collects resources; only a city takes a delivery.")
#: SOL-5.3: with nothing payable the city is no target at all; the same code says so.
DELIVERY_REQUIRED = entry(
    "delivery_required", ("SOL-5.2", "SOL-5.3"), "A card on a {city} city must complete one delivery tile; {payable}.")
DELIVERY_TILE_NOT_IN_DISPLAY = entry(
    "delivery_tile_not_in_display", ("SOL-5.2",), "Tile {tile} is not in a display; displayed: {displayed}.")
DELIVERY_TILE_WRONG_TYPE = entry(
    "delivery_tile_wrong_type", ("SOL-5.2",), "A {city} city takes {city} tiles; {tile} is a {kind} tile.")
PERMANENT_UNAVAILABLE = entry(
    "permanent_unavailable", ("SOL-8.4",), "You have no permanent resource from slot {slot}.")
PERMANENT_ALREADY_USED = entry(
    "permanent_already_used", ("SOL-8.4",),
    "The permanent {resource} from {slot} pays one icon per turn, and it is already used.")
DELIVERY_PAYMENT_MISMATCH = entry(
    "delivery_payment_mismatch", ("SOL-5.4",), "Tile {tile} asks for exactly {need}; you offered {offered}.")
SLOT_NOT_CHOOSABLE = entry(
    "slot_not_choosable", ("SOL-5.5",),
    "On the summer side a tile goes to the leftmost empty slot of its row; do not name a slot.")
SLOT_REQUIRED = entry(
    "slot_required", ("SOL-8.2",), "On the winter side you choose the slot: name one of {eligible}.")
SLOT_INVALID = entry("slot_invalid", ("SOL-8.2",), "{slot} is not a slot of the {kind} row ({slots}).")
SLOT_OCCUPIED = entry("slot_occupied", ("SOL-8.2",), "Slot {slot} already holds {tile}.")
SLOT_PREREQUISITE_UNMET = entry(
    "slot_prerequisite_unmet", ("SOL-8.2",),
    "Slot {slot} (level {level}) needs {needs_count} filled level-{needs_level} slot(s) in the {kind} row first.")
REWARD_CHOICE_NOT_ALLOWED = entry(
    "reward_choice_not_allowed", ("SOL-8.3",), "Only a B slot offers a choice of reward; drop 'reward_choice'.")
REWARD_CHOICE_REQUIRED = entry(
    "reward_choice_required", ("SOL-8.3",), "This slot gives one of {options}: name it in 'reward_choice'.")
REWARD_CHOICE_INVALID = entry("reward_choice_invalid", ("SOL-8.3",), "This slot gives {options}, not {choice}.")
#: play_card's overflow_discard (check 27) and discard_overflow (3.7 check 3) alike.
OVERFLOW_DISCARD_MISMATCH = entry(
    "overflow_discard_mismatch", ("SOL-4.3",),
    "Your storage holds {stored} of {capacity}: return exactly {surplus} resource(s), not {offered}.")
DISCARD_NOT_ALLOWED = entry(
    "discard_not_allowed", ("SOL-3.4",),
    "You may discard to advance only when no card has a free placement; for example {card} may go on ({col},{row}).")

# ---------------------------------------------------------------- what a phase awaits (not_your_turn)
AWAITS_DRAFT = refusals.phrase("awaits_draft", "seat {seat} to draft")
AWAITS_TURN = refusals.phrase("awaits_turn", "seat {seat} to play")
AWAITS_OVERFLOW = refusals.phrase("awaits_overflow", "seat {seat} to settle an overflow first")

# ---------------------------------------------------------------- the values worded into the sentences above
# Each English value a sentence takes is a phrase, so that a refusal in another language reads that
# language's words all through (ids such as orange-05, DAY-03, day_B or wood stay as they are).
NONE = refusals.phrase("none", "none")
NOTHING = refusals.phrase("nothing", "nothing")
#: two or more options, the last one after "or" (a B slot's reward_choice)
EITHER = refusals.phrase("either", "{choices} or {last}")

# improvement_not_offered, improvement_level_already_taken (SOL-9.1)
LEVEL1_TILE = refusals.phrase("level1_tile", "Level-1 tile {tile}")
LEVEL3_PAIR = refusals.phrase("level3_pair", "Level-3 pair {pair}")
LEVEL1_TILES = refusals.phrase("level1_tiles", "level-1 tiles {tiles}")
LEVEL3_PAIRS = refusals.phrase("level3_pairs", "level-3 pairs {pairs}")
HELD_LEVEL1_TILE = refusals.phrase("held_level1_tile", "the level-1 tile {tile}")
HELD_LEVEL3_PAIR = refusals.phrase("held_level3_pair", "the level-3 pair {day}/{night}")
A_LEVEL1_TILE = refusals.phrase("a_level1_tile", "a level-1 tile")
A_LEVEL3_PAIR = refusals.phrase("a_level3_pair", "a level-3 pair")

# advance_not_allowed's why (SOL-6.1, SOL-9.4)
ONLY_ZERO_CARDS_ADVANCE = refusals.phrase(
    "only_zero_cards_advance",
    "only a value-0 card advances the airship, and only it may name 'advance' (even as 1); {card} has value {value}")
ADVANCE_ONE_OR_TWO = refusals.phrase(
    "advance_one_or_two",
    "a value-0 card advances the airship 1 space, or 2 with an active L1_DOUBLE_ADVANCE, and never any other number")

# insufficient_resources' act (SOL-3.3.3, SOL-5.4: paying; SOL-4.3: returning)
PAY = refusals.phrase("pay", "pay")
RETURN = refusals.phrase("return", "return")

# delivery_required's payable (SOL-5.2, SOL-5.3)
COULD_PAY = refusals.phrase("could_pay", "you could pay {tiles}")
CITY_UNFULFILLABLE = refusals.phrase(
    "city_unfulfillable", "you cannot pay any displayed tile it takes, so this city is not a legal target")
