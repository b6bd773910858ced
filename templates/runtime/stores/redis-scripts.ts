// The Lua scripts of the Redis store (redis.ts). Each step that reads and writes
// several keys runs as one script, so that replicas never see it half done, and so that an event
// is logged and announced in one order everywhere (a client resuming from an id then misses
// nothing and gets nothing twice). Every script gets the key prefix as ARGV[1]; keys are built
// from it (so the store needs one Redis, not a cluster). No script decodes a record: what a
// client put in it (capabilities of any depth) never reaches cjson, whose depth limit would
// otherwise let one session fail every script that touches it.
//
// Keys (P = the prefix):  P s:<session>  the session's record (a hash: r the record's JSON, p its
//   principal's), expiring when it idles; what every request reads, and nothing that grows
//   P e:<session>  its event log (a stream, the newest `eventWindow` entries), expiring with it
//   P st:<session> its GET streams (a sorted set, newest last), expiring with it
//   P ss:<session> the URIs it subscribed to (a set: only subscribe, unsubscribe and the
//                  delivery of a resource update read it), expiring with it
//   P w:<session>  the ids of its requests to the client awaited by a replica (a hash: "" while
//                  awaited, then the client's answer until that replica takes it), expiring with it
//   P l:<stream>   a stream's lease, renewed by the replica that holds it
//   P idx          every session by its last use (for maxSessions), expiring after the newest
//   P pi:<sha1>    one principal's sessions by their last use (for maxSessionsPerPrincipal; the
//                  SHA-1 of the principal's JSON, so that a principal of any length makes a
//                  short key), expiring after its newest; never for sessions without a principal
// Channel: P bus (events logged, sessions closed, notifications, cancellations forwarded, and
// notices that an answer waits in w:, never the answer itself: what a client sends never
// crosses the bus bigger than its request id).
//
// ARGV[1] is the prefix and ARGV[2] a deadline (ms on Redis's clock, or ""): a script run on
// behalf of a client's request that reaches Redis after it changes nothing and fails with LATE,
// so that a request answered 503 because Redis was slow is not applied later behind its back.

const HELPERS = `
local P = ARGV[1]
local function late()
  if ARGV[2] == '' then return false end
  local now = redis.call('TIME')
  return tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) > tonumber(ARGV[2])
end
local LATE = 'LATE the command reached Redis after its deadline and was not applied'
local function extend(key, ttl)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
end
local function owned(principal)
  if not principal or principal == 'null' then return nil end
  return P .. 'pi:' .. redis.sha1hex(principal)
end
local function touch(id, now, idle, principal)
  local key = P .. 's:' .. id
  local found = redis.call('HMGET', key, 'p', 'r')
  if not found[2] then return false end
  if principal and found[1] ~= principal then return false end
  redis.call('PEXPIRE', key, idle)
  for _, kind in ipairs({ 'e:', 'st:', 'ss:', 'w:' }) do redis.call('PEXPIRE', P .. kind .. id, idle) end
  redis.call('ZADD', P .. 'idx', now, id)
  extend(P .. 'idx', idle)
  local own = owned(found[1])
  if own then
    redis.call('ZADD', own, now, id)
    extend(own, idle)
  end
  return found[2]
end
local function drop(id)
  local own = owned(redis.call('HGET', P .. 's:' .. id, 'p'))
  if own then redis.call('ZREM', own, id) end
  for _, stream in ipairs(redis.call('ZRANGE', P .. 'st:' .. id, 0, -1)) do redis.call('DEL', P .. 'l:' .. stream) end
  redis.call('DEL', P .. 's:' .. id, P .. 'e:' .. id, P .. 'st:' .. id, P .. 'ss:' .. id, P .. 'w:' .. id)
  redis.call('ZREM', P .. 'idx', id)
  redis.call('PUBLISH', P .. 'bus', cjson.encode({ t = 'closed', s = id }))
end
`;

/**
 * ARGV: P, deadline, id, record, principal, now, idleMs, maxSessions, whenFull,
 * maxSessionsPerPrincipal ('' for none). Returns {1, evicted…}, {0} (full, refused) or {-1} (the
 * principal's bound reached, refused). A principal at its bound makes room among its own sessions
 * first, so that it never reaches maxSessions by itself and evicts another principal's.
 */
