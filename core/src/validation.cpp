#include "artshop/core/validation.hpp"

namespace artshop {

void ValidationErrors::add(std::string_view field, std::string message) {
  auto& messages = by_field_[std::string(field)];
  for (const auto& existing : messages) {
    if (existing == message) return;
  }
  messages.push_back(std::move(message));
}

void ValidationErrors::merge(const ValidationErrors& other) {
  for (const auto& [field, messages] : other.by_field_) {
    for (const auto& message : messages) add(field, message);
  }
}

const std::vector<std::string>& ValidationErrors::messages(std::string_view field) const {
  static const std::vector<std::string> none;
  const auto found = by_field_.find(field);
  return found == by_field_.end() ? none : found->second;
}

}  // namespace artshop
