"""Table chance (rulesets.core.outcomes, issue 24): a real table reports what it drew.

Expectations come from the issue and the rules: a seeded game replayed at a table with the seed's
own draws comes out the same for everyone who looks (status, scores, every seat's view); every draw
site refuses an outcome its pile cannot give with ``impossible_outcome`` citing the rule of that
draw; a draw the action does not report is ``outcome_required`` naming what can come out.
"""

from __future__ import annotations

import re
from functools import lru_cache

import msgspec
import pytest

from rulesets import get_ruleset
from rulesets.core import InvalidSetup, RulesetError
from rulesets.core.codec import to_builtins
from tests.java.playouts import weighted_pick
from rulesets.testing.table import SeededGame, play_seeded, replay_at_table, seen_alike

#: (game, players, options): every game at every player count; Solenia also with its improvements
#: draft (SOL-9.1), the one draw site a default Solenia game never reaches.
GAMES = [(game, players, {}) for game, low, high in [("golden_city", 2, 4), ("java", 2, 4),
                                                      ("kingdom_of_solomon", 2, 4), ("mines_of_zavandor", 2, 4),
                                                      ("solenia", 1, 4)]
         for players in range(low, high + 1)] + [("solenia", 2, {"improvements": True, "board_side": "winter"})]

#: Every draw site as the rules name it: (source, with seats and gems as patterns; the rule of its draw).
#: From the specs: the setup deals and turn-ups, the draws in play, drawn turn order and start player.
DRAW_SITES = {
    "golden_city": {("goods_deck", "GC-1.3"), ("landscape_deck", "GC-1.6"), ("scoring_deck", "GC-1.7"),
                    ("landscape_deck", "GC-12.2"), ("bonus_deck", "GC-6.4"), ("goods_deck", "GC-6.5")},
    "java": {("festival_deck", "JAVA-1.5"), ("festival_deck", "JAVA-9.2"), ("festival_deck", "JAVA-9.3")},
    "kingdom_of_solomon": {("turn_order", "KOS-1.6"), ("building_deck", "KOS-1.7"), ("building_deck", "KOS-9.3"),
                           ("fortune_deck", "KOS-5.9")},
    "mines_of_zavandor": {("start_player", "MOZ-1.9"), ("*_stack", "MOZ-1.4"), ("*_stack", "MOZ-5.12"),
                          ("*_pile", "MOZ-8.1")},
    "solenia": {("day_deck", "SOL-1.4"), ("night_deck", "SOL-1.4"), ("seat_*_deck", "SOL-1.4"),
                ("seat_*_deck", "SOL-2.3"), ("day_deck", "SOL-5.6"), ("night_deck", "SOL-5.6"),
                ("rival_deck", "SOL-10.3"), ("rival_die", "SOL-10.3"), ("level1_improvements", "SOL-9.1"),
                ("level3_day_halves", "SOL-9.1"), ("level3_night_halves", "SOL-9.1")},
}


def _site(source: str) -> str:
    """A source as its draw site: one seat's deck or one gem's stack stands for them all."""
    return re.sub(r"^seat_\d+_", "seat_*_", re.sub(r"^[a-z]+_(stack|pile)$", r"*_\1", source))


@lru_cache(maxsize=None)
def _seeded(game: str, players: int, options: tuple[tuple[str, object], ...]) -> SeededGame:
    # Java's random games wander for thousands of moves; its tests' weighted pick ends them.
    pick = weighted_pick if game == "java" else None
    return play_seeded(get_ruleset(game), players, f"table-{players}", dict(options), pick=pick)


def _game(game: str, players: int, options: dict) -> SeededGame:
    return _seeded(game, players, tuple(sorted(options.items())))


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=lambda v: str(v) if v != {} else "")
def test_a_seeded_game_replayed_at_a_table_with_its_own_draws_comes_out_the_same(game, players, options):
    ruleset = get_ruleset(game)
    seeded = _game(game, players, options)
    assert ruleset.status(seeded.state).game_over, "the seeded game is played to its end"
    at_table = replay_at_table(ruleset, players, seeded, options)
    assert at_table.rng.chance == "table" and at_table.rng.seed == ""
    assert to_builtins(ruleset.status(at_table)) == to_builtins(ruleset.status(seeded.state))  # scores, winners
    assert seen_alike(ruleset, seeded.state, at_table) == []  # every seat's view and the public one


def test_the_draws_a_seeded_game_makes_are_exactly_the_draw_sites_the_rules_name():
    for game, sites in DRAW_SITES.items():
        seen = set()
        for name, players, options in GAMES:
            if name == game:
                seeded = _game(game, players, options)
                seen |= {(_site(d.source), d.rule) for d in seeded.setup_draws}
                seen |= {(_site(d.source), d.rule) for action in seeded.action_draws for d in action}
        assert seen == sites, game


def _first_draw_of_each_site(game: str):
    """(players, options, index of the action or None for setup, outcome index, source, rule), one per site."""
    found = {}
    for name, players, options in GAMES:
        if name != game:
            continue
        seeded = _game(game, players, options)
        for at, draws in [(None, seeded.setup_draws), *enumerate(seeded.action_draws)]:
            for index, draw in enumerate(draws):
                found.setdefault((_site(draw.source), draw.rule), (players, options, at, index, draw.source))
    return found


