#pragma once

#include <cstddef>
#include <string_view>

namespace artshop::payments {

// The longest prefix of `text` of at most `max_bytes` that does not cut a UTF-8 sequence in
// two, for fields with a length limit (Stripe's metadata values, the sandbox's browser line).
inline std::string_view utf8_prefix(std::string_view text, std::size_t max_bytes) noexcept {
  if (text.size() <= max_bytes) return text;
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) to the start of the cut sequence.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U) --end;
  return text.substr(0, end);
}

}  // namespace artshop::payments
