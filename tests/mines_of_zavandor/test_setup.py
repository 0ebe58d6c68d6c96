"""MOZ-1: setup for 2, 3 and 4 players, the options, and the seeded shuffles."""

from __future__ import annotations

from collections import Counter

import pytest

from rulesets.core import InvalidSetup
from rulesets.core.host import canonical_json
from rulesets.mines_of_zavandor.cards import by_cart, size
from rulesets.mines_of_zavandor.components import (CARDS, DECK_CONTENTS, DRAGON, FAMILY, PATH, ROWS, ROWS_IN_PLAY,
                                                   SCROLL, STARTING_HAND)

from .scenario import R, checked, new


@pytest.mark.parametrize("players", [1, 5, 0])
def test_moz_1_1_player_count(players):
    """MOZ-1.1: 2 to 4 players; any other count is invalid_player_count."""
    with pytest.raises(InvalidSetup) as info:
        R.setup(players, "x")
    assert info.value.code == "invalid_player_count" and info.value.rule == "MOZ-1.1"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moz_1_2_four_decks_shuffled_with_all_cards(players):
    """MOZ-1.2 / MOZ-2.5: one draw pile per cart, shuffled, empty discards; every card somewhere once."""
    state = checked(new(players))
    assert [pile.cart for pile in state.supply] == ["wood", "copper", "iron", "bronze"]
    assert all(not pile.discard for pile in state.supply)
    seen: Counter[str] = Counter()
    for pile in state.supply:
        seen.update(f"{pile.cart}.{gem}" for gem in pile.draw)
    for player in state.players:
        seen.update(player.hand)
    assert dict(seen) == DECK_CONTENTS
    other = new(players, seed="another")
    assert [p.draw for p in state.supply] != [p.draw for p in other.supply]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moz_1_3_and_1_5_rows_in_play_by_player_count(players):
    """MOZ-1.3 / MOZ-1.5: only cards with min_players <= n, only in the rows in play; other rows empty."""
    state = new(players)
    for row in state.display:
        cards = [c for c in (row.right, row.middle, *row.stack) if c is not None]
        assert row.in_play == (row.gem in ROWS_IN_PLAY[players])
        if not row.in_play:
            assert not cards
            continue
        expected = sorted(c for c, item in CARDS.items() if item.row == row.gem and item.min_players <= players)
        assert sorted(cards) == expected


def test_moz_1_4_light_cards_over_dark_right_then_middle():
    """MOZ-1.4: each stack holds its light cards above its dark cards; right then middle dealt from it."""
    for seed in range(5):
        state = new(4, seed=seed)
        for row in state.display:
            order = [row.right, row.middle, *row.stack]
            shades = [CARDS[c].back for c in order]
            assert shades == sorted(shades, key=["light", "dark"].index), (row.gem, shades)
    rows = [new(4, seed=s).display[0].right for s in range(8)]
    assert len(set(rows)) > 1  # shuffled


@pytest.mark.parametrize("players", [2, 3, 4])
def test_moz_1_6_to_1_10_boards_scroll_king_and_hands(players):
    """MOZ-1.6 family level 1, dragon 0, no VP; MOZ-1.7 a scroll at level 1; MOZ-1.8 king at the start;
    MOZ-1.10 six wood cards each; MOZ-1.11 round 1 income with the start player."""
    state = new(players, start=1)
    for seat, player in enumerate(state.players):
        assert (player.family, player.pack_dragon, player.vp) == (FAMILY.start_level, DRAGON.start_level, 0)
        assert [(m.card, m.level) for m in player.mine] == [(f"SCROLL{seat}", SCROLL.start_level)]
        assert size(player.hand) == STARTING_HAND.count
        assert by_cart(player.hand) == {STARTING_HAND.cart: STARTING_HAND.count} == player.hand_backs
    assert state.king == PATH.start
    assert (state.round, state.phase, state.step, state.active, state.start_player) == (1, "income", "production",
                                                                                        1, 1)


def test_moz_1_9_start_player_given_or_drawn():
    """MOZ-1.9: the start player is the given seat, else drawn from the seed (the same for the same seed)."""
    assert new(3, start=2).start_player == 2
    drawn = {R.setup(4, f"s{seed}").start_player for seed in range(24)}
    assert len(drawn) > 1
    assert R.setup(4, "same").start_player == R.setup(4, "same").start_player
    with pytest.raises(InvalidSetup) as info:
        R.setup(3, "x", first_player=3)
    assert info.value.rule == "MOZ-1.9"


def test_moz_1_12_advanced_variant_refused():
    """MOZ-1.12: the advanced family side is refused with variant_not_supported; basic is the default."""
    with pytest.raises(InvalidSetup) as info:
        R.setup(2, "x", {"variant": "advanced"})
    assert (info.value.code, info.value.rule) == ("variant_not_supported", "MOZ-1.12")
    assert canonical_json(R.setup(2, "x", {"variant": "basic"})) == canonical_json(R.setup(2, "x"))


@pytest.mark.parametrize("value", [0, -1, True, "3", 1.5, 1001])
def test_moz_4_11_option_must_be_a_positive_integer(value):
    """MOZ-4.11: max_trade_proposals_per_phase is an integer from 1; stored in the state."""
    with pytest.raises(InvalidSetup) as info:
        R.setup(2, "x", {"max_trade_proposals_per_phase": value})
    assert info.value.code == "invalid_options"
    assert R.setup(2, "x", {"max_trade_proposals_per_phase": 3}).max_trade_proposals_per_phase == 3
    assert R.setup(2, "x").max_trade_proposals_per_phase == 10


def test_moz_8_5_setup_is_deterministic_from_the_seed():
    """MOZ-8.5: the same seed gives the same state byte for byte."""
    assert canonical_json(new(3, seed=9)) == canonical_json(new(3, seed=9))
    assert [row.stack for row in new(4, seed=1).display] != [row.stack for row in new(4, seed=2).display]
    assert ROWS == ("ruby", "diamond", "emerald", "sapphire")


def test_moz_4_11_the_option_is_an_int_with_its_bounds_in_the_metadata():
    """MOZ-4.11: the metadata says what setup accepts: an integer from 1 to 1000."""
    described = next(o for o in R.metadata(detailed=True)["options"] if o["name"] == "max_trade_proposals_per_phase")
    assert (described["kind"], described["minimum"], described["maximum"], described["default"]) == ("int", 1, 1000, 10)
    assert R.setup(2, "x", {"max_trade_proposals_per_phase": 1000}).max_trade_proposals_per_phase == 1000


def test_moz_1_9_a_named_start_player_skips_the_draw_and_an_unnamed_one_is_drawn():
    """MOZ-1.9 / spec 4.3: the start player is drawn from the seed only when setup names none; naming one
    leaves the draw out, so the decks come from the seed's first draws."""
    drawn = {R.setup(3, f"seed-{n}").start_player for n in range(30)}
    assert drawn == {0, 1, 2}  # drawn, not the default seat 0
    for seat in range(3):
        named = R.setup(3, "seed-7", first_player=seat)
        assert named.start_player == named.first_player == seat
        assert named.supply == R.setup(3, "seed-7", first_player=0).supply  # no draw consumed
