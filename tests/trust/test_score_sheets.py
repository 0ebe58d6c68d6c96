"""Score sheets: every game's score, item by item, as its final scoring counts it (issue #24).

The expectations of the hand-built cases come from the specs' scoring rules and the shared
component files, not from the games' scoring code.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from rulesets import get_ruleset
from rulesets.core.scoring import ranked
from rulesets.kingdom_of_solomon.state import Cubes, Marker
from rulesets.testing.playout import random_playout
from tests.sessions.real_games import real_rulesets

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "rules"
GAMES = real_rulesets()
CASES = [(ruleset, players) for ruleset in GAMES for players in range(ruleset.min_players, ruleset.max_players + 1)]


def _components(game: str) -> dict:
    """The spec's component data; a checkout without the shared specs beside it reads the game's own copy."""
    spec = SHARED / f"{game}.components.json"
    own = Path(__file__).resolve().parents[2] / "rulesets" / game / f"{game}.components.json"
    return json.loads((spec if spec.exists() else own).read_text())


@pytest.mark.parametrize("ruleset, players", CASES, ids=lambda case: getattr(case, "id", case))
def test_a_finished_games_items_sum_to_its_status_scores_and_rank_its_winners(ruleset, players):
    """Every game, every player count: at the end the items sum to ``status.scores``, the first place
    is ``status.winners``, and every item cites a rule of the game's index."""
    playout = random_playout(ruleset, players, f"score-sheet-{players}", sample_legal=0, nudges=0,
                             out_of_turn_rate=0)
    state = playout.state
    status = ruleset.status(state)
    assert status.game_over, "a seeded random game reaches its end"
    sheet = ruleset.score_sheet(state)
    assert [sum(item.points for item in items) for items in sheet] == status.scores
    assert sorted(entry.seat for entry in ruleset.ranking(state) if entry.place == 1) == status.winners
    rules = {entry["id"] for entry in ruleset.metadata(detailed=True)["rules"]}
    assert {item.rule for items in sheet for item in items} <= rules
    assert len({item.category for item in sheet[0]}) == len(sheet[0]), "one item per category"


def test_places_are_shared_by_unbroken_ties_and_the_next_place_skips():
    """The ranking's convention: standardised competition places (1, 1, 3)."""
    places = ranked([(5, 1), (7, 0), (5, 1), (5, 0)])
    assert [(p.seat, p.place) for p in places] == [(1, 1), (0, 2), (2, 2), (3, 4)]


# ---------------------------------------------------------------- hand-built positions, from the rules
def _state(game: str, players: int):
    """A state a dozen random actions into a seeded game (then edited by each test)."""
    ruleset = get_ruleset(game)
    state = ruleset.setup(players, "score-by-hand")
    chooser = random.Random(game)
    for _ in range(12):
        seat = ruleset.status(state).active_players[0]
        state, _ = ruleset.apply(state, chooser.choice(ruleset.legal_actions(state, seat)))
    return ruleset, state


def _points(sheet, seat: int) -> dict[str, int]:
    return {item.category: item.points for item in sheet[seat]}


def test_kos_final_scoring_adds_high_priest_fortune_cards_and_cubes_KOS_10_4_and_breaks_ties_KOS_10_6():
    """KOS-10.4: +20 to the High Priest, + each fortune card's end_vp, +1 per cube; KOS-10.6: equal totals
    are ranked by building markers on sites; KOS-10.7: still tied, shared."""
    ruleset, state = _state("kingdom_of_solomon", 2)
    fortune = {card["id"]: card["end_vp"] for card in _components("kingdom_of_solomon")["fortune_cards"]}
    cards = sorted(fortune)[:2]
    me, other = state.players
    me.vp, me.hand, state.high_priest = 7, cards, 0
    me.cubes = Cubes(gold=2, food=3)
    expected = 7 + 20 + fortune[cards[0]] + fortune[cards[1]] + 5
    assert sum(_points(ruleset.score_sheet(state), 0).values()) == expected
    other.vp, other.hand, other.cubes = expected, [], Cubes()
    state.markers = []
    assert ruleset.final_scores(state) == [expected, expected]
    assert [entry.place for entry in ruleset.ranking(state)] == [1, 1]
    state.markers = [Marker(area="any", owner=1, card="any")]
    assert [(entry.seat, entry.place) for entry in ruleset.ranking(state)] == [(1, 1), (0, 2)]
    assert ruleset.score_sheet(state)[0][2].secret, "fortune cards lie in a private hand (KOS-6.1)"