const CREATE = `
if late() then return redis.error_reply(LATE) end
local id, now, idle, max = ARGV[3], tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8])
local idx = P .. 'idx'
local function forgetExpired(set)
  for _, old in ipairs(redis.call('ZRANGEBYSCORE', set, '-inf', now - idle, 'LIMIT', 0, 256)) do
    if redis.call('EXISTS', P .. 's:' .. old) == 0 then redis.call('ZREM', set, old) end
  end
end
forgetExpired(idx)
local evicted = {}
local own, perPrincipal = owned(ARGV[5]), tonumber(ARGV[10])
if own and perPrincipal then
  forgetExpired(own)
  while redis.call('ZCARD', own) >= perPrincipal do
    local oldest = redis.call('ZRANGE', own, 0, 0)[1]
    if not oldest then break end -- a bound of 0: nothing of its own to make room among
    if redis.call('EXISTS', P .. 's:' .. oldest) == 0 then
      redis.call('ZREM', own, oldest)
    elseif ARGV[9] == 'refuse' then
      return {-1}
    else
      drop(oldest)
      evicted[#evicted + 1] = oldest
    end
  end
end
while redis.call('ZCARD', idx) >= max do
  if ARGV[9] == 'refuse' then return {0} end
  local oldest = redis.call('ZRANGE', idx, 0, 0)[1]
  if redis.call('EXISTS', P .. 's:' .. oldest) == 0 then
    redis.call('ZREM', idx, oldest)
  else
    drop(oldest)
    evicted[#evicted + 1] = oldest
  end
end
redis.call('HSET', P .. 's:' .. id, 'r', ARGV[4], 'p', ARGV[5])
redis.call('PEXPIRE', P .. 's:' .. id, idle)
redis.call('ZADD', idx, now, id)
extend(idx, idle)
if own then
  redis.call('ZADD', own, now, id)
  extend(own, idle)
end
return {1, unpack(evicted)}
`;

/** ARGV: P, deadline, id, principal, now, idleMs. The record, its idle time restarted, or nil (another principal's: untouched). */
const GET = `
if late() then return redis.error_reply(LATE) end
return touch(ARGV[3], tonumber(ARGV[5]), tonumber(ARGV[6]), ARGV[4])
`;

/** ARGV: P, deadline, id, expected record, new record. 1 done, 0 gone, -1 changed meanwhile. */
const UPDATE = `
if late() then return redis.error_reply(LATE) end
local key = P .. 's:' .. ARGV[3]
local current = redis.call('HGET', key, 'r')
if not current then return 0 end
if current ~= ARGV[4] then return -1 end
redis.call('HSET', key, 'r', ARGV[5])
return 1
`;

/** ARGV: P, deadline, id, uri, max. 'done', 'gone' or 'full' (a new URI past max: nothing added). */
const SUBSCRIBE = `
if late() then return redis.error_reply(LATE) end
local ttl = redis.call('PTTL', P .. 's:' .. ARGV[3])
if ttl < 0 then return 'gone' end
local mine = P .. 'ss:' .. ARGV[3]
if redis.call('SISMEMBER', mine, ARGV[4]) == 0 and redis.call('SCARD', mine) >= tonumber(ARGV[5]) then return 'full' end
redis.call('SADD', mine, ARGV[4])
redis.call('PEXPIRE', mine, ttl)
return 'done'
`;

/** ARGV: P, deadline, id, uri. 'done' or 'gone'. */
const UNSUBSCRIBE = `
if late() then return redis.error_reply(LATE) end
if redis.call('EXISTS', P .. 's:' .. ARGV[3]) == 0 then return 'gone' end
redis.call('SREM', P .. 'ss:' .. ARGV[3], ARGV[4])
return 'done'
`;

/** ARGV: P, deadline, id. */
const DELETE = `
if late() then return redis.error_reply(LATE) end
drop(ARGV[3])
return 1
`;

/**
 * ARGV: P, deadline, id, stream, after ('' for none), leaseMs. Registers the stream as the newest
 * (the 64 newest are kept) and returns {cursor, events after \`after\` up to it}, or nil when the
 * session is gone. Everything is read before anything is written, and an \`after\` Redis refuses
 * (past 64 bits, or the largest id, which no exclusive range can start from) replays nothing: the
 * script never fails half done.
 */
const ATTACH = `
if late() then return redis.error_reply(LATE) end
local id, stream = ARGV[3], ARGV[4]
local ttl = redis.call('PTTL', P .. 's:' .. id)
if ttl < 0 then return false end
local log = P .. 'e:' .. id
local last = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)[1]
local cursor = last and last[1] or '0-0'
local replay = {}
if ARGV[5] ~= '' then
  local read = redis.pcall('XRANGE', log, '(' .. ARGV[5], cursor)
  if type(read) == 'table' and not read.err then replay = read end
end
local streams = P .. 'st:' .. id
local top = redis.call('ZREVRANGE', streams, 0, 0, 'WITHSCORES')
redis.call('ZADD', streams, (tonumber(top[2]) or 0) + 1, stream)
redis.call('ZREMRANGEBYRANK', streams, 0, -65)
redis.call('PEXPIRE', streams, ttl)
redis.call('SET', P .. 'l:' .. stream, '1', 'PX', tonumber(ARGV[6]))
return {cursor, replay}
`;

/** ARGV: P, deadline, id, stream. */
const DETACH = `
redis.call('ZREM', P .. 'st:' .. ARGV[3], ARGV[4])
redis.call('DEL', P .. 'l:' .. ARGV[4])
return 1
`;

