#pragma once

#include <chrono>
#include <string>

#include "artshop/core/ports/mailer.hpp"

namespace artshop::mail {

struct SmtpSettings {
  // StartTls: plain connection upgraded by STARTTLS, refused if the server cannot (port 587).
  // Implicit: TLS from the first byte (port 465). None: plain text, for a relay on localhost.
  enum class Tls { None, StartTls, Implicit };

  std::string host;
  unsigned short port = 587;
  Tls tls = Tls::StartTls;
  std::string username;  // empty: no AUTH
  std::string password;
  std::string from_address;          // "Artshop <no-reply@artshop.local>" or a bare address
  std::chrono::seconds timeout{30};  // the whole transfer, connection included
};

// Delivers through an SMTP server with libcurl (TLS certificates verified). One connection per
// message, so it is thread-safe and there is no idle connection to keep alive. Blocks for up to
// the timeout: DeliverMail calls it on the mail executor, never on a request.
class SmtpMailer final : public Mailer {
 public:
  // Throws std::invalid_argument for an empty host or a `from_address` that is not a mailbox,
  // std::runtime_error when libcurl cannot be initialised.
  explicit SmtpMailer(SmtpSettings settings);

  // Throws std::invalid_argument for a recipient that is not one plain address and
  // std::runtime_error, with curl's message, when the server cannot be reached or refuses.
  void send(const EmailMessage& message) override;

 private:
  SmtpSettings settings_;
  std::string url_;
  std::string envelope_from_;
};

}  // namespace artshop::mail
