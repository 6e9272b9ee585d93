#include "answer_cache.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <bit>
#include <functional>
#include <stdexcept>
#include <utility>

namespace artshop::http {
namespace {

// A deflate state kept by each thread that compresses and reset between answers: making one
// afresh (some 270 KB of tables) cost more than compressing a whole 1 KB answer.
class GzipStream {
 public:
  // gzip's own framing (windowBits 16 + 15) at zlib's default level: on a listing page, level 9
  // took 30 % longer for 1 % fewer bytes, and level 1 a third of the time for 12 % more bytes
  // on every hit.
  GzipStream() {
    if (deflateInit2(&stream_, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::runtime_error("zlib: cannot start a gzip stream");
    }
  }
  ~GzipStream() { deflateEnd(&stream_); }
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

  std::string compress(std::string_view bytes) {
    deflateReset(&stream_);
    // Room for the worst case, which is as large as the input: the result is copied out at its
    // own size, so what the cache counts is what it holds.
    buffer_.resize(deflateBound(&stream_, static_cast<uLong>(bytes.size())));
    // zlib's interface predates const: it only reads the input.
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    stream_.avail_in = static_cast<uInt>(bytes.size());
    stream_.next_out = reinterpret_cast<Bytef*>(buffer_.data());
    stream_.avail_out = static_cast<uInt>(buffer_.size());
    // deflateBound leaves room for the whole stream, so one call finishes it.
    if (deflate(&stream_, Z_FINISH) != Z_STREAM_END) {
      throw std::runtime_error("zlib: cannot gzip an answer");
    }
    return {buffer_.data(), stream_.total_out};
  }

 private:
  z_stream stream_{};
  std::string buffer_;
};

std::string gzip(std::string_view bytes) {
  thread_local GzipStream stream;
  return stream.compress(bytes);
}

}  // namespace

KeptAnswer::KeptAnswer(std::string plain) : body_(std::move(plain)) {}

const std::string& KeptAnswer::gzipped() const {
  std::call_once(once_, [this] {
    compressed_ = true;
    if (body_.size() < kSmallestCompressed) return;
    gzipped_ = gzip(body_);
    // Bytes that do not compress are sent as they are.
    if (gzipped_.size() >= body_.size()) gzipped_.clear();
  });
  return gzipped_;
}

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
  // The body and room for its gzipped twin, made or not, which is never larger (an answer that
  // does not compress keeps none): what the entry may come to hold.
  const auto body = entry.answer->body().size();
  return entry.key.size() + body + (body < KeptAnswer::kSmallestCompressed ? 0 : body);
}

std::shared_ptr<const KeptAnswer> AnswerCache::find(std::string_view key) {
  auto& shard = shard_for(key);
  const std::scoped_lock lock(shard.mutex);
  const auto found = shard.by_key.find(key);
  if (found == shard.by_key.end()) return nullptr;
  shard.recent.splice(shard.recent.begin(), shard.recent, found->second);
  return found->second->answer;
}

void AnswerCache::remember(std::string_view key, std::shared_ptr<const KeptAnswer> answer) {
  Entry entry{.key = std::string(key), .answer = std::move(answer)};
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
