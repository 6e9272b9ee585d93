-- A GET as a signed-in customer: BENCH_TOKEN the bearer token.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
