"""Java's refusals: every code its rules answer, declared once (spec section 14)."""

from rulesets.core import Catalogue, InvalidSetup

refusals = Catalogue()

NOT_YOUR_FESTIVAL_TURN = refusals.entry("not_your_festival_turn", ("JAVA-10.7",),
                                        "Seat {player} may not act now: the game awaits {awaited}.")
INVALID_START_PLAYER = refusals.entry("invalid_start_player", ("JAVA-1.6",),
                                      "The first player must be a seat, 0 to {last}.", error=InvalidSetup)
