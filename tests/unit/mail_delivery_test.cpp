#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "artshop/core/mail/deliver_mail.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Keeps what it delivers; while `down`, throws as a transport does when the server is away.
class RecordingTransport final : public Mailer {
 public:
  void send(const EmailMessage& message) override {
    ++attempts;
    if (down) throw std::runtime_error("connection refused");
    sent.push_back(message);
  }
  std::vector<std::string> recipients() const {
    std::vector<std::string> to;
    for (const auto& message : sent) to.push_back(message.to);
    return to;
  }

  bool down = false;
  int attempts = 0;
  std::vector<EmailMessage> sent;
};

EmailMessage mail_to(std::string to) {
  return {.to = std::move(to), .subject = "Hello", .text_body = "Your code: ABCD2345\n"};
}

class MailDelivery : public ::testing::Test {
 protected:
  std::chrono::sys_seconds now() const {
    return std::chrono::floor<std::chrono::seconds>(clock.now());
  }
  // Queues the mails in one committed transaction, as a use case does.
  void queue(std::initializer_list<std::string> recipients) {
    ASSERT_TRUE(outbox.write([&](Transactions<MailOutbox>::Scope& tx) -> Result<void> {
      for (const auto& to : recipients) tx.get<MailOutbox>().enqueue(mail_to(to), now(), {});
      return {};
    }));
  }
  MailOutboxCounts counts() { return deliver.counts().value(); }

  fakes::InMemoryUnitOfWork store;
  Transactions<MailOutbox> outbox{store};
  fakes::FixedClock clock;
  RecordingTransport transport;
  MailDeliveryPolicy policy{.max_attempts = 3};
  std::vector<std::string> dead;  // what on_dead was told
  DeliverMail deliver{outbox, transport, clock, policy,
                      [this](const OutboxMail& mail, const std::string& error) {
                        dead.push_back(mail.message.to + ": " + error);
                      }};
};

TEST_F(MailDelivery, QueuedMails_GoOutOnceEachInQueueingOrderAndLeaveTheOutbox) {
  queue({"ann@example.com", "bob@example.com"});
  const auto report = deliver();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->sent, 2);
  EXPECT_THAT(transport.recipients(), ElementsAre("ann@example.com", "bob@example.com"));
  EXPECT_EQ(transport.sent[0].text_body, "Your code: ABCD2345\n");
  EXPECT_THAT(store.state.mail_outbox, IsEmpty());

  ASSERT_TRUE(deliver());
  EXPECT_EQ(transport.sent.size(), 2U) << "nothing is sent twice";
}

TEST_F(MailDelivery, AMailQueuedInATransactionThatRolledBack_IsNeverSent) {
  const auto refused = outbox.write([&](Transactions<MailOutbox>::Scope& tx) -> Result<void> {
    tx.get<MailOutbox>().enqueue(mail_to("ann@example.com"), now(), {});
    return std::unexpected(Error::conflict("the cause was not committed"));
  });
  ASSERT_FALSE(refused);
  ASSERT_TRUE(deliver());
  EXPECT_EQ(transport.attempts, 0);
  EXPECT_EQ(counts().pending, 0);
}

TEST_F(MailDelivery, EveryMailCarriesADeliveryKeyThatStaysTheSameAcrossRetries) {
  queue({"ann@example.com"});
  transport.down = true;
  ASSERT_TRUE(deliver());
  transport.down = false;
  clock.advance(policy.first_retry);
  ASSERT_TRUE(deliver());
  ASSERT_EQ(transport.sent.size(), 1U);
  // Queued at 2027-01-15 08:00:00 UTC as mail 1.
  EXPECT_EQ(transport.sent[0].delivery_key, "20270115T080000Z-00000001");
}

TEST_F(MailDelivery, WhenTheServerIsDown_TheMailWaitsItsBackoffAndThenArrivesOnce) {
  queue({"ann@example.com"});
  transport.down = true;
  const auto failed = deliver();
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->failed, 1);
  EXPECT_EQ(failed->problem, "connection refused");
  EXPECT_EQ(counts().pending, 1);

  transport.down = false;
  clock.advance(policy.first_retry - seconds(1));
  ASSERT_TRUE(deliver());
  EXPECT_THAT(transport.sent, IsEmpty()) << "not due before its wait is over";

  clock.advance(seconds(1));
  const auto sent = deliver();
  ASSERT_TRUE(sent);
  EXPECT_EQ(sent->sent, 1);
  EXPECT_THAT(transport.recipients(), ElementsAre("ann@example.com"));
  EXPECT_EQ(counts().pending, 0);
}

