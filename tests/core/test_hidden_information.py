"""Whole games of every registered ruleset: no seat ever sees what the game declared hidden from it.

Game-agnostic: the declaration (``rulesets.core.secrecy`` markers on each game's
types, and its ``EventSecrecy``) says what each seat may not see; these tests play
seeded random games and search every view, every event a seat may see and every
action a seat is offered for another seat's private items, a hidden zone's contents
or the seed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rulesets import get_ruleset, ruleset_ids
from rulesets.core import to_builtins, unseen_strings
from rulesets.core.events import members as event_members
from rulesets.core.registry import register, unregister
from tests.doubles import card_nim

GAMES = ruleset_ids() + [card_nim.GAME_ID]
GAMES_PER_COUNT = 1  # whole games are long (Java: ~1,000 actions); every player count is still played


@pytest.fixture(scope="module", autouse=True)
def _card_nim_registered():
    register(card_nim.GAME_ID, card_nim.__name__)
    yield
    unregister(card_nim.GAME_ID)


def strings_in(value: Any) -> set[str]:
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def assert_nothing_leaks(ruleset, state, events, seed: str, where: str,
                         menus: dict[int, list] | None = None) -> None:
    """``menus`` are the seats' legal actions in ``state`` when the caller has them already."""
    seats = len(state.players)
    for viewer in [None, *range(seats)]:
        unseen = unseen_strings(state, viewer, state)
        assert seed in unseen or seed in strings_in(to_builtins(state.rng)), where
        view = ruleset.view(state, viewer)
        leaked = strings_in(view) & unseen
        assert not leaked, f"{where}: seat {viewer}'s view shows {sorted(leaked)[:5]}"
        seen_events = to_builtins(ruleset.view_events(events, viewer))
        leaked = strings_in(seen_events) & unseen
        assert not leaked, f"{where}: seat {viewer} sees events naming {sorted(leaked)[:5]}"
        if viewer is not None:
            menu = menus[viewer] if menus is not None else ruleset.legal_actions(state, viewer)
            offered = strings_in([to_builtins(a) for a in menu])
            leaked = offered & (unseen - strings_in(to_builtins(state.players[viewer])))
            assert not leaked, f"{where}: seat {viewer} is offered actions naming {sorted(leaked)[:5]}"


def assert_declared(ruleset, events, game: str) -> None:
    """Every event is of a type the game declares in its ``Event`` union."""
    kinds = tuple(event_members(ruleset.Event))
    strays = sorted({type(e).__name__ for e in events if not isinstance(e, kinds)})
    assert not strays, f"{game}: event types nobody declared: {strays}"


@pytest.mark.parametrize("game", GAMES)
def test_no_view_event_or_offer_shows_a_seat_what_is_hidden_from_it(game):
    ruleset = get_ruleset(game)
    for players in range(ruleset.min_players, ruleset.max_players + 1):
        for n in range(GAMES_PER_COUNT):
            seed = f"leak-{game}-{players}-{n}"
            chooser = random.Random(seed)
            state = ruleset.setup(players, seed)
            events: list = []
            for step in range(5000):
                menus = {p: ruleset.legal_actions(state, p) for p in range(players)}
                assert_nothing_leaks(ruleset, state, events, seed, f"{game} {players}p step {step}", menus)
                if ruleset.status(state).game_over:
                    break
                actor = chooser.choice([p for p, menu in menus.items() if menu])
                state, events = ruleset.apply(state, chooser.choice(menus[actor]))
                assert_declared(ruleset, events, game)
            assert ruleset.status(state).game_over, f"{game} {players}p did not end"


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_is_secret_in_every_declaration(game):
    ruleset = get_ruleset(game)
    state = ruleset.setup(ruleset.max_players, "the-seed-itself")
    for viewer in [None, *range(ruleset.max_players)]:
        assert "the-seed-itself" in unseen_strings(state, viewer, state)
        assert "the-seed-itself" not in strings_in(ruleset.view(state, viewer))
