-- Creates a session at version 0, unless its id is taken.
-- KEYS: meta, snap. ARGV: meta envelope, game id, create ms, seat count, snapshot,
-- to_act json, outcome json, ttl seconds.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
redis.call('HSET', KEYS[1],
  'meta', ARGV[1], 'game', ARGV[2], 'created', ARGV[3], 'seats', ARGV[4],
  'open', ARGV[4], 'version', 0, 'to_act', ARGV[6], 'outcome', ARGV[7])
redis.call('SET', KEYS[2], ARGV[5], 'EX', ARGV[8])
redis.call('EXPIRE', KEYS[1], ARGV[8])
return 1
