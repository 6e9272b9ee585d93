#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

void enqueue(Repositories& repos, std::string to, sys_seconds now) {
  repos.mail_outbox.enqueue({.to = std::move(to),
                             .subject = "Your reset code",
                             .text_body = "Your code: ABCD2345\nünïcode\n",
                             .delivery_key = {}},
                            now, {});
}

std::vector<std::string> recipients(const std::vector<OutboxMail>& mails) {
  std::vector<std::string> to;
  for (const auto& mail : mails) to.push_back(mail.message.to);
  return to;
}

TEST_P(MailOutboxContract, Enqueue_ThenClaim_GivesBackTheMailDueAtOnce) {
  write([](Repositories& repos) { enqueue(repos, "ann@example.com", kNow); });
  const auto claimed =
      write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 1min, 10); });
  ASSERT_EQ(claimed.size(), 1U);
  EXPECT_EQ(claimed[0].message.to, "ann@example.com");
  EXPECT_EQ(claimed[0].message.subject, "Your reset code");
  EXPECT_EQ(claimed[0].message.text_body, "Your code: ABCD2345\nünïcode\n");
  EXPECT_EQ(claimed[0].attempts, 0);
  EXPECT_EQ(claimed[0].created_at, kNow);
  EXPECT_GT(claimed[0].id.value, 0);
}

TEST_P(MailOutboxContract, Enqueue_InATransactionThatRollsBack_LeavesNothing) {
  transactions().run(UnitOfWork::Mode::Write, [](Repositories& repos) {
    enqueue(repos, "ann@example.com", kNow);
    return false;
  });
  EXPECT_EQ(read([](Repositories& repos) { return repos.mail_outbox.counts(); }).pending, 0);
}

TEST_P(MailOutboxContract, ClaimDue_TakesTheOldestInQueueingOrderUpToTheLimit) {
  write([](Repositories& repos) {
    enqueue(repos, "first@example.com", kNow - 2min);
    enqueue(repos, "second@example.com", kNow - 1min);
    enqueue(repos, "third@example.com", kNow);
    enqueue(repos, "later@example.com", kNow + 1min);
  });
  EXPECT_THAT(recipients(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow, kNow + 1min, 2);
              })),
              ElementsAre("first@example.com", "second@example.com"));
  EXPECT_THAT(recipients(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow, kNow + 1min, 10);
              })),
              ElementsAre("third@example.com"))
      << "claimed mails are not due again, and one queued for later is not due yet";
}

TEST_P(MailOutboxContract, ClaimDue_SkipsLiveClaimsUntilTheyRunOut) {
  write([](Repositories& repos) { enqueue(repos, "ann@example.com", kNow); });
  write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 5min, 10); });
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow + 4min, kNow + 10min, 10);
              }),
              IsEmpty());
  EXPECT_THAT(recipients(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow + 5min, kNow + 10min, 10);
              })),
              ElementsAre("ann@example.com"));
}

TEST_P(MailOutboxContract, MarkSent_TakesTheMailOutOfTheOutbox) {
  write([](Repositories& repos) { enqueue(repos, "ann@example.com", kNow); });
  const auto id =
      write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 1min, 10); })
          .at(0)
          .id;
  write([&](Repositories& repos) { repos.mail_outbox.mark_sent(id); });
  const auto counts = read([](Repositories& repos) { return repos.mail_outbox.counts(); });
  EXPECT_EQ(counts.pending, 0);
  EXPECT_EQ(counts.dead, 0);
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow + 1h, kNow + 2h, 10);
              }),
              IsEmpty());
}

TEST_P(MailOutboxContract, Reschedule_MakesTheMailDueAgainThenWithItsAttemptsCounted) {
  write([](Repositories& repos) { enqueue(repos, "ann@example.com", kNow); });
  const auto id =
      write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 1min, 10); })
          .at(0)
          .id;
  write([&](Repositories& repos) {
    repos.mail_outbox.reschedule(id, 1, kNow + 30s, "connection refused");
  });
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow + 29s, kNow + 2min, 10);
              }),
              IsEmpty());
  const auto again = write(
      [](Repositories& repos) { return repos.mail_outbox.claim_due(kNow + 30s, kNow + 2min, 10); });
  ASSERT_EQ(again.size(), 1U);
  EXPECT_EQ(again[0].attempts, 1);
  EXPECT_EQ(again[0].message.text_body, "Your code: ABCD2345\nünïcode\n");
}

TEST_P(MailOutboxContract, MarkDead_KeepsTheMailOutOfEveryClaimAndCountsIt) {
  write([](Repositories& repos) {
    enqueue(repos, "ann@example.com", kNow);
    enqueue(repos, "bob@example.com", kNow);
  });
  const auto id =
      write([](Repositories& repos) { return repos.mail_outbox.claim_due(kNow, kNow + 1min, 1); })
          .at(0)
          .id;
  write([&](Repositories& repos) { repos.mail_outbox.mark_dead(id, 8, "mailbox unavailable"); });
  const auto counts = read([](Repositories& repos) { return repos.mail_outbox.counts(); });
  EXPECT_EQ(counts.dead, 1);
  EXPECT_EQ(counts.pending, 1);
  EXPECT_THAT(recipients(write([](Repositories& repos) {
                return repos.mail_outbox.claim_due(kNow + 1h, kNow + 2h, 10);
              })),
              ElementsAre("bob@example.com"));
}

}  // namespace
}  // namespace artshop::contract
