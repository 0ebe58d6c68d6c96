"""Java's refusals: every code its rules answer, declared once (spec Part 3, its error tables).

Each entry lists every rule its code may cite (a code shared by several actions cites the
action's own rule, as the spec's tables do) and one sentence; where the actions differ, a
named value carries the difference. Core's codes (``game_over``, ``wrong_phase``,
``not_your_turn``, ``unknown_player``, ``invalid_player_count``, ``invalid_options``...) are
core's entries; the game names its rules for them in its phase table and setup declarations.
"""

from rulesets.core import Catalogue, InvalidSetup, Phrase, Worded

refusals = Catalogue()
entry = refusals.entry

# ---------------------------------------------------------------- setup and seating (JAVA-1)
INVALID_START_PLAYER = entry("invalid_start_player", ("JAVA-1.6",),
                             "The first player must be a seat, 0 to {last}.", error=InvalidSetup)

# ---------------------------------------------------------------- whose turn (JAVA-10.7, spec 3.2)
NOT_YOUR_FESTIVAL_TURN = entry("not_your_festival_turn", ("JAVA-10.7",),
                               "Seat {player} may not act now: the game awaits {awaited}.")

# ---------------------------------------------------------------- action points (JAVA-3.2, 3.5.1)
#: every action's own rule for its cost, as the spec's tables cite it
INSUFFICIENT_AP = entry("insufficient_ap",
                        ("JAVA-4.9", "JAVA-4.10", "JAVA-5.2", "JAVA-5.3", "JAVA-6.4", "JAVA-7.1",
                         "JAVA-7.4", "JAVA-8.1", "JAVA-9.1"),
                        "This costs {cost} AP; {left} AP are left this turn.")
MUST_RESERVE_AP = entry("must_reserve_ap_for_land_tile", ("JAVA-3.5.1",),
                        "Keep 1 AP for this turn's land tile: place a tile first.")

# ---------------------------------------------------------------- the turn (JAVA-3.3, 3.5)
NO_ACTION_TOKEN = entry("no_action_token", ("JAVA-3.3",), "You have no extra action token left.")
ACTION_TOKEN_ALREADY_USED = entry("action_token_already_used", ("JAVA-3.3",), "One extra action token per turn.")
LAND_TILE_REQUIRED = entry("land_tile_required", ("JAVA-3.5", "JAVA-10.1"),
                           "Place at least one land tile before your turn ends.")

# ---------------------------------------------------------------- land tiles (JAVA-4)
UNKNOWN_TILE_TYPE = entry("unknown_tile_type", ("JAVA-4.2",), "'{tile}' is not a land tile; use one of {types}.")
TILE_SUPPLY_EXHAUSTED = entry("tile_supply_exhausted", ("JAVA-4.1",), "No {tile} tile is left in your supply.")
INVALID_TILE_SHAPE = entry("invalid_tile_shape", ("JAVA-4.2",),
                           "A {tile} tile covers {size} mutually adjacent hexes, each once.")
INVALID_VILLAGE_HEX = entry("invalid_village_hex", ("JAVA-4.2",), "Name the tile's village hex, one of its hexes.")
HEX_OFF_BOARD = entry("hex_off_board", ("JAVA-4.4",), "Every hex of a tile lies in central Java or on the outer ring.")
NO_HEX_IN_CENTRAL_JAVA = entry("no_hex_in_central_java", ("JAVA-4.4",),
                               "At least one hex of a tile lies in central Java.")
COVERS_POND = entry("covers_pond", ("JAVA-4.6",), "A tile never covers an irrigation space.")
COVERS_PALACE = entry("covers_palace", ("JAVA-4.6",), "A tile never covers a palace.")
COVERS_DEVELOPER = entry("covers_developer", ("JAVA-4.6",), "A tile never covers a developer.")
UNEVEN_SUPPORT = entry("uneven_support", ("JAVA-4.5",), "All hexes beneath a tile must be at the same level.")
EXACT_COVER_SAME_TILE = entry("exact_cover_same_tile", ("JAVA-4.7",),
                              "A tile may not lie exactly on one tile of the same size.")
JOINS_TWO_CITIES = entry("joins_two_cities", ("JAVA-4.8",), "Two cities (two palaces) may never join.")

# ---------------------------------------------------------------- developers (JAVA-2.16, 5, 6)
NO_DEVELOPER_IN_SUPPLY = entry("no_developer_in_supply", ("JAVA-5.1",), "All your developers are on the board.")
#: ``movement``: "come in on" (entering, JAVA-5.1) or "leave from" (taking one out, JAVA-5.3)
NOT_AN_ENTRY_SPACE = entry("not_an_entry_space", ("JAVA-5.1", "JAVA-5.3"),
                           "Developers {movement} an edge space or an overhanging tile.")
NOT_A_LAND_SPACE = entry("not_a_land_space", ("JAVA-5.1",),
                         "Developers stand on land tiles, not on bare board, irrigation or palaces.")
