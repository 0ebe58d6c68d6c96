"""Test doubles shared by every suite: games that exist only to exercise the referee."""
