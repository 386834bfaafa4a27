-- A rebuilt snapshot written back: stored only while the session is still at the version
-- it was rebuilt for, so a commit in between (which stored its own snapshot) wins. The
-- snapshot keeps its expiry; nothing else changes.
-- KEYS: meta, snap. ARGV: version, snapshot.
-- Returns 1 when stored, 0 when the version moved or the session is gone.
local version = redis.call('HGET', KEYS[1], 'version')
if not version or tonumber(version) ~= tonumber(ARGV[1]) then
  return 0
end
if redis.call('EXISTS', KEYS[2]) == 0 then
  return 0
end
redis.call('SET', KEYS[2], ARGV[2], 'KEEPTTL')
return 1
