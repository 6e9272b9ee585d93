#include "artshop/sql/catalogue_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <span>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "artshop/sql/offer_repository.hpp"
#include "text_interner.hpp"

namespace artshop::sql {
namespace {

constexpr std::array<char, 8> kMagic{'A', 'R', 'T', 'C', 'A', 'T', 'L', 'G'};
constexpr std::size_t kChecksumBytes = 8;
// The checksum reads the file in stretches of this size, giving each back once read.
constexpr std::size_t kChecksumStretch = std::size_t{16} << 20;
// Magic, format, then the rest: anything shorter is not a catalogue file at all.
constexpr std::size_t kSmallest = kMagic.size() + 4 + kChecksumBytes;

// A running 64-bit checksum, eight bytes at a time: it catches a flipped or lost byte, and keeps
// up with the disk (a few GB a second), where a byte-at-a-time hash would add a second to the
// start of a million offers.
class Checksum {
 public:
  void add(std::span<const char> bytes) {
    std::size_t at = 0;
    while (pending_size_ > 0 && at < bytes.size()) {
      pending_[pending_size_++] = bytes[at++];
      if (pending_size_ == 8) {
        mix(word(pending_.data()));
        pending_size_ = 0;
      }
    }
    for (; at + 8 <= bytes.size(); at += 8) mix(word(bytes.data() + at));
    for (; at < bytes.size(); ++at) pending_[pending_size_++] = bytes[at];
  }
  std::uint64_t value() const {
    auto last = state_;
    if (pending_size_ > 0) {
      std::array<char, 8> tail{};
      std::memcpy(tail.data(), pending_.data(), pending_size_);
      last = mixed(last, word(tail.data()) ^ (std::uint64_t{pending_size_} << 56));
    }
    return mixed(last, total_);
  }

 private:
  static std::uint64_t word(const char* bytes) {
    std::uint64_t value = 0;
    std::memcpy(&value, bytes, 8);
    if constexpr (std::endian::native == std::endian::big) value = std::byteswap(value);
    return value;
  }
  static std::uint64_t mixed(std::uint64_t state, std::uint64_t word) {
    return std::rotl((state ^ word) * 0x9E3779B97F4A7C15ULL, 29) + 0xBF58476D1CE4E5B9ULL;
  }
  void mix(std::uint64_t w) {
    state_ = mixed(state_, w);
    total_ += 8;
  }

