// The mail outbox on the real server: a reset code reaches a real SMTP server after the answer,
// and a mail the server never takes becomes a dead letter that /metrics and the log show.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "shop_api.hpp"
#include "support/loopback.hpp"
#include "support/smtp_sink.hpp"

namespace artshop::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Environment smtp_at(unsigned short port, Environment more = {}) {
  auto settings = smtp_environment(port);
  settings.insert(settings.end(), more.begin(), more.end());
  return settings;
}

HttpResponse forgot_password(ShopServer& shop, const std::string& email) {
  return post_json(shop.url("/api/Accounts/forgot-password"),
                   json::serialize(json::object{{"email", email}}));
}

TEST(MailApi, AResetCode_ReachesTheMailServerAfterTheAnswer) {
  TempDir received;
  const SmtpSink sink(received.path());
  ShopServer shop(/*seeded=*/false, smtp_at(sink.port()));
  const auto customer = shop.sign_up();

  ASSERT_EQ(forgot_password(shop, customer.email).status, 200);
  ASSERT_TRUE(eventually([&] { return !sink.received().empty(); }));
  const auto mails = sink.received();
  ASSERT_EQ(mails.size(), 1U);
  EXPECT_THAT(mails[0].rcpt_to, ElementsAre(customer.email));
  EXPECT_THAT(mails[0].data, HasSubstr("reset-password?email="));
  EXPECT_TRUE(eventually([&] { return shop.count("SELECT count(*) FROM mail_outbox") == 0; }))
      << "a sent mail, and its code, leave the database";
}

TEST(MailApi, AMailTheServerNeverTakes_IsADeadLetterInTheMetricsAndTheLog) {
  ShopServer shop(/*seeded=*/false, smtp_at(closed_port(), {{"ARTSHOP_MAIL_MAX_ATTEMPTS", "2"}}));
  const auto customer = shop.sign_up();

  ASSERT_EQ(forgot_password(shop, customer.email).status, 200);
  ASSERT_TRUE(eventually([&] {
    return get(shop.url("/metrics")).body.find("artshop_mail_dead_letters_total 1\n") !=
           std::string::npos;
  }));
  const auto metrics = get(shop.url("/metrics")).body;
  EXPECT_THAT(metrics, HasSubstr("artshop_mail_failures_total 1\n"));
  EXPECT_THAT(metrics, HasSubstr("artshop_mail_sent_total 0\n"));
  EXPECT_EQ(shop.count("SELECT count(*) FROM mail_outbox WHERE status = 'Dead' AND attempts = 2 "
                       "AND body = ''"),
            1);
  EXPECT_TRUE(shop.process().wait_for_log("given up after 2 tries (a dead letter)",
                                          std::chrono::seconds(5)));
}

}  // namespace
}  // namespace artshop::testing
