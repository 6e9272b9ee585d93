#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::crypto {

// Lower-case hexadecimal, two digits per byte.
std::string to_hex(std::span<const std::byte> bytes);

// Either case; nullopt for an odd length or a non-hex character.
std::optional<std::vector<std::byte>> from_hex(std::string_view text);

}  // namespace artshop::crypto
