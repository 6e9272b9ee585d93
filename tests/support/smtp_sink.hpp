#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace artshop::testing {

// One message as tests/support/smtp_sink.py kept it.
struct ReceivedMail {
  std::string mail_from;
  std::vector<std::string> rcpt_to;
  std::string auth_login;  // empty when the client did not authenticate
  std::string data;        // the message as the server got it
};

// A real SMTP server (aiosmtpd, smtp_sink.py) in a child process on loopback, keeping what it
// receives in `folder`. It listens on `port`, or on a free port the kernel picks when that is
// 0, and stops when this object closes its stdin.
class SmtpSink {
 public:
  explicit SmtpSink(std::filesystem::path folder, bool require_auth = false,
                    unsigned short port = 0);
  ~SmtpSink();
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  unsigned short port() const { return port_; }

  // The messages received so far, in order of arrival.
  std::vector<ReceivedMail> received() const;

 private:
  void start(const std::vector<std::string>& arguments);
  unsigned short read_port() const;

  std::filesystem::path folder_;
  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
  unsigned short port_ = 0;
};

// A loopback port nobody listens on: bound by the kernel's choice, then released.
unsigned short closed_port();

}  // namespace artshop::testing
