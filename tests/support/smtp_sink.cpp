#include "support/smtp_sink.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

std::string numbered(int number) {
  std::array<char, 16> name{};
  std::snprintf(name.data(), name.size(), "%04d", number);
  return name.data();
}

ReceivedMail read_mail(const fs::path& base) {
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

}  // namespace

SmtpSink::SmtpSink(fs::path folder, bool require_auth, unsigned short port)
    : folder_(std::move(folder)) {
  const std::string script = ARTSHOP_SOURCE_DIR "/tests/support/smtp_sink.py";
  std::vector<std::string> arguments{"/usr/bin/python3", script, folder_.string()};
  if (require_auth) arguments.emplace_back("--require-auth");
  if (port != 0) {
    arguments.emplace_back("--port");
    arguments.push_back(std::to_string(port));
  }
  process_ = std::make_unique<ChildProcess>(arguments);
  port_ = static_cast<unsigned short>(std::stoul(
      process_->read_line(20s, "smtp_sink.py printed no port (is python3-aiosmtpd installed?)")));
}

std::vector<ReceivedMail> SmtpSink::received() const {
  std::vector<ReceivedMail> mails;
  for (int number = 1;; ++number) {
    const fs::path base = folder_ / numbered(number);
    if (!fs::exists(fs::path(base).replace_extension(".envelope"))) return mails;
    mails.push_back(read_mail(base));
  }
}

}  // namespace artshop::testing
