-- Creates a session at version 0, unless its id is taken.
-- KEYS: meta, snap. ARGV: meta envelope, game id, create ms, seat count, snapshot,
-- to_act json, outcome json, ttl seconds, then for each seat taken at creation (a server
-- bot's, or a rematch's) its index, name, token hash or marker, and player id or ''.
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local taken = (#ARGV - 8) / 4
redis.call('HSET', KEYS[1],
  'meta', ARGV[1], 'game', ARGV[2], 'created', ARGV[3], 'seats', ARGV[4],
  'open', tonumber(ARGV[4]) - taken, 'version', 0, 'to_act', ARGV[6], 'outcome', ARGV[7])
for i = 0, taken - 1 do
  local s = ARGV[9 + 4 * i]
  redis.call('HSET', KEYS[1], 'seat:' .. s .. ':name', ARGV[10 + 4 * i],
    'seat:' .. s .. ':token', ARGV[11 + 4 * i])
  if ARGV[12 + 4 * i] ~= '' then
    redis.call('HSET', KEYS[1], 'seat:' .. s .. ':player', ARGV[12 + 4 * i])
  end
end
redis.call('SET', KEYS[2], ARGV[5], 'EX', ARGV[8])
redis.call('EXPIRE', KEYS[1], ARGV[8])
return 1
