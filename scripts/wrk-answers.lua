-- wrk script for the hot-reads bench (bench-client.ts): counts answers by class in each thread and prints one
-- JSON line at the end; latencies in ms.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  ok2xx = 0
  ok3xx = 0
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    ok2xx = ok2xx + 1
  elseif status >= 300 and status < 400 then
    ok3xx = ok3xx + 1
  end
end

function done(summary, latency, requests)
  local a, b = 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("ok2xx")
    b = b + t:get("ok3xx")
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"total":%d,"us":%d,"ok2xx":%d,"ok3xx":%d,"failures":%d,"p50":%.3f,"p99":%.3f}\n',
    summary.requests, summary.duration, a, b, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
