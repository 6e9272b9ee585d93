#pragma once

#include <chrono>
#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/support/repositories.hpp"
#include "artshop/core/support/support_mailing.hpp"

namespace artshop {

// Queues the mails of tickets stored before the mail outbox that had not gone out then. Run
// once the schema is migrated, at every start (it finds nothing once they are queued).
class QueueUnsentSupportMail {
 public:
  // Older tickets are not mailed any more: an answer that late helps nobody.
  static constexpr std::chrono::days kWindow{7};
  using Ports = Transactions<SupportTicketRepository, MailOutbox>;

  QueueUnsentSupportMail(Ports transactions, SupportMailing mailing, const Clock& clock)
      : transactions_(std::move(transactions)), mailing_(std::move(mailing)), clock_(clock) {}

  // The number of mails queued.
  Result<int> operator()();

 private:
  Ports transactions_;
  SupportMailing mailing_;
  const Clock& clock_;
};

}  // namespace artshop
