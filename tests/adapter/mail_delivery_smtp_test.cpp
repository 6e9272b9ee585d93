#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "artshop/core/mail/deliver_mail.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/loopback.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

// The mail outbox in a real SQLite file, sent by DeliverMail through a real SMTP server
// (tests/support/smtp_sink.py) or the .eml folder.
namespace artshop {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class SteppedClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override { return time; }
  std::chrono::system_clock::time_point time{std::chrono::seconds(1'800'000'000)};
};

mail::SmtpSettings plain_settings(unsigned short port) {
  return {.host = "127.0.0.1",
          .port = port,
          .tls = mail::SmtpSettings::Tls::None,
          .username = {},
          .password = {},
          .from_address = "Artshop <no-reply@artshop.local>",
          .timeout = 10s};
}

class OutboxDelivery : public ::testing::Test {
 protected:
  OutboxDelivery() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    auto connection = pool.acquire();
    sqlite::migrate(*connection, sqlite::artshop_schema());
  }

  // Queued in a committed transaction, as a use case queues it.
  void queue(std::string to) {
    ASSERT_TRUE(transactions.write([&](Repositories& repos) -> Result<void> {
      repos.mail_outbox.enqueue(
          {.to = std::move(to), .subject = "Your reset code", .text_body = "Your code: ABCD2345\n"},
          std::chrono::floor<std::chrono::seconds>(clock.now()), {});
      return {};
    }));
  }
  MailOutboxCounts counts() {
    return transactions
        .read([](Repositories& repos) -> Result<MailOutboxCounts> {
          return repos.mail_outbox.counts();
        })
        .value();
  }
  DeliverMail delivery(Mailer& transport, MailDeliveryPolicy policy = {}) {
    return {
        narrow<MailOutbox>(transactions), transport, clock, policy,
        [this](const OutboxMail& mail, const std::string&) { dead.push_back(mail.message.to); }};
  }

  testing::TempDir dir;
  sqlite::ConnectionPool pool;
  sqlite::SqliteUnitOfWork transactions;
  SteppedClock clock;
  std::vector<std::string> dead;
};

TEST_F(OutboxDelivery, SmtpDownThenUp_TheMailArrivesOnceAfterTheServerIsBack) {
  const auto port = testing::closed_port();
  mail::SmtpMailer transport(plain_settings(port));
  auto deliver = delivery(transport);
  queue("ann@example.com");

  const auto down = deliver();
  ASSERT_TRUE(down);
  EXPECT_EQ(down->failed, 1);
  EXPECT_THAT(down->problem, HasSubstr("connect"));
  EXPECT_EQ(counts().pending, 1) << "kept in the database for the retry";

  const testing::SmtpSink sink(dir.path() / "sink", false, port);
  clock.time += MailDeliveryPolicy{}.first_retry;
  const auto up = deliver();
  ASSERT_TRUE(up);
  EXPECT_EQ(up->sent, 1);
  clock.time += 1h;
  ASSERT_TRUE(deliver());

  const auto received = sink.received();
  ASSERT_EQ(received.size(), 1U) << "once, not once per try";
  EXPECT_THAT(received[0].rcpt_to, ElementsAre("ann@example.com"));
  EXPECT_THAT(received[0].data, HasSubstr("Your code: ABCD2345"));
  EXPECT_EQ(counts().pending, 0);
}

TEST_F(OutboxDelivery, SmtpDownForEveryTry_MakesADeadLetterAfterMaxAttempts) {
  mail::SmtpMailer transport(plain_settings(testing::closed_port()));
  auto deliver = delivery(transport, {.max_attempts = 3});
  queue("ann@example.com");
  for (int run = 0; run < 3; ++run) {
    ASSERT_TRUE(deliver());
    clock.time += 1h;
  }
  EXPECT_THAT(dead, ElementsAre("ann@example.com"));
  EXPECT_EQ(counts().dead, 1);
  EXPECT_EQ(counts().pending, 0);
  auto row = pool.acquire()->prepare("SELECT attempts, body, last_error FROM mail_outbox");
  ASSERT_TRUE(row.step());
  EXPECT_EQ(row.column_int(0), 3);
  EXPECT_EQ(row.column_text(1), "") << "a dead letter keeps no reset code";
  EXPECT_THAT(row.column_text(2), HasSubstr("connect"));
}

// A crash between a delivery and its record sends the mail again: the .eml folder keys the
// file by the outbox mail, so it lands once.
TEST_F(OutboxDelivery, OutboxFolder_AMailDeliveredAgainReplacesItsOwnFile) {
  mail::OutboxMailer transport(dir.path() / "outbox", "Artshop <no-reply@artshop.local>");
  queue("ann@example.com");
  const auto claimed = transactions
                           .write([&](Repositories& repos) -> Result<std::vector<OutboxMail>> {
                             const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());
                             return repos.mail_outbox.claim_due(now, now + 1s, 10);
                           })
                           .value();
  ASSERT_EQ(claimed.size(), 1U);
  auto message = claimed[0].message;
  message.delivery_key = "20270115T080000Z-00000001";
  transport.send(message);  // delivered, then the process died before recording it

  clock.time += 1s;  // the dead sender's claim runs out
  auto deliver = delivery(transport);
  const auto report = deliver();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->sent, 1);
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "outbox")) {
    files.push_back(entry.path().filename().string());
  }
  EXPECT_THAT(files, ElementsAre("20270115T080000Z-00000001.eml"));
}

}  // namespace
}  // namespace artshop
