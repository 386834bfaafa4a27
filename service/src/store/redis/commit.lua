-- One commit, all or nothing: answer a known request id from its record, else check the
-- version, store the snapshot, append the log entry with id <version>-0, remember the
-- request id, and push every key's expiry out to the session's TTL. The final commit (an
-- outcome) forgets every request id but its own: nothing can be played any more, so only
-- a retry of the last move still needs its answer.
-- KEYS: meta, snap, log, req, join (only its expiry). ARGV: expected version, new version, snapshot, entry,
-- request id or '', to_act json, outcome json, ttl seconds, now ms.
-- Returns {'ok', version} | {'dup', version} | {'conflict', actual} | {'missing', 0}.
if ARGV[5] ~= '' then
  local done = redis.call('HGET', KEYS[4], ARGV[5])
  if done then
    return {'dup', tonumber(done)}
  end
end
local current = redis.call('HGET', KEYS[1], 'version')
if not current then
  return {'missing', 0}
end
current = tonumber(current)
if current ~= tonumber(ARGV[1]) then
  return {'conflict', current}
end
redis.call('SET', KEYS[2], ARGV[3], 'EX', ARGV[8])
redis.call('XADD', KEYS[3], ARGV[2] .. '-0', 'e', ARGV[4])
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'to_act', ARGV[6], 'outcome', ARGV[7],
  'updated', ARGV[9])
if ARGV[7] ~= 'null' then
  redis.call('DEL', KEYS[4])
end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[5], ARGV[2])
end
for i = 1, #KEYS do
  redis.call('EXPIRE', KEYS[i], ARGV[8])
end
return {'ok', tonumber(ARGV[2])}