@pytest.mark.parametrize("game", sorted(DRAW_SITES))
def test_every_draw_site_refuses_an_impossible_outcome_citing_its_rule(game):
    ruleset = get_ruleset(game)
    for (site, rule), (players, options, at, index, source) in sorted(_first_draw_of_each_site(game).items()):
        seeded = _game(game, players, options)
        setup_outcomes = list(seeded.setup_outcomes)
        if at is None:
            setup_outcomes[index] = "no-such-component"
            with pytest.raises(RulesetError) as refused:
                ruleset.setup(players, None, options, chance="table", outcomes=setup_outcomes)
        else:
            state = ruleset.setup(players, None, options, chance="table", outcomes=setup_outcomes)
            for action in seeded.actions[:at]:
                state, _ = ruleset.apply(state, action)
            bad = dict(seeded.actions[at])
            bad["outcomes"] = [*bad["outcomes"][:index], "no-such-component", *bad["outcomes"][index + 1:]]
            before = to_builtins(state)
            with pytest.raises(RulesetError) as refused:
                ruleset.apply(state, bad)
            assert to_builtins(state) == before  # the input state is never touched
        error = refused.value
        assert (error.code, error.rule, error.context["source"]) == ("impossible_outcome", rule, source), site
        assert error.context["path"] == f"$.outcomes[{index}]"
        assert "no-such-component" not in error.context["candidates"]


def test_setup_without_outcomes_names_every_deal_in_draw_order():
    """JAVA-1.5: 30 festival cards shuffled, 3 to each player, one face up: 3 * 2 + 1 draws of one pile."""
    java = get_ruleset("java")
    with pytest.raises(RulesetError) as refused:
        java.setup(2, None, {}, chance="table")
    error = refused.value
    assert error.code == "outcome_required" and error.rule == "JAVA-1.5"
    [entry] = error.context["needed"]
    assert entry["source"] == "festival_deck" and entry["count"] == 7
    assert len(entry["candidates"]) == 30 and set(entry["candidates"].values()) == {1}


def test_too_few_outcomes_ask_for_the_rest_and_a_card_drawn_already_is_impossible():
    java = get_ruleset("java")
    cards = sorted(java.setup(2, "x").cards.deck + [c for h in java.setup(2, "x").players for c in h.hand])
    with pytest.raises(RulesetError) as refused:
        java.setup(2, None, {}, chance="table", outcomes=cards[:5])
    [entry] = refused.value.context["needed"]
    assert entry["count"] == 2 and not set(cards[:5]) & set(entry["candidates"])  # those five are dealt
    with pytest.raises(RulesetError) as refused:
        java.setup(2, None, {}, chance="table", outcomes=[cards[0], cards[0]])
    assert (refused.value.code, refused.value.rule) == ("impossible_outcome", "JAVA-1.5")


def test_too_many_outcomes_and_outcomes_for_a_seeded_game_are_unexpected():
    java = get_ruleset("java")
    seeded = _game("java", 2, {})
    with pytest.raises(RulesetError) as refused:
        java.setup(2, None, {}, chance="table", outcomes=[*seeded.setup_outcomes, seeded.setup_outcomes[0]])
    assert refused.value.code == "unexpected_outcome"
    with pytest.raises(RulesetError) as refused:
        java.apply(java.setup(2, "seeded"), {**seeded.actions[0], "outcomes": ["x"]})
    assert refused.value.code == "unexpected_outcome"


def test_a_table_game_has_no_seed():
    with pytest.raises(InvalidSetup) as refused:
        get_ruleset("java").setup(2, 42, {}, chance="table")
    assert refused.value.code == "invalid_seed"
    with pytest.raises(InvalidSetup) as refused:
        get_ruleset("java").setup(2, None, {}, chance="dice")
    assert refused.value.code == "invalid_chance"


def test_a_zavandor_stack_gives_no_dark_card_while_light_ones_are_left():
    """MOZ-1.4: each stack is its light cards, shuffled, on top of its dark ones, shuffled."""
    from rulesets.mines_of_zavandor.components import CARDS
    zavandor = get_ruleset("mines_of_zavandor")
    outcomes = list(_game("mines_of_zavandor", 2, {}).setup_outcomes)
    at = next(i for i, d in enumerate(_game("mines_of_zavandor", 2, {}).setup_draws) if d.source.endswith("_stack"))
    with pytest.raises(RulesetError) as refused:
        zavandor.setup(2, None, {}, chance="table", outcomes=outcomes[:at])
    entry = refused.value.context["needed"][0]
    row = entry["source"].removesuffix("_stack")
    assert {CARDS[card].back for card in entry["candidates"]} == {"light"}
    dark = next(c for c in CARDS if CARDS[c].row == row and CARDS[c].back == "dark" and CARDS[c].min_players <= 2)
    with pytest.raises(RulesetError) as impossible:
        zavandor.setup(2, None, {}, chance="table", outcomes=[*outcomes[:at], dark])
    assert (impossible.value.code, impossible.value.rule) == ("impossible_outcome", "MOZ-1.4")


def test_the_same_outcomes_give_the_same_state_byte_for_byte():
    ruleset = get_ruleset("kingdom_of_solomon")
    seeded = _game("kingdom_of_solomon", 2, {})
    one = ruleset.setup(2, None, {}, chance="table", outcomes=seeded.setup_outcomes)
    other = ruleset.setup(2, None, {}, chance="table", outcomes=seeded.setup_outcomes)
    assert msgspec.json.encode(one) == msgspec.json.encode(other)
