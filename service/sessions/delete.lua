-- Every piece of a session goes at once, and its long-polling readers hear of it.
-- KEYS: meta, state, log    ARGV: change channel, the command that announces it (PUBLISH or SPUBLISH)
-- Returns how many of the keys there were (0: no such session).
local removed = redis.call('DEL', unpack(KEYS))
redis.call(ARGV[2], ARGV[1], 'deleted')
return removed
