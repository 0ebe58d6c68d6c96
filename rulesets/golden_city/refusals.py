"""The Golden City's refusals: every code its rules answer, declared once."""

from rulesets.core import Catalogue, InvalidSetup

refusals = Catalogue()

UNKNOWN_START_PLAYER = refusals.entry("unknown_start_player", ("GC-1.8",),
                                      "The first player must be a seat, 0 to {last}.", error=InvalidSetup)
