"""Whisper Court, written with ``rulesets.core`` alone: its pieces and who sees what, its refusals, its rules."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from rulesets.core import (ScoreItem, ScoreSheet, Catalogue, Count, Deck, Event, Events, GameState, Hidden, Inventory, OptionSpec, Ordinal,
                           PerSeat, Phase, PhaseTable, Private, PrivateEvent, PublicStruct, Rng, Ruleset, Seat,
                           Seating, clockwise, kind_of, kinds_times_copies, load_rule_index, next_seat, require,
                           require_range, shuffled)

GAME_ID = "whisper_court"
#: WC-1.2: each kind's rank and how many copies the deck holds.
RANKS = {"watchman": 1, "seer": 2, "duelist": 3, "ward": 4, "herald": 5, "broker": 6, "regent": 7, "crown": 8}
COPIES = {"watchman": 5, "seer": 2, "duelist": 2, "ward": 2, "herald": 2, "broker": 1, "regent": 1, "crown": 1}
CARDS = tuple(kinds_times_copies(COPIES))  # "watchman-01" ... "crown-01"
NAMES_A_PLAYER = frozenset({"watchman", "seer", "duelist", "herald", "broker"})
GUESSES = tuple(kind for kind in RANKS if kind != "watchman")
TOKENS_TO_WIN = {2: 5, 3: 4, 4: 3}  # WC-5.3
RULES = load_rule_index(__package__, "rules.json")


# ---------------------------------------------------------------- the state: core builds every view from its markers
class Player(PublicStruct):
    hand: Annotated[list[str], Private()]  # its seat sees the cards; the others see hand_count
    played: list[str] = []  # face up in front of the player this round
    seen: Annotated[list[str], Private(count=False)] = []  # others' cards shown to this seat alone this round
    revealed: list[str] = []  # the hand shown at the end of the round
    out: bool = False
    warded: bool = False
    tokens: Count = 0


class CourtState(GameState, kw_only=True):
    phase: Literal["play", "round_over", "over"] = "play"
    players: Annotated[list[Player], PerSeat()]
    deck: Annotated[list[str], Hidden()]  # deck[0] is the top; everyone sees deck_count
    aside: Annotated[list[str], Hidden()]  # WC-2.1: the card set aside, seen by nobody
    turn: Seat = 0  # the seat on turn; between rounds, the seat that deals the next one
    round: Ordinal = 1
    tokens_to_win: Count = 5


class Play(PublicStruct, tag="play", tag_field="type"):
    player: int
    card: str
    target: int | None = None
    guess: str | None = None


class NextRound(PublicStruct, tag="next_round", tag_field="type"):
    player: int


class CardPlayed(Event, tag="card_played"):
    player: Seat
    card: str
    target: Seat | None = None
    guess: str | None = None


class CardSeen(PrivateEvent, tag="card_seen"):
    """``player``'s card, seen by ``visible_to`` alone: its holder (dealt, drawn), a Seer, a duellist."""
    player: Seat
    card: str


class Discarded(Event, tag="discarded"):
    """A hand laid face up: on a Herald's order, or by a player going ``out`` of the round."""
    player: Seat
    cards: list[str]
    out: bool


class RoundEnded(Event, tag="round_ended"):
    winners: list[Seat]
    game_over: bool


CourtAction = Play | NextRound
CourtEvent = CardPlayed | CardSeen | Discarded | RoundEnded

# ---------------------------------------------------------------- how the rules say no
REFUSALS = Catalogue()
NOT_IN_HAND = REFUSALS.entry("card_not_in_hand", ("WC-3.1",), "Card {card} is not in your hand.")
MUST_PLAY_REGENT = REFUSALS.entry("must_play_regent", ("WC-4.7",), "You hold the Regent with the {other}: play it.")
BAD_TARGET = REFUSALS.entry("bad_target", ("WC-3.3",), "The {kind} names {who} now.")
WARDED = REFUSALS.entry("target_warded", ("WC-4.4",), "Seat {target} is warded until their next turn.")
BAD_GUESS = REFUSALS.entry("bad_guess", ("WC-4.1",), "Only a Watchman naming a player names a rank: {ranks}.")


# ---------------------------------------------------------------- the rules
def rank(card: str) -> int:
    return RANKS[kind_of(card)]


def still_in(state: CourtState) -> list[int]:
    return [seat for seat, player in enumerate(state.players) if not player.out]


def targets(state: CourtState, seat: int, kind: str) -> list[int]:
    """WC-3.3: the seats a card of ``kind`` may name now (none: WC-3.4, it names nobody)."""
    if kind not in NAMES_A_PLAYER:
        return []
    others = [other for other in still_in(state) if other != seat and not state.players[other].warded]
    return others + [seat] if kind == "herald" else others


