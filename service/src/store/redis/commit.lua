-- One commit, all or nothing: answer a known request id from its record, else check the
-- version, store the snapshot, append the log entry with id <version>-0 and remember the
-- request id. The final commit (an outcome) forgets every request id but its own: nothing
-- can be played any more, so only a retry of the last move still needs its answer.
--
-- Expiry: every key lives the session's TTL after its last activity. Pushing five expiries
-- out on every move was a fifth of this script's work and five more commands in the AOF, so
-- they are pushed only when the last push (meta field `touched`, ms) is older than a
-- sixteenth of the TTL, and on the final commit (whose TTL differs): a key then always has
-- at least 15/16 of its TTL left. The keys a commit may create get theirs at once: the log
-- on its first entry, the request index on its first id (the snapshot's SET carries one).
-- KEYS: meta, snap, log, req, join, chat, chatreq (the last three only their expiry).
-- ARGV: expected version, new version,
-- snapshot, entry, request id or '', to_act json, outcome json, ttl seconds, now ms.
-- Returns {'ok', version} | {'dup', version} | {'conflict', actual} | {'missing', 0}.
if ARGV[5] ~= '' then
  local done = redis.call('HGET', KEYS[4], ARGV[5])
  if done then
    return {'dup', tonumber(done)}
  end
end
local row = redis.call('HMGET', KEYS[1], 'version', 'touched')
if not row[1] then
  return {'missing', 0}
end
local current = tonumber(row[1])
if current ~= tonumber(ARGV[1]) then
  return {'conflict', current}
end
local ttl = tonumber(ARGV[8])
local now = tonumber(ARGV[9])
local finished = ARGV[7] ~= 'null'
local refresh = finished or not row[2] or now - tonumber(row[2]) >= ttl * 1000 / 16
redis.call('SET', KEYS[2], ARGV[3], 'EX', ttl)
redis.call('XADD', KEYS[3], ARGV[2] .. '-0', 'e', ARGV[4])
if refresh then
  redis.call('HSET', KEYS[1], 'version', ARGV[2], 'to_act', ARGV[6], 'outcome', ARGV[7],
    'updated', ARGV[9], 'touched', ARGV[9])
else
  redis.call('HSET', KEYS[1], 'version', ARGV[2], 'to_act', ARGV[6], 'outcome', ARGV[7],
    'updated', ARGV[9])
end
if finished then
  redis.call('DEL', KEYS[4])
end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[5], ARGV[2])
end
if refresh then
  for i = 1, #KEYS do
    redis.call('EXPIRE', KEYS[i], ttl)
  end
else
  if redis.call('XLEN', KEYS[3]) == 1 then
    redis.call('EXPIRE', KEYS[3], ttl)
  end
  if ARGV[5] ~= '' and redis.call('HLEN', KEYS[4]) == 1 then
    redis.call('EXPIRE', KEYS[4], ttl)
  end
end
return {'ok', tonumber(ARGV[2])}
