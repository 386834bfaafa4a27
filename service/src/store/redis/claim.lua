-- Takes a seat: the wanted one, or the lowest open one when ARGV[1] is -1. With a retry
-- key (ARGV[5] not ''), a key that took a seat before takes nothing and answers its
-- record; else the record '<seat> <ARGV[6]>' is kept in the join hash under the key.
-- KEYS: meta, snap, log, req, join. ARGV: seat or -1, player name, token hash, ttl seconds,
-- retry key or '', record (fingerprint and salt) or '', now ms (recorded as 'started' when
-- the last seat is taken: the first clocks start then), player id or '' (stored as
-- `seat:<i>:player`), '1' when the player may hold several seats else '0' (then a player
-- who holds a seat already takes nothing and gets {'held', seat}).
-- Returns {'ok', seat, open seats left} | {'before', 0, 0, record} | {'missing', 0}
--       | {'nosuch', seats} | {'taken', seat} | {'full', 0} | {'held', seat}.
local n = redis.call('HGET', KEYS[1], 'seats')
if not n then
  return {'missing', 0}
end
if ARGV[5] ~= '' then
  local before = redis.call('HGET', KEYS[5], ARGV[5])
  if before then
    return {'before', 0, 0, before}
  end
end
n = tonumber(n)
local player = ARGV[8] or ''
if player ~= '' and ARGV[9] ~= '1' then
  for i = 0, n - 1 do
    if redis.call('HGET', KEYS[1], 'seat:' .. i .. ':player') == player then
      return {'held', i}
    end
  end
end
local s = tonumber(ARGV[1])
if s >= 0 then
  if s >= n then
    return {'nosuch', n}
  end
  if redis.call('HEXISTS', KEYS[1], 'seat:' .. s .. ':token') == 1 then
    return {'taken', s}
  end
else
  s = -1
  for i = 0, n - 1 do
    if redis.call('HEXISTS', KEYS[1], 'seat:' .. i .. ':token') == 0 then
      s = i
      break
    end
  end
  if s < 0 then
    return {'full', 0}
  end
end
redis.call('HSET', KEYS[1], 'seat:' .. s .. ':name', ARGV[2], 'seat:' .. s .. ':token', ARGV[3])
if player ~= '' then
  redis.call('HSET', KEYS[1], 'seat:' .. s .. ':player', player)
end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[5], ARGV[5], s .. ' ' .. ARGV[6])
end
redis.call('HSET', KEYS[1], 'updated', ARGV[7])
local open = redis.call('HINCRBY', KEYS[1], 'open', -1)
if open == 0 then
  redis.call('HSET', KEYS[1], 'started', ARGV[7])
end
for i = 1, #KEYS do
  redis.call('EXPIRE', KEYS[i], ARGV[4])
end
return {'ok', s, open}