/**
 * ARGV: P, deadline, message, uri ('' : every session), eventWindow, bus message for the listen
 * streams. Logs the message for each live session that wants it (a resource update: one whose
 * ss: holds the URI), for its newest stream whose lease holds.
 */
const PUBLISH = `
local logged = {}
for _, id in ipairs(redis.call('ZRANGE', P .. 'idx', 0, -1)) do
  local ttl = redis.call('PTTL', P .. 's:' .. id)
  if ttl > 0 and (ARGV[4] == '' or redis.call('SISMEMBER', P .. 'ss:' .. id, ARGV[4]) == 1) then
    local target = ''
    for _, stream in ipairs(redis.call('ZREVRANGE', P .. 'st:' .. id, 0, -1)) do
      if redis.call('EXISTS', P .. 'l:' .. stream) == 1 then target = stream break end
    end
    local log = P .. 'e:' .. id
    redis.call('XADD', log, 'MAXLEN', ARGV[5], '*', 'm', ARGV[3], 't', target)
    redis.call('PEXPIRE', log, ttl)
    logged[#logged + 1] = id
  end
end
if #logged > 0 then redis.call('PUBLISH', P .. 'bus', cjson.encode({ t = 'ev', s = logged })) end
redis.call('PUBLISH', P .. 'bus', ARGV[6])
return #logged
`;

/** ARGV: P, deadline, now, idleMs, leaseMs, n, n session ids, then stream ids. Returns the sessions that are gone. */
const KEEP_ALIVE = `
local now, idle, lease, n = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local gone = {}
for i = 7, 6 + n do
  if not touch(ARGV[i], now, idle, nil) then gone[#gone + 1] = ARGV[i] end
end
for i = 7 + n, #ARGV do redis.call('SET', P .. 'l:' .. ARGV[i], '1', 'PX', lease) end
return gone
`;

/** ARGV: P, deadline, id, request id. A replica awaits the client's answer to that request: 1, or 0 when the session is gone. */
const AWAIT = `
if late() then return redis.error_reply(LATE) end
local ttl = redis.call('PTTL', P .. 's:' .. ARGV[3])
if ttl < 0 then return 0 end
local waits = P .. 'w:' .. ARGV[3]
redis.call('HSET', waits, ARGV[4], '')
redis.call('PEXPIRE', waits, ttl)
return 1
`;

/**
 * ARGV: P, deadline, id, request id, answer, notice. Leaves the answer for the replica that awaits
 * it and tells the bus (the notice, not the answer): 1; 0 when nothing awaits that id (never
 * asked, or answered already), and then nothing is kept or published.
 */
const ANSWER = `
if late() then return redis.error_reply(LATE) end
local waits = P .. 'w:' .. ARGV[3]
if redis.call('HGET', waits, ARGV[4]) ~= '' then return 0 end
redis.call('HSET', waits, ARGV[4], ARGV[5])
redis.call('PUBLISH', P .. 'bus', ARGV[6])
return 1
`;

/** ARGV: P, deadline, id, request id. The answer left for it (and forgets the id), or nil when none came yet. */
const TAKE = `
local waits = P .. 'w:' .. ARGV[3]
local answer = redis.call('HGET', waits, ARGV[4])
if not answer or answer == '' then return false end
redis.call('HDEL', waits, ARGV[4])
return answer
`;

/** ARGV: P, deadline, id, request id. Nothing awaits it any more. */
const SETTLE = `
redis.call('HDEL', P .. 'w:' .. ARGV[3], ARGV[4])
return 1
`;

/** ARGV: P, deadline, bus message (a cancellation for the replica that runs the request). */
const RELAY = `
if late() then return redis.error_reply(LATE) end
redis.call('PUBLISH', P .. 'bus', ARGV[3])
return 1
`;

export type ScriptName = "create" | "get" | "update" | "subscribe" | "unsubscribe" | "delete" | "attach" | "detach" | "publish" | "keepAlive" | "await" | "answer" | "take" | "settle" | "relay";

const BODIES: Record<ScriptName, string> = {
  create: CREATE,
  get: GET,
  update: UPDATE,
  subscribe: SUBSCRIBE,
  unsubscribe: UNSUBSCRIBE,
  delete: DELETE,
  attach: ATTACH,
  detach: DETACH,
  publish: PUBLISH,
  keepAlive: KEEP_ALIVE,
  await: AWAIT,
  answer: ANSWER,
  take: TAKE,
  settle: SETTLE,
  relay: RELAY,
};

/**
 * Each script, with the helpers it may use. Built in a call marked pure, so that a bundle without
 * the Redis store (a stdio server) leaves the scripts out.
 */
export const SCRIPTS: Readonly<Record<ScriptName, string>> = /* @__PURE__ */ (() => Object.fromEntries(Object.entries(BODIES).map(([name, body]) => [name, HELPERS + body])) as Record<ScriptName, string>)();
