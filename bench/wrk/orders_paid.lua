-- Orders paid from the balance: BENCH_BODY the order, BENCH_TOKENS the bearer tokens of the
-- customers (separated by spaces), each request signed in as the next customer in turn; the
-- second thread starts half way round, so with -t2 no two requests in a row share a balance
-- unless there is only one customer.
-- At the end it prints "orders sent S answered A ok K other STATUS:N...": a request still in
-- flight when wrk stops is never answered, though the shop may well place it, so the suite holds
-- the paid orders it finds against K (at least) and K + S - A (at most).
local tokens = {}
for token in string.gmatch(os.getenv("BENCH_TOKENS") or "", "%S+") do
  tokens[#tokens + 1] = token
end
local body = os.getenv("BENCH_BODY")
local threads = {}

function setup(thread)
  thread:set("first", #threads * math.floor(#tokens / 2))
  -- wrk calls request() once in the first thread to check the script, and never sends that one.
  if #threads == 0 then thread:set("sent", -1) end
  threads[#threads + 1] = thread
end

-- Globals of each thread's state, read by done() through thread:get.
sent, answered, ok, other = 0, 0, 0, {}

function request()
  local token = tokens[(first + sent) % #tokens + 1]
  sent = sent + 1
  return wrk.format("POST", nil, {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. token,
  }, body)
end

function response(status)
  answered = answered + 1
  if status == 200 then
    ok = ok + 1
  else
    other[status] = (other[status] or 0) + 1
  end
end

function done()
  local s, a, k, statuses = 0, 0, 0, {}
  for _, thread in ipairs(threads) do
    s = s + thread:get("sent")
    a = a + thread:get("answered")
    k = k + thread:get("ok")
    for status, n in pairs(thread:get("other")) do statuses[status] = (statuses[status] or 0) + n end
  end
  local others = ""
  for status, n in pairs(statuses) do others = others .. string.format(" %d:%d", status, n) end
  io.write(string.format("orders sent %d answered %d ok %d other%s\n", s, a, k, others))
end
