-- Offer calls no cache of whole answers has seen: each request draws its own currency, page and
-- page size, and a catalogue word (BENCH_MODE=search, from the file BENCH_WORDS, one a line), a
-- set of filters (BENCH_MODE=listing: style, orientation, category from BENCH_CATEGORIES, a
-- price range, a sort) or both (BENCH_MODE=filtered). Each wrk thread draws from a seed of its
-- own.
local mode = os.getenv("BENCH_MODE") or "search"
local currencies = {"EUR", "USD", "GBP", "NOK", "CZK", "PLN", "CHF", "AUD", "JPY", "CAD", "NZD"}
local styles = {"", "Abstract", "Anime", "Cyberpunk", "Fantasy", "Impressionism", "Minimalism",
                "Photorealism", "PopArt", "Watercolor"}
local orientations = {"", "Vertical", "Horizontal", "Square"}
local sorts = {"NewToOld", "LowToHigh", "HighToLow"}

local function lines(path)
  local list = {}
  if path then
    for line in io.lines(path) do
      if line ~= "" then list[#list + 1] = line end
    end
  end
  return list
end
local words = lines(os.getenv("BENCH_WORDS"))
local categories = lines(os.getenv("BENCH_CATEGORIES"))
categories[#categories + 1] = ""

local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("seed", threads)
end
init = function()
  math.randomseed(os.time() * 1000 + (seed or 0))
end

local function pick(list) return list[math.random(#list)] end

request = function()
  local common = string.format("Currency=%s&Page=%d&PageSize=%d", pick(currencies),
                               math.random(1, 3), math.random(1, 96))
  local path
  if mode == "listing" or mode == "filtered" then
    local from = math.random(0, 40)
    path = string.format("/api/offers?%s&Style=%s&Orientation=%s&Category=%s&Sort=%s&From=%d&To=%d",
                         common, pick(styles), pick(orientations), pick(categories), pick(sorts),
                         from, from + math.random(5, 400))
    if mode == "filtered" then path = path .. "&Search=" .. pick(words) end
  else
    path = string.format("/api/offers?%s&Search=%s", common, pick(words))
  end
  return wrk.format("GET", path)
end
