#include <arpa/inet.h>
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "artshop/mail/background_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "support/temp_dir.hpp"

extern char** environ;

namespace artshop::mail {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::ThrowsMessage;

// What tests/support/smtp_sink.py requires with --require-auth.
constexpr std::string_view kTestUser = "artshop-test";
constexpr std::string_view kTestPassword = "s3cret pass";

struct ReceivedMail {
  std::string mail_from;
  std::vector<std::string> rcpt_to;
  std::string auth_login;  // empty when the client did not authenticate
  std::string data;        // the message as the server got it
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

// A real SMTP server (aiosmtpd) in a child process, on a free loopback port, keeping what it
// receives in a folder. It stops when this object closes its stdin.
class SmtpSink {
 public:
  explicit SmtpSink(fs::path folder, bool require_auth = false) : folder_(std::move(folder)) {
    const std::string script = ARTSHOP_SOURCE_DIR "/tests/support/smtp_sink.py";
    std::vector<std::string> arguments{"/usr/bin/python3", script, folder_.string()};
    if (require_auth) arguments.emplace_back("--require-auth");
    start(arguments);
  }

  ~SmtpSink() {
    ::close(stdin_);
    ::close(stdout_);
    for (int i = 0; i < 100; ++i) {
      if (::waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      std::this_thread::sleep_for(50ms);
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }

  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  unsigned short port() const { return port_; }

  // The messages received so far, in order of arrival.
  std::vector<ReceivedMail> received() const {
    std::vector<ReceivedMail> mails;
    for (int number = 1;; ++number) {
      const fs::path base = folder_ / numbered(number);
      if (!fs::exists(fs::path(base).replace_extension(".envelope"))) return mails;
      mails.push_back(read_mail(base));
    }
  }

 private:
  static std::string numbered(int number) {
    std::array<char, 16> name{};
    std::snprintf(name.data(), name.size(), "%04d", number);
    return name.data();
  }

  static ReceivedMail read_mail(const fs::path& base) {
    ReceivedMail mail;
    mail.data = read_file(fs::path(base).replace_extension(".eml"));
    std::istringstream envelope(read_file(fs::path(base).replace_extension(".envelope")));
    for (std::string line; std::getline(envelope, line);) {
      const auto colon = line.find(": ");
      const std::string key = line.substr(0, colon);
      const std::string value = line.substr(colon + 2);
      if (key == "mail_from") mail.mail_from = value;
      if (key == "rcpt_to") mail.rcpt_to.push_back(value);
      if (key == "auth_login") mail.auth_login = value;
    }
    return mail;
  }

  void start(const std::vector<std::string>& arguments) {
    std::array<int, 2> to_child{};
    std::array<int, 2> from_child{};
    if (::pipe2(to_child.data(), O_CLOEXEC) != 0 || ::pipe2(from_child.data(), O_CLOEXEC) != 0) {
      throw std::runtime_error("pipe2 failed");
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], STDOUT_FILENO);
    std::vector<char*> argv;
    for (const std::string& argument : arguments)
      argv.push_back(const_cast<char*>(argument.c_str()));
    argv.push_back(nullptr);
    const int spawned = ::posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(to_child[0]);
    ::close(from_child[1]);
    stdin_ = to_child[1];
    stdout_ = from_child[0];
    if (spawned != 0) throw std::runtime_error("cannot start /usr/bin/python3");
    port_ = read_port();
  }

  unsigned short read_port() const {
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (!line.ends_with('\n') && std::chrono::steady_clock::now() < deadline) {
      pollfd readable{.fd = stdout_, .events = POLLIN, .revents = 0};
      if (::poll(&readable, 1, 100) <= 0) continue;
      char c = 0;
      if (::read(stdout_, &c, 1) != 1) break;
      line += c;
    }
    if (!line.ends_with('\n')) {
      throw std::runtime_error("smtp_sink.py printed no port (is python3-aiosmtpd installed?)");
    }
    return static_cast<unsigned short>(std::stoul(line));
  }

  fs::path folder_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
  unsigned short port_ = 0;
};

// A loopback port nobody listens on: bound by the kernel's choice, then released.
unsigned short closed_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), length);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  ::close(fd);
  return ntohs(address.sin_port);
}

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

TEST_F(SmtpMailerTest, BackgroundMailerOverSmtp_DeliversEverythingByFlush) {
  const SmtpSink sink(temp.path());
  BackgroundMailer mailer(std::make_unique<SmtpMailer>(plain_settings(sink.port())));

  mailer.send({.to = "first@example.com", .subject = "First", .text_body = "1"});
  mailer.send({.to = "second@example.com", .subject = "Second", .text_body = "2"});
  mailer.flush();

  const auto mails = sink.received();
  ASSERT_EQ(mails.size(), 2U);
  EXPECT_THAT(mails[0].rcpt_to, ElementsAre("first@example.com"));
  EXPECT_THAT(mails[1].rcpt_to, ElementsAre("second@example.com"));
}

TEST(BackgroundMailerOverSmtp, ServerDown_SendReturnsAndNothingCrashes) {
  BackgroundMailer mailer(std::make_unique<SmtpMailer>(plain_settings(closed_port())));
  EXPECT_NO_THROW(mailer.send(kResetMail));
  mailer.flush();
}

}  // namespace
}  // namespace artshop::mail
