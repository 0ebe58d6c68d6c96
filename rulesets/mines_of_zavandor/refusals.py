"""The Mines of Zavandor's refusals: every code its rules answer (spec 3.8), declared once.

Each entry lists every rule its code may cite (``card_not_in_hand`` is always MOZ-2.5;
``unknown_upgrade_target`` cites MOZ-3.7 for a marker and MOZ-6.2 for an upgrade) and one
sentence; where the checks that share a code differ, a placeholder carries the difference.
Core's codes (``game_over``, ``wrong_phase``, ``invalid_options``...) are core's entries.
"""

from rulesets.core import Catalogue, InvalidSetup

refusals = Catalogue()
entry = refusals.entry

# ---------------------------------------------------------------- setup and turns (MOZ-1, MOZ-2)
VARIANT_NOT_SUPPORTED = entry("variant_not_supported", ("MOZ-1.12",),
                              "Only the basic game is specified; the {variant} family boards have no data yet.",
                              error=InvalidSetup)
NOT_ACTIVE_PLAYER = entry("not_active_player", ("MOZ-2.3", "MOZ-2.4"),
                          "Seat {player} may not act now: the game awaits {awaited}.")
#: ``missing`` names what the hand lacks (a phrase below): "one wood.sapphire card", "2 iron.ruby cards (you hold 1)"...
CARD_NOT_IN_HAND = entry("card_not_in_hand", ("MOZ-2.5",), "Your hand does not hold {missing}.")

# ---------------------------------------------------------------- income (MOZ-3)
INCOME_SELECTION_WRONG_TOTAL = entry(
    "income_selection_wrong_total", ("MOZ-3.4",),
    "Take exactly {due} card(s): your production is {production} and your cap {cap}.")
INCOME_SELECTION_EXCEEDS_PRODUCTION = entry(
    "income_selection_exceeds_production", ("MOZ-3.4",),
    "Your production shows {production} {cart} card(s), not {count}.")
UNKNOWN_UPGRADE_TARGET = entry("unknown_upgrade_target", ("MOZ-3.7", "MOZ-6.2"), "You have no {target} to raise.")
TARGET_AT_TOP_LEVEL = entry("target_at_top_level", ("MOZ-3.7", "MOZ-6.4"),
                            "{target} is already at its top level {level}.")
CARD_NOT_IN_MINE = entry("card_not_in_mine", ("MOZ-3.10",), "{card} is not in your mine.")
NOT_ONE_TIME_CARD = entry("not_one_time_card", ("MOZ-3.10",), "{card} is not a one-time card.")

# ---------------------------------------------------------------- trading (MOZ-4)
TRADE_WITH_SELF = entry("trade_with_self", ("MOZ-4.3",), "You cannot trade with yourself.")
PARTNER_FINISHED = entry("partner_finished", ("MOZ-4.3",), "Seat {partner} has finished trading.")
TRADE_SIDE_EMPTY = entry("trade_side_empty", ("MOZ-4.3",), "Each side of a trade needs at least one card (AMB-5).")
UNKNOWN_OFFER = entry("unknown_offer", ("MOZ-4.3",), "There is no open offer {offer}.")
OFFER_NOT_ADDRESSED_TO_YOU = entry("offer_not_addressed_to_you", ("MOZ-4.3",),
                                   "Offer {offer} is addressed to seat {partner}.")
TRADE_PAYMENT_MISMATCH = entry("trade_payment_mismatch", ("MOZ-4.3",),
                               "Offer {offer} asks for {ask}; your payment has {paid}.")
DRAFT_ALREADY_OPEN = entry("draft_already_open", ("MOZ-4.4",), "You already have a draft or an open offer.")
NO_DRAFT_OPEN = entry("no_draft_open", ("MOZ-4.4",), "You have no trade draft open.")
DRAFT_EMPTY = entry("draft_empty", ("MOZ-4.4",), "Your draft has no entry to undo.")
NO_OPEN_OFFER = entry("no_open_offer", ("MOZ-4.4",), "You have no open offer to withdraw.")
#: ``reserved`` names the cards held back (a phrase below): "Every wood.sapphire card you hold is", "Some of those cards are".
CARD_RESERVED = entry("card_reserved", ("MOZ-4.4",), "{reserved} already reserved in your draft or offer.")
TRADE_ASK_EXCEEDS_PARTNER_HAND = entry("trade_ask_exceeds_partner_hand", ("MOZ-4.4",),
                                       "Seat {partner} holds {partner_hand} card(s); you cannot ask for more.")
BANK_TRADE_NEEDS_TWO_CARDS = entry("bank_trade_needs_two_cards", ("MOZ-4.5",),
                                   "A bank trade gives exactly two cards, not {given}.")