def forced_regent(hand: list[str]) -> str | None:
    """WC-4.7: the card that makes the Regent the one to play, when the hand holds both."""
    kinds = [kind_of(card) for card in hand]
    return next((kind for kind in kinds if kind in ("herald", "broker")), None) if "regent" in kinds else None


def play(state: CourtState, action: Play) -> Events:
    """WC-3.1: play one of your two cards face up, then do what it says."""
    seat, target, me = action.player, action.target, state.players[action.player]
    if action.card not in me.hand:
        raise NOT_IN_HAND(card=action.card)
    kind, other = kind_of(action.card), forced_regent(me.hand)
    if other is not None and kind != "regent":
        raise MUST_PLAY_REGENT(other=other.capitalize())
    allowed = targets(state, seat, kind)
    if target not in (allowed or [None]):
        if kind in NAMES_A_PLAYER and target in still_in(state) and target != seat:
            raise WARDED(target=target)
        raise BAD_TARGET(kind=kind.capitalize(), who=" or ".join(f"seat {s}" for s in allowed) or "nobody")
    if action.guess not in (GUESSES if kind == "watchman" and target is not None else (None,)):
        raise BAD_GUESS(ranks=", ".join(GUESSES))
    me.hand.remove(action.card)
    me.played.append(action.card)
    events: Events = [CardPlayed(player=seat, card=action.card, target=target, guess=action.guess)]
    me.warded = kind == "ward"  # WC-4.4
    if kind == "crown":  # WC-4.8
        knock_out(state, seat, events)
    elif target is not None:  # WC-3.4: a card that names nobody does nothing
        effect(state, action, kind, events)
    end_turn(state, events)
    return events


def effect(state: CourtState, action: Play, kind: str, events: Events) -> None:
    seat, target = action.player, action.target
    me, them = state.players[seat], state.players[target]
    if kind == "watchman" and kind_of(them.hand[0]) == action.guess:  # WC-4.1
        knock_out(state, target, events)
    elif kind in ("seer", "duelist"):  # WC-4.2 and 4.3
        shown = [(target, seat)] + ([(seat, target)] if kind == "duelist" else [])
        for owner, viewer in shown:  # the viewer remembers it (Player.seen)
            state.players[viewer].seen.append(state.players[owner].hand[0])
            events.append(CardSeen(player=owner, card=state.players[owner].hand[0], visible_to=[viewer]))
        mine, theirs = rank(me.hand[0]), rank(them.hand[0])
        if kind == "duelist" and mine != theirs:
            knock_out(state, seat if mine < theirs else target, events)
    elif kind == "herald" and kind_of(them.hand[0]) == "crown":  # WC-4.5 and 4.8
        knock_out(state, target, events)
    elif kind == "herald":  # WC-4.5: the card set aside stays there until the deck is empty
        events.append(Discarded(player=target, cards=list(them.hand), out=False))
        them.played += them.hand
        them.hand = Deck(state.deck, state.rng).draw_many(1) or Deck(state.aside, state.rng).draw_many(1)
        events.append(CardSeen(player=target, card=them.hand[0], visible_to=[target]))
    elif kind == "broker":  # WC-4.6: each now holds, and so sees, the other's card
        me.hand, them.hand = them.hand, me.hand
        events += [CardSeen(player=holder, card=state.players[holder].hand[0], visible_to=[holder])
                   for holder in (seat, target)]


def knock_out(state: CourtState, seat: int, events: Events) -> None:
    """WC-5.1: the hand goes face up, the ward goes, and no more turns this round."""
    player = state.players[seat]
    events.append(Discarded(player=seat, cards=list(player.hand), out=True))
    player.played, player.hand, player.out, player.warded = player.played + player.hand, [], True, False


def end_turn(state: CourtState, events: Events) -> None:
    """WC-3.2 and 4.4: the next player still in loses their ward and draws, unless the round is over (WC-5.2)."""
    if len(still_in(state)) < 2 or not state.deck:
        return end_round(state, events)
    seat = next_seat(state.turn, len(state.players), lambda other: not state.players[other].out)
    state.turn = seat if seat is not None else state.turn
    start_turn(state, events)


def start_turn(state: CourtState, events: Events) -> None:
    """WC-3.1: you draw."""
    player = state.players[state.turn]
    player.warded = False
    player.hand += Deck(state.deck, state.rng).draw_many(1)
    events.append(CardSeen(player=state.turn, card=player.hand[-1], visible_to=[state.turn]))


