#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "support/child_process.hpp"

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

  unsigned short port() const { return port_; }

  // The messages received so far, in order of arrival.
  std::vector<ReceivedMail> received() const;

 private:
  std::filesystem::path folder_;
  std::unique_ptr<ChildProcess> process_;
  unsigned short port_ = 0;
};

}  // namespace artshop::testing