  std::uint64_t state_ = 0x6172747368'6f70ULL;
  std::uint64_t total_ = 0;
  std::array<char, 8> pending_{};
  std::size_t pending_size_ = 0;
};

std::system_error system_failure(std::string_view doing, const std::filesystem::path& path) {
  return {errno, std::generic_category(), fmt::format("{} {}", doing, path.string())};
}

// An open file descriptor, closed when it goes.
class Descriptor {
 public:
  explicit Descriptor(int fd) noexcept : fd_(fd) {}
  ~Descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const noexcept { return fd_; }
  int release() noexcept { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

// Writes through a buffer of its own, summing what it writes.
class Writer {
 public:
  Writer(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {
    buffer_.reserve(kBuffer);
  }

  void bytes(std::string_view data) {
    if (data.size() >= kBuffer) {
      // A large stretch (the search index's arrays) goes out as it is, uncopied.
      flush();
      checksum_.add(data);
      write_out(data);
      return;
    }
    buffer_.append(data);
    if (buffer_.size() >= kBuffer) flush();
  }
  template <class Integer>
  void integer(Integer value) {
    auto unsigned_value = static_cast<std::make_unsigned_t<Integer>>(value);
    std::array<char, sizeof(Integer)> little{};
    for (auto& byte : little) {
      byte = static_cast<char>(unsigned_value & 0xFFU);
      if constexpr (sizeof(Integer) > 1) unsigned_value >>= 8U;
    }
    bytes({little.data(), little.size()});
  }
  void text(std::string_view value) {
    integer(static_cast<std::uint32_t>(value.size()));
    bytes(value);
  }
  // Sums and writes everything, then the sum itself.
  void finish() {
    flush();
    integer(checksum_.value());
    write_out(buffer_);
    buffer_.clear();
  }

 private:
  static constexpr std::size_t kBuffer = 1 << 20;

  void flush() {
    checksum_.add(buffer_);
    write_out(buffer_);
    buffer_.clear();
  }
  void write_out(std::string_view data) {
    while (!data.empty()) {
      const auto written = ::write(fd_, data.data(), data.size());
      if (written < 0) {
        if (errno == EINTR) continue;
        throw system_failure("writing", path_);
      }
      data.remove_prefix(static_cast<std::size_t>(written));
    }
  }

  int fd_;
  std::filesystem::path path_;
  std::string buffer_;
  Checksum checksum_;
};

// A file's bytes read with bounds checked: running past the end is a truncated or corrupt file.
class Reader {
 public:
  struct Corrupt {
    std::string what;
  };

  explicit Reader(std::string_view data) : data_(data) {}

  std::string_view bytes(std::size_t count) {
    if (count > data_.size() - at_) throw Corrupt{"it ends inside a record"};
    const auto taken = data_.substr(at_, count);
    at_ += count;
    return taken;
  }
  template <class Integer>
  Integer integer() {
    const auto raw = bytes(sizeof(Integer));
    std::make_unsigned_t<Integer> value = 0;
    for (std::size_t i = sizeof(Integer); i-- > 0;) {
      if constexpr (sizeof(Integer) > 1) value <<= 8U;
      value |= static_cast<unsigned char>(raw[i]);
    }
    return static_cast<Integer>(value);
  }
  std::string_view text() { return bytes(integer<std::uint32_t>()); }
  // A count of items each at least `smallest` bytes long: more than the rest of the file could
  // hold is corruption, not a reason to reserve gigabytes.
  std::size_t count(std::size_t smallest) {
    const auto value = integer<std::uint32_t>();
    if (value > (data_.size() - at_) / std::max<std::size_t>(smallest, 1)) {
      throw Corrupt{"a count larger than the file"};
    }
    return value;
  }
  template <class Enum>
  Enum enumerated(std::size_t count_of_values, std::string_view field) {
    const auto value = integer<std::uint8_t>();
    if (value >= count_of_values) throw Corrupt{fmt::format("an unknown {} ({})", field, value)};
    return static_cast<Enum>(value);
  }
  bool at_end() const noexcept { return at_ == data_.size(); }
  std::size_t position() const noexcept { return at_; }

 private:
  std::string_view data_;
  std::size_t at_ = 0;
};

// The file mapped into memory, read-only, unmapped when it goes.
class Mapping {
 public:
  explicit Mapping(const std::filesystem::path& path) {
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) throw system_failure("opening", path);
    struct stat status {};
    if (::fstat(fd.get(), &status) != 0) throw system_failure("reading the size of", path);
    size_ = static_cast<std::size_t>(status.st_size);
    if (size_ == 0) return;
    void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (mapped == MAP_FAILED) throw system_failure("mapping", path);
    // Read once from start to end: the kernel reads ahead.
    ::madvise(mapped, size_, MADV_SEQUENTIAL);
    data_ = static_cast<const char*>(mapped);
  }
  ~Mapping() {
    if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
  }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  std::string_view bytes() const noexcept { return {data_, size_}; }
  // Gives back the memory of the whole pages within [from, to) once read: a mapping of a file
  // never written to reads them again from the page cache if they are touched again. So a start
  // holds the stretch of the file it is reading, not all of it beside what it builds from it
  // (at a million offers the file is 690 MB).
  void release(std::size_t from, std::size_t to) const noexcept {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const auto first = (from + page - 1) / page * page;
    const auto last = std::min(to, size_) / page * page;
    if (data_ != nullptr && first < last) {
      ::madvise(const_cast<char*>(data_) + first, last - first, MADV_DONTNEED);
    }
  }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

// The texts offers share, each written once: index 0 is the empty text, i the table's (i-1)th.
class TextTable {
 public:
  std::uint32_t index_of(const SharedText& text) {
    if (text.empty()) return 0;
    const auto [found, added] =
        indexes_.try_emplace(text.view(), static_cast<std::uint32_t>(texts_.size() + 1));
    if (added) texts_.push_back(text);
    return found->second;
  }
  const std::vector<SharedText>& texts() const noexcept { return texts_; }

 private:
  std::vector<SharedText> texts_;
  std::unordered_map<std::string_view, std::uint32_t> indexes_;
};

void write_offer(Writer& out, const Offer& offer, TextTable& table) {
  out.integer(offer.id.value);
  out.text(offer.url_name);
  out.text(offer.title);
  out.text(offer.description);
  out.text(offer.category);
  out.integer(static_cast<std::uint8_t>(offer.style));
  out.integer(static_cast<std::uint8_t>(offer.orientation));
  out.integer(static_cast<std::uint8_t>(offer.aspect_ratio));
  out.integer(static_cast<std::uint8_t>(offer.status));
  out.integer(static_cast<std::int32_t>(offer.width));
  out.integer(static_cast<std::int32_t>(offer.height));
  out.integer(static_cast<std::int64_t>(offer.created_at.time_since_epoch().count()));
  out.integer(static_cast<std::uint32_t>(offer.tags.size()));
  for (const auto& tag : offer.tags) out.text(tag);
  out.integer(static_cast<std::uint32_t>(offer.attributes.size()));
  for (const auto& attribute : offer.attributes) {
    out.integer(attribute.id.value);
    out.text(attribute.name);
    out.integer(static_cast<std::int32_t>(attribute.long_edge));
    out.integer(static_cast<std::uint8_t>(attribute.licence));
    out.integer(attribute.price_eur_cents);
  }
  for (const auto* key : {&offer.images.thumbnail_webp, &offer.images.thumbnail_jpeg,
                          &offer.images.preview_webp, &offer.images.preview_jpeg}) {
    out.integer(table.index_of(*key));
  }
  out.integer(table.index_of(offer.source.prompt));
  out.integer(offer.source.seed);
  out.integer(table.index_of(offer.source.original_key));
}

// The smallest an offer's record can be: its fixed fields and empty texts and lists.
constexpr std::size_t kSmallestOffer = 8 + 4 * 4 + 4 + 4 + 4 + 8 + 4 + 4 + 4 * 4 + 4 + 8 + 4;
constexpr std::size_t kSmallestAttribute = 8 + 4 + 4 + 1 + 8;

Offer read_offer(Reader& in, const std::vector<SharedText>& texts) {
  const auto shared = [&]() -> SharedText {
    const auto index = in.integer<std::uint32_t>();
    if (index > texts.size()) throw Reader::Corrupt{"a text beyond the table of texts"};
    return index == 0 ? SharedText() : texts[index - 1];
  };
  Offer offer;
  offer.id = OfferId{in.integer<std::int64_t>()};
  offer.url_name = std::string(in.text());
  offer.title = std::string(in.text());
  offer.description = std::string(in.text());
  offer.category = std::string(in.text());
  offer.style = in.enumerated<ArtStyle>(kAllArtStyles.size(), "style");
  offer.orientation = in.enumerated<Orientation>(kAllOrientations.size(), "orientation");
  offer.aspect_ratio = in.enumerated<AspectRatio>(kAllAspectRatios.size(), "aspect ratio");
  offer.status = in.enumerated<OfferStatus>(3, "status");
  offer.width = in.integer<std::int32_t>();
  offer.height = in.integer<std::int32_t>();
  offer.created_at = std::chrono::sys_seconds(std::chrono::seconds(in.integer<std::int64_t>()));
  offer.tags.resize(in.count(4));
  for (auto& tag : offer.tags) tag = std::string(in.text());
  offer.attributes.resize(in.count(kSmallestAttribute));
  for (auto& attribute : offer.attributes) {
    attribute.id = AttributeId{in.integer<std::int64_t>()};
    attribute.name = std::string(in.text());
    attribute.long_edge = in.integer<std::int32_t>();
    attribute.licence = in.enumerated<Licence>(3, "licence");
    attribute.price_eur_cents = in.integer<std::int64_t>();
  }
  offer.images.thumbnail_webp = shared();
  offer.images.thumbnail_jpeg = shared();
  offer.images.preview_webp = shared();
  offer.images.preview_jpeg = shared();
  offer.source.prompt = shared();
  offer.source.seed = in.integer<std::uint64_t>();
  offer.source.original_key = shared();
  return offer;
}

// How many offers are read between two releases of the pages read (Mapping::release).
constexpr std::size_t kOffersPerRelease = 4'096;

CatalogueFile::Contents parse(std::string_view data, const Mapping& mapping) {
  Reader in(data);
  in.bytes(kMagic.size());
  in.integer<std::uint32_t>();  // the format, checked by the caller
  CatalogueFile::Contents contents;
  contents.version = in.integer<std::int64_t>();
  contents.newest_change = in.integer<std::int64_t>();
  contents.categories.resize(in.count(4));
  for (auto& category : contents.categories) category = std::string(in.text());
  std::vector<SharedText> texts(in.count(4));
  for (auto& text : texts) text = SharedText(in.text());
  contents.offers.resize(in.count(kSmallestOffer));
  std::size_t released = 0;
  for (std::size_t o = 0; o < contents.offers.size(); ++o) {
    contents.offers[o] = std::make_shared<const Offer>(read_offer(in, texts));
    if ((o + 1) % kOffersPerRelease == 0) {
      mapping.release(released, in.position());
      released = in.position();
    }
  }
  const auto index_size = in.integer<std::uint64_t>();
  if (index_size > data.size()) throw Reader::Corrupt{"a search index larger than the file"};
  const auto index_bytes = in.bytes(static_cast<std::size_t>(index_size));
  if (!in.at_end()) throw Reader::Corrupt{"bytes after the search index"};
  if (index_bytes.empty()) {
    contents.search_index = nullptr;
  } else if (auto index = SearchIndex::read(index_bytes)) {
    contents.search_index = std::make_shared<const SearchIndex>(std::move(*index));
  } else {
    contents.search_index = std::unexpected("its search index cannot be used: " + index.error());
  }
  return contents;
}

}  // namespace

void CatalogueFile::write(const Contents& contents) const {
  auto temporary = path_;
  temporary += ".tmp";
  Descriptor fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
  if (fd.get() < 0) throw system_failure("creating", temporary);
  Writer out(fd.get(), temporary);
  out.bytes({kMagic.data(), kMagic.size()});
  out.integer(kFormat);
  out.integer(contents.version);
  out.integer(contents.newest_change);
  out.integer(static_cast<std::uint32_t>(contents.categories.size()));
  for (const auto& category : contents.categories) out.text(category);
  // The table of shared texts comes before the offers that point into it.
  TextTable table;
  for (const auto& offer : contents.offers) {
    for (const auto* key :
         {&offer->images.thumbnail_webp, &offer->images.thumbnail_jpeg, &offer->images.preview_webp,
          &offer->images.preview_jpeg, &offer->source.prompt, &offer->source.original_key}) {
      table.index_of(*key);
    }
  }
  out.integer(static_cast<std::uint32_t>(table.texts().size()));
  for (const auto& text : table.texts()) out.text(text.view());
  out.integer(static_cast<std::uint32_t>(contents.offers.size()));
  for (const auto& offer : contents.offers) write_offer(out, *offer, table);
  // The index's length first, then the index written straight into the file.
  const auto* index = contents.search_index ? contents.search_index->get() : nullptr;
  std::uint64_t index_size = 0;
  if (index != nullptr) index->write([&](std::string_view bytes) { index_size += bytes.size(); });
  out.integer(index_size);
  if (index != nullptr) index->write([&](std::string_view bytes) { out.bytes(bytes); });
  out.finish();
  if (::fsync(fd.get()) != 0) throw system_failure("syncing", temporary);
  if (::close(fd.release()) != 0) throw system_failure("closing", temporary);
  std::error_code renamed;
  std::filesystem::rename(temporary, path_, renamed);
  if (renamed) throw std::system_error(renamed, "renaming " + temporary.string());
  // The rename itself is durable once the folder is synced.
  const auto folder = path_.has_parent_path() ? path_.parent_path() : std::filesystem::path(".");
  Descriptor directory(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() >= 0) ::fsync(directory.get());
}

std::expected<CatalogueFile::Contents, std::string> CatalogueFile::read() const {
  std::error_code missing;
  if (!std::filesystem::exists(path_, missing)) return std::unexpected("there is none");
  try {
    const Mapping mapping(path_);
    const auto data = mapping.bytes();
    if (data.size() < kSmallest || !std::ranges::equal(data.substr(0, kMagic.size()), kMagic)) {
      return std::unexpected("it is not a catalogue file");
    }
    Reader header(data.substr(kMagic.size(), 4));
    if (const auto format = header.integer<std::uint32_t>(); format != kFormat) {
      return std::unexpected(
          fmt::format("it is of format {}, this version reads format {}", format, kFormat));
    }
    const auto body = data.substr(0, data.size() - kChecksumBytes);
    Checksum sum;
    for (std::size_t at = 0; at < body.size(); at += kChecksumStretch) {
      sum.add(body.substr(at, kChecksumStretch));
      mapping.release(at, at + kChecksumStretch);
    }
    if (Reader(data.substr(body.size())).integer<std::uint64_t>() != sum.value()) {
      return std::unexpected("its checksum does not match (a damaged or cut-off file)");
    }
    return parse(body, mapping);
  } catch (const Reader::Corrupt& corrupt) {
    return std::unexpected("it is corrupt: " + corrupt.what);
  } catch (const std::exception& error) {
    return std::unexpected(std::string("it cannot be read: ") + error.what());
  }
}

std::int64_t newest_change(Connection& reading) {
  auto row = reading.prepare(
      "SELECT offer_id FROM catalogue_changes WHERE version = "
      "(SELECT max(version) FROM catalogue_changes)");
  return row.step() ? row.column_int(0) : 0;
}

std::expected<CatalogueFile::Contents, std::string> caught_up(const CatalogueFile& file,
                                                              Connection& reading,
                                                              std::size_t change_limit) {
  auto contents = file.read();
  if (!contents) return contents;
  auto newest = reading.prepare("SELECT coalesce(max(version), 0) FROM catalogue_changes");
  newest.step();
  const auto version = newest.column_int(0);
  if (version < contents->version) {
    return std::unexpected(fmt::format(
        "it is of catalogue version {}, ahead of the database's {} (another database, or one "
        "restored from a backup)",
        contents->version, version));
  }
  // Each offer's row holds its latest change: the change that made the file's version is at
  // that version still, or later if its offer changed again; anything else is another database.
  if (contents->version > 0) {
    auto anchor = reading.prepare("SELECT version FROM catalogue_changes WHERE offer_id = ?1");
    anchor.bind(1, contents->newest_change);
    if (!anchor.step() || anchor.column_int(0) < contents->version) {
      return std::unexpected("it was written from another database");
    }
  }
  auto changes = reading.prepare(
      "SELECT offer_id FROM catalogue_changes WHERE version > ?1 ORDER BY version LIMIT ?2");
  changes.bind(1, contents->version).bind(2, static_cast<std::int64_t>(change_limit) + 1);
  std::unordered_set<std::int64_t> changed;
  while (changes.step()) changed.insert(changes.column_int(0));
  if (changed.size() > change_limit) {
    return std::unexpected(
        fmt::format("more than {} offers changed since it was written", change_limit));
  }
  SqlOfferRepository repository(reading);
  contents->categories.clear();
  for (auto& category : repository.category_titles()) {
    contents->categories.push_back(std::move(category.url_name));
  }
  // The kept index names the categories by their titles then: it is built anew if they changed.
  if (changed.contains(0)) {
    contents->search_index = std::unexpected("the categories changed since it was written");
  }
  std::erase_if(contents->offers,
                [&](const auto& offer) { return changed.contains(offer->id.value); });
  const auto kept = static_cast<std::ptrdiff_t>(contents->offers.size());
  TextInterner shared;
  for (const auto id : changed) {
    auto offer = id == 0 ? std::nullopt : repository.find_by_id(OfferId{id});
    if (!offer || offer->status == OfferStatus::Hidden) continue;
    hold_compactly(*offer, shared);
    contents->offers.push_back(std::make_shared<const Offer>(std::move(*offer)));
  }
  // The file's offers are by id: the ones read again are sorted and merged in.
  const auto by_id = [](const auto& a, const auto& b) { return a->id.value < b->id.value; };
  const auto tail = contents->offers.begin() + kept;
  std::sort(tail, contents->offers.end(), by_id);
  std::inplace_merge(contents->offers.begin(), tail, contents->offers.end(), by_id);
  contents->changed.assign(changed.begin(), changed.end());
  contents->version = version;
  contents->newest_change = newest_change(reading);
  return contents;
}

}  // namespace artshop::sql
