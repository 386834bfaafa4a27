-- Replaces a finished session's log stream by one compacted record. A live reader that
-- had not yet read the last entries finds them in the record (see `feed.rs`).
-- KEYS: meta, log, logz. ARGV: final version, compacted log, ttl seconds.
-- Returns 1 when compacted, 0 when the session is not at that version (or is gone).
local current = redis.call('HGET', KEYS[1], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
redis.call('DEL', KEYS[2])
return 1