GEM_NOT_IN_PILE = entry("gem_not_in_pile", ("MOZ-4.6",), "The {pile} discard pile holds no {gem}.")
SEARCH_NOT_ALLOWED = entry("search_not_allowed", ("MOZ-4.7",), "A discard pile holds a {gem}: take it from there.")
REQUESTED_GEM_UNAVAILABLE = entry("requested_gem_unavailable", ("MOZ-4.9",),
                                  "The {pile} draw pile holds no {gem}; nothing changes (AMB-6).")
TRADE_PROPOSAL_LIMIT = entry("trade_proposal_limit", ("MOZ-4.11",),
                             "You have opened {opened} drafts this phase, the most allowed.")

# ---------------------------------------------------------------- auction and the king (MOZ-5, MOZ-7)
BID_ALREADY_COMMITTED = entry("bid_already_committed", ("MOZ-5.2",), "Your bid is sealed and cannot change.")
CARD_NOT_IN_BID = entry("card_not_in_bid", ("MOZ-5.2",), "Your bid holds no {card} card.")
NO_REWARD_PENDING = entry("no_reward_pending", ("MOZ-5.8",), "The pending choice is the {row} row's.")
MINE_FULL_DISCARD_REQUIRED = entry(
    "mine_full_discard_required", ("MOZ-5.9",),
    "Your mine is full: name one of your improvement cards to discard, or take the VP.")
DISCARD_TARGET_INVALID = entry("discard_target_invalid", ("MOZ-5.9",), "{card} is not in your mine.")
DISCARD_NOT_NEEDED = entry("discard_not_needed", ("MOZ-5.9",),
                           "Discard a card only to make room for the card you take.")
HALL_NOT_REACHABLE = entry("hall_not_reachable", ("MOZ-7.2",), "From {hall} the king can go to {reachable}.")

# ---------------------------------------------------------------- upgrades (MOZ-5.13, MOZ-6)
CARD_SET_ASIDE = entry("card_set_aside", ("MOZ-5.13",), "Your {card} cards are set aside until the end of the round.")
ALREADY_UPGRADED_THIS_PHASE = entry("already_upgraded_this_phase", ("MOZ-6.3",),
                                    "{target} was already raised in this upgrade phase.")
LEVEL_SKIP_FORBIDDEN = entry("level_skip_forbidden", ("MOZ-6.4",),
                             "{target} is at level {level}: the next level is {next_level}.")
PAYMENT_MISMATCH = entry("payment_mismatch", ("MOZ-6.5",), "Level {level} of {target} costs {cost} here; you paid {paid}.")
INSUFFICIENT_VP = entry("insufficient_vp", ("MOZ-6.7",), "This level costs {vp} VP token(s); you have {held}.")

# ---------------------------------------------------------------- what a phase awaits (not_your_turn)
AWAITS_INCOME = refusals.phrase("awaits_income", "seat {seat} to collect income")
AWAITS_MARKERS = refusals.phrase("awaits_markers", "seat {seat} to place free markers")
AWAITS_ONE_TIME = refusals.phrase("awaits_one_time", "seat {seat} to use one-time cards")
AWAITS_TRADERS = refusals.phrase("awaits_traders", "seats {seats} to trade")
AWAITS_REWARD = refusals.phrase("awaits_reward", "seat {seat} to choose a reward")
AWAITS_KING_MOVE = refusals.phrase("awaits_king_move", "seat {seat} to move the king")
AWAITS_UPGRADE = refusals.phrase("awaits_upgrade", "seat {seat} to upgrade")

# ---------------------------------------------------------------- values worded into the sentences above
# (phrases, so that a translated refusal reads its values in the same language; ids stay as they are)
ONE_CARD = refusals.phrase("one_card", "one {kind} card")
CARDS_YOU_HOLD = refusals.phrase("cards_you_hold", "{count} {kind} cards (you hold {held})")
ONE_CARD_BEYOND_BID = refusals.phrase("one_card_beyond_bid", "one {kind} card beyond those already in your bid")
EVERY_CARD_RESERVED = refusals.phrase("every_card_reserved", "Every {kind} card you hold is")
SOME_CARDS_RESERVED = refusals.phrase("some_cards_reserved", "Some of those cards are")
#: the gem cards of a cost, an ask or a payment, one gem at a time (``wording.gems``):
#: "1 sapphire card(s), 2 ruby card(s)"
GEM_COUNT = refusals.phrase("gem_count", "{count} {gem} card(s)")
MORE_GEMS = refusals.phrase("more_gems", "{gems}, {count} {gem} card(s)")
#: the halls the king may go to (``wording.halls``): "U1 or L1"
OR_HALL = refusals.phrase("or_hall", "{halls} or {hall}")
NO_GEMS = refusals.phrase("no_gems", "no gems")
NOTHING = refusals.phrase("nothing", "nothing")
NOWHERE = refusals.phrase("nowhere", "nowhere")
#: spec 3.1: a partner seat outside the game is a schema error (core's invalid_action)
SEAT_NOT_IN_GAME = refusals.phrase("seat_not_in_game", "seat {seat} is not in this {seats}-player game.")
