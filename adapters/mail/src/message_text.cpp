#include "artshop/mail/message_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <random>
#include <stdexcept>
#include <vector>

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/codec/base64.hpp"
#include "artshop/core/text.hpp"

namespace artshop::mail {

namespace {

// RFC 5322 2.1.1: no line may pass 998 octets. RFC 2045 6.7: quoted-printable lines stay
// within 76 characters, the soft line break's '=' included.
constexpr std::size_t kMaxLineOctets = 998;
constexpr std::size_t kMaxQuotedPrintableLine = 76;
// A subject this long is folded as encoded-words even when it is plain ASCII.
constexpr std::size_t kMaxPlainSubject = 900;
// 45 bytes are 60 base64 characters; with "=?UTF-8?B?" and "?=" an encoded-word stays
// within RFC 2047's 75 characters.
constexpr std::size_t kMaxEncodedWordBytes = 45;

bool is_control(unsigned char byte) {
  return byte < 0x20 || byte == 0x7f;
}

bool is_printable_ascii(unsigned char byte) {
  return byte >= 0x20 && byte < 0x7f;
}

bool is_plain_ascii(std::string_view text) {
  for (const char c : text) {
    if (!is_printable_ascii(static_cast<unsigned char>(c)) && c != '\t') return false;
  }
  return true;
}

// Bytes in the UTF-8 sequence a lead byte starts; 1 for a stray byte, so that malformed text
// still moves on.
std::size_t utf8_sequence_length(unsigned char lead) {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

// RFC 2047 "B" encoded-words on folded lines, never splitting a UTF-8 character.
std::string encoded_words(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = start;
    while (end < text.size()) {
      const std::size_t next =
          std::min(text.size(), end + utf8_sequence_length(static_cast<unsigned char>(text[end])));
      if (next - start > kMaxEncodedWordBytes) break;
      end = next;
    }
    if (!out.empty()) out += "\r\n ";
    out += fmt::format("=?UTF-8?B?{}?=", base64::encode(text.substr(start, end - start)));
    start = end;
  }
  return out;
}

std::string subject_header(std::string_view subject) {
  std::string line = single_line(subject);
  // "=?" in plain text could be read as an encoded-word, so such a subject is encoded too.
  const bool plain = is_plain_ascii(line) && line.size() <= kMaxPlainSubject &&
                     line.find("=?") == std::string::npos;
  return plain ? line : encoded_words(line);
}

// A display name as an RFC 5322 phrase: as is when it is plain words, quoted when it holds
// specials ("Artshop, Inc."), encoded when it is not ASCII.
std::string display_name_phrase(std::string_view name) {
  if (!is_plain_ascii(name) || name.find("=?") != std::string_view::npos) {
    return encoded_words(name);
  }
  if (name.find_first_of("()<>[]:;@\\,.\"") == std::string_view::npos) return std::string(name);
  std::string quoted = "\"";
  for (const char c : name) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return quoted + '"';
}

std::string checked_address(std::string_view address, std::string_view role) {
  if (email_problem(address).has_value()) {
    throw std::invalid_argument(
        fmt::format("mail: the {} \"{}\" is not one plain address", role, single_line(address)));
  }
  return std::string(address);
}

struct Mailbox {
  std::string display_name;
  std::string address;
};

Mailbox parse_mailbox(std::string_view mailbox) {
  const std::string_view trimmed = text::trim(mailbox);
  const auto open = trimmed.rfind('<');
  if (open == std::string_view::npos) return {{}, checked_address(trimmed, "sender")};
  if (trimmed.back() != '>') {
    throw std::invalid_argument(
        fmt::format("mail: the sender \"{}\" does not end with '>'", single_line(trimmed)));
  }
  std::string_view name = text::trim(trimmed.substr(0, open));
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') {
    name = name.substr(1, name.size() - 2);
  }
  return {single_line(name),
          checked_address(trimmed.substr(open + 1, trimmed.size() - open - 2), "sender")};
}

std::string from_header(const Mailbox& sender) {
  if (sender.display_name.empty()) return sender.address;
  return fmt::format("{} <{}>", display_name_phrase(sender.display_name), sender.address);
}

// RFC 5322 3.3, always in UTC and with English names whatever the process locale.
std::string date_header(std::chrono::system_clock::time_point date) {
  using namespace std::chrono;
  static constexpr std::array<std::string_view, 7> kWeekdays{"Sun", "Mon", "Tue", "Wed",
                                                             "Thu", "Fri", "Sat"};
  static constexpr std::array<std::string_view, 12> kMonths{
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto second = floor<seconds>(date);
  const auto day = floor<days>(second);
  const year_month_day ymd{day};
  const hh_mm_ss time{second - day};
  return fmt::format("{}, {:02} {} {} {:02}:{:02}:{:02} +0000",
                     kWeekdays[weekday{day}.c_encoding()], static_cast<unsigned>(ymd.day()),
                     kMonths[static_cast<unsigned>(ymd.month()) - 1], static_cast<int>(ymd.year()),
                     time.hours().count(), time.minutes().count(), time.seconds().count());
}

// Unique without coordination: the time plus 64 random bits, at the sender's domain.
std::string message_id(std::chrono::system_clock::time_point date, std::string_view address) {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(date.time_since_epoch()).count();
  return fmt::format("<{}.{:016x}@{}>", micros, generator(), address.substr(address.find('@') + 1));
}

// The body's lines without their endings; CRLF, a lone CR and a lone LF each end a line.
std::vector<std::string_view> body_lines(std::string_view body) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < body.size()) {
    const std::size_t end = std::min(body.find_first_of("\r\n", start), body.size());
    lines.push_back(body.substr(start, end - start));
    start = end + (body.substr(end, 2) == "\r\n" ? 2 : 1);
  }
  return lines;
}

