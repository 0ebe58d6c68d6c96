-- One action lands, or nothing does: the compare-and-set behind every session write.
--
-- KEYS: state (hash: version, state, write, note:<name>), log (list), meta (string)
-- ARGV: expected version, new state, log entry, idle seconds, write id, change channel,
--       the command that announces the change (PUBLISH, or SPUBLISH on a cluster),
--       the write that made the state the new one was computed from ('' for any), then
--       pairs of a note's field and the value it was read with ('' for absent)
--
-- Returns {1, new version} when applied, {2, version} when this write id already
-- landed (a retried call), {0, current version} when another write got there first,
-- {3, version} when the version is the expected one but the state is not the one the
-- caller started from (another write at the same version: one lost in a failover and
-- made again elsewhere, a session re-created under its id) or a named note changed,
-- {-1, 0} when the session is gone. Script execution is atomic, so the state, the
-- version bump, the log entry and the refreshed expiry can never disagree.
local found = redis.call('HMGET', KEYS[1], 'version', 'write')
if not found[1] or redis.call('EXISTS', KEYS[3]) == 0 then
  return {-1, 0}
end
local version = tonumber(found[1])
if found[2] == ARGV[5] then
  -- Rewritten as it is: a write on this connection, so a WAIT after it waits for the
  -- replicas to hold everything up to here, the earlier landing of this write included.
  redis.call('HSET', KEYS[1], 'write', ARGV[5])
  return {2, version}
end
if version ~= tonumber(ARGV[1]) then
  return {0, version}
end
if ARGV[8] and ARGV[8] ~= '' and found[2] ~= ARGV[8] then
  return {3, version}
end
for i = 9, #ARGV - 1, 2 do
  if (redis.call('HGET', KEYS[1], ARGV[i]) or '') ~= ARGV[i + 1] then
    return {3, version}
  end
end
version = version + 1
redis.call('HSET', KEYS[1], 'version', version, 'state', ARGV[2], 'write', ARGV[5])
redis.call('RPUSH', KEYS[2], ARGV[3])
for i = 1, #KEYS do
  redis.call('EXPIRE', KEYS[i], ARGV[4])
end
-- Wakes long-polling readers. The channel carries the session's hash tag, so on a
-- cluster SPUBLISH announces it on this very shard.
redis.call(ARGV[7], ARGV[6], version)
return {1, version}
