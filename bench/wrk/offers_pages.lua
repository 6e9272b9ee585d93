-- The gallery as visitors page through it: filtered, sorted and converted, 24 a page, the
-- page walking 1..BENCH_PAGES so no single answer is the only one measured.
local pages = tonumber(os.getenv("BENCH_PAGES") or "5")
local styles = {"Anime", "Fantasy", "Watercolor", "Cyberpunk", "Impressionism"}
local counter = 0
request = function()
  counter = counter + 1
  local path = string.format(
    "/api/offers?Currency=JPY&Style=%s&Sort=LowToHigh&From=1000&To=9000&PageSize=24&Page=%d",
    styles[counter % #styles + 1], counter % pages + 1)
  return wrk.format("GET", path)
end
