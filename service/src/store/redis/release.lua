-- Gives a seat back while the session waits for players: the seat whose token hash is
-- ARGV[1] loses every `seat:<i>:*` field (name, token hash), the open count goes up, and
-- every join record pointing at the seat (value '<seat> <fingerprint> <salt>') is
-- deleted, so a JoinSession retried with its request id takes a fresh seat. A token that
-- holds no seat writes nothing (the leave was done before: a retry). Once every seat is
-- taken the game has started and nothing is written.
-- KEYS: meta, snap, log, req, join. ARGV: token hash, ttl seconds.
-- Returns {'ok', seat, open seats now} | {'none', 0} | {'started', seat} | {'missing', 0}.
local n = redis.call('HGET', KEYS[1], 'seats')
if not n then
  return {'missing', 0}
end
n = tonumber(n)
local s = -1
local open = 0
for i = 0, n - 1 do
  local token = redis.call('HGET', KEYS[1], 'seat:' .. i .. ':token')
  if not token then
    open = open + 1
  elseif token == ARGV[1] then
    s = i
  end
end
if s < 0 then
  return {'none', 0}
end
if open == 0 then
  return {'started', s}
end
local prefix = 'seat:' .. s .. ':'
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, #prefix) == prefix then
    redis.call('HDEL', KEYS[1], field)
  end
end
local joins = redis.call('HGETALL', KEYS[5])
local mine = s .. ' '
for i = 1, #joins, 2 do
  if string.sub(joins[i + 1], 1, #mine) == mine then
    redis.call('HDEL', KEYS[5], joins[i])
  end
end
local left = redis.call('HINCRBY', KEYS[1], 'open', 1)
for i = 1, #KEYS do
  redis.call('EXPIRE', KEYS[i], ARGV[2])
end
return {'ok', s, left}
