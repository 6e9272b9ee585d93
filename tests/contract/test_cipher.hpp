#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/orders/gift_card.hpp"

namespace artshop::contract {

// Keeps numbers unreadable at a glance, which is all a contract case needs; the real cipher
// has its own tests.
class ReversingCipher final : public GiftCardNumberCipher {
 public:
  Sealed seal(std::string_view number) const override {
    return {.key_id = "reversed", .text = std::string(number.rbegin(), number.rend())};
  }
  std::optional<std::string> open(const Sealed& sealed) const override {
    if (sealed.key_id != "reversed") return std::nullopt;
    return std::string(sealed.text.rbegin(), sealed.text.rend());
  }
  std::string_view current_key_id() const override { return "reversed"; }
};

}  // namespace artshop::contract
