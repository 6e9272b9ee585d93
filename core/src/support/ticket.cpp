#include "artshop/core/support/ticket.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array<std::string_view, kAllSupportTicketTypes.size()> kNames{
    "General", "Order", "Payment", "Account", "Technical", "Copyright", "Other"};

constexpr std::string_view kReferencePrefix = "AS-";

void check_description(std::string& description, ValidationErrors& errors) {
  description = std::string(text::trim(description));
  const auto length = text::utf8_length(description);
  // A description spans lines; every other control character is refused, as in single-line
  // fields, because it ends up in mails.
  if (!length || text::has_control_characters_besides_line_breaks(description)) {
    errors.add("description", "Description contains characters that are not allowed.");
  } else if (*length == 0) {
    errors.add("description", "Describe what you need help with.");
  } else if (*length < kMinTicketDescriptionLength) {
    errors.add("description", fmt::format("Description must be at least {} characters.",
                                          kMinTicketDescriptionLength));
  } else if (*length > kMaxTicketDescriptionLength) {
    errors.add("description", fmt::format("Description must be at most {} characters.",
                                          kMaxTicketDescriptionLength));
  }
}

std::optional<SupportTicketType> check_type(std::string_view typed, ValidationErrors& errors) {
  const auto trimmed = text::trim(typed);
  if (trimmed.empty()) {
    errors.add("supportTicketType", "Choose what your message is about.");
    return std::nullopt;
  }
  const auto type = parse_support_ticket_type(trimmed);
  if (!type) {
    errors.add("supportTicketType", fmt::format("Choose one of {}.", fmt::join(kNames, ", ")));
  }
  return type;
}

}  // namespace

std::string_view name(SupportTicketType type) noexcept {
  return kNames[static_cast<std::size_t>(type)];
}

std::optional<SupportTicketType> parse_support_ticket_type(std::string_view text) noexcept {
  for (const SupportTicketType type : kAllSupportTicketTypes) {
    if (text::equal_ignoring_ascii_case(text, name(type))) return type;
  }
  return std::nullopt;
}

std::expected<SupportRequest, ValidationErrors> validate_support_ticket(SupportTicketForm form) {
  ValidationErrors errors;
  // A reply address, not the name of an account: kept as typed but for ASCII case.
  SupportRequest request{.email = text::to_lower_ascii(text::trim(form.email)),
                         .name = std::move(form.name),
                         .type = SupportTicketType::General,
                         .description = std::move(form.description)};
  if (const auto problem = email_problem(request.email)) {
    errors.add("email", std::string(*problem));
  }
  check_text({"name", "Name", "Enter your name.", kMaxTicketNameLength}, request.name, errors);
  if (const auto type = check_type(form.support_ticket_type, errors)) request.type = *type;
  check_description(request.description, errors);
  if (!errors.empty()) return std::unexpected(std::move(errors));
  return request;
}

std::string generate_ticket_reference(RandomSource& random) {
  // The same draw as a reset code: 8 symbols of Crockford's alphabet, 5 bits each.
  return std::string(kReferencePrefix) + group_gift_card_number(generate_reset_code(random));
}

}  // namespace artshop
