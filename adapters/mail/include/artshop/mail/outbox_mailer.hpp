#pragma once

#include <filesystem>
#include <string>

#include "artshop/core/ports/mailer.hpp"

namespace artshop::mail {

// The default mailer: every message becomes one .eml file in a folder and a log line, so a
// shop without a mail server still works and its operator can read the reset codes.
//
// Files are named "<UTC time to the microsecond>Z-<sequence>-<process id>.eml": unique across
// threads and processes sharing the folder, and sorted by name in the order they were sent. A
// message with a delivery key (from the mail outbox) is named "<key>.eml" instead
// ("20250603T140509Z-00000042.eml": queued then, outbox mail 42), so a repeated delivery of it
// replaces its own file and the mail lands once.
// Each is written under a hidden temporary name and renamed, so a reader never sees half a
// message. Thread-safe.
class OutboxMailer final : public Mailer {
 public:
  // Creates `outbox_dir` when missing. Throws std::invalid_argument when `from_address` is not
  // a mailbox ("Artshop <no-reply@artshop.local>" or a bare address) and
  // std::filesystem::filesystem_error when the folder cannot be made.
  OutboxMailer(std::filesystem::path outbox_dir, std::string from_address);

  // Throws std::invalid_argument for a recipient that is not one plain address and
  // std::system_error / std::filesystem::filesystem_error when the file cannot be written.
  void send(const EmailMessage& message) override;

 private:
  std::filesystem::path outbox_dir_;
  std::string from_address_;
};

}  // namespace artshop::mail
