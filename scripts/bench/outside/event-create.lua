-- wrk script for `npm run bench:outside`: each request books a new one-off rehearsal in the demo
-- organization, at a free quarter hour of its own (threads and requests never pick the same one), as the
-- event form would. GR_HOST, GR_ORG, GR_COOKIE and GR_RESERVER come from the driver.
local host = os.getenv("GR_HOST")
local path = "/api/organizations/" .. os.getenv("GR_ORG") .. "/calendar/events"
local headers = {
  ["Host"] = host,
  ["Origin"] = "http://" .. host,
  ["Cookie"] = os.getenv("GR_COOKIE"),
  ["Content-Type"] = "application/json",
  ["Accept"] = "application/json",
}
local reserver = os.getenv("GR_RESERVER")
local spaces = { "Main Stage", "Office", "Annex" }
local threads = 0
-- GR_FROM (YYYY-MM-DD): the first day this run books, so the measured run never meets the
-- warm-up's bookings.
local y, m, d = os.getenv("GR_FROM"):match("(%d+)-(%d+)-(%d+)")
local first = os.time({ year = tonumber(y), month = tonumber(m), day = tonumber(d), hour = 0 })

function setup(thread)
  thread:set("lane", threads)
  threads = threads + 1
end

local n = 0
function request()
  n = n + 1
  -- 16 lanes at most; within a lane, a quarter of an hour between midnight and 6 AM, when the demo
  -- organization books nothing, in each of three spaces: 72 a day, so 26,000 in a year.
  local slot = n * 16 + lane
  local space = spaces[(slot % 3) + 1]
  local start = (math.floor(slot / 3) % 24) * 15
  local day = os.date("!%Y-%m-%d", first + math.floor(slot / 72) * 86400)
  local body = string.format(
    '{"name":"Rehearsal %d","startDateTime":"%sT%02d:%02d:00","endDateTime":"%sT%02d:%02d:00",' ..
      '"eventType":"rehearsal","spaces":["%s"],"reservedBy":%s,"isRecurring":false,"teamIds":[]}',
    slot, day, math.floor(start / 60), start % 60, day, math.floor((start + 15) / 60), (start + 15) % 60,
    space, reserver)
  return wrk.format("POST", path, headers, body)
end