def test_zavandor_gems_score_one_vp_per_three_cards_and_the_remainder_breaks_ties_MOZ_9_3_MOZ_9_7():
    """MOZ-9.2/9.3: hand and set-aside cards together, 3 cards = 1 VP; MOZ-9.7: the larger remainder wins a tie."""
    ruleset, state = _state("mines_of_zavandor", 2)
    a, b = state.players
    kind = sorted({*a.hand, *b.hand})[0]
    a.hand, a.set_aside, a.vp = {kind: 5}, {kind: 3}, 4   # 8 cards: 2 VP, remainder 2
    b.hand, b.set_aside = {kind: 6}, {}                   # 6 cards: 2 VP, remainder 0
    sheet = ruleset.score_sheet(state)
    assert _points(sheet, 0)["gem_cards"] == 2 and _points(sheet, 1)["gem_cards"] == 2
    assert _points(sheet, 0)["vp_tokens"] == 4
    b.vp += sum(_points(sheet, 0).values()) - sum(_points(sheet, 1).values())  # equal totals
    totals = ruleset.final_scores(state)
    assert totals[0] == totals[1]
    assert [(entry.seat, entry.place) for entry in ruleset.ranking(state)] == [(0, 1), (1, 2)]
    assert next(item for item in sheet[0] if item.category == "gem_cards").secret, "a hand is private (4.1)"


def test_solenia_summer_pair_bonus_is_1_2_3_4_SOL_7_3():
    """SOL-7.3 item 3: p = min(#day, #night) completed tiles scores 0, 1, 3, 6, 10 and stays 10;
    item 4: one star per two stored resources."""
    ruleset, state = _state("solenia", 2)
    tiles = _components("solenia")["delivery_tiles"]
    days, nights = [t["id"] for t in tiles["day"]], [t["id"] for t in tiles["night"]]
    vp = {t["id"]: t["vp"] for t in tiles["day"] + tiles["night"]}
    board = state.players[0]
    board.day_slots = [None] * len(board.day_slots)
    board.night_slots = [None] * len(board.night_slots)
    for pairs, bonus in [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 10)]:
        board.extra_tiles = days[:pairs] + nights[:pairs + 1]
        points = _points(ruleset.score_sheet(state), 0)
        assert points["pair_bonus"] == bonus, pairs
        assert points["delivery_tiles"] == sum(vp[t] for t in board.extra_tiles)
    stored = sum(getattr(board.storage, name) for name in board.storage.__struct_fields__)
    assert points["stored_resources"] == stored // 2


def test_golden_city_bonus_cards_count_the_state_now_GC_10_3():
    """GC-10.3 with §5.4: a "coins held" bonus card scores 1 VP per coin held; it is its owner's secret
    until the end (GC-6.4)."""
    ruleset, state = _state("golden_city", 2)
    card = next(c for c in _components("golden_city")["bonus_cards"]["cards"] if c["counts"]["kind"] == "coins_held")
    player = state.players[0]
    player.bonus, player.coins, player.vp = [card["id"]], 9, 11
    items = {item.category: item for item in ruleset.score_sheet(state)[0]}
    assert items["bonus_cards"].points == 9 * card["vp_each"] and items["victory_points"].points == 11
    assert items["bonus_cards"].secret and items["bonus_cards"].rule == "GC-10.3"


def test_java_counts_the_grand_final_reckoning_still_to_come_JAVA_12_3():
    """JAVA-12.1/12.3: before his own reckoning a player's score counts what it would give him now; once
    made (its points on the track), it counts nothing more."""
    ruleset, state = _state("java", 2)
    player = state.players[0]
    sheet = {item.category: item.points for item in ruleset.score_sheet(state)[0]}
    assert sheet["fame_points"] == player.score
    player.gfr_done = True
    assert {item.category: item.points for item in ruleset.score_sheet(state)[0]}["grand_final_reckoning"] == 0
