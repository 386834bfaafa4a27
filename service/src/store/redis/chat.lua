-- Appends one chat message, all or nothing: answers a known request key with the message
-- it stored, refuses past the cap, else numbers the message one more than the last, adds
-- it to the stream under id <sequence>-0, records the key, and gives both chat keys the
-- session's remaining lifetime (commits push them out with the session's, see commit.lua).
-- KEYS: meta, chat, chatreq. ARGV: request key, message json, cap.
-- Returns {'ok', sequence, ''} | {'dup', sequence, json} | {'full', last, ''} | {'missing', 0, ''}.
if redis.call('EXISTS', KEYS[1]) == 0 then
  return {'missing', 0, ''}
end
local done = redis.call('HGET', KEYS[3], ARGV[1])
if done then
  local entries = redis.call('XRANGE', KEYS[2], done .. '-0', done .. '-0')
  if entries[1] then
    return {'dup', tonumber(done), entries[1][2][2]}
  end
  return {'dup', tonumber(done), ''}
end
local last = 0
local tail = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)
if tail[1] then
  last = tonumber(string.match(tail[1][1], '^(%d+)'))
end
if last >= tonumber(ARGV[3]) then
  return {'full', last, ''}
end
local sequence = last + 1
redis.call('XADD', KEYS[2], sequence .. '-0', 'm', ARGV[2])
redis.call('HSET', KEYS[3], ARGV[1], sequence)
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('PEXPIRE', KEYS[2], ttl)
  redis.call('PEXPIRE', KEYS[3], ttl)
end
return {'ok', sequence, ''}
