"""The setup options: one per contested reading of spec section 6, as stored in the
components file's ``rule_parameters``, the decided reading being the default.

A parameter with an ``alternative`` in the file offers it as a second choice. Where the
spec's text of a decision names the reading it set aside, this referee plays that one
too: D-11 (``end_trigger_posts``: ``all_posts``, black posts count towards the end
trigger), D-12 (``black_posts_count_for``: ``["bonus_cards"]``, the seed's literal
reading) and D-24 (``explicit_end_turn``: false, the turn ends by itself after the second
build, GC-5.1). The other parameters record a reading with no alternative in the spec;
they are published as one-choice options, so a client sees every reading the game is
played with.
"""

from __future__ import annotations

from typing import Any

from rulesets.core import OptionSpec

from .components import PARAMS

#: parameter name -> (rule, what it decides, alternatives the spec's text names beyond the file's).
_ABOUT: dict[str, tuple[str, str, tuple[Any, ...]]] = {
    "joker": ("GC-5.3.2", "D-2: a joker slot is two cards of one type (identical_pair) or any two cards.", ()),
    "inner_district_cost": ("GC-5.3.4", "D-1: an inner district costs two landscape cards plus a key, or the key "
                            "only.", ()),
    "displaced_bidder_acts": ("GC-4.6", "D-3: a displaced bidder chooses again immediately, or on his next turn "
                              "in the normal order.", ()),
    "displacement_price_reset": ("GC-4.3", "D-4: the displacement price resets every round.", ()),
    "zero_builds_allowed": ("GC-5.1", "D-6: a build turn may end with no build.", ()),
    "bonus_card_acquisition": ("GC-6.4", "D-7: a bonus card is the top of a secret deck, or chosen from the "
                               "face-up cards (then public; the build names bonus_pick).", ()),
    "district_rewards_timing": ("GC-7.3", "D-8: district VP are paid at once by order of arrival.", ()),
    "hand_limit_counts": ("GC-9.1", "D-10: the hand limit counts landscape cards only, at the end of a round "
                          "the game survives.", ()),
    "end_trigger_posts": ("GC-11.5", "D-11: the end trigger watches regular posts only, or (all_posts) every post "
                          "a player owns, black ones included.", ("all_posts",)),
    "black_posts_count_for": ("GC-11.5", "D-12: what black posts count for: everything (scoring cards, majority "
                              "bonuses, bonus cards, the tie-break), or, as the seed literally says, bonus cards "
                              "only.", (["bonus_cards"],)),
    "coin_bank_limited": ("GC-6.1", "D-13: the bank holds 35 coins; a reward takes what is left.", ()),
    "majority_bonus": ("GC-8.2", "D-14: the majority bonus goes to a sole leader with a count of at least 1.", ()),
    "explicit_end_turn": ("GC-5.1", "D-24: a build turn ends only through end_turn (true), or by itself after "
                          "the second build (false).", (False,)),
    "tie_break_order": ("GC-10.4", "GC-10.4: VP, then posts on the board (black included), then coins; still "
                        "tied players share the victory.", ()),
}


def _choices(name: str) -> tuple[Any, ...]:
    param = getattr(PARAMS, name)
    if isinstance(param, list):
        return (param,)
    alternatives = (() if param.alternative is None else (param.alternative,)) + _ABOUT[name][2]
    return (param.value, *alternatives)


def _default(name: str) -> Any:
    param = getattr(PARAMS, name)
    return param if isinstance(param, list) else param.value


CHOICES: dict[str, tuple[Any, ...]] = {name: _choices(name) for name in _ABOUT}

def _kind(name: str) -> str:
    """A two-way true/false reading is a bool option (so 1 or 0 are not taken for true or false)."""
    return "bool" if set(map(repr, CHOICES[name])) == {"True", "False"} else "enum"


OPTIONS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(name, _default(name), description, choices=CHOICES[name], rule=rule, kind=_kind(name))
    for name, (rule, description, _extra) in _ABOUT.items())

#: the options with more than one reading: the ones the random playouts vary.
VARIANTS: dict[str, tuple[Any, ...]] = {name: choices for name, choices in CHOICES.items() if len(choices) > 1}
