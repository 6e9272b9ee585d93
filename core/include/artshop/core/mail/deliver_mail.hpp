#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// How the outbox is sent: how often a failing mail is tried again, and when it is given up.
struct MailDeliveryPolicy {
  // Deliveries tried at most; the mail whose last one fails is a dead letter.
  int max_attempts = 8;
  // The wait after the first failure, doubled after each further one up to `max_retry`:
  // with the defaults a mail is tried over about an hour (30 s, 1, 2, 4, 8, 16, 32 min).
  std::chrono::seconds first_retry{30};
  std::chrono::seconds max_retry{std::chrono::hours{1}};
  // How long a sender holds the mails it claimed: longer than a batch can take to send. A
  // server that dies holding some delays them this long.
  std::chrono::seconds claim{std::chrono::minutes{2}};
  // Mails claimed in one transaction.
  int batch = 20;
  friend constexpr bool operator==(const MailDeliveryPolicy&, const MailDeliveryPolicy&) = default;
};

// The wait before the next try of a mail that has failed `failures` times (1 or more).
std::chrono::seconds retry_delay(const MailDeliveryPolicy& policy, int failures);

// Sends the outbox's due mails through the transport, after the transactions that queued them
// committed. Run by one server of the shop at a time (the "mail" chore), on the mail executor,
// soon after a write queued a mail and every second or so. Each mail that went out leaves the
// outbox; one that failed is due again after retry_delay(); one that failed max_attempts times
// is a dead letter, reported to `on_dead` and never tried again.
class DeliverMail {
 public:
  using Ports = Transactions<MailOutbox>;

  struct Report {
    int sent = 0;
    int failed = 0;       // deliveries that failed and will be tried again
    int dead = 0;         // mails given up in this run
    std::string problem;  // the first failure's reason
  };

  // Told about each dead letter (the mail as claimed, and the last failure's reason).
  using DeadLetters = std::function<void(const OutboxMail&, const std::string& error)>;

  DeliverMail(Ports transactions, Mailer& transport, const Clock& clock,
              MailDeliveryPolicy policy = {}, DeadLetters on_dead = {})
      : transactions_(std::move(transactions)),
        transport_(transport),
        clock_(clock),
        policy_(policy),
        on_dead_(std::move(on_dead)) {}

  // Sends every mail due now, batch after batch, until none is left or a delivery fails:
  // then the mail server is most likely down, and the rest of that batch waits as long as the
  // failed mail does instead of each waiting for its own timeout.
  Result<Report> operator()();

  Result<MailOutboxCounts> counts();

 private:
  // Sends one claimed batch; false when a delivery failed.
  bool send_batch(std::vector<OutboxMail> batch, Report& report);

  Ports transactions_;
  Mailer& transport_;
  const Clock& clock_;
  MailDeliveryPolicy policy_;
  DeadLetters on_dead_;
};

}  // namespace artshop
