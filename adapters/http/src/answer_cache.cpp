#include "answer_cache.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <functional>

namespace artshop::http {

AnswerKey::AnswerKey(std::string_view call, const CatalogueSources& sources) {
  text_.reserve(256);
  text_ += call;
  text_ += '\0';
  add_number(sources.catalogue->version());
  // The whole table, not just the display currency's rate: a key is then right without knowing
  // which rates an answer used.
  for (const auto currency : kAllCurrencies) {
    const auto rate = sources.rates.rate(currency);
    add_number(rate ? rate->scaled : 0);
  }
}

AnswerKey& AnswerKey::add(const std::optional<std::string>& parameter) {
  if (!parameter) {
    text_ += '\0';
    return *this;
  }
  // Length-prefixed, so no value can pass for another split of the same characters.
  text_ += '\1';
  add_number(static_cast<std::int64_t>(parameter->size()));
  text_ += *parameter;
  return *this;
}

void AnswerKey::add_number(std::int64_t value) {
  const auto bytes = std::bit_cast<std::array<char, sizeof value>>(value);
  text_.append(bytes.data(), bytes.size());
}

AnswerCache::AnswerCache(Limits limits)
    : shard_count_(std::max<std::size_t>(1, limits.shards)),
      entries_per_shard_(std::max<std::size_t>(1, limits.entries / shard_count_)),
      bytes_per_shard_(limits.bytes / shard_count_),
      shards_(shard_count_) {}

AnswerCache::Shard& AnswerCache::shard_for(std::string_view key) noexcept {
  // The high bits: the map inside a shard picks its bucket from the low ones.
  return shards_[(std::hash<std::string_view>{}(key) >> 48) % shard_count_];
}

std::size_t AnswerCache::cost(const Entry& entry) noexcept {
  return entry.key.size() + entry.body->size();
}

std::shared_ptr<const std::string> AnswerCache::find(std::string_view key) {
  auto& shard = shard_for(key);
  const std::scoped_lock lock(shard.mutex);
  const auto found = shard.by_key.find(key);
  if (found == shard.by_key.end()) return nullptr;
  shard.recent.splice(shard.recent.begin(), shard.recent, found->second);
  return found->second->body;
}

void AnswerCache::remember(std::string_view key, std::shared_ptr<const std::string> body) {
  Entry entry{.key = std::string(key), .body = std::move(body)};
  if (cost(entry) > bytes_per_shard_) return;
  auto& shard = shard_for(key);
  std::list<Entry> dropped;  // freed after the lock is let go
  const std::scoped_lock lock(shard.mutex);
  if (const auto found = shard.by_key.find(key); found != shard.by_key.end()) {
    // Another thread answered the same call meanwhile: the same bytes, kept once.
    shard.recent.splice(shard.recent.begin(), shard.recent, found->second);
    return;
  }
  shard.bytes += cost(entry);
  shard.recent.push_front(std::move(entry));
  shard.by_key.emplace(shard.recent.front().key, shard.recent.begin());
  while (shard.bytes > bytes_per_shard_ || shard.recent.size() > entries_per_shard_) {
    const auto oldest = std::prev(shard.recent.end());
    shard.bytes -= cost(*oldest);
    shard.by_key.erase(oldest->key);
    dropped.splice(dropped.begin(), shard.recent, oldest);
  }
}

}  // namespace artshop::http
