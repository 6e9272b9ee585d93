#pragma once

#include <fmt/format.h>

#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace artshop {

// An immutable text whose copies share one block: copying it costs a reference count, not the
// characters, and it holds a pointer where a std::string holds 32 bytes. For the texts a large
// catalogue repeats: past the first sample offers, every seeded offer shows the pictures of one
// of them, and a million copies of four picture keys of 70 characters were a third of the
// catalogue's memory.
//
// It reads like a std::string_view (and converts to one, or to a std::string), compares with
// any text, and is built from any text, so code that fills or reads such a field with strings
// keeps compiling.
class SharedText {
 public:
  SharedText() noexcept = default;
  SharedText(std::string_view text);
  SharedText(const std::string& text) : SharedText(std::string_view(text)) {}
  SharedText(const char* text) : SharedText(std::string_view(text)) {}
  SharedText(const SharedText& other) noexcept;
  SharedText(SharedText&& other) noexcept : block_(other.block_) { other.block_ = nullptr; }
  SharedText& operator=(const SharedText& other) noexcept;
  SharedText& operator=(SharedText&& other) noexcept;
  ~SharedText();

  std::string_view view() const noexcept;
  operator std::string_view() const noexcept { return view(); }
  operator std::string() const { return std::string(view()); }
  std::string str() const { return std::string(view()); }

  bool empty() const noexcept { return block_ == nullptr; }
  std::size_t size() const noexcept { return view().size(); }
  const char* data() const noexcept { return view().data(); }
  auto begin() const noexcept { return view().begin(); }
  auto end() const noexcept { return view().end(); }

  // Whether two texts share one block (the catalogue's interning makes equal keys do so).
  bool shares_with(const SharedText& other) const noexcept { return block_ == other.block_; }

  friend bool operator==(const SharedText& a, const SharedText& b) noexcept {
    return a.block_ == b.block_ || a.view() == b.view();
  }
  friend std::strong_ordering operator<=>(const SharedText& a, const SharedText& b) noexcept {
    return a.view() <=> b.view();
  }
  template <class Text>
  requires(!std::same_as<Text, SharedText> &&
           std::convertible_to<const Text&, std::string_view>) friend bool
  operator==(const SharedText& a, const Text& b) noexcept {
    return a.view() == std::string_view(b);
  }
  template <class Text>
  requires(!std::same_as<Text, SharedText> &&
           std::convertible_to<const Text&, std::string_view>) friend std::strong_ordering
  operator<=>(const SharedText& a, const Text& b) noexcept {
    return a.view() <=> std::string_view(b);
  }

  // The heap bytes one block of `length` characters takes (what the catalogue's memory
  // accounting counts once per distinct text).
  static std::size_t block_bytes(std::size_t length) noexcept;

 private:
  struct Block;
  Block* block_ = nullptr;  // nullptr: the empty text
};

std::ostream& operator<<(std::ostream& out, const SharedText& text);

}  // namespace artshop

template <>
struct fmt::formatter<artshop::SharedText> : fmt::formatter<std::string_view> {
  template <class FormatContext>
  auto format(const artshop::SharedText& text, FormatContext& context) const {
    return fmt::formatter<std::string_view>::format(text.view(), context);
  }
};
