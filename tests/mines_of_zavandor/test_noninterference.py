"""Spec section 4 (4.1 to 4.5), MOZ-4.3 / 4.4 / 4.11 and MOZ-5.2 / 5.3: what a seat may not know changes
nothing it is told, at 200 positions of seeded playouts for each player count, with the secrets written from
the spec in ``secrets.py``; and every secrecy marker of the game is needed: with any one removed, the
property fails."""

from __future__ import annotations

import random

import pytest

from rulesets.core import to_builtins
from rulesets.mines_of_zavandor.cards import add_to_hand
from rulesets.mines_of_zavandor.components import CART_INDEX, SEARCH_DECK
from rulesets.testing.markers import format_table, marker_table
from rulesets.testing.noninterference import check_noninterference

from .scenario import R, checked, new, reach
from .secrets import SECRETS, twin

@pytest.mark.parametrize("players", [2, 3, 4])
def test_spec_4_what_a_seat_may_not_know_changes_nothing_it_is_told(players):
    """Spec 4.1 / 4.4 / 4.5, MOZ-3.5, MOZ-4.3, MOZ-4.11, MOZ-5.2, MOZ-8.5: other hands (beyond their backs), the
    draw piles, the seed, sealed bids, drafts and the count of drafts opened, and which draft or staging action
    a seat took, change no view, legal-action list, refusal, event or logged action a seat is given, except the
    cards it draws, a search's cards, a proposed offer and the reveal."""
    report = check_noninterference(R, SECRETS, players, positions=200)
    assert report.failure is None
    assert report.positions >= 200 and report.changed_twins > 0


def test_spec_4_every_secrecy_marker_is_needed():
    """Spec 4.1 / 4.2: with any one secrecy marker of the game removed (a hand, a bid, a draft, the count of
    drafts opened, a draw pile, a private event, a concealed action type), the property fails at some position
    of four-player games; ``pytest -s`` prints the table."""
    rows = marker_table(R, SECRETS, 4, positions=200)
    print("\n" + format_table(rows))
    assert {row.marker for row in rows} >= {"Player.drafts_opened: Private(count=False)", "Player.bid: Sealed(...)",
                                            "BidAdd: concealed('bid_staged')",
                                            "TradeDraftGive: concealed('trade_draft_changed')"}
    missed = sorted(row.marker for row in rows if row.failed_at is None)
    assert not missed, missed


def _pile_search_gem_into_hand(state, keep: int):
    """Every card of the wood pile's search gem (sapphire, MOZ-4.7) but ``keep`` moved into seat 1's hand."""
    gem = next(g for g, cart in SEARCH_DECK.items() if cart == "wood")
    pile = state.supply[CART_INDEX["wood"]]
    moved = [i for i, g in enumerate(pile.draw) if g == gem][keep:]
    for index in reversed(moved):
        del pile.draw[index]
        add_to_hand(state.players[1], f"wood.{gem}")
    count = pile.discard.pop(f"wood.{gem}", 0)
    if count:
        add_to_hand(state.players[1], f"wood.{gem}", count)
    return checked(state)


@pytest.mark.parametrize("keep", [0, 1])
def test_moz_4_9_the_twin_keeps_whether_a_search_could_find_its_gem(keep):
    """MOZ-4.7 / 4.9 and AMB-6: a search for a gem its deck lacks is refused, which tells a seat no more than a
    full search would; so the secrets keep, in every twin, whether each draw pile holds the gem searched in it,
    and the seat's legal bank trades (a search listed or not) stay the same."""
    state = _pile_search_gem_into_hand(reach(new(3), "trading"), keep)
    pile = CART_INDEX["wood"]
    legal = [to_builtins(a) for a in R.legal_actions(state, 0)]
    assert any(a["type"] == "bank_trade" and a["take"]["from"] == "search" and a["take"]["gem"] == "sapphire"
               for a in legal) == bool(keep)
    for seed in range(30):
        other = R.load_state(to_builtins(twin(R.load_state(to_builtins(state)), 0, random.Random(seed))))
        assert ("sapphire" in other.supply[pile].draw) == bool(keep)
        assert [to_builtins(a) for a in R.legal_actions(other, 0)] == legal
