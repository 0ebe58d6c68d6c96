"""Spec 3.1 / GC-13.2: posted states that contradict the components or themselves are refused
with ``invalid_state`` and the JSON path at fault."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import orjson

from rulesets.core import to_builtins
from rulesets.testing.playout import random_playout

from rulesets.golden_city import consistency

from .scenario import GAME, R, spaces

_MID: dict = {}


def midgame(players=3, **options):
    key = (players, tuple(sorted(options.items())))
    if key not in _MID:
        playout = random_playout(R, players, "gc-mid", options, sample_legal=0, nudges=0)
        state = R.setup(players, "gc-mid", options)
        for action in playout.actions[: len(playout.actions) // 2]:
            state, _ = R.apply(state, action)
        while state.phase != "build" or not state.board:
            state, _ = R.apply(state, playout.actions[state.move])
        _MID[key] = json(state)
    return copy.deepcopy(_MID[key])


def json(state):
    """The state as a client posts it (JSON arrays, not tuples)."""
    return orjson.loads(orjson.dumps(to_builtins(state)))


def a_post(raw):
    space = next(s for s, posts in raw["board"].items() if not s.endswith(("_O1", "_O2", "_I")))
    return space, raw["board"][space][0]


def test_gc_13_2_a_valid_state_loads_unchanged():
    """GC-13.2: a state the game produced loads as it is."""
    for players in (2, 3, 4):
        raw = midgame(players)
        assert json(R.load_state(raw)) == raw


def test_gc_12_8_a_post_on_two_spaces():
    """GC-12.8: the same post (its build number) on two spaces is refused where it appears the second time."""
    raw = midgame()
    space, post = a_post(raw)
    free = next(s for s in spaces("harbour") + spaces("village") if s not in raw["board"])
    raw["board"][free] = [list(post)]
    raw["players"][post[0]]["posts_left"] -= 1
    error = GAME.state_refused(raw, f"$.board.{free}[0][2]")
    assert "two places" in error.detail


def test_gc_1_5_more_posts_than_a_player_owns():
    """GC-1.5: posts on the board plus posts in supply must be what the player owns."""
    raw = midgame()
    raw["players"][1]["posts_left"] += 1
    GAME.state_refused(raw, "$.players[1].posts_left")
    raw = midgame(2)
    raw["players"][0]["black_left"] = 3
    GAME.state_refused(raw, "$.players[0].black_left")


def _landscape_places(raw: dict) -> list[tuple[str, list[str]]]:
    """Where landscape cards lie, in the order the consistency check reads them."""
    pairs = (raw.get("auction") or {}).get("pairs", [])
    return ([(f"$.players[{seat}].hand", player["hand"]) for seat, player in enumerate(raw["players"])]
            + [("$.landscape_deck", raw["landscape_deck"]), ("$.landscape_discard", raw["landscape_discard"])]
            + [(f"$.auction.pairs[{index}]", pair) for index, pair in enumerate(pairs)])


def test_gc_12_1_spec_5_1_an_eleventh_card_of_a_type():
    """GC-12.1 / spec 5.1: a landscape card copied into a second hand makes 11 of its type; the state is refused
    at the last place a card of that type lies."""
    raw = midgame()
    card = raw["players"][0]["hand"][0] if raw["players"][0]["hand"] else raw["landscape_deck"][0]
    raw["players"][2]["hand"].append(card)
    last = [f"{path}[{index}]" for path, cards in _landscape_places(raw)
            for index, kind in enumerate(cards) if kind == card][-1]
    error = GAME.state_refused(raw, last)
    assert "11 of landscape card" in error.detail


def test_gc_12_1_card_totals():
    """Spec 3.1: 50 landscape cards (10 of each type, spec 5.1), 8 goods, 8 bonus, 16 scoring cards, 6 keys,
    35 coins."""
    raw = midgame()
    raw["landscape_deck"].pop()
    error = GAME.state_refused(raw, "$")
    assert len(error.context["missing"]) == 1
    raw = midgame()
    raw["landscape_deck"].append("lava")
    GAME.state_refused(raw, f"$.landscape_deck[{len(raw['landscape_deck']) - 1}]")
    raw = midgame()
    raw["goods_deck"].append("GD9")
    GAME.state_refused(raw, f"$.goods_deck[{len(raw['goods_deck']) - 1}]")
    raw = midgame()
    raw["bonus_deck"].append(raw["bonus_deck"][0] if raw["bonus_deck"] else "BC1")
    GAME.state_refused(raw, f"$.bonus_deck[{len(raw['bonus_deck']) - 1}]")
    raw = midgame()
    raw["scoring_deck"].pop()
    GAME.state_refused(raw, "$")
    raw = midgame()
    raw["key_supply"] += 1
    GAME.state_refused(raw, "$.key_supply")
    raw = midgame()
    raw["bank_coins"] -= 1
    GAME.state_refused(raw, "$.bank_coins")


def test_gc_5_4_1_two_posts_on_a_village_and_two_of_one_player_in_a_district():
    """GC-5.4.1 / GC-5.4.2: one post per harbour or village; one regular post per player per district."""
    raw = midgame()
    space, post = a_post(raw)
    other = (post[0] + 1) % 3
    raw["board"][space].append([other, False, sum(map(len, raw["board"].values())) + 1])
    raw["players"][other]["posts_left"] -= 1
    GAME.state_refused(raw, f"$.board.{space}")


def test_gc_11_3_black_post_rules_in_a_posted_state():
    """GC-11.3: a black post only beside its owner's regular post in a district nobody else entered."""
    raw = midgame(2)
    space, post = a_post(raw)
    post[1] = True
    raw["players"][post[0]]["posts_left"] += 1
    raw["players"][post[0]]["black_left"] -= 1
    GAME.state_refused(raw, f"$.board.{space}")


