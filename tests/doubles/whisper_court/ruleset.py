"""Whisper Court's rules: one handler per action, the phase table, setup, the legal actions, the end."""

from __future__ import annotations

from typing import Any

from rulesets.core import (Deck, Inventory, OptionSpec, Phase, PhaseTable, Rng, Ruleset, Seating, clockwise,
                           kind_of, next_seat, require, require_range, shuffled)

from .parts import (BAD_GUESS, CARDS, GAME_ID, GUESSES, MUST_PLAY_REGENT, NAMES_A_PLAYER, NO_GUESS, NO_TARGET,
                    NOT_A_TARGET, NOT_IN_HAND, REFUSALS, RULES, TARGET_REQUIRED, TOKENS_TO_WIN, WARDED, CardDrawn,
                    CardPlayed, CourtAction, CourtEvent, CourtState, Discarded, GameEnded, HandShown, HandsTraded,
                    KnockedOut, NextRound, Play, Player, RoundEnded, RoundStarted, rank)

Events = list[Any]


def still_in(state: CourtState) -> list[int]:
    return [seat for seat, player in enumerate(state.players) if not player.out]


def targets(state: CourtState, seat: int, kind: str) -> list[int]:
    """WC-3.3: the seats a card of ``kind`` may name now (none: WC-3.4, it names nobody)."""
    others = [other for other in still_in(state) if other != seat and not state.players[other].warded]
    return others + [seat] if kind == "herald" else others


def leaders(state: CourtState) -> list[int]:
    best = max(player.tokens for player in state.players)
    return [seat for seat, player in enumerate(state.players) if player.tokens == best]


def forced_regent(hand: list[str]) -> str | None:
    """WC-4.7: the card that makes the Regent the one to play, if the hand holds both."""
    kinds = [kind_of(card) for card in hand]
    return next((kind for kind in kinds if kind in ("herald", "broker")), None) if "regent" in kinds else None


# ---------------------------------------------------------------- the rules of a play
def play(state: CourtState, action: Play) -> Events:
    """WC-3.1: play one of your two cards face up, then do what it says."""
    me = state.players[action.player]
    if action.card not in me.hand:
        raise NOT_IN_HAND(card=action.card)
    kind = kind_of(action.card)
    other = forced_regent(me.hand)
    if other is not None and kind != "regent":
        raise MUST_PLAY_REGENT(other=other.capitalize())
    check_target(state, action, kind)
    me.hand.remove(action.card)
    me.played.append(action.card)
    events: Events = [CardPlayed(player=action.player, card=action.card, target=action.target, guess=action.guess)]
    if action.target is not None:
        apply_effect(state, action, kind, events)
    elif kind == "ward":
        me.warded = True  # WC-4.4
    elif kind == "crown":
        knock_out(state, action.player, events)  # WC-4.8
    end_turn(state, events)
    return events


def check_target(state: CourtState, action: Play, kind: str) -> None:
    """WC-3.3 and 3.4 (and 4.1's guess): whom the card names, and what a Watchman guesses."""
    if kind not in NAMES_A_PLAYER:
        if action.target is not None:
            raise NO_TARGET(kind=kind.capitalize())
    else:
        allowed = targets(state, action.player, kind)
        if action.target is None and allowed:
            raise TARGET_REQUIRED(kind=kind.capitalize(), seats=", ".join(map(str, allowed)))
        if action.target is not None and action.target not in allowed:
            if action.target in still_in(state) and action.target != action.player:
                raise WARDED(target=action.target)
            who = "a player still in the round" + (", you included" if kind == "herald" else ", not you")
            raise NOT_A_TARGET(target=action.target, kind=kind.capitalize(), who=who)
    if kind == "watchman" and action.target is not None:
        if action.guess not in GUESSES:
            raise BAD_GUESS(ranks=", ".join(GUESSES))
    elif action.guess is not None:
        raise NO_GUESS()


