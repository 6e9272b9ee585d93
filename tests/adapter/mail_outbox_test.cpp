#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/core/codec/base64.hpp"
#include "artshop/mail/message_text.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "support/temp_dir.hpp"

namespace artshop::mail {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;
using ::testing::StartsWith;

constexpr std::string_view kFrom = "Artshop <no-reply@artshop.local>";

std::vector<fs::path> files_in(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(folder)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

struct Parts {
  std::string headers;  // up to and including the last header's CRLF
  std::string body;
};

Parts split(const std::string& message) {
  const auto blank = message.find("\r\n\r\n");
  if (blank == std::string::npos) return {message, {}};
  return {message.substr(0, blank + 2), message.substr(blank + 4)};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = std::min(text.find("\r\n", start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 2;
  }
  return lines;
}

bool every_line_ends_in_crlf(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) return false;
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) return false;
  }
  return !text.empty() && text.ends_with("\r\n");
}

// Decodes a Subject header made of "=?UTF-8?B?...?=" words on folded lines.
std::string decode_encoded_words(const std::string& header_value) {
  std::string text;
  std::istringstream words(header_value);
  for (std::string word; words >> word;) {
    EXPECT_THAT(word, StartsWith("=?UTF-8?B?"));
    EXPECT_LE(word.size(), 75U) << "RFC 2047 caps an encoded-word at 75 characters";
    text += base64::decode(word.substr(10, word.size() - 12)).value_or("(not base64)");
  }
  return text;
}

// The value of one header, continuation lines included.
std::string header_value(const std::string& headers, std::string_view name) {
  const std::string start = std::string(name) + ": ";
  const auto begin = headers.find(start);
  if (begin == std::string::npos) return {};
  auto end = headers.find("\r\n", begin);
  while (end + 2 < headers.size() && headers[end + 2] == ' ') end = headers.find("\r\n", end + 2);
  return headers.substr(begin + start.size(), end - begin - start.size());
}

class OutboxMailerTest : public ::testing::Test {
 protected:
  artshop::testing::TempDir temp;
  fs::path outbox = temp.path() / "data" / "outbox";
};

TEST_F(OutboxMailerTest, Send_WritesOneRfc5322FileWithHeadersAndBody) {
  OutboxMailer mailer(outbox, std::string(kFrom));
  mailer.send({.to = "customer@example.com",
               .subject = "Your reset code",
               .text_body = "Your code is ABCD2345.\nIt works for 10 minutes.\n"});

  const auto files = files_in(outbox);
  ASSERT_EQ(files.size(), 1U);
  EXPECT_EQ(files[0].extension(), ".eml");
  const std::string message = read_file(files[0]);
  EXPECT_TRUE(every_line_ends_in_crlf(message));
  const auto [headers, body] = split(message);
  EXPECT_THAT(headers, StartsWith("Date: "));
  EXPECT_THAT(header_value(headers, "Date"),
              MatchesRegex("(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} [A-Z][a-z]{2} [0-9]{4} "
                           "[0-9]{2}:[0-9]{2}:[0-9]{2} \\+0000"));
  EXPECT_THAT(headers, HasSubstr("\r\nFrom: Artshop <no-reply@artshop.local>\r\n"));
  EXPECT_THAT(headers, HasSubstr("\r\nTo: customer@example.com\r\n"));
  EXPECT_THAT(headers, HasSubstr("\r\nSubject: Your reset code\r\n"));
  EXPECT_THAT(header_value(headers, "Message-ID"),
              MatchesRegex("<[0-9]+\\.[0-9a-f]{16}@artshop\\.local>"));
  EXPECT_THAT(headers, HasSubstr("\r\nMIME-Version: 1.0\r\n"));
  EXPECT_THAT(headers, HasSubstr("\r\nContent-Type: text/plain; charset=utf-8\r\n"));
  EXPECT_THAT(headers, HasSubstr("\r\nContent-Transfer-Encoding: 7bit\r\n"));
  EXPECT_EQ(body, "Your code is ABCD2345.\r\nIt works for 10 minutes.\r\n");
}

TEST_F(OutboxMailerTest, MissingFolder_IsCreatedAtConstruction) {
  ASSERT_FALSE(fs::exists(outbox));
  OutboxMailer mailer(outbox, std::string(kFrom));
  EXPECT_TRUE(fs::is_directory(outbox));
}

TEST_F(OutboxMailerTest, TwoMessages_LandAsTwoFilesSortedInSendingOrder) {
  OutboxMailer mailer(outbox, std::string(kFrom));
  mailer.send({.to = "a@example.com", .subject = "first", .text_body = "1"});
  mailer.send({.to = "b@example.com", .subject = "second", .text_body = "2"});

  const auto files = files_in(outbox);
  ASSERT_EQ(files.size(), 2U);
  EXPECT_THAT(read_file(files[0]), HasSubstr("\r\nSubject: first\r\n"));
  EXPECT_THAT(read_file(files[1]), HasSubstr("\r\nSubject: second\r\n"));
}

TEST_F(OutboxMailerTest, Utf8Subject_IsEncodedAsEncodedWords) {
  OutboxMailer mailer(outbox, std::string(kFrom));
  const std::string subject = "Ihr Passwort für Artshop – Code";
  mailer.send({.to = "kunde@example.com", .subject = subject, .text_body = "Hallo"});

  const auto [headers, body] = split(read_file(files_in(outbox).at(0)));
  EXPECT_THAT(
      headers,
      HasSubstr("\r\nSubject: =?UTF-8?B?SWhyIFBhc3N3b3J0IGbDvHIgQXJ0c2hvcCDigJMgQ29kZQ==?=\r\n"));
  EXPECT_EQ(body, "Hallo\r\n");
}

