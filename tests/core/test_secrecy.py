"""Hidden information is declared once and core enforces it, failing closed."""

from __future__ import annotations

from typing import Annotated

import msgspec

from rulesets.core import SECRET, Event, Hidden, PerSeat, Private, PrivateEvent, Sealed, public, to_builtins
from rulesets.core.host import redact, unseen_strings
from rulesets.core.events import seen_by


class Undeclared(msgspec.Struct, kw_only=True):
    note: str


@public
class Seat(msgspec.Struct, kw_only=True):
    name: str
    hand: Annotated[list[str], Private()]
    secret_note: Undeclared | None = None


@public
class Table(msgspec.Struct, kw_only=True):
    phase: str
    seats: Annotated[list[Seat], PerSeat()]
    deck: Annotated[list[str], Hidden()]
    seed: Annotated[str, SECRET]
    bids: Annotated[list[list[str] | None], PerSeat(Sealed(lambda table: table.phase == "reveal"))]
    loose: Undeclared


def table(phase="bid"):
    return Table(phase=phase, seats=[Seat(name="ann", hand=["A1", "A2"], secret_note=Undeclared(note="ann-note")),
                                     Seat(name="bob", hand=["B1"])],
                 deck=["D1", "D2", "D3"], seed="SEED", bids=[["A2"], None], loose=Undeclared(note="nobody"))


def test_a_hand_is_its_seats_and_the_others_see_how_many():
    t = table()
    mine = redact(t, 0, t)
    assert mine["seats"][0]["hand"] == ["A1", "A2"] and mine["seats"][0]["hand_count"] == 2
    theirs = redact(t, 1, t)
    assert "hand" not in theirs["seats"][0] and theirs["seats"][0]["hand_count"] == 2


def test_hidden_zones_show_a_count_and_secrets_show_nothing():
    t = table()
    for viewer in (None, 0, 1):
        view = redact(t, viewer, t)
        assert "deck" not in view and view["deck_count"] == 3
        assert "seed" not in view and "seed_count" not in view


def test_what_nobody_declared_public_is_hidden_fail_closed():
    t = table()
    assert redact(t, 0, t)["loose"] == {}  # a public field holding an undeclared Struct: its fields stay hidden
    assert redact(t, 0, t)["seats"][0]["secret_note"] == {"note": "ann-note"}  # the owner's own
    assert redact(t, 1, t)["seats"][0]["secret_note"] == {}


def test_sealed_entries_are_the_owners_until_the_reveal():
    t = table()
    assert redact(t, 0, t)["bids"] == [["A2"], None]
    assert redact(t, 1, t)["bids"] == [None, None]
    assert redact(t, None, t)["bids"] == [None, None]
    revealed = table("reveal")
    assert redact(revealed, 1, revealed)["bids"] == [["A2"], None]


def test_unseen_strings_lists_what_a_seat_must_not_find():
    t = table()
    assert unseen_strings(t, 1, t) == {"A1", "A2", "ann-note", "D1", "D2", "D3", "SEED", "nobody"}
    assert unseen_strings(t, 0, t) == {"B1", "D1", "D2", "D3", "SEED", "nobody"}


class Drew(Event, tag="drew"):
    player: int


class CardDrawn(PrivateEvent, tag="card_drawn"):
    player: int
    card: str


class Passed(Event, tag="passed"):
    """A public event with a private part: the passer's seat sees which cards, the others how many."""

    player: int
    cards: Annotated[list[str], Private()]


def test_events_are_public_or_seen_whole_by_the_seats_they_name_and_fields_keep_their_markers():
    events = [Drew(player=0), CardDrawn(player=0, card="A3", visible_to=[0]),
              CardDrawn(player=1, card="B7", visible_to=[1, 2]), Passed(player=2, cards=["C1", "C2"])]
    seen = {viewer: to_builtins(seen_by(events, viewer)) for viewer in (None, 0, 1, 2)}
    assert [e["type"] for e in seen[None]] == ["drew", "passed"]
    assert [e.get("card") for e in seen[0] if e["type"] == "card_drawn"] == ["A3"]
    assert [e.get("card") for e in seen[2] if e["type"] == "card_drawn"] == ["B7"]
    assert seen[2][-1] == {"type": "passed", "player": 2, "cards": ["C1", "C2"], "cards_count": 2}
    assert seen[0][-1] == {"type": "passed", "player": 2, "cards_count": 2}
    assert all("A3" not in repr(seen[viewer]) for viewer in (None, 1, 2))


def test_a_concealed_action_type_reaches_other_seats_as_its_disguise_only():
    """An action type whose kind is the sender's secret (staging a sealed bid): other seats and spectators see
    only the disguise and the sender; the sender sees the action itself."""
    from rulesets.core import concealed
    from rulesets.core.secrecy import concealed_as
    from tests.doubles.card_nim import RULESET

    @concealed("staged")
    class Stage(msgspec.Struct, kw_only=True, tag="stage"):
        player: int
        card: str

    assert concealed_as(Stage) == "staged" and concealed_as(Undeclared) is None
    action = Stage(player=1, card="red-3")
    assert RULESET.view_action(action, 0) == RULESET.view_action(action, None) == {"type": "staged", "player": 1}
    assert RULESET.view_action(action, 1) == {"type": "stage", "player": 1, "card": "red-3"}