def apply_effect(state: CourtState, action: Play, kind: str, events: Events) -> None:
    seat, target = action.player, action.target
    assert target is not None
    me, them = state.players[seat], state.players[target]
    if kind == "watchman" and kind_of(them.hand[0]) == action.guess:  # WC-4.1
        knock_out(state, target, events)
    elif kind == "seer":  # WC-4.2
        show(state, target, seat, events)
    elif kind == "duelist":  # WC-4.3
        show(state, target, seat, events)
        show(state, seat, target, events)
        mine, theirs = rank(me.hand[0]), rank(them.hand[0])
        if mine != theirs:
            knock_out(state, seat if mine < theirs else target, events)
    elif kind == "herald":  # WC-4.5
        card = them.hand.pop()
        them.played.append(card)
        events.append(Discarded(player=target, card=card))
        if kind_of(card) == "crown":
            knock_out(state, target, events)  # WC-4.8
        else:
            drawn = Deck(state.deck, state.rng).draw() or Deck(state.aside, state.rng).draw()
            assert drawn is not None  # the card set aside stays there until the deck is empty
            them.hand.append(drawn)
            events.append(CardDrawn(player=target, card=drawn, visible_to=[target]))
    elif kind == "broker":  # WC-4.6
        me.hand, them.hand = them.hand, me.hand
        events.append(HandsTraded(player=seat, target=target))


def show(state: CourtState, owner: int, viewer: int, events: Events) -> None:
    """``owner``'s hand shown to ``viewer`` alone; the viewer's memory keeps it (see the README)."""
    card = state.players[owner].hand[0]
    state.players[viewer].seen.append(card)
    events.append(HandShown(player=owner, card=card, visible_to=[viewer]))


def knock_out(state: CourtState, seat: int, events: Events) -> None:
    """WC-5.1: the hand goes face up, the ward goes, no more turns this round."""
    player = state.players[seat]
    cards, player.hand = player.hand, []
    player.played += cards
    player.out, player.warded = True, False
    events.append(KnockedOut(player=seat, cards=cards))


# ---------------------------------------------------------------- turns and rounds
def end_turn(state: CourtState, events: Events) -> None:
    """WC-3.2: the next player still in draws and plays, unless the round is over (WC-5.2)."""
    if len(still_in(state)) > 1 and state.deck:
        seat = next_seat(state.turn, len(state.players), lambda other: not state.players[other].out)
        assert seat is not None
        start_turn(state, seat, events)
    else:
        end_round(state, events)


def start_turn(state: CourtState, seat: int, events: Events) -> None:
    """WC-3.1 and 4.4: your ward ends, and you draw."""
    state.turn = seat
    player = state.players[seat]
    player.warded = False
    card = Deck(state.deck, state.rng).draw()
    assert card is not None
    player.hand.append(card)
    events.append(CardDrawn(player=seat, card=card, visible_to=[seat]))


def end_round(state: CourtState, events: Events) -> None:
    """WC-5.2: the highest rank left wins, then the most played; WC-5.3: enough tokens end the game."""
    left = still_in(state)
    score = {seat: (rank(state.players[seat].hand[0]), sum(map(rank, state.players[seat].played))) for seat in left}
    winners = [seat for seat in left if score[seat] == max(score.values())]
    for seat in left:
        player = state.players[seat]
        player.revealed, player.hand = player.hand, []
    for seat in winners:
        state.players[seat].tokens += 1
    events.append(RoundEnded(winners=winners))
    if max(player.tokens for player in state.players) >= state.tokens_to_win:
        state.phase = "over"
        events.append(GameEnded(winners=leaders(state)))
    else:
        state.phase, state.turn = "round_over", winners[0]


def next_round(state: CourtState, action: NextRound) -> Events:
    """WC-5.2: the first winner of the last round deals the next."""
    state.round += 1
    events: Events = []
    deal(state, action.player, events)
    return events


def deal(state: CourtState, first: int, events: Events) -> None:
    """WC-2.1: shuffle everything, set one card aside, one card each, and the first player's turn begins."""
    for player in state.players:
        player.hand, player.played, player.seen, player.revealed, player.out, player.warded = [], [], [], [], False, False
    state.deck = shuffled(CARDS, state.rng)
    deck = Deck(state.deck, state.rng)
    state.aside = deck.draw_many(1)
    for seat in clockwise(first, len(state.players)):
        card = deck.draw()
        assert card is not None
        state.players[seat].hand.append(card)
        events.append(CardDrawn(player=seat, card=card, visible_to=[seat]))
    state.phase = "play"
    events.append(RoundStarted(round=state.round, first=first))
    start_turn(state, first, events)


