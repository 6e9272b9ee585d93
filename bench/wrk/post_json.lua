-- A POST of one JSON body, taken from the environment so the suite can fill in an account or a
-- prompt: BENCH_BODY the body, BENCH_TOKEN an optional bearer token.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = os.getenv("BENCH_BODY")
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
