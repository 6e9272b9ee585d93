#include "artshop/core/support/create_support_ticket.hpp"

#include "../whole_seconds.hpp"
#include "artshop/core/rate_limiter.hpp"
#include "artshop/core/support/mails.hpp"

namespace artshop {

using detail::seconds;

namespace {

// A fresh reference clashes with a stored one once in a trillion draws; a few more draws make
// a failure practically impossible without looping forever on a broken random source.
constexpr int kReferenceDraws = 4;

}  // namespace

Result<CreatedSupportTicket> CreateSupportTicket::operator()(CreateSupportTicketCommand command) {
  auto request = validate_support_ticket(std::move(command.form));
  if (!request) return std::unexpected(Error::validation(std::move(request.error())));
  const auto bucket = rate_bucket("support", command.client_address);
  const auto recipient_bucket = rate_bucket("support-confirmation", request->email);

  const auto now = seconds(clock_.now());
  SupportTicket ticket{.account = command.caller,
                       .email = std::move(request->email),
                       .name = std::move(request->name),
                       .type = request->type,
                       .description = std::move(request->description),
                       .client_address = std::move(command.client_address),
                       .created_at = now,
                       .confirmation_sent_at = now,
                       .notice_sent_at = now};
  return transactions_.write([&](Ports::Scope& tx) -> Result<CreatedSupportTicket> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), now);
    if (auto limited = limiter.check(bucket, limits_.support_tickets_per_ip); !limited) {
      return std::unexpected(limited.error());
    }
    // Counted in the database, so the cap holds across client addresses and servers.
    const bool confirm =
        limiter.check(recipient_bucket, limits_.support_confirmations_per_recipient).has_value();
    for (int draw = 0; draw < kReferenceDraws; ++draw) {
      ticket.reference = generate_ticket_reference(random_);
      const auto id = tx.get<SupportTicketRepository>().insert(ticket);
      if (!id) continue;
      ticket.id = *id;
      limiter.record(bucket);
      auto& outbox = tx.get<MailOutbox>();
      outbox.enqueue(support_notice_mail(ticket, mailing_.support_address, confirm), now, {});
      if (confirm) {
        limiter.record(recipient_bucket);
        outbox.enqueue(support_confirmation_mail(ticket, mailing_.shop_url), now, {});
      }
      return CreatedSupportTicket{.reference = ticket.reference,
                                  .created_at = ticket.created_at,
                                  .type = ticket.type,
                                  .confirmation_queued = confirm};
    }
    return std::unexpected(Error::internal("no unused support ticket reference after " +
                                           std::to_string(kReferenceDraws) + " draws"));
  });
}

}  // namespace artshop
