#include "artshop/core/support/tickets.hpp"

#include <exception>

#include "artshop/core/rate_limiter.hpp"
#include "artshop/core/support/mails.hpp"

namespace artshop {
namespace {

// A fresh reference clashes with a stored one once in a trillion draws; a few more draws make
// a failure practically impossible without looping forever on a broken random source.
constexpr int kReferenceDraws = 4;

std::chrono::sys_seconds seconds_of(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

// Sends what is still unsent of one ticket's mails, and says what went out. A delivery that
// fails is kept for a later try, with its reason in `problem`.
struct MailOutcome {
  std::optional<std::chrono::sys_seconds> confirmation_sent_at;
  std::optional<std::chrono::sys_seconds> notice_sent_at;
  int sent = 0;
  int failed = 0;
  std::string problem;
};

MailOutcome send_unsent(const SupportTicket& ticket, const SupportMailing& mailing,
                        const Clock& clock) {
  MailOutcome outcome;
  const auto deliver = [&](const EmailMessage& message) -> std::optional<std::chrono::sys_seconds> {
    try {
      mailing.mailer.send(message);
      ++outcome.sent;
      return seconds_of(clock.now());
    } catch (const std::exception& error) {
      ++outcome.failed;
      if (outcome.problem.empty()) outcome.problem = error.what();
      return std::nullopt;
    }
  };
  if (!ticket.confirmation_sent_at) {
    outcome.confirmation_sent_at = deliver(support_confirmation_mail(ticket));
  }
  if (!ticket.notice_sent_at) {
    outcome.notice_sent_at = deliver(support_notice_mail(ticket, mailing.support_address));
  }
  return outcome;
}

}  // namespace

Result<CreatedSupportTicket> CreateSupportTicket::operator()(CreateSupportTicketCommand command) {
  auto request = validate_support_ticket(std::move(command.form));
  if (!request) return std::unexpected(Error::validation(std::move(request.error())));
  const auto bucket = rate_bucket("support", command.client_address);

  const auto now = seconds_of(clock_.now());
  SupportTicket ticket{.account = command.caller,
                       .email = std::move(request->email),
                       .name = std::move(request->name),
                       .type = request->type,
                       .description = std::move(request->description),
                       .client_address = std::move(command.client_address),
                       .created_at = now};
  auto stored = transactions_.write([&](Ports::Scope& tx) -> Result<SupportTicketId> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), now);
    if (auto limited = limiter.check(bucket, limits_.support_tickets_per_ip); !limited) {
      return std::unexpected(limited.error());
    }
    for (int draw = 0; draw < kReferenceDraws; ++draw) {
      ticket.reference = generate_ticket_reference(random_);
      if (const auto id = tx.get<SupportTicketRepository>().insert(ticket, now + mailing_.claim)) {
        limiter.record(bucket);
        return *id;
      }
    }
    return std::unexpected(Error::internal("no unused support ticket reference after " +
                                           std::to_string(kReferenceDraws) + " draws"));
  });
  if (!stored) return std::unexpected(stored.error());
  ticket.id = *stored;

  // The ticket is committed: whatever happens to the mails now, it is not lost.
  CreatedSupportTicket created{
      .reference = ticket.reference, .created_at = ticket.created_at, .type = ticket.type};
  if (!mailing_.executor.try_submit([this, ticket] { send_mails(ticket); })) {
    // Released at once rather than when the claim runs out, so the next retry sends them.
    transactions_.write([&](Ports::Scope& tx) -> Result<void> {
      tx.get<SupportTicketRepository>().record_mails(ticket.id, std::nullopt, std::nullopt);
      return {};
    });
    created.mail_problem = "the mail queue is full";
  }
  return created;
}

void CreateSupportTicket::send_mails(const SupportTicket& ticket) {
  const auto mails = send_unsent(ticket, mailing_, clock_);
  transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    tx.get<SupportTicketRepository>().record_mails(ticket.id, mails.confirmation_sent_at,
                                                   mails.notice_sent_at);
    return {};
  });
  if (mails.failed > 0 && mailing_.on_unsent) mailing_.on_unsent(ticket.reference, mails.problem);
}

Result<RetrySupportMail::Report> RetrySupportMail::operator()() {
  const auto now = seconds_of(clock_.now());
  auto claimed = transactions_.write([&](Ports::Scope& tx) -> Result<std::vector<SupportTicket>> {
    return tx.get<SupportTicketRepository>().claim_unsent(now - kRetryWindow, now,
                                                          now + mailing_.claim, kTicketsPerRun);
  });
  if (!claimed) return std::unexpected(claimed.error());

  Report report;
  bool server_failing = false;
  for (const auto& ticket : *claimed) {
    // Once a delivery failed the mail server is most likely down: the rest wait for the next
    // run instead of each waiting for its own timeout. Their claims are released all the same.
    MailOutcome mails;
    if (!server_failing) {
      mails = send_unsent(ticket, mailing_, clock_);
      ++report.tickets;
      report.mails_sent += mails.sent;
      report.mails_failed += mails.failed;
      if (mails.failed > 0) {
        server_failing = true;
        report.problem = mails.problem;
      }
    }
    transactions_.write([&](Ports::Scope& tx) -> Result<void> {
      tx.get<SupportTicketRepository>().record_mails(ticket.id, mails.confirmation_sent_at,
                                                     mails.notice_sent_at);
      return {};
    });
  }
  return report;
}

}  // namespace artshop
