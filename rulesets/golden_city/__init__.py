"""The Golden City (Die Goldene Stadt, Michael Schacht, Kosmos 2009), refereed."""

from .ruleset import GoldenCity

RULESET = GoldenCity()

__all__ = ["RULESET", "GoldenCity"]
