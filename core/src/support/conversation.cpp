#include "artshop/core/support/conversation.hpp"

#include <fmt/format.h>

#include "artshop/core/codec/base64.hpp"
#include "artshop/core/enum_names.hpp"
#include "artshop/core/staff/totp.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr EnumNames<TicketStatus, 4> kStatusNames{{{TicketStatus::New, "new"},
                                                   {TicketStatus::Open, "open"},
                                                   {TicketStatus::WaitingForCustomer, "waiting"},
                                                   {TicketStatus::Closed, "closed"}}};

constexpr std::size_t kExpiryBytes = 8;

}  // namespace

std::string_view name_of(TicketStatus status) noexcept {
  return name_in(kStatusNames, status);
}

std::optional<TicketStatus> parse_ticket_status(std::string_view name) noexcept {
  return parse_in(kStatusNames, name);
}

std::string_view name_of(TicketAuthor author) noexcept {
  return author == TicketAuthor::Staff ? "staff" : "customer";
}

Error no_such_ticket() {
  return Error::not_found(ValidationErrors("", std::string(ticket_messages::kNoSuchTicket)),
                          "no such ticket");
}

Error bad_ticket_link() {
  return Error::not_found(ValidationErrors("", std::string(ticket_messages::kBadLink)),
                          "a ticket link that does not open its ticket");
}

std::optional<std::string> read_message_body(const std::optional<std::string>& text,
                                             ValidationErrors& errors) {
  const auto sent = text.value_or("");
  const auto body = text::trim(sent);
  const auto length = text::utf8_length(body);
  if (body.empty() || !length || *length > kMaxTicketMessageLength ||
      text::has_control_characters_besides_line_breaks(body)) {
    errors.add("body", std::string(ticket_messages::kWriteMessage));
    return std::nullopt;
  }
  return std::string(body);
}

TicketStatus status_after_staff_message(TicketStatus status, bool internal) noexcept {
  return internal ? status : TicketStatus::WaitingForCustomer;
}

TicketStatus status_after_customer_message(TicketStatus /*status*/) noexcept {
  return TicketStatus::Open;
}

std::string VisitorTicketLinks::mac(SupportTicketId ticket, std::int64_t expires_at) const {
  const auto message = fmt::format("support-ticket:{}:{}", ticket.value, expires_at);
  const auto bytes =
      authenticator_.mac(MacAlgorithm::Sha256, key_, std::as_bytes(std::span(message)));
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::string VisitorTicketLinks::token(SupportTicketId ticket,
                                      std::chrono::sys_seconds expires_at) const {
  const auto expiry = expires_at.time_since_epoch().count();
  std::string raw(kExpiryBytes, '\0');
  for (std::size_t i = 0; i < kExpiryBytes; ++i) {
    raw[kExpiryBytes - 1 - i] =
        static_cast<char>((static_cast<std::uint64_t>(expiry) >> (8 * i)) & 0xff);
  }
  return base64url::encode(raw + mac(ticket, expiry));
}

bool VisitorTicketLinks::opens(SupportTicketId ticket, std::string_view token,
                               std::chrono::sys_seconds now) const {
  const auto raw = base64url::decode(token);
  if (!raw || raw->size() <= kExpiryBytes) return false;
  std::uint64_t expiry = 0;
  for (std::size_t i = 0; i < kExpiryBytes; ++i) {
    expiry = (expiry << 8) | static_cast<unsigned char>((*raw)[i]);
  }
  const auto expires_at = static_cast<std::int64_t>(expiry);
  const bool signed_here = equal_without_early_exit(std::string_view(*raw).substr(kExpiryBytes),
                                                    mac(ticket, expires_at));
  return signed_here && expires_at > now.time_since_epoch().count();
}

}  // namespace artshop
