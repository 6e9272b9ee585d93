#pragma once

#include <string>

namespace artshop {

// One plain-text mail to one recipient. The sender's address is the adapter's configuration,
// not the use case's choice.
struct EmailMessage {
  std::string to;         // a bare address: "customer@example.com"
  std::string subject;    // UTF-8, one line
  std::string text_body;  // UTF-8; any line ending style
  // The same for every try of one mail, and unique among mails (set by the outbox, empty
  // otherwise): a transport that can makes a repeated delivery land once (the outbox file's
  // name, the Message-ID).
  std::string delivery_key;
};

// Delivers mail: the transport DeliverMail sends the outbox through (an .eml folder, an SMTP
// server). Use cases do not call it; they enqueue into the MailOutbox inside their transaction.
// Implementations are thread-safe.
class Mailer {
 public:
  virtual ~Mailer() = default;

  // Hands the message on for delivery. Throws when it cannot: an infrastructure fault (the
  // outbox is not writable, the SMTP server refused or did not answer) or a recipient that is
  // not a single address. A returning call means the message was handed over for good (the
  // file is written, the SMTP server accepted it).
  virtual void send(const EmailMessage& message) = 0;
};

}  // namespace artshop