#: a developer in the way of an entering developer (JAVA-2.16) or of a palace (JAVA-7.1)
SPACE_OCCUPIED = entry("space_occupied", ("JAVA-2.16", "JAVA-7.1"), "A developer already stands on that space.")
VIA_REGION_NOT_ADJACENT = entry("via_region_not_adjacent", ("JAVA-5.2",), "{space} touches {regions} only.")
NO_OWN_DEVELOPER_THERE = entry("no_own_developer_there", ("JAVA-5.3", "JAVA-6.1"),
                               "None of your developers stands there.")
SAME_SPACE = entry("same_space", ("JAVA-6.1",), "A move ends on another space.")
DESTINATION_NOT_LAND = entry("destination_not_land", ("JAVA-6.2",),
                             "A developer moves onto a land space (no bare board, irrigation or palace).")
DESTINATION_OCCUPIED = entry("destination_occupied", ("JAVA-6.2",), "A developer already stands there.")
INVALID_PATH = entry("invalid_path", ("JAVA-6.2",),
                     "The path must run from 'from' to 'to' over adjacent land spaces, passing no other "
                     "player's developer.")
NO_PATH = entry("no_path", ("JAVA-6.2",), "No path of land spaces free of other players' developers leads there.")

# ---------------------------------------------------------------- palaces (JAVA-2.10, 7)
INVALID_PALACE_VALUE = entry("invalid_palace_value", ("JAVA-7.1", "JAVA-7.4"), "Palace values are {values}.")
NOT_A_VILLAGE_SPACE = entry("not_a_village_space", ("JAVA-7.1",), "Palaces are built on a village space.")
ALREADY_A_CITY = entry("already_a_city", ("JAVA-2.10",), "This village space belongs to a city already.")
VILLAGE_TOO_SMALL = entry("village_too_small", ("JAVA-7.1",), "A palace needs a village of at least 2 spaces.")
#: ``group``/``verb``: "village"/"builds" (JAVA-7.1) or "city"/"enlarges" (JAVA-7.4)
NOT_HIGHEST_RANKED = entry("not_highest_ranked", ("JAVA-7.1", "JAVA-7.4"),
                           "Only the sole highest player in the {group} {verb}.")
PALACE_VALUE_EXCEEDS_SIZE = entry("palace_value_exceeds_size", ("JAVA-7.1", "JAVA-7.4"),
                                  "The {group} has {size} spaces; the palace may not be worth more.")
PALACE_TILE_UNAVAILABLE = entry("palace_tile_unavailable", ("JAVA-7.8",), "No palace tile of value {value} is left.")
NO_PALACE_THERE = entry("no_palace_there", ("JAVA-7.4", "JAVA-10.2"), "There is no palace on that space.")
PALACE_ALREADY_CHANGED = entry("palace_already_changed_this_turn", ("JAVA-7.6",),
                               "Each palace changes at most once per turn.")
PALACE_VALUE_NOT_HIGHER = entry("palace_value_not_higher", ("JAVA-7.4",),
                                "The palace is worth {value}; choose a higher value.")

# ---------------------------------------------------------------- irrigation (JAVA-8.1)
IRRIGATION_SUPPLY_EXHAUSTED = entry("irrigation_supply_exhausted", ("JAVA-8.1",), "No irrigation tile is left.")
IRRIGATION_OUTSIDE_CENTRAL_JAVA = entry("irrigation_outside_central_java", ("JAVA-8.1",),
                                        "Irrigation tiles go on central Java only.")
IRRIGATION_ON_EDGE = entry("irrigation_on_edge", ("JAVA-8.1",), "Irrigation tiles may not go on an edge space.")
SPACE_NOT_EMPTY = entry("space_not_empty", ("JAVA-8.1",), "Irrigation tiles go on bare board only.")

# ---------------------------------------------------------------- festival cards (JAVA-9)
INVALID_CARD_SOURCE = entry("invalid_card_source", ("JAVA-9.2",), "Take the face-up card or the top of the deck.")
CARD_LIMIT_REACHED = entry("card_limit_reached", ("JAVA-9.1",), "At most {limit} cards per turn.")
#: ``purpose``: "take" (JAVA-9.4) or "name the festival" (JAVA-10.2)
NO_FACE_UP_CARD = entry("no_face_up_card", ("JAVA-9.4", "JAVA-10.2"), "There is no face-up card to {purpose}.")
NO_CARDS_LEFT = entry("no_cards_left", ("JAVA-9.4",), "The deck and the discard pile are empty.")

# ---------------------------------------------------------------- the festival (JAVA-10)
PALACE_ALREADY_CELEBRATED = entry("palace_already_celebrated", ("JAVA-10.2",),
                                  "This palace shows its dancers: enlarge it before another festival.")
NO_DEVELOPER_IN_CITY = entry("no_developer_in_city", ("JAVA-10.2",), "You need a developer in the palace's city.")
#: ``alternative``: "to open the festival" (the organizer, JAVA-10.5) or "or pass" (a bid, JAVA-10.9)
EMPTY_BID = entry("empty_bid", ("JAVA-10.5", "JAVA-10.9"), "Play at least one matching card {alternative}.")
CARD_NOT_IN_HAND = entry("card_not_in_hand", ("JAVA-10.5", "JAVA-10.7", "JAVA-10.10"),
                         "Play only cards in your hand, each once.")
