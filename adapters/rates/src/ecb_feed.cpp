#include "artshop/rates/ecb_feed.hpp"

#include <curl/curl.h>
#include <spdlog/spdlog.h>

#include <condition_variable>

namespace artshop::rates {
namespace {

// The value of `name="..."` (or single quotes) inside one tag, empty when absent.
std::string_view attribute(std::string_view tag, std::string_view name) {
  for (auto at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1)) {
    const auto equals = at + name.size();
    const bool starts_word =
        at == 0 || tag[at - 1] == ' ' || tag[at - 1] == '\t' || tag[at - 1] == '\n';
    if (!starts_word || equals + 1 >= tag.size() || tag[equals] != '=') continue;
    const char quote = tag[equals + 1];
    if (quote != '"' && quote != '\'') continue;
    const auto end = tag.find(quote, equals + 2);
    if (end == std::string_view::npos) return {};
    return tag.substr(equals + 2, end - equals - 2);
  }
  return {};
}

std::size_t write_body(char* data, std::size_t size, std::size_t count, void* body) {
  static_cast<std::string*>(body)->append(data, size * count);
  return size * count;
}

}  // namespace

std::expected<EcbRates, std::string> parse_ecb_daily(std::string_view xml,
                                                     const ExchangeRates& fallback) {
  EcbRates result{.date = {}, .rates = fallback, .currencies_read = 0};
  bool any_rate = false;
  for (auto open = xml.find("<Cube"); open != std::string_view::npos;
       open = xml.find("<Cube", open + 1)) {
    const auto close = xml.find('>', open);
    if (close == std::string_view::npos) return std::unexpected("a <Cube> tag is not closed");
    const auto tag = xml.substr(open + 5, close - open - 5);
    if (const auto time = attribute(tag, "time"); !time.empty()) result.date = time;
    const auto currency_code = attribute(tag, "currency");
    if (currency_code.empty()) continue;
    const auto rate_text = attribute(tag, "rate");
    const auto rate = Rate::parse(rate_text);
    if (!rate) {
      return std::unexpected("the rate of " + std::string(currency_code) + " is not a number: '" +
                             std::string(rate_text) + "'");
    }
    any_rate = true;
    if (const auto currency = parse_currency(currency_code);
        currency && *currency != Currency::EUR) {
      result.rates.set(*currency, *rate);
      ++result.currencies_read;
    }
  }
  if (!any_rate) return std::unexpected("no <Cube currency=... rate=...> entries: not an ECB feed");
  if (result.date.empty()) return std::unexpected("the feed names no date (<Cube time=...>)");
  return result;
}

std::expected<std::string, std::string> EcbRateSource::fetch_with_curl(const std::string& url) {
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  if (!initialised) return std::unexpected("libcurl could not be initialised");
  CURL* curl = curl_easy_init();
  if (curl == nullptr) return std::unexpected("libcurl could not start a transfer");
  std::string body;
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_FAILONERROR, 1L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXFILESIZE, 1L << 20);
  const CURLcode code = curl_easy_perform(curl);
  curl_easy_cleanup(curl);
  if (code != CURLE_OK) return std::unexpected(std::string(curl_easy_strerror(code)));
  return body;
}

EcbRateSource::EcbRateSource(std::string url, ExchangeRates table, std::chrono::seconds interval,
                             Fetch fetch)
    : url_(std::move(url)), table_(table), fetch_(std::move(fetch)), rates_(table) {
  refresh();
  refresher_ = std::jthread([this, interval](const std::stop_token& stop) {
    std::mutex sleep_mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(sleep_mutex);
    while (!stop.stop_requested()) {
      // Sleeps for the interval, or until the destructor asks the thread to stop.
      wake.wait_for(lock, stop, interval, [] { return false; });
      if (!stop.stop_requested()) refresh();
    }
  });
}

EcbRateSource::~EcbRateSource() = default;  // the jthread asks its loop to stop and joins

ExchangeRates EcbRateSource::current() const {
  const std::lock_guard lock(mutex_);
  return rates_;
}

std::optional<EcbRates> fetch_ecb_rates(const std::string& url, const ExchangeRates& table,
                                        const FetchUrl& fetch) {
  const auto body = fetch(url);
  if (!body) {
    spdlog::warn("exchange rates: could not fetch {}: {}; keeping the current rates", url,
                 body.error());
    return std::nullopt;
  }
  auto parsed = parse_ecb_daily(*body, table);
  if (!parsed) {
    spdlog::warn("exchange rates: {} is not usable: {}; keeping the current rates", url,
                 parsed.error());
    return std::nullopt;
  }
  spdlog::info("exchange rates: ECB reference rates of {} ({} currencies)", parsed->date,
               parsed->currencies_read);
  return std::move(*parsed);
}

bool EcbRateSource::refresh() {
  const auto fetched = fetch_ecb_rates(url_, table_, fetch_);
  if (!fetched) return false;
  const std::lock_guard lock(mutex_);
  rates_ = fetched->rates;
  return true;
}

}  // namespace artshop::rates
