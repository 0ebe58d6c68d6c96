"""A public commitment to a game's seed, opened once the game is over.

Every draw of a game comes from its seed (:mod:`rulesets.core.rng`), so whoever holds
the seed knows every deck's order. Players who only see views cannot check that the
referee did not pick a seed to suit someone; a commitment lets them: at setup they are
given ``seed_commitment`` (SHA-256 over a domain tag, a random salt and the seed), and
when the game is over the seed and salt are revealed, the commitment recomputed, and the
game replayed from its actions.

The salt is what keeps a guessable seed (``42``, a date) from being found by hashing
candidates: it is 128 random bits, kept in the state's ``rng`` (SECRET like the seed,
so no view shows it before the reveal) for the game's whole life. It takes no part in
any draw: two games with one seed deal the same cards whatever their salts.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TypeVar

from .declaration import GameState
from .refusals import INVALID_SALT
from .rng import MAX_SALT_LENGTH

S = TypeVar("S", bound=GameState)

#: Versioned, so a later scheme can never be mistaken for this one.
DOMAIN = b"tabletop-referee/seed-commitment/v1"
PREFIX = "sha256:"
SALT_BYTES = 16


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def salted(state: S, salt: str) -> S:
    """Give a freshly set-up state (``Ruleset.setup``'s, not yet shared) its salt.

    Kept out of ``setup`` so that a game overriding ``setup`` need not know of it, and so
    that setup stays a function of its arguments: the library makes no salt unless asked.
    """
    if not isinstance(salt, str) or not 0 < len(salt) <= MAX_SALT_LENGTH:
        raise INVALID_SALT(most=MAX_SALT_LENGTH, context={"path": "$.salt"})
    state.rng.salt = salt
    return state


def seed_commitment(seed: str, salt: str | None) -> str:
    """``sha256:<hex>`` of the domain tag, the salt and the seed, each length-prefixed.

    Length prefixes make the encoding unambiguous: no other (salt, seed) pair hashes
    the same bytes by moving characters across the boundary.
    """
    digest = hashlib.sha256()
    for part in (DOMAIN, (salt or "").encode(), seed.encode()):
        digest.update(len(part).to_bytes(4, "big"))
        digest.update(part)
    return PREFIX + digest.hexdigest()


def commitment_matches(commitment: str, seed: str, salt: str | None) -> bool:
    return hmac.compare_digest(seed_commitment(seed, salt).encode(), commitment.encode("utf-8", "replace"))


def state_commitment(state: GameState) -> str:
    """The commitment of a game state (any game's: each carries ``rng``)."""
    return seed_commitment(state.rng.seed, state.rng.salt)


def revealed_chance(state: GameState) -> dict[str, str | None]:
    """What a finished game reveals: the seed and the salt its commitment was made with."""
    return {"seed": state.rng.seed, "salt": state.rng.salt}