CARD_DOES_NOT_MATCH = entry("card_does_not_match", ("JAVA-10.4",),
                            "Each card played must show a festival symbol ({symbols}).")
BID_TOO_LOW = entry("bid_too_low", ("JAVA-10.7", "JAVA-10.9"),
                    "Your bid would be {total}; it must reach at least {highest}.")
#: ``why``: what is missing now (the joining round, or nobody level with the bid)
NO_TIE_TO_PROPOSE = entry("no_tie_to_propose", ("JAVA-10.9",),
                          "A tie is proposed in a raising round, level with the highest bid of another player "
                          "still in: {why}.")
CARDS_WITH_ACCEPTANCE = entry("cards_with_acceptance", ("JAVA-10.10",), "Accepting a tie plays no cards.")
CANNOT_REFUSE_TIE = entry("cannot_refuse_tie", ("JAVA-10.10",),
                          "Your matching cards cannot take your bid above the tie: accept it.")
MUST_RAISE_WHEN_REFUSING = entry("must_raise_when_refusing", ("JAVA-10.10",),
                                 "Refusing means playing cards that take your bid above {tie}.")

# ---------------------------------------------------------------- values worded into the sentences above
# Each value a sentence words is a phrase, so a translated refusal reads its values translated too.
#: a land tile type as a sentence names it (tile_supply_exhausted, invalid_tile_shape), by its id
TILE_NAMES = {
    "triple": refusals.phrase("tile_triple", "triple"),
    "double": refusals.phrase("tile_double", "double"),
    "single_rice": refusals.phrase("tile_single_rice", "single rice"),
    "single_village": refusals.phrase("tile_single_village", "single village"),
}
#: an outer region (via_region_not_adjacent), by its id
REGION_NAMES = {
    "lowlands": refusals.phrase("region_lowlands", "lowlands"),
    "mountains": refusals.phrase("region_mountains", "mountains"),
}
#: a festival symbol (card_does_not_match), by its id
SYMBOL_NAMES = {
    "mask": refusals.phrase("symbol_mask", "mask"),
    "drum": refusals.phrase("symbol_drum", "drum"),
    "puppet": refusals.phrase("symbol_puppet", "puppet"),
}
BOTH = refusals.phrase("both", "{first} and {second}")
EITHER = refusals.phrase("either", "{first} or {second}")
#: not_an_entry_space's ``movement``
COMING_IN = refusals.phrase("movement_come_in", "come in on")
LEAVING = refusals.phrase("movement_leave", "leave from")
#: not_highest_ranked's and palace_value_exceeds_size's ``group``, not_highest_ranked's ``verb``
VILLAGE = refusals.phrase("group_village", "village")
CITY = refusals.phrase("group_city", "city")
BUILDS = refusals.phrase("verb_builds", "builds")
ENLARGES = refusals.phrase("verb_enlarges", "enlarges")
#: no_face_up_card's ``purpose``
TO_TAKE = refusals.phrase("purpose_take", "take")
TO_NAME_THE_FESTIVAL = refusals.phrase("purpose_name_festival", "name the festival")
#: empty_bid's ``alternative``
TO_OPEN_THE_FESTIVAL = refusals.phrase("alternative_open_festival", "to open the festival")
OR_PASS = refusals.phrase("alternative_pass", "or pass")
#: no_tie_to_propose's ``why``
STILL_JOINING = refusals.phrase("why_still_joining", "the festival is still in its joining round")
NO_BID_LEVEL = refusals.phrase("why_no_bid_level", "no other player still in has a bid of {total}")
NOT_LEVEL = refusals.phrase("why_not_level", "your bid of {total} is not level with the highest other bid")
#: not_your_festival_turn's ``awaited`` for a seat with no bid in the festival
FESTIVAL_SEAT = refusals.phrase("awaits_festival_seat", "a seat taking part in this festival")


def one_or_two(names: list[Worded], pair: Phrase) -> Worded:
    """One name, or two joined by ``pair`` (``BOTH``/``EITHER``): the lists Java words have one or two items
    (the regions a space touches, the symbols of a face-up card)."""
    if len(names) == 1:
        return names[0]
    first, second = names
    return pair(first=first, second=second)


# ---------------------------------------------------------------- what a phase awaits (not_your_turn)
AWAITS_TURN = refusals.phrase("awaits_turn", "seat {seat} to play")
AWAITS_FESTIVAL_JOIN = refusals.phrase("awaits_festival_join", "seat {seat} to join or decline the festival")
AWAITS_FESTIVAL_RAISE = refusals.phrase("awaits_festival_raise", "seat {seat} to raise, pass or propose a tie")
AWAITS_TIE_VOTE = refusals.phrase("awaits_tie_vote", "seat {seat} to accept or refuse the tie")
