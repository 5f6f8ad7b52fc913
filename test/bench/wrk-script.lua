-- wrk script for `npm run bench` (test/bench/wrk.ts sets the environment):
--   BENCH_PATHS    paths to GET, separated by spaces, taken in turn (else wrk's URL alone)
--   BENCH_POSTS    a file of JSON bodies, one a line, each POSTed once to BENCH_POST_PATH
--   BENCH_POST_EVERY  with BENCH_PATHS too: one POST after every N - 1 GETs (else only POSTs)
--   BENCH_THREADS  wrk's -t (each thread takes every BENCH_THREADS-th body)
--   BENCH_LIMIT    requests per thread, then the thread stops and says so (else wrk's -d alone)
-- A thread that has posted all its bodies stops rather than send one again (a replayed form token
-- is spam; it then GETs the first path, or /). done() prints one line, `WRK_JSON {...}`, with exact
-- percentiles, the POSTs answered 201 (acknowledged) and whether a thread ran out of bodies.

local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

local gets, posts = {}, {}
local turn, sent = 0, 0
local every = tonumber(os.getenv("BENCH_POST_EVERY") or "0")
local limit = tonumber(os.getenv("BENCH_LIMIT") or "0")
-- Globals, read by done() through thread:get.
posted, acknowledged, exhausted = 0, 0, 0

function init(args)
  local headers = { ["Accept-Encoding"] = "br, gzip" }
  for path in string.gmatch(os.getenv("BENCH_PATHS") or "", "%S+") do
    table.insert(gets, wrk.format("GET", path, headers))
  end
  local file = os.getenv("BENCH_POSTS")
  if file and file ~= "" then
    local n = tonumber(os.getenv("BENCH_THREADS") or "1")
    local postHeaders = {
      ["Content-Type"] = "application/json",
      ["Accept"] = "application/json",
      ["Accept-Encoding"] = "br, gzip",
      ["Origin"] = os.getenv("BENCH_ORIGIN"),
    }
    local line = 0
    for body in io.lines(file) do
      if line % n == tid - 1 then
        table.insert(posts, wrk.format("POST", os.getenv("BENCH_POST_PATH"), postHeaders, body))
      end
      line = line + 1
    end
  end
end

local function nextPost()
  if posted >= #posts then
    exhausted = 1
    wrk.thread:stop()
    return gets[1] or wrk.format("GET", "/", { ["Accept-Encoding"] = "br, gzip" })
  end
  posted = posted + 1
  return posts[posted]
end

if os.getenv("BENCH_PATHS") or os.getenv("BENCH_POSTS") then
  function request()
    if #posts > 0 and (#gets == 0 or (every > 0 and turn % every == every - 1)) then
      turn = turn + 1
      return nextPost()
    end
    turn = turn + 1
    return gets[(turn - 1) % #gets + 1]
  end
end

if limit > 0 or os.getenv("BENCH_POSTS") then
  function response(status, headers, body)
    if status == 201 then acknowledged = acknowledged + 1 end
    sent = sent + 1
    if limit > 0 and sent == limit then
      -- wrk itself runs until -d is over: wrk.ts interrupts it (SIGINT: it prints its summary) once every thread has said this.
      io.stdout:write("WRK_LIMIT_REACHED\n")
      io.stdout:flush()
      wrk.thread:stop()
    end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local sumPosted, sumAcknowledged, sumExhausted = 0, 0, 0
  for _, thread in ipairs(threads) do
    sumPosted = sumPosted + (thread:get("posted") or 0)
    sumAcknowledged = sumAcknowledged + (thread:get("acknowledged") or 0)
    sumExhausted = sumExhausted + (thread:get("exhausted") or 0)
  end
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,' ..
    '"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%f,"posted":%d,"acknowledged":%d,"exhausted":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    sumPosted, sumAcknowledged, sumExhausted))
end
