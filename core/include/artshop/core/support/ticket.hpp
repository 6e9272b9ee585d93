#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/validation.hpp"

// Support tickets (DESIGN.md section 8): what a customer writes to the shop, and its rules.
namespace artshop {

using SupportTicketId = Id<struct SupportTicketTag>;

// Where a conversation stands (docs/support.md, "The conversation"): New until anyone answers,
// WaitingForCustomer once staff replied, Open once the customer wrote again, Closed by staff
// (and open again when the customer writes).
enum class TicketStatus : std::uint8_t { New, Open, WaitingForCustomer, Closed };

// The name in the API and the database: "new", "open", "waiting", "closed".
std::string_view name_of(TicketStatus status) noexcept;
std::optional<TicketStatus> parse_ticket_status(std::string_view name) noexcept;

enum class SupportTicketType : std::uint8_t {
  General,
  Order,
  Payment,
  Account,
  Technical,
  Copyright,
  Other,
};

inline constexpr std::array kAllSupportTicketTypes{
    SupportTicketType::General, SupportTicketType::Order,     SupportTicketType::Payment,
    SupportTicketType::Account, SupportTicketType::Technical, SupportTicketType::Copyright,
    SupportTicketType::Other};

// The name used in the API, the database and the mails: "General", "Order", ...
std::string_view name(SupportTicketType type) noexcept;

// Parses a name, ignoring ASCII case ("order" and "Order" both name Order).
std::optional<SupportTicketType> parse_support_ticket_type(std::string_view text) noexcept;

// Bounds, counted in code points after trimming.
inline constexpr std::size_t kMaxTicketNameLength = 100;
inline constexpr std::size_t kMinTicketDescriptionLength = 10;
inline constexpr std::size_t kMaxTicketDescriptionLength = 5000;

// The payload of POST /api/support/create-ticket, as typed.
struct SupportTicketForm {
  std::string email;
  std::string name;
  std::string support_ticket_type;
  std::string description;
};

// The form once every rule holds: the e-mail normalized, the texts trimmed, the type parsed.
struct SupportRequest {
  std::string email;
  std::string name;
  SupportTicketType type = SupportTicketType::General;
  std::string description;
};

// Checks every field at once; the errors are keyed by the payload's field names.
std::expected<SupportRequest, ValidationErrors> validate_support_ticket(SupportTicketForm form);

// A ticket as stored. The two sent_at times say when that mail was queued in the mail outbox
// (for a confirmation past its recipient's daily cap: when it was withheld). They are empty
// only on tickets stored before the outbox whose mails had not gone out, which
// QueueUnsentSupportMail queues.
struct SupportTicket {
  SupportTicketId id;             // assigned when it is stored
  std::string reference;          // what the customer quotes: "AS-7K3M-9Q2D"
  std::optional<UserId> account;  // the signed-in author; empty for a visitor
  std::string email;
  std::string name;
  SupportTicketType type = SupportTicketType::General;
  std::string description;
  std::string client_address;
  std::chrono::sys_seconds created_at;
  std::optional<std::chrono::sys_seconds> confirmation_sent_at;
  std::optional<std::chrono::sys_seconds> notice_sent_at;
  TicketStatus status = TicketStatus::New;
  std::optional<UserId> assignee;  // the staff member answering it; empty: nobody yet
  friend bool operator==(const SupportTicket&, const SupportTicket&) = default;
};

// "AS-" and 8 Crockford base-32 symbols (40 random bits) in two groups of four:
// "AS-7K3M-9Q2D". Short enough to read over the phone, and free of I, L, O and U.
std::string generate_ticket_reference(RandomSource& random);

}  // namespace artshop
