-- A session's note (a pending undo request) changes only if the session is still at the
-- version the writer read and the note is still what the writer read.
--
-- KEYS: state (hash: version, state, write, note:<name>), meta (string)
-- ARGV: the note's field (note:<name>), expected version, old value ('' for none), new value
--
-- Returns 1 when written, 0 when the version or the note moved, -1 when the session is gone.
-- The note is a field of the state hash: it expires and is deleted with the session.
local found = redis.call('HMGET', KEYS[1], 'version', ARGV[1])
if not found[1] or redis.call('EXISTS', KEYS[2]) == 0 then
  return -1
end
if tonumber(found[1]) ~= tonumber(ARGV[2]) then
  return 0
end
if (found[2] or '') ~= ARGV[3] then
  return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
return 1