TEST_F(OutboxMailerTest, SubjectWithLineBreaks_CannotInjectAHeader) {
  OutboxMailer mailer(outbox, std::string(kFrom));
  mailer.send({.to = "customer@example.com",
               .subject = "Hello\r\nBcc: attacker@example.com\n\nbody",
               .text_body = "text"});

  const auto [headers, body] = split(read_file(files_in(outbox).at(0)));
  for (const std::string& line : lines_of(headers)) {
    EXPECT_THAT(line, Not(StartsWith("Bcc:")));
  }
  EXPECT_THAT(headers, HasSubstr("\r\nSubject: Hello Bcc: attacker@example.com body\r\n"));
  EXPECT_EQ(body, "text\r\n");
}

TEST_F(OutboxMailerTest, RecipientWithLineBreak_IsRefusedAndNothingIsWritten) {
  OutboxMailer mailer(outbox, std::string(kFrom));
  EXPECT_THROW(mailer.send({.to = "customer@example.com\r\nBcc: attacker@example.com",
                            .subject = "Hi",
                            .text_body = "text"}),
               std::invalid_argument);
  EXPECT_TRUE(files_in(outbox).empty());
}

TEST_F(OutboxMailerTest, SenderThatIsNotAMailbox_IsRefusedAtConstruction) {
  EXPECT_THROW(OutboxMailer(outbox, "Artshop <no-reply@artshop.local"), std::invalid_argument);
  EXPECT_THROW(OutboxMailer(outbox, "Artshop <a@b.example>\r\nBcc: x@example.com"),
               std::invalid_argument);
  EXPECT_THROW(OutboxMailer(outbox, ""), std::invalid_argument);
}

// The message text itself, shared by the outbox and SMTP.

const auto kLeapDay = std::chrono::sys_days{std::chrono::year{2024} / 2 / 29} +
                      std::chrono::hours{13} + std::chrono::minutes{5} + std::chrono::seconds{9};

TEST(FormatMessage, Date_IsRfc5322InUtc) {
  const std::string message =
      format_message({.to = "a@example.com", .subject = "s", .text_body = "b"}, kFrom, kLeapDay);
  EXPECT_THAT(message, StartsWith("Date: Thu, 29 Feb 2024 13:05:09 +0000\r\n"));
}

TEST(FormatMessage, NonAsciiBody_IsQuotedPrintable) {
  const auto [headers, body] = split(format_message(
      {.to = "a@example.com", .subject = "s", .text_body = "Grüße = Gruesse \nZweite"}, kFrom,
      kLeapDay));
  EXPECT_THAT(headers, HasSubstr("\r\nContent-Transfer-Encoding: quoted-printable\r\n"));
  EXPECT_EQ(body, "Gr=C3=BC=C3=9Fe =3D Gruesse=20\r\nZweite\r\n");
}

TEST(FormatMessage, LineLongerThanRfc5322Allows_IsSoftWrappedWithoutLoss) {
  const std::string long_line(1200, 'x');
  const auto [headers, body] = split(format_message(
      {.to = "a@example.com", .subject = "s", .text_body = long_line}, kFrom, kLeapDay));
  EXPECT_THAT(headers, HasSubstr("\r\nContent-Transfer-Encoding: quoted-printable\r\n"));
  std::string unwrapped;
  for (const std::string& line : lines_of(body)) {
    EXPECT_LE(line.size(), 76U);
    unwrapped += line.ends_with('=') ? line.substr(0, line.size() - 1) : line;
  }
  EXPECT_EQ(unwrapped, long_line);
}

TEST(FormatMessage, LongUtf8Subject_IsFoldedIntoShortEncodedWords) {
  std::string subject;
  for (int i = 0; i < 20; ++i) subject += "Zurücksetzen ";
  const auto [headers, body] = split(format_message(
      {.to = "a@example.com", .subject = subject, .text_body = "b"}, kFrom, kLeapDay));
  const std::string value = header_value(headers, "Subject");
  EXPECT_THAT(value, HasSubstr("\r\n =?UTF-8?B?"));
  EXPECT_EQ(decode_encoded_words(value), subject);
}

TEST(FormatMessage, DisplayNames_AreQuotedOrEncodedAsNeeded) {
  const EmailMessage message{.to = "a@example.com", .subject = "s", .text_body = "b"};
  EXPECT_THAT(format_message(message, "Artshop, Inc. <shop@example.com>", kLeapDay),
              HasSubstr("\r\nFrom: \"Artshop, Inc.\" <shop@example.com>\r\n"));
  EXPECT_THAT(format_message(message, "Zurück <shop@example.com>", kLeapDay),
              HasSubstr("\r\nFrom: =?UTF-8?B?WnVyw7xjaw==?= <shop@example.com>\r\n"));
  EXPECT_THAT(format_message(message, "shop@example.com", kLeapDay),
              HasSubstr("\r\nFrom: shop@example.com\r\n"));
}

TEST(MailboxAddress, IsTheBareAddressInsideTheBrackets) {
  EXPECT_EQ(mailbox_address("Artshop <no-reply@artshop.local>"), "no-reply@artshop.local");
  EXPECT_EQ(mailbox_address("  no-reply@artshop.local "), "no-reply@artshop.local");
}

}  // namespace
}  // namespace artshop::mail
