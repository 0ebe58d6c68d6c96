"""The Golden City's refusals: every code its rules answer, declared once.

Codes and rules are the spec's tables (3.4 to 3.8); the loop's codes (game_over,
wrong_phase, not_your_turn, unknown_player) and setup's are core's, cited through the
phase table and the Ruleset's declarations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rulesets.core import Catalogue, InvalidSetup, Refusal
from rulesets.core.refusals import Phrase

refusals = Catalogue()

# ---------------------------------------------------------------- setup (spec 3.4)
UNKNOWN_START_PLAYER = refusals.entry("unknown_start_player", ("GC-1.8",),
                                      "The first player must be a seat, 0 to {last}.", error=InvalidSetup)

# ---------------------------------------------------------------- bid (spec 3.5)
INVALID_PAIR = refusals.entry("invalid_pair", ("GC-4.1",), "There is no pair {pair}: pairs are numbered 0 to {last}.")
INSUFFICIENT_COINS = refusals.entry(
    "insufficient_coins", ("GC-4.5",),
    "Displacing the marker on pair {pair} costs {price} coin(s); you have {coins}. Choose a free pair.")
PRICE_MISMATCH = refusals.entry("price_mismatch", ("GC-4.3",),
                                "Pair {pair} costs {price} coin(s) now, not {expected_price}.")

# ---------------------------------------------------------------- build (spec 3.6, checks 2 to 21)
BUILD_LIMIT_REACHED = refusals.entry("build_limit_reached", ("GC-5.1",),
                                     "You have made {limit} builds this turn; end your turn.")
UNKNOWN_SPACE = refusals.entry("unknown_space", ("GC-5.3",), "There is no space '{space}' on the board.")
#: ``reason``: no black post left, or black posts are not played with this many players.
BLACK_POST_UNAVAILABLE = refusals.entry("black_post_unavailable", ("GC-11.1",),
                                        "You may not build a black post: {reason}.")
NO_POSTS_LEFT = refusals.entry("no_posts_left", ("GC-5.2",), "You have no regular post left.")
SPACE_OCCUPIED = refusals.entry("space_occupied", ("GC-5.4.1",),
                                "{space} already holds a post; a {kind} holds only one.")
ALREADY_IN_DISTRICT = refusals.entry("already_in_district", ("GC-5.4.2",),
                                     "You already have a post in {space}; one post per player per district.")
DISTRICT_LOCKED = refusals.entry("district_locked", ("GC-11.4",),
                                 "{space} holds your opponent's black post; you may not build there.")
BLACK_POST_INVALID_TARGET = refusals.entry(
    "black_post_invalid_target", ("GC-11.3",),
    "A black post goes only into a city district holding your regular post, no black post and none of your "
    "opponent's posts; {space} is not one.")
NOT_CONNECTED = refusals.entry("not_connected", ("GC-5.5.2",),
                               "No road joins {space} to a space holding one of your posts.")
KEY_NOT_ALLOWED = refusals.entry("key_not_allowed", ("GC-5.3.4",),
                                 "{space} is not an inner district: no key is paid.")
KEY_REQUIRED = refusals.entry("key_required", ("GC-5.3.4",), "{space} is an inner district: set use_key.")
NO_KEY_CARD = refusals.entry("no_key_card", ("GC-5.3.4",), "You hold no key card.")
#: a build's payment slot (GC-5.3) or a discard's entry (GC-9.1, spec 3.8) that names no landscape card.
PAYMENT_MALFORMED = refusals.entry("payment_malformed", ("GC-5.3", "GC-9.1"),
                                   "{part} must be {requirement} (the landscape types are {landscapes}).")
PAYMENT_WRONG_SIZE = refusals.entry("payment_wrong_size", ("GC-5.3.3",),
                                    "{space} takes exactly {expected} payment slot(s), not {offered}.")
PAYMENT_WRONG_LANDSCAPE = refusals.entry(
    "payment_wrong_landscape", ("GC-5.3.1",),
    "A single card paying for {space} must be {expected}, not {given}; or pay the slot with two cards of one type.")
JOKER_PAIR_MISMATCH = refusals.entry("joker_pair_mismatch", ("GC-5.3.2",),
                                     "A joker is {size} cards of one type, not {cards}.")
#: a build's payment (GC-5.3) or a discard (GC-9.1) asking more cards of a type than the hand holds.
CARDS_NOT_IN_HAND = refusals.entry("cards_not_in_hand", ("GC-5.3", "GC-9.1"),
                                   "You do not hold the cards you named: {shortfall}.")


@dataclass(frozen=True)
class PickRefusals:
    """Checks 19 to 21 for one kind of card the builder picks from a display."""

    required: Refusal
    invalid: Refusal
    not_applicable: Refusal


def _pick_refusals(kind: str, rule: str) -> PickRefusals:
    """GC-6.5's three pick checks, and their mirror for bonus cards under D-7's public-choice reading."""
    return PickRefusals(
        required=refusals.entry(f"{kind}_pick_required", (rule,),
                                f"{{space}} gives a {kind} card: name one of {{display}} as {kind}_pick."),
        invalid=refusals.entry(f"invalid_{kind}_pick", (rule,), "{pick} is not on offer; choose one of {display}."),
        not_applicable=refusals.entry(f"{kind}_pick_not_applicable", (rule,),
                                      f"Building on {{space}} gives no {kind} card to choose; leave out {kind}_pick."))


GOODS_PICK = _pick_refusals("goods", "GC-6.5")
BONUS_PICK = _pick_refusals("bonus", "GC-6.4")

# ---------------------------------------------------------------- discard (spec 3.8)
DISCARD_NOT_REQUIRED = refusals.entry("discard_not_required", ("GC-9.1",),
                                      "Seat {player} holds {held} landscape cards and owes no discard.")
WRONG_DISCARD_COUNT = refusals.entry("wrong_discard_count", ("GC-9.1",),
                                     "Discard exactly {expected} card(s) to keep {limit}; you named {offered}.")

# ---------------------------------------------------------------- what a phase awaits (not_your_turn)
AWAITS_BID = refusals.phrase("awaits_bid", "seat {seat} to place a bid marker")
AWAITS_BUILDER = refusals.phrase("awaits_builder", "seat {seat} to build or end the turn")

# ---------------------------------------------------------------- values worded into the sentences
# A value that is words, not an identifier, is a phrase, so that a translated refusal reads
# translated values too (rulesets.core.translation.phrase_text).
#: black_post_unavailable's two reasons (GC-11.1)
NO_BLACK_POST_LEFT = refusals.phrase("no_black_post_left", "you have none left")
BLACK_POSTS_PLAYED_WITH = refusals.phrase("black_posts_played_with",
                                          "black posts are played only with {counts} players")
#: space_occupied's kinds: the spaces that hold one post in total (GC-5.4.1)
HARBOUR_KIND = refusals.phrase("harbour_kind", "harbour")
VILLAGE_KIND = refusals.phrase("village_kind", "village")
#: payment_malformed's parts at fault and what they must be (GC-5.3, GC-9.1)
PAYMENT_SLOT = refusals.phrase("payment_slot", "Payment slot {index}")
SLOT_REQUIREMENT = refusals.phrase("slot_requirement", "one or two landscape types")
DISCARD_ENTRY = refusals.phrase("discard_entry", "The discard entry '{kind}: {count}'")
DISCARD_REQUIREMENT = refusals.phrase("discard_requirement", "a landscape type with a count of 0 or more")
#: cards_not_in_hand's shortfall, one landscape type at a time (GC-5.3, GC-9.1)
SHORT_OF = refusals.phrase("short_of", "{asked} {kind} asked, {held} held")
#: a list of worded values: "a and b" (the two cards of a joker), "a or b" (player counts), "a; b"
AND = refusals.phrase("and", "{first} and {second}")
OR = refusals.phrase("or", "{first} or {second}")
THEN = refusals.phrase("then", "{first}; {second}")
#: the setup refusal of a colour that is the black posts' (GC-11.1)
COLOUR_IS_BLACK_POSTS = refusals.phrase(
    "colour_is_black_posts", "In a {players}-player game the {colour} posts are the black posts: choose other colours.")


def listed(items: list[Any], joined: Phrase) -> Any:
    """``items`` as one value, each pair joined by the phrase ``joined`` (``a or b or c``), so that every
    joining word is translated; one item is itself."""
    if not items:
        raise ValueError("a listed value names at least one item")
    value = items[-1]
    for item in reversed(items[:-1]):
        value = joined(first=item, second=value)
    return value


def shortfall_words(short: dict[str, tuple[int, int]]) -> Any:
    """cards_not_in_hand's ``shortfall``: "2 coast asked, 1 held; 2 forest asked, 0 held" (type -> (asked, held))."""
    return listed([SHORT_OF(asked=asked, kind=kind, held=held) for kind, (asked, held) in short.items()], THEN)