void append_quoted_printable(std::string& out, std::string_view line) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line[i]);
    const bool at_end = i + 1 == line.size();
    // Trailing white space is encoded because transports may strip it.
    const bool literal =
        (byte > 0x20 && byte < 0x7f && byte != '=') || ((byte == ' ' || byte == '\t') && !at_end);
    const std::string piece = literal ? std::string(1, line[i]) : fmt::format("={:02X}", byte);
    if (width + piece.size() > kMaxQuotedPrintableLine - 1) {
      out += "=\r\n";
      width = 0;
    }
    out += piece;
    width += piece.size();
  }
  out += "\r\n";
}

struct EncodedBody {
  std::string_view transfer_encoding;
  std::string text;
};

EncodedBody encode_body(std::string_view body) {
  const std::vector<std::string_view> lines = body_lines(body);
  bool plain = true;
  for (const std::string_view line : lines) {
    plain = plain && is_plain_ascii(line) && line.size() <= kMaxLineOctets;
  }
  EncodedBody encoded{plain ? "7bit" : "quoted-printable", {}};
  for (const std::string_view line : lines) {
    if (plain) {
      encoded.text.append(line).append("\r\n");
    } else {
      append_quoted_printable(encoded.text, line);
    }
  }
  return encoded;
}

}  // namespace

std::string single_line(std::string_view text) {
  std::string line;
  line.reserve(text.size());
  bool in_control_run = false;
  for (const char c : text) {
    const bool control = is_control(static_cast<unsigned char>(c));
    if (!control) {
      line += c;
    } else if (!in_control_run) {
      line += ' ';
    }
    in_control_run = control;
  }
  return line;
}

std::string mailbox_address(std::string_view mailbox) {
  return parse_mailbox(mailbox).address;
}

std::string format_message(const EmailMessage& message, std::string_view from,
                           std::chrono::system_clock::time_point date) {
  const Mailbox sender = parse_mailbox(from);
  const std::string to = checked_address(message.to, "recipient");
  const EncodedBody body = encode_body(message.text_body);
  return fmt::format(
      "Date: {}\r\n"
      "From: {}\r\n"
      "To: {}\r\n"
      "Subject: {}\r\n"
      "Message-ID: {}\r\n"
      "Auto-Submitted: auto-generated\r\n"  // RFC 3834: tells responders not to answer
      "MIME-Version: 1.0\r\n"
      "Content-Type: text/plain; charset=utf-8\r\n"
      "Content-Transfer-Encoding: {}\r\n"
      "\r\n"
      "{}",
      date_header(date), from_header(sender), to, subject_header(message.subject),
      message_id(date, sender.address), body.transfer_encoding, body.text);
}

}  // namespace artshop::mail
