"""The Mines of Zavandor (Die Minen von Zavandor, Alexander Pfister, Lookout Games 2010), refereed."""

from .ruleset import MinesOfZavandor

RULESET = MinesOfZavandor()

__all__ = ["RULESET", "MinesOfZavandor"]
