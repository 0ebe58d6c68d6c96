"""Java (Wolfgang Kramer & Michael Kiesling, Ravensburger 2000), refereed."""

from .ruleset import Java

RULESET = Java()

__all__ = ["Java", "RULESET"]
