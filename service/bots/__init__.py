"""Bot seats and turn timers: the server plays a seat from that seat's view alone.

``choose`` picks a bot's action (the search where the game has one, else a seeded uniform
pick from the seat's own legal actions); ``turns`` runs bot turns and expired timers in
the background (RQ on the webhook queue's Redis, or a thread/greenlet in memory) so no
client request waits for a search; ``worker`` is the RQ job's side of it. The sessions
room (:mod:`service.sessions.logic`) decides who plays and commits through its
compare-and-set path like any seat.
"""