FLOW: PhaseTable[CourtState] = PhaseTable(
    phases=[Phase("play", {Play: play}, actors=lambda state: [state.turn], wrong_phase_rule="WC-3.1",
                  not_your_turn_rule="WC-3.2"),
            Phase("round_over", {NextRound: next_round}, actors=lambda state: [state.turn],
                  wrong_phase_rule="WC-5.2", not_your_turn_rule="WC-5.2")],
    phase_of=lambda state: state.phase, over="over", game_over_rule="WC-5.3")


class WhisperCourt(Ruleset[CourtState, CourtAction]):
    id = GAME_ID
    title = "Whisper Court (worked example)"
    min_players = 2
    max_players = 4
    rules_version = "1"
    options = (OptionSpec("tokens_to_win", None, "Tokens that win the game (unset: 5, 4 or 3 for 2, 3 or 4 players).",
                          kind="int", minimum=1, maximum=7, rule="WC-5.3"),)
    rules = RULES
    refusals = REFUSALS
    player_count_rule = "WC-1.1"
    first_player_rule = "WC-2.1"
    State = CourtState
    Action = CourtAction
    flow = FLOW
    Event = CourtEvent

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> CourtState:
        state = CourtState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed),
                           first_player=seating.first_player, players=[Player(hand=[]) for _ in range(players)],
                           deck=[], aside=[], tokens_to_win=options["tokens_to_win"] or TOKENS_TO_WIN[players])
        deal(state, seating.first_player, [])
        return state

    def check_consistency(self, state: CourtState) -> None:
        seats = len(state.players)
        require(self.min_players <= seats <= self.max_players, "Whisper Court has 2 to 4 seats.", "$.players", "WC-1.1")
        require(state.turn < seats, f"turn names seat {state.turn}, which is not in this game.", "$.turn", "WC-3.2")
        require_range(state.tokens_to_win, 1, 7, "$.tokens_to_win", "tokens_to_win", "WC-5.3")
        cards = Inventory("card", rule="WC-1.2")
        playing = state.phase == "play"
        for seat, player in enumerate(state.players):
            where = f"$.players[{seat}]"
            for pile in ("hand", "played", "revealed"):
                cards.see_all(getattr(player, pile), f"{where}.{pile}")
            require(set(player.seen) <= set(CARDS), "A seat remembers a card this game does not have.",
                    f"{where}.seen", "WC-4.2")
            held = (0 if player.out else 2 if seat == state.turn else 1) if playing else 0
            require(len(player.hand) == held, f"Seat {seat} should hold {held} card(s) now.", f"{where}.hand", "WC-3.1")
            require(not (playing and player.revealed), "Hands are shown only at the end of a round.",
                    f"{where}.revealed", "WC-5.2")
            require(not (player.out and player.warded), "A player out of the round has no ward.", f"{where}.warded",
                    "WC-5.1")
        cards.see_all(state.deck, "$.deck")
        cards.see_all(state.aside, "$.aside")
        cards.expect_exactly(CARDS)
        require(len(state.aside) == 1 if playing else len(state.aside) <= 1, "One card is set aside in a round.",
                "$.aside", "WC-2.1")
        require(not playing or len(still_in(state)) > 1, "A round in play has two players in it or more.",
                "$.players", "WC-5.2")
        reached = max(player.tokens for player in state.players) >= state.tokens_to_win
        require((state.phase == "over") == reached, "The game is over exactly when a player has the tokens to win.",
                "$.phase", "WC-5.3")

    def enumerate_actions(self, state: CourtState, player: int, types: frozenset[str] | None) -> list[CourtAction]:
        if player != state.turn:
            return []
        if state.phase == "round_over":
            return [NextRound(player=player)]
        hand = state.players[player].hand
        forced = forced_regent(hand) is not None
        actions: list[CourtAction] = []
        for card in hand:
            kind = kind_of(card)
            if forced and kind != "regent":
                continue
            seats = targets(state, player, kind) if kind in NAMES_A_PLAYER else []
            if not seats:
                actions.append(Play(player=player, card=card))
            for target in seats:
                guesses: tuple[str | None, ...] = GUESSES if kind == "watchman" else (None,)
                actions += [Play(player=player, card=card, target=target, guess=guess) for guess in guesses]
        return actions

    def final_scores(self, state: CourtState) -> list[int]:
        return [player.tokens for player in state.players]


RULESET = WhisperCourt()
