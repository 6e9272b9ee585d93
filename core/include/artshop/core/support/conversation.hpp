#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ids.hpp"
#include "artshop/core/ports/message_authenticator.hpp"
#include "artshop/core/support/ticket.hpp"
#include "artshop/core/validation.hpp"

// A ticket's conversation (docs/support.md, "The conversation"): its messages, the rules that
// move its status, and the signed link a visitor answers through.
namespace artshop {

using TicketMessageId = Id<struct TicketMessageTag>;

enum class TicketAuthor : std::uint8_t { Customer, Staff };

// "customer", "staff".
std::string_view name_of(TicketAuthor author) noexcept;

struct TicketMessage {
  TicketMessageId id;  // given when it is stored
  std::chrono::sys_seconds at;
  TicketAuthor author = TicketAuthor::Customer;
  std::optional<UserId> staff;  // the member who wrote it (staff messages)
  std::string staff_email;      // read with it
  std::string body;
  // A note staff keep for each other: never shown or mailed to the customer.
  bool internal = false;
  friend bool operator==(const TicketMessage&, const TicketMessage&) = default;
};

// A message's body: 1 to 5000 characters after trimming, line breaks allowed.
inline constexpr std::size_t kMaxTicketMessageLength = 5000;

namespace ticket_messages {
inline constexpr std::string_view kNoSuchTicket = "No such ticket.";
inline constexpr std::string_view kBadLink = "This link has expired or is not valid.";
inline constexpr std::string_view kWriteMessage = "Write a message of 1 to 5000 characters.";
inline constexpr std::string_view kChooseStatus = "Choose new, open, waiting or closed.";
inline constexpr std::string_view kChooseType =
    "Choose General, Order, Payment, Account, Technical, Copyright or Other.";
inline constexpr std::string_view kChooseAssignee = "Choose me, none or a staff member's id.";
inline constexpr std::string_view kChooseSort = "Choose -createdAt, createdAt or -lastMessageAt.";
inline constexpr std::string_view kNotAnAnswerer = "Choose a staff member who may answer tickets.";
}  // namespace ticket_messages

// 404 "No such ticket.": also a ticket that is another customer's.
Error no_such_ticket();
// 404 "This link has expired or is not valid.": the same for every bad link, so that a link
// tells nothing about which part of it was wrong.
Error bad_ticket_link();

// The body as sent, trimmed; "Write a message of 1 to 5000 characters." under `body` otherwise.
std::optional<std::string> read_message_body(const std::optional<std::string>& text,
                                             ValidationErrors& errors);

// The status rules. A note changes nothing; a staff reply waits for the customer, also on a
// closed ticket (staff answering it is taking it up again); a customer's message opens the
// ticket, a closed one too.
TicketStatus status_after_staff_message(TicketStatus status, bool internal) noexcept;
TicketStatus status_after_customer_message(TicketStatus status) noexcept;

// A ticket as the desk lists it: with its assignee's e-mail and the time of its last message.
struct DeskTicket {
  SupportTicket ticket;
  std::string assignee_email;
  std::chrono::sys_seconds last_message_at;
  friend bool operator==(const DeskTicket&, const DeskTicket&) = default;
};

// A ticket with its conversation: every message for staff, the customer's part for them.
struct TicketConversation {
  DeskTicket ticket;
  std::vector<TicketMessage> messages;
};

enum class TicketSort : std::uint8_t { NewestFirst, OldestFirst, LastMessageFirst };

// Every filter optional.
struct TicketQuery {
  std::optional<TicketStatus> status;
  std::optional<SupportTicketType> type;
  bool unassigned = false;          // only tickets nobody is answering
  std::optional<UserId> assignee;   // only this member's
  std::optional<std::string> text;  // the reference whole, or a part of the e-mail (lower case)
  std::optional<UserId> account;    // only this customer's
  TicketSort sort = TicketSort::NewestFirst;
  int offset = 0;
  int limit = 50;
};

struct TicketPage {
  std::vector<DeskTicket> items;
  std::int64_t total = 0;  // of every ticket the filters match
};

// How long the link in a reply mail to a visitor opens their ticket.
inline constexpr std::chrono::days kVisitorLinkLife{30};

// The link a visitor without an account answers through: a token that names one ticket until
// an expiry, signed with HMAC-SHA256 under a server key (derived from staff_secret_key, so every
// server of the shop reads every link). The token is base64url of the expiry (8 bytes, big
// endian) and the MAC of "support-ticket:<id>:<expiry>"; nothing is stored.
class VisitorTicketLinks {
 public:
  VisitorTicketLinks(const MessageAuthenticator& authenticator, std::vector<std::byte> key)
      : authenticator_(authenticator), key_(std::move(key)) {}

  std::string token(SupportTicketId ticket, std::chrono::sys_seconds expires_at) const;
  // Whether `token` opens `ticket` at `now`: signed by this key for this very ticket, unaltered
  // and not expired.
  bool opens(SupportTicketId ticket, std::string_view token, std::chrono::sys_seconds now) const;

 private:
  std::string mac(SupportTicketId ticket, std::int64_t expires_at) const;

  const MessageAuthenticator& authenticator_;
  std::vector<std::byte> key_;
};

}  // namespace artshop
