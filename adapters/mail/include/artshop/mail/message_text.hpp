#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "artshop/core/ports/mailer.hpp"

// The one place that turns an EmailMessage into the bytes a mail carries, so the outbox file
// and the SMTP transfer are the same text.
namespace artshop::mail {

// The RFC 5322 message: Date, From, To, Subject, Message-ID, Auto-Submitted, MIME headers, a
// blank line and the body, every line ending in CRLF. `from` is a mailbox as configured
// ("Artshop <no-reply@artshop.local>" or a bare address). A subject that is not plain ASCII
// becomes RFC 2047 encoded-words; line breaks in it become spaces, so it cannot add a header.
// An ASCII body with short lines goes as 7bit, readable as is; any other as quoted-printable.
// Throws std::invalid_argument when `message.to` is not one plain address or `from` is not
// a mailbox.
std::string format_message(const EmailMessage& message, std::string_view from,
                           std::chrono::system_clock::time_point date);

// The bare address of a mailbox, as the SMTP envelope wants it:
// "Artshop <no-reply@artshop.local>" -> "no-reply@artshop.local". Throws
// std::invalid_argument when `mailbox` holds no acceptable address.
std::string mailbox_address(std::string_view mailbox);

// `text` on one line, fit for a header or a log line: every run of control characters (CR and
// LF among them) becomes one space.
std::string single_line(std::string_view text);

}  // namespace artshop::mail