def test_gc_5_5_2_unconnected_post():
    """GC-5.5.2: a post off a harbour needs an earlier post of its owner next to it."""
    raw = midgame()
    seat = 0
    far = "N_I" if "N_I" not in raw["board"] else "S_I"
    raw["board"][far] = [[seat, False, sum(map(len, raw["board"].values())) + 1]]
    raw["players"][seat]["posts_left"] -= 1
    GAME.state_refused(raw, f"$.board.{far}")


def test_gc_13_2_unknown_space_and_bad_types():
    """GC-13.2: an unknown space, an unknown field, a negative count are refused with their paths."""
    raw = midgame()
    raw["board"]["ATLANTIS"] = raw["board"].pop(next(iter(raw["board"])))
    GAME.state_refused(raw, "$.board.ATLANTIS")
    raw = midgame()
    raw["players"][0]["gold"] = 1
    GAME.state_refused(raw, "$.players[0].gold")
    raw = midgame()
    raw["players"][1]["coins"] = -1
    GAME.state_refused(raw, "$.players[1].coins")
    raw = midgame()
    raw["phase"] = "feast"
    GAME.state_refused(raw, "$.phase")


def test_gc_2_1_phase_bookkeeping():
    """GC-2.1 / GC-4.4 / GC-9.1: the phase and its records agree."""
    raw = midgame()
    raw["phase"] = "auction"
    GAME.state_refused(raw, "$.auction")
    raw = midgame()
    raw["build"]["index"] = 3
    GAME.state_refused(raw, "$.build.index")
    raw = midgame()
    raw["discard_pending"] = [0]
    GAME.state_refused(raw, "$.discard_pending")
    raw = midgame()
    raw["round"] += 1
    GAME.state_refused(raw, "$.round")


def test_gc_10_1_no_auction_after_a_triggered_end():
    """GC-10.1 / GC-10.2: the trigger ends the game with its own round; an auction state cannot carry it."""
    raw = json(R.setup(3, "gc-trigger"))
    raw["end_triggered"] = True
    GAME.state_refused(raw, "$.end_triggered")


def test_gc_1_7_scoring_deck_order():
    """GC-1.7: the remaining scoring cards stay stacked by back."""
    raw = midgame()
    raw["scoring_deck"].reverse()
    GAME.state_refused(raw, "$.scoring_deck")


def test_gc_1_5_colours():
    """GC-1.5 / GC-11.1: seat colours are the game's, once each; no black seat with black posts."""
    raw = midgame(2)
    raw["players"][1]["colour"] = "black"
    GAME.state_refused(raw, "$.players[1].colour")
    raw = midgame()
    raw["players"][1]["colour"] = raw["players"][0]["colour"]
    GAME.state_refused(raw, "$.players[1].colour")


def test_gc_13_2_options_must_be_a_reading_of_the_spec():
    """GC-13.2: the options in a state are readings the game offers."""
    raw = midgame()
    raw["options"]["joker"] = "wild"
    GAME.state_refused(raw, "$.options.joker")


def test_gc_12_7_vp_are_unbounded():
    """GC-12.7: VP are an unbounded integer (no token supply limits them); negative VP are refused."""
    raw = midgame()
    raw["players"][0]["vp"] = 10**9
    assert R.load_state(raw).players[0].vp == 10**9
    raw["players"][0]["vp"] = -1
    GAME.state_refused(raw, "$.players[0].vp")


def test_gc_13_2_served_catalogue_lists_every_rule_an_invalid_state_cites():
    """GC-13.2: the metadata's invalid_state entry names each rule a consistency check of this game cites."""
    source = Path(consistency.__file__).read_text(encoding="utf-8").split("def check(", 1)[1]
    cited = set(re.findall(r'"(GC-\d+(?:\.\d+)+)"', source))
    served = next(e for e in R.metadata(detailed=True)["errors"] if e["code"] == "invalid_state")
    assert cited and set(served["rules"]) == cited
