#pragma once

#include <string>

namespace artshop {

// One plain-text mail to one recipient. The sender's address is the adapter's configuration,
// not the use case's choice.
struct EmailMessage {
  std::string to;         // a bare address: "customer@example.com"
  std::string subject;    // UTF-8, one line
  std::string text_body;  // UTF-8; any line ending style
};

// Sends mail (password reset codes, notices, support confirmations).
// Implementations are thread-safe.
class Mailer {
 public:
  virtual ~Mailer() = default;

  // Hands the message on for delivery. Throws when it cannot: an infrastructure fault (the
  // outbox is not writable, the SMTP server refused or did not answer) or a recipient that is
  // not a single address. A returning call means accepted, not necessarily delivered.
  virtual void send(const EmailMessage& message) = 0;
};

}  // namespace artshop
