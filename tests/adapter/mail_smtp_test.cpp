#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include "artshop/mail/smtp_mailer.hpp"
#include "support/loopback.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

namespace artshop::mail {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using artshop::testing::closed_port;
using artshop::testing::SmtpSink;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::ThrowsMessage;

// What tests/support/smtp_sink.py requires with --require-auth.
constexpr std::string_view kTestUser = "artshop-test";
constexpr std::string_view kTestPassword = "s3cret pass";

SmtpSettings plain_settings(unsigned short port) {
  return {.host = "127.0.0.1",
          .port = port,
          .tls = SmtpSettings::Tls::None,
          .username = {},
          .password = {},
          .from_address = "Artshop <no-reply@artshop.local>",
          .timeout = 10s};
}

const EmailMessage kResetMail{
    .to = "customer@example.com",
    .subject = "Your reset code",
    .text_body = "Your code is ABCD2345.\n.A line that starts with a dot\n"};

class SmtpMailerTest : public ::testing::Test {
 protected:
  artshop::testing::TempDir temp;
};

TEST_F(SmtpMailerTest, WithoutTls_DeliversEnvelopeHeadersAndBody) {
  const SmtpSink sink(temp.path());
  SmtpMailer mailer(plain_settings(sink.port()));

  mailer.send(kResetMail);

  const auto mails = sink.received();
  ASSERT_EQ(mails.size(), 1U);
  EXPECT_EQ(mails[0].mail_from, "no-reply@artshop.local");
  EXPECT_THAT(mails[0].rcpt_to, ElementsAre("customer@example.com"));
  EXPECT_THAT(mails[0].auth_login, IsEmpty());
  EXPECT_THAT(mails[0].data, HasSubstr("\r\nFrom: Artshop <no-reply@artshop.local>\r\n"));
  EXPECT_THAT(mails[0].data, HasSubstr("\r\nTo: customer@example.com\r\n"));
  EXPECT_THAT(mails[0].data, HasSubstr("\r\nSubject: Your reset code\r\n"));
  // The leading dot survives SMTP's dot-stuffing.
  EXPECT_THAT(mails[0].data, EndsWith("\r\n\r\nYour code is ABCD2345.\r\n"
                                      ".A line that starts with a dot\r\n"));
}

TEST_F(SmtpMailerTest, WithCredentials_AuthenticatesAndDelivers) {
  const SmtpSink sink(temp.path(), /*require_auth=*/true);
  SmtpSettings settings = plain_settings(sink.port());
  settings.username = kTestUser;
  settings.password = kTestPassword;
  SmtpMailer mailer(settings);

  mailer.send(kResetMail);

  const auto mails = sink.received();
  ASSERT_EQ(mails.size(), 1U);
  EXPECT_EQ(mails[0].auth_login, kTestUser);
  EXPECT_THAT(mails[0].data, HasSubstr("\r\nSubject: Your reset code\r\n"));
}

TEST_F(SmtpMailerTest, WithWrongPassword_ThrowsAndDeliversNothing) {
  const SmtpSink sink(temp.path(), /*require_auth=*/true);
  SmtpSettings settings = plain_settings(sink.port());
  settings.username = kTestUser;
  settings.password = "wrong";
  SmtpMailer mailer(settings);

  EXPECT_THAT([&] { mailer.send(kResetMail); },
              ThrowsMessage<std::runtime_error>(HasSubstr("Login denied")));
  EXPECT_THAT(sink.received(), IsEmpty());
}

TEST_F(SmtpMailerTest, StartTlsAgainstAServerWithoutTls_RefusesToSendInPlainText) {
  const SmtpSink sink(temp.path());
  SmtpSettings settings = plain_settings(sink.port());
  settings.tls = SmtpSettings::Tls::StartTls;
  SmtpMailer mailer(settings);

  EXPECT_THAT([&] { mailer.send(kResetMail); },
              ThrowsMessage<std::runtime_error>(HasSubstr("STARTTLS")));
  EXPECT_THAT(sink.received(), IsEmpty());
}

TEST(SmtpMailer, ClosedPort_ThrowsWithCurlsMessage) {
  SmtpMailer mailer(plain_settings(closed_port()));
  EXPECT_THAT([&] { mailer.send(kResetMail); },
              ThrowsMessage<std::runtime_error>(
                  AllOf(HasSubstr("smtp://127.0.0.1:"), HasSubstr("connect"))));
}

TEST(SmtpMailer, SettingsWithoutHostOrSender_AreRefused) {
  SmtpSettings no_host = plain_settings(25);
  no_host.host.clear();
  EXPECT_THROW(SmtpMailer{no_host}, std::invalid_argument);
  SmtpSettings no_sender = plain_settings(25);
  no_sender.from_address = "Artshop";
  EXPECT_THROW(SmtpMailer{no_sender}, std::invalid_argument);
}

}  // namespace
}  // namespace artshop::mail
