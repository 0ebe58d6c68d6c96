-- A new session at version 0: meta and state land together, both with the idle expiry.
-- KEYS: meta, state    ARGV: meta, state, idle seconds, the id that names this first state
-- (a commit based on a state checks it: a session re-created under the same id is another state)
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
redis.call('HSET', KEYS[2], 'version', 0, 'state', ARGV[2], 'write', ARGV[4])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return 1