TEST(MailRetryDelay, DoublesFromTheFirstRetryUpToTheLongest) {
  const MailDeliveryPolicy policy{.first_retry = seconds(30), .max_retry = minutes(10)};
  EXPECT_EQ(retry_delay(policy, 1), seconds(30));
  EXPECT_EQ(retry_delay(policy, 2), minutes(1));
  EXPECT_EQ(retry_delay(policy, 3), minutes(2));
  EXPECT_EQ(retry_delay(policy, 5), minutes(8));
  EXPECT_EQ(retry_delay(policy, 6), minutes(10));
  EXPECT_EQ(retry_delay(policy, 60), minutes(10));
}

TEST_F(MailDelivery, EachFailure_WaitsTwiceAsLongAsTheOneBefore) {
  queue({"ann@example.com"});
  transport.down = true;
  ASSERT_TRUE(deliver());
  const auto first_wait = store.state.mail_outbox.at(0).next_attempt_at - now();
  clock.advance(first_wait);
  ASSERT_TRUE(deliver());
  const auto second_wait = store.state.mail_outbox.at(0).next_attempt_at - now();
  EXPECT_EQ(first_wait, policy.first_retry);
  EXPECT_EQ(second_wait, 2 * policy.first_retry);
  EXPECT_EQ(store.state.mail_outbox.at(0).mail.attempts, 2);
  EXPECT_EQ(transport.attempts, 2);
}

TEST_F(MailDelivery, AfterMaxAttemptsFailures_TheMailIsADeadLetterAndNeverTriedAgain) {
  queue({"ann@example.com"});
  transport.down = true;
  int runs = 0;
  while (dead.empty() && runs < 10) {
    ASSERT_TRUE(deliver());
    clock.advance(policy.max_retry);
    ++runs;
  }
  EXPECT_EQ(runs, policy.max_attempts);
  EXPECT_THAT(dead, ElementsAre("ann@example.com: connection refused"));
  EXPECT_EQ(counts().dead, 1);
  EXPECT_EQ(counts().pending, 0);
  EXPECT_EQ(store.state.mail_outbox.at(0).mail.message.text_body, "")
      << "a dead letter keeps no reset code";

  transport.down = false;
  clock.advance(policy.max_retry);
  const auto later = deliver();
  ASSERT_TRUE(later);
  EXPECT_EQ(transport.attempts, policy.max_attempts);
  EXPECT_THAT(transport.sent, IsEmpty());
}

TEST_F(MailDelivery, AfterAFailure_TheRestOfTheBatchWaitsWithoutCountingAnAttempt) {
  queue({"ann@example.com", "bob@example.com", "cem@example.com"});
  transport.down = true;
  const auto report = deliver();
  ASSERT_TRUE(report);
  EXPECT_EQ(transport.attempts, 1) << "one timeout, not one per mail";
  EXPECT_EQ(report->failed, 1);
  ASSERT_EQ(store.state.mail_outbox.size(), 3U);
  EXPECT_EQ(store.state.mail_outbox[1].mail.attempts, 0);
  EXPECT_EQ(store.state.mail_outbox[1].next_attempt_at, store.state.mail_outbox[0].next_attempt_at);

  transport.down = false;
  clock.advance(policy.first_retry);
  ASSERT_TRUE(deliver());
  EXPECT_THAT(transport.recipients(),
              ElementsAre("ann@example.com", "bob@example.com", "cem@example.com"));
}

TEST_F(MailDelivery, AMailAnotherSenderClaimed_IsLeftAloneUntilItsClaimRunsOut) {
  queue({"ann@example.com"});
  ASSERT_TRUE(outbox.write([&](Transactions<MailOutbox>::Scope& tx) -> Result<void> {
    EXPECT_EQ(tx.get<MailOutbox>().claim_due(now(), now() + policy.claim, 10).size(), 1U);
    return {};
  }));
  ASSERT_TRUE(deliver());
  EXPECT_THAT(transport.sent, IsEmpty());

  clock.advance(policy.claim);  // the other sender died: its claim ran out
  ASSERT_TRUE(deliver());
  EXPECT_THAT(transport.recipients(), ElementsAre("ann@example.com"));
}

}  // namespace
}  // namespace artshop
