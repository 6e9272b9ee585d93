#include "artshop/core/accounts/password_policy.hpp"

#include "artshop/core/text.hpp"

namespace artshop {

std::vector<std::string> new_password_problems(std::string_view password,
                                               std::string_view normalized_email,
                                               const CommonPasswords& common_passwords) {
  namespace message = password_messages;
  const auto length = text::utf8_length(password);
  if (!length) return {std::string(message::kInvalidText)};
  if (*length == 0) return {std::string(message::kEnter)};

  std::vector<std::string> problems;
  if (*length < kMinPasswordLength) problems.emplace_back(message::kTooShort);
  if (*length > kMaxPasswordLength) problems.emplace_back(message::kTooLong);
  if (common_passwords.contains(password)) problems.emplace_back(message::kTooCommon);
  if (!normalized_email.empty() && text::equal_ignoring_ascii_case(password, normalized_email)) {
    problems.emplace_back(message::kSameAsEmail);
  }
  return problems;
}

void check_new_password(std::string_view password, std::string_view repeated_password,
                        std::string_view normalized_email, const CommonPasswords& common_passwords,
                        ValidationErrors& errors) {
  for (auto& problem : new_password_problems(password, normalized_email, common_passwords)) {
    errors.add("password", std::move(problem));
  }
  if (repeated_password != password) {
    errors.add("repeatedPassword", std::string(password_messages::kMismatch));
  }
}

}  // namespace artshop
