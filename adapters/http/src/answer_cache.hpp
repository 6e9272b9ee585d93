#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "artshop/core/catalogue/browse_offers.hpp"
#include "artshop/core/catalogue/get_offer.hpp"
#include "artshop/core/catalogue/latest_offers.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"

namespace artshop::http {

// What an offer call's answer is computed from, written out as one string: the call, the
// catalogue version, the rates and the parameters the call reads. Any change to one of them is
// another key, so a kept answer is never stale, only no longer asked for.
class AnswerKey {
 public:
  AnswerKey(std::string_view call, const CatalogueSources& sources);

  // Parameters in the order the call reads them; an absent one differs from an empty one.
  AnswerKey& add(const std::optional<std::string>& parameter);

  std::string_view text() const noexcept { return text_; }

 private:
  void add_number(std::int64_t value);

  std::string text_;
};

// One answer's body as kept, with the same bytes gzipped for the clients that accept gzip:
// compressed once, for the first such client, rather than on every hit, and never for an
// answer only clients without gzip ask for (API clients, the load bench). A body under
// kSmallestCompressed stays as it is (`gzipped()` empty): with the headers it fits one TCP
// segment either way, so it would arrive no sooner for the time spent compressing it.
class KeptAnswer {
 public:
  static constexpr std::size_t kSmallestCompressed = 1024;

  explicit KeptAnswer(std::string plain);

  const std::string& body() const noexcept { return body_; }
  // The body gzipped, compressed by the first call (the others wait for it); empty when the
  // body is small or does not compress.
  const std::string& gzipped() const;
  // Whether gzipped() was called.
  bool compressed() const noexcept { return compressed_.load(); }

 private:
  std::string body_;
  mutable std::once_flag once_;
  mutable std::string gzipped_;
  mutable std::atomic<bool> compressed_{false};
};

// Whole answers by their key, shared read-only by the I/O threads. Bounded in entries
// and bytes; past either, the least recently used answers go, which is how the answers of an
// older catalogue version or older rates leave. The map is split into shards with a lock each,
// so two threads rarely wait for each other, and a lock is held for a lookup, never for a copy.
class AnswerCache {
 public:
  struct Limits {
    std::size_t entries = 2048;
    std::size_t bytes = std::size_t{8} * 1024 * 1024;
    // One lock each: threads asking for different answers seldom meet on one.
    std::size_t shards = 16;
  };
  explicit AnswerCache(Limits limits);
  AnswerCache() : AnswerCache(Limits{}) {}

  std::shared_ptr<const KeptAnswer> find(std::string_view key);
  void remember(std::string_view key, std::shared_ptr<const KeptAnswer> answer);

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const KeptAnswer> answer;
  };
  struct Shard {
    std::mutex mutex;
    std::list<Entry> recent;  // most recently used first
    // Keys view the strings of `recent`, whose nodes never move.
    std::unordered_map<std::string_view, std::list<Entry>::iterator> by_key;
    std::size_t bytes = 0;
  };

  Shard& shard_for(std::string_view key) noexcept;
  static std::size_t cost(const Entry& entry) noexcept;

  std::size_t shard_count_;
  std::size_t entries_per_shard_;
  std::size_t bytes_per_shard_;
  std::vector<Shard> shards_;  // made at their final size: a mutex never moves
};

}  // namespace artshop::http