def end_round(state: CourtState, events: Events) -> None:
    """WC-5.2: the highest rank left wins, then the most played; WC-5.3: enough tokens end the game."""
    left = {seat: state.players[seat] for seat in still_in(state)}
    score = {seat: (rank(player.hand[0]), sum(map(rank, player.played))) for seat, player in left.items()}
    winners = [seat for seat in score if score[seat] == max(score.values())]
    for seat, player in left.items():
        player.revealed, player.hand, player.tokens = player.hand, [], player.tokens + (seat in winners)
    over = max(player.tokens for player in state.players) >= state.tokens_to_win
    state.phase, state.turn = ("over" if over else "round_over"), winners[0]
    events.append(RoundEnded(winners=winners, game_over=over))


def deal(state: CourtState, action: NextRound | None = None) -> Events:
    """WC-2.1: shuffle, set a card aside, deal one each, and the first player (WC-5.2: the last winner) plays."""
    state.round += action is not None
    state.players = [Player(hand=[], tokens=player.tokens) for player in state.players]
    state.deck = shuffled(CARDS, state.rng)
    deck = Deck(state.deck, state.rng)
    state.aside, events, state.phase = deck.draw_many(1), [], "play"
    for seat in clockwise(state.turn, len(state.players)):
        state.players[seat].hand = deck.draw_many(1)
        events.append(CardSeen(player=seat, card=state.players[seat].hand[0], visible_to=[seat]))
    start_turn(state, events)
    return events


FLOW: PhaseTable[CourtState] = PhaseTable(
    phases=[Phase("play", {Play: play}, actors=lambda state: [state.turn], wrong_phase_rule="WC-3.1",
                  not_your_turn_rule="WC-3.2"),
            Phase("round_over", {NextRound: deal}, actors=lambda state: [state.turn], wrong_phase_rule="WC-5.2",
                  not_your_turn_rule="WC-5.2")],
    phase_of=lambda state: state.phase, over="over", game_over_rule="WC-5.3")


class WhisperCourt(Ruleset[CourtState, CourtAction]):
    id, title, rules_version = GAME_ID, "Whisper Court (worked example)", "1"
    min_players, max_players, player_count_rule, first_player_rule = 2, 4, "WC-1.1", "WC-2.1"
    options = (OptionSpec("tokens_to_win", None, "Tokens that win the game (unset: 5, 4 or 3 for 2, 3 or 4 players).",
                          kind="int", minimum=1, maximum=7, rule="WC-5.3"),)
    rules, refusals = RULES, REFUSALS
    State, Action, Event, flow = CourtState, CourtAction, CourtEvent, FLOW

    def create(self, players: int, seed: str, options: dict[str, Any], seating: Seating) -> CourtState:
        state = CourtState(game=self.id, rules_version=self.rules_version, rng=Rng(seed=seed), deck=[], aside=[],
                           players=[Player(hand=[]) for _ in range(players)], first_player=seating.first_player,
                           turn=seating.first_player, tokens_to_win=options["tokens_to_win"] or TOKENS_TO_WIN[players])
        deal(state)
        return state

    def check_consistency(self, state: CourtState) -> None:
        seats, playing = len(state.players), state.phase == "play"
        require(self.min_players <= seats <= self.max_players, "Whisper Court has 2 to 4 seats.", "$.players", "WC-1.1")
        require(state.turn < seats, f"turn names seat {state.turn}, which is not in this game.", "$.turn", "WC-3.2")
        require_range(state.tokens_to_win, 1, 7, "$.tokens_to_win", "tokens_to_win", "WC-5.3")
        cards = Inventory("card", rule="WC-1.2")
        for seat, player in enumerate(state.players):
            for pile in ("hand", "played", "revealed"):
                cards.see_all(getattr(player, pile), f"$.players[{seat}].{pile}")
            held = (0 if player.out else 2 if seat == state.turn else 1) if playing else 0
            require(len(player.hand) == held, f"Seat {seat} holds {held} card(s).", f"$.players[{seat}].hand", "WC-3.1")
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
        if player != state.turn or state.phase != "play":
            return [NextRound(player=player)] if player == state.turn else []
        hand, actions = state.players[player].hand, list[CourtAction]()
        for card in hand if forced_regent(hand) is None else [c for c in hand if kind_of(c) == "regent"]:
            seats, kind = targets(state, player, kind_of(card)), kind_of(card)
            guesses: tuple[str | None, ...] = GUESSES if kind == "watchman" else (None,)
            actions += [Play(player=player, card=card, target=seat, guess=guess) for seat in seats for guess in guesses]
            actions += [] if seats else [Play(player=player, card=card)]
        return actions

    def score_sheet(self, state: CourtState) -> ScoreSheet:
        return [[ScoreItem(category="tokens", rule="WC-5.3", points=player.tokens)] for player in state.players]


RULESET = WhisperCourt()
