"""The Mines of Zavandor's refusals: every code its rules answer, declared once."""

from rulesets.core import Catalogue

refusals = Catalogue()

NOT_ACTIVE_PLAYER = refusals.entry("not_active_player", ("MOZ-2.3", "MOZ-2.4"),
                                   "Seat {player} may not act now: the game awaits {awaited}.")
