#include "artshop/core/staff/staff_member.hpp"

#include <array>
#include <utility>

namespace artshop {
namespace {

constexpr std::array<std::pair<StaffStatus, std::string_view>, 3> kStatuses{{
    {StaffStatus::Invited, "invited"},
    {StaffStatus::Active, "active"},
    {StaffStatus::Suspended, "suspended"},
}};

}  // namespace

std::string_view name_of(StaffStatus status) noexcept {
  for (const auto& [value, name] : kStatuses) {
    if (value == status) return name;
  }
  return "unknown";
}

std::optional<StaffStatus> parse_staff_status(std::string_view name) noexcept {
  for (const auto& [value, known] : kStatuses) {
    if (known == name) return value;
  }
  return std::nullopt;
}

}  // namespace artshop
