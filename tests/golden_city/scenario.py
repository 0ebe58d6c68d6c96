"""Hand-built Golden City positions for the rule tests.

Each helper rearranges a real set-up state without creating or destroying components
(landscape cards move between the deck, the discard pile and hands; posts come out of
a player's supply with the next build number; keys and coins move between supply and
players), and ``checked`` runs the game's own consistency checks, so rule code sees the
kind of state a game produces. Spaces are found from the component data (by kind,
reward and road), never written out, so the tests survive an audit of the ASSUMED board.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from rulesets.core import IllegalAction, RulesetError, to_builtins
from rulesets.golden_city import RULESET
from rulesets.golden_city.components import NEIGHBOURS, SINGLE, SPACES
from rulesets.golden_city.state import GoldenCityState
from rulesets.testing import ANY, Scenario

R = RULESET


#: the kit's helpers bound to Golden City; the functions below keep this folder's calling style.
GAME: Scenario[GoldenCityState] = Scenario(RULESET)


def new(players: int = 2, seed: Any = "scenario", **options: Any) -> GoldenCityState:
    return GAME.new(players, seed, **options)


def checked(state: GoldenCityState) -> GoldenCityState:
    """The state through ``load_state`` (a hand-built position must be one the referee accepts)."""
    return GAME.checked(state)


def play(state: GoldenCityState, **action: Any) -> tuple[GoldenCityState, list[dict]]:
    """The next state and its events in their wire form (JSON-ready dicts, as the service answers them)."""
    return GAME.play(state, **action)


def seen(events: list, seat: int | None) -> list[dict]:
    """The events ``seat`` may see, in their wire form."""
    return GAME.seen(events, seat)


def refused(state: GoldenCityState, code: str, rule: str | None = ANY, **action: Any) -> RulesetError:
    return GAME.refused(state, action, code, rule)


def finish_auction(state: GoldenCityState) -> GoldenCityState:
    """Everyone takes a free pair, in turn: the state is then in the build phase."""
    while state.phase == "auction":
        seat = state.auction.queue[0]
        state, _ = play(state, type="bid", player=seat, pair=state.auction.markers.index(None))
    return state


def building(players: int = 2, seat: int = 0, **options: Any) -> GoldenCityState:
    """A round-1 state in which ``seat`` builds (its first build of the turn)."""
    state = finish_auction(new(players, **options))
    state.build.index = (seat - state.start_player) % players
    return checked(state)


def _free_card(state: GoldenCityState, kind: str) -> str:
    for pile in (state.landscape_deck, state.landscape_discard):
        for card in pile:
            if card == kind:
                pile.remove(card)
                return card
    raise AssertionError(f"no free {kind} card left")


def set_hand(state: GoldenCityState, seat: int, *kinds: str) -> GoldenCityState:
    """The seat's hand becomes exactly these landscape types (old cards go to the discard pile)."""
    player = state.players[seat]
    state.landscape_discard.extend(player.hand)
    player.hand = []
    for kind in kinds:
        player.hand.append(_free_card(state, kind))
    return state


def give_keys(state: GoldenCityState, seat: int, keys: int) -> GoldenCityState:
    state.key_supply -= keys
    state.players[seat].keys += keys
    return state


def place(state: GoldenCityState, seat: int, space: str, black: bool = False) -> GoldenCityState:
    """Put a post of ``seat`` on ``space`` (no cost, no reward): the next build number."""
    seq = 1 + sum(len(posts) for posts in state.board.values())
    state.board.setdefault(space, []).append((seat, black, seq))
    if black:
        state.players[seat].black_left -= 1
    else:
        state.players[seat].posts_left -= 1
    return state


def route(target: str, avoid: frozenset[str] = frozenset()) -> list[str]:
    """A shortest road from some harbour to ``target`` (harbour first)."""
    starts = [sid for sid, space in SPACES.items() if space.kind == "harbour" and sid not in avoid]
    seen = {sid: None for sid in starts}
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        if here == target:
            path = [here]
            while seen[path[-1]] is not None:
                path.append(seen[path[-1]])
            return path[::-1]
        for nxt in sorted(NEIGHBOURS[here]):
            if nxt not in seen and nxt not in avoid and SPACES[nxt].kind != "harbour":
                seen[nxt] = here
                queue.append(nxt)
    raise AssertionError(f"no road to {target}")


def reach(state: GoldenCityState, seat: int, target: str, avoid: frozenset[str] = frozenset()) -> GoldenCityState:
    """Place ``seat``'s posts along a road up to (not on) ``target``, around other players' posts."""
    blocked = frozenset(space for space, posts in state.board.items()
                        if space in SINGLE and any(post[0] != seat for post in posts))
    for space in route(target, blocked | avoid)[:-1]:
        if not any(post[0] == seat for post in state.board.get(space, ())):
            place(state, seat, space)
    return state


def spaces(kind: str | None = None, reward: str | None = None, landscape: str | None = None) -> list[str]:
    return [sid for sid, s in SPACES.items() if (kind is None or s.kind == kind)
            and (reward is None or s.reward.type == reward)
            and (landscape is None or s.cost.landscape == landscape)]


def harbour_to(village: str) -> str:
    return next(n for n in sorted(NEIGHBOURS[village]) if SPACES[n].kind == "harbour")


def raw(state: GoldenCityState) -> dict:
    return to_builtins(state)


__all__ = ["GAME", "IllegalAction", "R", "building", "checked", "finish_auction", "give_keys", "harbour_to", "new",
           "place", "play", "raw", "reach", "refused", "route", "set_hand", "spaces"]
